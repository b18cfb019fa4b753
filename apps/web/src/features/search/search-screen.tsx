import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Search, SearchX } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { TitleGrid, TitleGridSkeleton } from '@/components/media/title-grid.tsx';
import { paths } from '@/config/paths.ts';
import { trackEvent } from '@/lib/analytics/track.ts';
import { useSearch } from '@/lib/catalogue/catalogue-api.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { scrollToTop } from '@/lib/motion.ts';
import { groupDigits } from '@/lib/format.ts';

/** The search screen of product.md §2: a form, the result count and the two empty states. */
export function SearchScreen() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const q = (searchParams.get('q') ?? '').trim();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [term, setTerm] = useState(q);
  const [gridColumns] = useSetting('gridColumns');
  const [posterQuality] = useSetting('posterQuality');
  const query = useSearch(q, page);
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  useEffect(() => setTerm(q), [q]);
  const answered = query.isSuccess || query.isError;
  const resultCount = query.data?.total_results ?? 0;
  useEffect(() => {
    // One search event per term searched, once its answer is known; the consent sink drops the
    // term itself unless saveSearchHistory is on (product.md §6).
    if (q && page === 1 && answered) trackEvent('search', { term: q, results: resultCount });
    // The count is read when the answer arrives; a background refetch is not another search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, page, answered]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate(paths.search(trimmed));
  }

  const results = query.isError ? [] : (query.data?.results ?? []);
  const total = query.isError ? 0 : (query.data?.total_results ?? 0);

  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-4 sm:px-6 lg:px-8">
      <form role="search" onSubmit={submit} className="mx-auto max-w-2xl">
        <label htmlFor="search-page-input" className="sr-only">
          Search
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-fg-subtle"
            aria-hidden
          />
          <input
            id="search-page-input"
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder="Search movies, series, genres..."
            autoComplete="off"
            className="h-14 w-full rounded-2xl border border-white/10 bg-white/5 pr-28 pl-12 text-base text-fg placeholder:text-fg-subtle focus:border-gold-400/60 focus:bg-white/10 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50"
          />
          <Button type="submit" className="absolute top-2 right-2 h-10">
            Search
          </Button>
        </div>
      </form>

      {!q ? (
        <div className="mx-auto mt-16 flex max-w-md flex-col items-center text-center">
          <Search className="size-12 text-fg-subtle" aria-hidden />
          <h1 className="mt-4 font-display text-3xl tracking-wide text-fg">Start your search</h1>
          <p className="mt-2 text-fg-muted">Find movies and series by title. Small typos are forgiven.</p>
        </div>
      ) : (
        <section aria-labelledby="search-heading" className="mt-10">
          <header className="mb-6">
            <h1 id="search-heading" className="font-display text-3xl tracking-wide text-fg">
              {query.isPending
                ? `Searching for “${q}”…`
                : total > 0
                  ? `${groupDigits(total)} results`
                  : `No results for “${q}”`}
            </h1>
            {total > 0 ? (
              <p className="mt-1 text-fg-muted">
                Found {groupDigits(total)} {total === 1 ? 'item' : 'items'} matching your search
              </p>
            ) : null}
          </header>
          {query.isPending ? (
            <TitleGridSkeleton columns={gridColumns} />
          ) : results.length > 0 ? (
            <>
              <TitleGrid items={results} columns={gridColumns} quality={posterQuality} />
              <Pagination
                className="mt-12"
                page={page}
                totalPages={query.data?.total_pages ?? 0}
                onPageChange={(next) => {
                  void navigate(`${paths.search(q)}&page=${next}`);
                  scrollToTop();
                }}
              />
            </>
          ) : (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-white/10 px-6 py-16 text-center">
              <SearchX className="size-10 text-fg-subtle" aria-hidden />
              <p className="mt-4 font-display text-xl text-fg">No results found</p>
              <p className="mt-1 text-fg-muted">Try different keywords or browse our categories</p>
              <Link to={paths.browse} className={buttonClasses('secondary', 'md', 'mt-6')}>
                Browse categories
              </Link>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

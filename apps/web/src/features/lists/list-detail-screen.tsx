import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CalendarDays, Layers, ListX, User } from 'lucide-react';
import { TitleGrid, TitleGridSkeleton } from '@/components/media/title-grid.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { listMovieToSummary, useList } from '@/lib/lists/lists-api.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { useNotFoundStatus } from '@/lib/page-status.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { scrollToTop } from '@/lib/motion.ts';
import { formatDay } from '@/lib/format.ts';

/** product.md §9: the list screen's pagination shows a window of 5 page buttons. */
const PAGE_BUTTONS = 5;

/** /list/{id} (product.md §2 Lists screens): one list, 30 titles a page. */
export function ListDetailScreen() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const { data, isPending, isError, error } = useList(id, page);
  const [columns] = useSetting('gridColumns');
  const [quality] = useSetting('posterQuality');
  const isMissing = isError && error instanceof ApiError && error.status === 404;
  useDocumentTitle(data?.list_title ?? (isMissing ? 'List not found' : 'List Details'));

  // product.md §2: the page goes back to 1 when the list changes (not on arrival: a shared
  // link to page 2 stays on page 2).
  const shownId = useRef(id);
  useEffect(() => {
    if (shownId.current === id) return;
    shownId.current = id;
    setParams({}, { replace: true });
  }, [id, setParams]);

  function goTo(next: number) {
    setParams(next === 1 ? {} : { page: String(next) });
    scrollToTop();
  }

  if (isMissing) return <ListNotFound />;
  if (isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16" role="alert">
        <EmptyState icon={ListX} title="Error" headingLevel={1}>
          {error.message}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      {isPending ? (
        <>
          <p role="status" className="mb-6 text-fg-muted">
            Loading list...
          </p>
          <TitleGridSkeleton count={12} columns={columns} />
        </>
      ) : (
        <>
          <header className="mb-8">
            <h1 className="font-display text-3xl font-semibold tracking-wide text-fg sm:text-4xl">{data.list_title}</h1>
            <p className="mt-2 max-w-3xl text-fg-muted">{data.list_description || 'No description available.'}</p>
            <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-fg-subtle">
              <span className="inline-flex items-center gap-1.5">
                <Layers className="size-4 text-gold-300" aria-hidden />
                {data.movie_count} {data.movie_count === 1 ? 'movie' : 'movies'}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden />
                <time dateTime={data.created_at}>{formatDay(new Date(data.created_at), 'long', 'local')}</time>
              </span>
              <span className="inline-flex items-center gap-1.5">
                <User className="size-4" aria-hidden />
                {data.created_by || 'Unknown'}
              </span>
              {data.total_pages > 1 ? (
                <span>
                  Page {Math.min(page, data.total_pages)} of {data.total_pages}
                </span>
              ) : null}
            </p>
          </header>
          <TitleGrid items={data.movies.map(listMovieToSummary)} columns={columns} quality={quality} />
          <Pagination
            className="mt-10"
            page={page}
            totalPages={data.total_pages}
            count={PAGE_BUTTONS}
            onPageChange={goTo}
          />
        </>
      )}
    </div>
  );
}

/** A list id that names no list: says so (and a server render answers 404). */
function ListNotFound() {
  useNotFoundStatus();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <EmptyState
        icon={ListX}
        title="List not found"
        headingLevel={1}
        action={
          <Link to={paths.lists} className={buttonClasses('primary')}>
            Browse all lists
          </Link>
        }
      >
        The requested list could not be found.
      </EmptyState>
    </div>
  );
}

import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Layers } from 'lucide-react';
import { CollectionCard } from '@/components/lists/collection-card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination, clampPage } from '@/components/ui/pagination.tsx';
import { useAppConfig } from '@/lib/app-config.ts';
import { useLists } from '@/lib/lists/lists-api.ts';
import { LISTS_PAGE_SIZE } from '@marquee/core';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { scrollToTop } from '@/lib/motion.ts';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** "Showing a-b of n lists" (product.md §2 Lists screens). */
export function showingText(page: number, shown: number, total: number): string {
  const first = (page - 1) * LISTS_PAGE_SIZE + 1;
  return `Showing ${first}-${first + shown - 1} of ${total} lists`;
}

/** /lists (product.md §2 Lists screens): the curated lists, 12 a page, the page in the address. */
export function ListsScreen() {
  useDocumentTitle('Movie Lists');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const { data, isPending, isError, error, refetch } = useLists(page);
  const { data: config } = useAppConfig();
  const imageBase = config?.images.secure_base_url ?? null;

  // A page past the end (an old link) goes to the last page there is.
  useEffect(() => {
    if (data && data.total_pages > 0 && page > data.total_pages) {
      setParams({ page: String(data.total_pages) }, { replace: true });
    }
  }, [data, page, setParams]);

  function goTo(next: number) {
    setParams(next === 1 ? {} : { page: String(next) });
    // product.md §2: a page change scrolls smoothly to the top.
    scrollToTop();
  }

  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <PageHeader title="Movie Lists" subtitle="Hand-picked collections to explore, built from the whole catalogue." />
      {isPending ? (
        <p role="status" className="py-16 text-center text-fg-muted">
          Loading movie lists...
        </p>
      ) : isError ? (
        <EmptyState
          icon={Layers}
          title="Error"
          action={
            <button
              type="button"
              onClick={() => void refetch()}
              className="text-gold-300 underline-offset-4 hover:underline"
            >
              Try again
            </button>
          }
        >
          {error.message}
        </EmptyState>
      ) : data.results.length === 0 ? (
        <EmptyState icon={Layers} title="No Movie Lists Found">
          Curated lists appear here once they have been published.
        </EmptyState>
      ) : (
        <>
          <p className="mb-5 text-sm text-fg-muted" aria-live="polite">
            {showingText(clampPage(page, data.total_pages), data.results.length, data.total_results)}
          </p>
          <ul aria-label="Curated lists" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {data.results.map((list) => (
              <li key={list.id}>
                <CollectionCard list={list} imageBase={imageBase} />
              </li>
            ))}
          </ul>
          <Pagination className="mt-10" page={page} totalPages={data.total_pages} onPageChange={goTo} />
        </>
      )}
    </div>
  );
}

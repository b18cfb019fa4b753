import { useEffect } from 'react';
import { Clapperboard, RotateCw } from 'lucide-react';
import type { MediaType } from '@marquee/core';
import { TitleGrid, TitleGridSkeleton } from '@/components/media/title-grid.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useSimilar } from '@/lib/catalogue/catalogue-api.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { SIMILAR_LIMIT } from '../detail-facts.ts';

/**
 * More Like This (product.md §2): up to 12 similar titles; on failure "Failed to load similar
 * content" with a Retry that reloads the page (the spec's behaviour), and the empty text.
 */
export function SimilarSection({ type, id }: { type: MediaType; id: number }) {
  const query = useSimilar(type, id);
  const [gridColumns] = useSetting('gridColumns');
  const [posterQuality] = useSetting('posterQuality');
  const items = (query.data?.results ?? []).slice(0, SIMILAR_LIMIT);

  useEffect(() => {
    if (query.isError) console.warn('Details: failed to load similar content', query.error);
  }, [query.isError, query.error]);

  return (
    <section aria-labelledby="similar-heading" className="mx-auto max-w-[1600px] px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="similar-heading" className="mb-6 font-display text-2xl tracking-wide text-fg sm:text-3xl">
        More Like This
      </h2>
      {query.isPending ? (
        <TitleGridSkeleton count={SIMILAR_LIMIT} columns={gridColumns} />
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center rounded-2xl border border-ember-500/25 bg-ember-500/5 px-6 py-12 text-center"
        >
          <p className="text-ember-400">Failed to load similar content</p>
          <Button variant="secondary" className="mt-5" onClick={() => window.location.reload()}>
            <RotateCw className="size-4" aria-hidden />
            Retry
          </Button>
        </div>
      ) : items.length > 0 ? (
        <TitleGrid items={items} columns={gridColumns} quality={posterQuality} eagerCount={0} />
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-white/10 px-6 py-14 text-center">
          <Clapperboard className="size-10 text-fg-subtle" aria-hidden />
          <p className="mt-4 text-fg-muted">No similar movies or series found</p>
        </div>
      )}
    </section>
  );
}

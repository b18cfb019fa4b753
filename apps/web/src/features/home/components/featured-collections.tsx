import { useEffect } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Layers } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { CollectionCard } from '@/components/lists/collection-card.tsx';
import { useFeaturedLists } from '../api/get-featured-lists.ts';
import { FEATURED_LISTS_COUNT } from '../home-rules.ts';
import { useNearViewport } from '../use-near-viewport.ts';
import { SECTION_CONTAINER, SectionHeader } from './section-header.tsx';

function CollectionsSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="h-32 animate-pulse rounded-2xl bg-white/5 sm:h-80" />
      ))}
    </ul>
  );
}

function CollectionsEmpty({ failed }: { failed: boolean }) {
  return (
    <div className="relative overflow-hidden rounded-2xl border border-white/5 bg-[radial-gradient(600px_240px_at_15%_0%,rgb(246_196_83/0.1),transparent_70%)] px-6 py-10 sm:px-10">
      <Layers className="size-8 text-gold-400" aria-hidden />
      <p className="mt-4 font-display text-xl font-semibold tracking-wide text-fg">
        {failed ? 'Collections are unavailable right now' : 'Curated collections are on their way'}
      </p>
      <p className="mt-2 max-w-xl text-sm text-fg-muted">
        {failed
          ? 'We could not load the curated lists. Everything else on Marquee works as usual.'
          : 'Hand-picked lists of films will appear here as soon as they are published.'}
      </p>
    </div>
  );
}

/**
 * Featured Collections (product.md §2 Home page, §9): up to six curated lists, each with its title,
 * description, movie count, creation date and creator, and a View All Collections link. The
 * request starts when the section nears the viewport.
 */
export function FeaturedCollections() {
  const [ref, isNear] = useNearViewport<HTMLElement>();
  const query = useFeaturedLists(isNear);
  const { data: config } = useAppConfig();
  const lists = (query.data?.results ?? []).slice(0, FEATURED_LISTS_COUNT);

  useEffect(() => {
    if (query.isError) console.warn('Home: failed to load the featured collections', query.error);
  }, [query.isError, query.error]);

  return (
    <section
      ref={ref}
      aria-labelledby="home-collections"
      className={`${SECTION_CONTAINER} pt-14 below-fold [--below-fold-height:580px] lg:[--below-fold-height:460px]`}
    >
      <SectionHeader
        id="home-collections"
        title="Featured Collections"
        description="Curated lists for every mood and marathon."
      >
        <Link
          to={paths.lists}
          className="inline-flex items-center gap-1 text-sm font-medium text-gold-300 hover:text-gold-200"
        >
          View All Collections
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </SectionHeader>
      {!isNear || query.isPending ? (
        <CollectionsSkeleton />
      ) : lists.length === 0 ? (
        <CollectionsEmpty failed={query.isError} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
          {lists.map((list) => (
            <li key={list.id} className="min-w-0">
              <CollectionCard list={list} imageBase={config?.images.secure_base_url ?? null} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

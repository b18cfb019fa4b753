import { ExploreByGenre } from './explore-by-genre.tsx';
import { FeaturedCollections } from './featured-collections.tsx';
import { TopRanked } from './top-ranked.tsx';

/** The home page's sections below the fold (product.md §2), loaded once the visitor nears them. */
export function BelowTheFold() {
  return (
    <>
      <TopRanked />
      <FeaturedCollections />
      <ExploreByGenre />
    </>
  );
}

import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { ContinueWatching } from './components/continue-watching.tsx';
import { ExploreByGenre } from './components/explore-by-genre.tsx';
import { FeaturedCollections } from './components/featured-collections.tsx';
import { HeroSection } from './components/hero-carousel.tsx';
import { MoodBox } from './components/mood-box.tsx';
import { QuickLinks } from './components/quick-links.tsx';
import { TopRanked } from './components/top-ranked.tsx';

/** The home page of product.md §2, its sections in the spec's order. */
export function HomeScreen() {
  useDocumentTitle(null);
  return (
    <div className="pb-6">
      {/* The hero's titles change every few seconds; the page's one h1 says what Marquee is. */}
      <h1 className="sr-only">Every film and series worth your evening.</h1>
      <HeroSection />
      <ContinueWatching />
      <MoodBox />
      <QuickLinks />
      <TopRanked />
      <FeaturedCollections />
      <ExploreByGenre />
    </div>
  );
}

import { deferred, useNearGate } from '@/lib/deferred.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { ContinueWatching } from './components/continue-watching.tsx';
import { HeroSection } from './components/hero-carousel.tsx';
import { MoodBox } from './components/mood-box.tsx';
import { QuickLinks } from './components/quick-links.tsx';
import { UpNext } from './components/up-next.tsx';

/** Top Ranked, Featured Collections and Explore by Genre: their code loads as the visitor nears them. */
const BelowTheFoldPart = deferred(
  () => import('./components/below-the-fold.tsx'),
  (m) => m.BelowTheFold,
);

function BelowTheFold() {
  const [ref, gate] = useNearGate<HTMLDivElement>();
  return (
    <div ref={ref}>
      <BelowTheFoldPart gate={gate} fallback={<div className="min-h-screen" />} />
    </div>
  );
}

/** The home page of product.md §2, its sections in the spec's order. */
export function HomeScreen() {
  useDocumentTitle(null);
  return (
    <div className="pb-6">
      {/* The hero's titles change every few seconds; the page's one h1 says what Marquee is. */}
      <h1 className="sr-only">Every film and series worth your evening.</h1>
      <HeroSection />
      <ContinueWatching />
      <UpNext />
      <MoodBox />
      <QuickLinks />
      <BelowTheFold />
    </div>
  );
}

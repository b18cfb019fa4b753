import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { DetailHero, type DetailHeroProps } from './detail-hero.tsx';

// The player loads when someone presses Watch Now: reading a detail page does not need it.
const Player = lazy(() => import('@/components/player/player.tsx').then((module) => ({ default: module.Player })));

function PlayerLoading() {
  return (
    <div
      className="flex aspect-video max-h-[80svh] w-full items-center justify-center bg-black"
      role="status"
      aria-label="Loading player"
    >
      <span className="size-10 animate-spin rounded-full border-2 border-gold-400/25 border-t-gold-400" />
    </div>
  );
}

/**
 * The hero of a detail page, or its watching view (player.md §2 Details): Watch Now replaces the
 * hero with the player, and the player's back action returns to browsing. A modified click
 * (new tab, new window) still follows the link to /watch.
 */
export function WatchableHero({
  start,
  ...hero
}: Omit<DetailHeroProps, 'onWatch'> & { start?: { season: number; episode: number } }) {
  const [isWatching, setWatching] = useState(false);
  const heroBox = useRef<HTMLDivElement>(null);
  const returning = useRef(false);
  // Back from the player: the focus goes to Watch Now again, where the viewer left the hero.
  useEffect(() => {
    if (isWatching || !returning.current) return;
    returning.current = false;
    heroBox.current?.querySelector<HTMLElement>('[data-action="watch-now"]')?.focus({ preventScroll: true });
  }, [isWatching]);
  if (isWatching) {
    return (
      <Suspense fallback={<PlayerLoading />}>
        <Player
          details={hero.details}
          initialSeason={start?.season}
          initialEpisode={start?.episode}
          backLabel="Back to details"
          focusOnOpen
          onBack={() => {
            returning.current = true;
            setWatching(false);
            window.scrollTo({ top: 0 });
          }}
        />
      </Suspense>
    );
  }
  function onWatch(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setWatching(true);
    window.scrollTo({ top: 0 });
  }
  return (
    <div ref={heroBox} className="contents">
      <DetailHero {...hero} onWatch={onWatch} />
    </div>
  );
}

import { lazy, Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { episodeInAddress, withEpisode } from '@/lib/player/episode-address.ts';
import { KEEP_SCROLL } from '@/lib/scroll-restoration.tsx';
import { useClientValue } from '@/lib/use-client-value.ts';
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

/** The search parameter of a detail page's watching view (`?watch=1`). */
export const WATCHING_PARAM = 'watch';

/** `current` without the watching view's parameters: the browsing view's address. */
function browsing(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of [WATCHING_PARAM, 'season', 'episode']) next.delete(name);
  return next;
}

/**
 * The hero of a detail page, or its watching view (player.md §2 Details): Watch Now replaces the
 * hero with the player, and the player's back action returns to browsing. The watching view is an
 * entry of the browser's history (`?watch=1`), so the browser's Back returns to browsing too, and
 * a reload keeps watching. The address follows the episode being watched (`&season=&episode=`, as
 * on /watch), so a reload opens that episode again. A modified click (new tab, new window) still
 * follows the link to /watch.
 */
export function WatchableHero({
  start,
  ...hero
}: Omit<DetailHeroProps, 'onWatch'> & { start?: { season: number; episode: number } }) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  // The server renders browsing: the player needs the browser (its window, its media).
  const isWatching = useClientValue(search.get(WATCHING_PARAM) === '1', false);
  const heroBox = useRef<HTMLDivElement>(null);
  // Whether this page added the watching entry: then leaving it is the browser's Back.
  const pushedWatching = useRef(false);
  const wasWatching = useRef(isWatching);
  // Back from the player (its button or the browser's): the focus goes to Watch Now again, where
  // the viewer left the hero.
  useEffect(() => {
    const returning = wasWatching.current && !isWatching;
    wasWatching.current = isWatching;
    if (!returning) return;
    pushedWatching.current = false;
    heroBox.current?.querySelector<HTMLElement>('[data-action="watch-now"]')?.focus({ preventScroll: true });
  }, [isWatching]);
  if (isWatching) {
    const opened = episodeInAddress(search) ?? start;
    return (
      <Suspense fallback={<PlayerLoading />}>
        <Player
          details={hero.details}
          initialSeason={opened?.season}
          initialEpisode={opened?.episode}
          onEpisodeChange={(season, episode) => {
            setSearch((current) => withEpisode(current, season, episode), { replace: true, state: KEEP_SCROLL });
          }}
          backLabel="Back to details"
          focusOnOpen
          onBack={() => {
            if (pushedWatching.current) {
              void navigate(-1);
              return;
            }
            // Opened at ?watch=1 (a reload, a shared link): browsing replaces it.
            setSearch(browsing, { replace: true });
            window.scrollTo({ top: 0 });
          }}
        />
      </Suspense>
    );
  }
  function onWatch(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    pushedWatching.current = true;
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set(WATCHING_PARAM, '1');
      return next;
    });
    window.scrollTo({ top: 0 });
  }
  return (
    <div ref={heroBox} className="contents">
      <DetailHero {...hero} onWatch={onWatch} />
    </div>
  );
}

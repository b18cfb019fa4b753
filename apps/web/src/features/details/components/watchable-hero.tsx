import { useState, type MouseEvent } from 'react';
import { Player } from '@/components/player/player.tsx';
import { DetailHero, type DetailHeroProps } from './detail-hero.tsx';

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
  if (isWatching) {
    return (
      <Player
        details={hero.details}
        initialSeason={start?.season}
        initialEpisode={start?.episode}
        backLabel="Back to details"
        onBack={() => {
          setWatching(false);
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }
  function onWatch(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setWatching(true);
    window.scrollTo({ top: 0 });
  }
  return <DetailHero {...hero} onWatch={onWatch} />;
}

import type { HistoryItem } from './history.ts';

// Apart from mark-watched.ts: every card reads these, and the first page's JavaScript has no room
// for the marking rules, which only the Mark watched dialog needs.

/**
 * Whether the viewer watched a film (an entry completed or marked) or an episode. The player's
 * and a media server's (webhook) entries count once completed (90 %, or reported played); one
 * marked by hand or imported from another tracker always is: both say "I watched this".
 */
export function isWatchedEntry(item: Pick<HistoryItem, 'completed' | 'source'>): boolean {
  return item.completed || item.source === 'manual' || item.source === 'import';
}

/** The watched episodes of a series, as `s{season}e{episode}` keys. */
export function watchedEpisodesOf(list: readonly HistoryItem[], seriesId: number): Set<string> {
  const keys = new Set<string>();
  for (const item of list) {
    if (item.content_type !== 'tv' || item.movie_id !== seriesId || !isWatchedEntry(item)) continue;
    if (item.season_number != null && item.episode_number != null) {
      keys.add(episodeWatchKey(item.season_number, item.episode_number));
    }
  }
  return keys;
}

export function episodeWatchKey(season: number, episode: number): string {
  return `s${season}e${episode}`;
}

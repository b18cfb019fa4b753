import type { QueryClient } from '@tanstack/react-query';
import {
  historyKey,
  isWatchedEntry,
  type Episode,
  type MarkedEntry,
  type MarkWatchedScope,
  type MarkWatchedTitle,
  type TvDetails,
} from '@marquee/core';
import { seasonQueryOptions, tvQueryOptions } from '../catalogue/catalogue-api.ts';
import { getHistoryStore } from '../local-store/history-store.ts';

/**
 * The episodes a mark may cover, from the catalogue (cached when the page already showed them):
 * none for a film, the season's for a season or an episode, every regular season's for a series.
 */
export async function episodesFor(
  queryClient: QueryClient,
  title: Pick<MarkWatchedTitle, 'id' | 'media_type'>,
  target: MarkWatchedScope,
): Promise<Episode[]> {
  if (title.media_type === 'movie') return [];
  if (target.scope !== 'title') {
    return (await queryClient.fetchQuery(seasonQueryOptions(title.id, target.season_number))).episodes;
  }
  const series: TvDetails = await queryClient.fetchQuery(tvQueryOptions(title.id));
  const numbers = series.seasons.map((season) => season.season_number).filter((number) => number > 0);
  const seasons = await Promise.all(
    numbers.map((number) => queryClient.fetchQuery(seasonQueryOptions(title.id, number))),
  );
  return seasons.flatMap((season) => season.episodes);
}

/**
 * Adds the marked entries to the history, each dated when it was watched; the change is made now.
 * Marking a film or an episode that is already watched adds a play ("Watched 3 times"); a season
 * or a whole series leaves the episodes already watched as they are (their day, their plays).
 * Returns how many entries it added or changed.
 */
export function recordWatched(entries: readonly MarkedEntry[], target: MarkWatchedScope, now: Date): number {
  const history = getHistoryStore();
  const held = new Map(history.getSnapshot().map((item) => [historyKey(item), item]));
  let count = 0;
  for (const entry of entries) {
    const existing = held.get(historyKey(entry.input));
    const isRewatch = existing !== undefined && isWatchedEntry(existing);
    if (isRewatch && target.scope !== 'episode' && entry.input.content_type === 'tv') continue;
    const input = isRewatch ? { ...entry.input, play_count: existing.play_count + 1 } : entry.input;
    const result = history.add(
      input,
      entry.watchedAt.getTime() === now.getTime() ? {} : { watchedAt: entry.watchedAt },
    );
    if (result.ok) count++;
  }
  return count;
}

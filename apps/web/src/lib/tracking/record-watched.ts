import type { QueryClient } from '@tanstack/react-query';
import type { Episode, MarkedEntry, MarkWatchedScope, MarkWatchedTitle, TvDetails } from '@marquee/core';
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

/** Adds the marked entries to the history, each dated when it was watched; the change is made now. */
export function recordWatched(entries: readonly MarkedEntry[], now: Date): void {
  const history = getHistoryStore();
  for (const entry of entries) {
    history.add(entry.input, entry.watchedAt.getTime() === now.getTime() ? {} : { watchedAt: entry.watchedAt });
  }
}

import type { QueryClient } from '@tanstack/react-query';
import type { Episode, MarkedEntry, MarkWatchedScope, MarkWatchedTitle, TvDetails } from '@marquee/core';
import { seasonQueryOptions, tvQueryOptions } from '../catalogue/catalogue-api.ts';
import { createHistoryStore, getHistoryStore } from '../local-store/history-store.ts';

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
 * Adds the marked entries to the history, each dated when it was watched. The history store dates
 * an entry with its clock, so an entry watched before now goes through a store over the same
 * browser storage whose clock reads that moment; the app's store sees the change at once.
 *
 * Known limit, until the history store takes a watched date apart from the change's time: the
 * upsert of a back-dated entry carries that date as its sync time, so on an account it loses to a
 * newer change of the same episode (an unmark made since that date, say) on the server.
 */
export function recordWatched(entries: readonly MarkedEntry[], now: Date): void {
  const history = getHistoryStore();
  let clock = now;
  const dated = entries.some((entry) => entry.watchedAt.getTime() !== now.getTime())
    ? createHistoryStore({ now: () => clock })
    : null;
  try {
    for (const entry of entries) {
      if (!dated || entry.watchedAt.getTime() === now.getTime()) {
        history.add(entry.input);
      } else {
        clock = entry.watchedAt;
        dated.add(entry.input);
      }
    }
  } finally {
    dated?.dispose();
  }
}

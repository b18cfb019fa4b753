import { useQueries } from '@tanstack/react-query';
import type { Episode, SeasonSummary } from '@marquee/core';
import { ApiError } from '../api-client.ts';
import { seasonQueryOptions, tvQueryOptions } from '../catalogue/catalogue-api.ts';

/** Which seasons of a series to read (all, or those a calendar range may cover). */
export type SeasonFilter = (season: SeasonSummary, next: SeasonSummary | undefined) => boolean;

export interface SeriesEpisodes {
  /** Each series' regular episodes, once all its seasons wanted have come. */
  episodes: Map<number, Episode[]>;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

/**
 * The catalogue's episodes of some series (a guest's Up Next and calendar, computed in the
 * browser): each series' details, then each of its regular seasons wanted. A series the
 * catalogue does not know has none.
 */
export function useSeriesEpisodes(seriesIds: readonly number[], wantSeason: SeasonFilter = () => true): SeriesEpisodes {
  const details = useQueries({ queries: seriesIds.map((id) => ({ ...tvQueryOptions(id), retry: false })) });
  const seasonRequests = seriesIds.flatMap((id, index) => {
    const seasons = (details[index]?.data?.seasons ?? [])
      .filter((season) => season.season_number > 0)
      .sort((a, b) => a.season_number - b.season_number);
    return seasons
      .filter((season, position) => wantSeason(season, seasons[position + 1]))
      .map((season) => ({ id, season: season.season_number }));
  });
  const seasons = useQueries({
    queries: seasonRequests.map(({ id, season }) => ({ ...seasonQueryOptions(id, season), retry: false })),
  });

  const episodes = new Map<number, Episode[]>();
  seriesIds.forEach((id, index) => {
    const detail = details[index];
    // Not in the catalogue (any more): no episodes, rather than an error for the whole list.
    if (detail?.isError) episodes.set(id, []);
    if (!detail?.data) return;
    const own = seasonRequests.flatMap((request, position) => (request.id === id ? [seasons[position]] : []));
    if (own.some((query) => !query?.data && !query?.isError)) return;
    episodes.set(
      id,
      own.flatMap((query) => query?.data?.episodes ?? []),
    );
  });
  const failed = [...details, ...seasons].some((query) => query.isError && !isNotFound(query.error));
  return {
    episodes,
    isPending: episodes.size < seriesIds.length && !failed,
    isError: failed,
    refetch: () => {
      for (const query of [...details, ...seasons]) if (query.isError) void query.refetch();
    },
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

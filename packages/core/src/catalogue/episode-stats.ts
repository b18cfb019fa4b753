import type { Episode, TvDetails } from './types.ts';

/** The stats grid of a series' episode browser (player.md §2 "Episode browser"). */
export interface EpisodeStats {
  /** Regular seasons (numbered above 0). */
  seasons: number;
  /** Episodes of the whole series. */
  episodes: number;
  /** Sum of the shown season's known episode runtimes, in minutes; null when none is known. */
  seasonMinutes: number | null;
  /**
   * Estimated runtime of the whole series, in minutes: its episodes × the typical episode length
   * (the shown season's mean, else the series' own episode length); null when unknown.
   */
  seriesMinutes: number | null;
  /** Mean rating of the shown season's rated episodes; null when none is rated. */
  averageRating: number | null;
}

/**
 * The episode stats of a series with one of its seasons loaded: one computation for the detail
 * page's Episodes section and the player's episode browser, so both show the same figures. The
 * grid sits beside the season count, so its episodes and runtime are the series'; the rating is
 * the shown season's, where unrated episodes (0) do not drag the mean down. Season 0 (specials)
 * never counts.
 */
export function episodeStats(
  series: Pick<TvDetails, 'seasons' | 'number_of_episodes' | 'episode_run_time'>,
  seasonEpisodes: readonly Pick<Episode, 'runtime' | 'vote_average'>[],
): EpisodeStats {
  const regular = series.seasons.filter((season) => season.season_number > 0);
  const listed = regular.reduce((sum, season) => sum + Math.max(0, season.episode_count), 0);
  const episodes = series.number_of_episodes || listed || seasonEpisodes.length;
  const runtimes = seasonEpisodes.map((episode) => episode.runtime ?? 0).filter((minutes) => minutes > 0);
  const total = runtimes.reduce((sum, minutes) => sum + minutes, 0);
  const typical = runtimes.length ? total / runtimes.length : (series.episode_run_time[0] ?? 0);
  const ratings = seasonEpisodes.map((episode) => episode.vote_average).filter((rating) => rating > 0);
  return {
    seasons: regular.length,
    episodes,
    seasonMinutes: runtimes.length ? total : null,
    seriesMinutes: typical > 0 && episodes > 0 ? typical * episodes : null,
    averageRating: ratings.length ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : null,
  };
}

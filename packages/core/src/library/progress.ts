import type { HistoryItem } from './history.ts';
import { episodeWatchKey, isWatchedEntry } from './watched.ts';

/**
 * Up Next and progress (issue 30 "Up Next and progress"; DESIGN.md `GET /api/me/progress`). One rule
 * for the server (accounts) and the browser (guests), so both show the same bar and next episode:
 *
 * - A series is **started** when the history holds any entry of it (an episode begun in the player
 *   counts: the viewer is in it).
 * - An episode is **aired** when it is a regular one (season 1 or later: specials are left out of
 *   the bar and of Up Next) and its air date is today or earlier. An episode without an air date
 *   has not aired.
 * - An aired episode is **watched** when its history entry is watched ({@link isWatchedEntry}:
 *   completed, or marked by hand or imported). `watched_episodes` counts aired episodes only, so
 *   the bar never passes its end; an entry of an episode the catalogue does not know starts the
 *   series but fills nothing.
 * - The **next episode** is the first aired, unwatched episode after the furthest watched one (in
 *   season and episode order); when every aired episode after it is watched, the first unwatched
 *   aired episode earlier on (one skipped); none when all aired episodes are watched.
 * - A series the viewer **dropped** stays off the list until it is watched again: its newest entry
 *   must be later than the drop ({@link isDroppedSeries}).
 */

/** What the rule needs of one episode of the catalogue. */
export interface ProgressEpisode {
  season_number: number;
  episode_number: number;
  name?: string | null;
  air_date: string | null;
}

export interface NextEpisode {
  season_number: number;
  episode_number: number;
  name: string | null;
  air_date: string | null;
}

export interface SeriesProgressCounts {
  watched_episodes: number;
  aired_episodes: number;
  next_episode: NextEpisode | null;
}

/** One series in progress, as `GET /api/me/progress` answers it. */
export interface SeriesProgress extends SeriesProgressCounts {
  series: { id: number; name: string; poster_path: string | null };
  last_watched_at: string;
}

/** A series the viewer dropped from the list, and when (the `droppedSeries` setting). */
export interface DroppedSeries {
  id: number;
  dropped_at: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether an episode is a regular one that aired on or before `today` (YYYY-MM-DD). */
export function isAiredBy(episode: Pick<ProgressEpisode, 'season_number' | 'air_date'>, today: string): boolean {
  const day = episode.air_date?.slice(0, 10);
  return episode.season_number > 0 && !!day && DAY.test(day) && day <= today;
}

/**
 * The bar and the next episode of one series: `episodes` is the catalogue's episode list (any
 * order, specials and unaired ones included), `watched` the watched episodes as
 * {@link episodeWatchKey} keys.
 */
export function seriesProgress(
  episodes: readonly ProgressEpisode[],
  watched: ReadonlySet<string>,
  today: string,
): SeriesProgressCounts {
  const aired = episodes
    .filter((episode) => isAiredBy(episode, today))
    .sort((a, b) => a.season_number - b.season_number || a.episode_number - b.episode_number);
  const isWatched = aired.map((episode) => watched.has(episodeWatchKey(episode.season_number, episode.episode_number)));
  const furthest = isWatched.lastIndexOf(true);
  let next = isWatched.indexOf(false, furthest + 1);
  if (next === -1) next = isWatched.indexOf(false);
  const episode = next === -1 ? undefined : aired[next];
  return {
    watched_episodes: isWatched.filter(Boolean).length,
    aired_episodes: aired.length,
    next_episode: episode
      ? {
          season_number: episode.season_number,
          episode_number: episode.episode_number,
          name: episode.name || null,
          air_date: episode.air_date?.slice(0, 10) ?? null,
        }
      : null,
  };
}

/** Whether a series stays off the list: dropped, and not watched since. */
export function isDroppedSeries(
  seriesId: number,
  lastWatchedAt: string,
  dropped: readonly DroppedSeries[] | undefined,
): boolean {
  const drop = dropped?.find((entry) => entry.id === seriesId);
  return !!drop && Date.parse(lastWatchedAt) <= Date.parse(drop.dropped_at);
}

/** A started series as the history tells it: its name and poster from its newest entry. */
export interface StartedSeries {
  id: number;
  name: string;
  poster_path: string | null;
  last_watched_at: string;
  /** Watched episodes, as {@link episodeWatchKey} keys. */
  watched: Set<string>;
}

/** The series the history has started, newest first, each with its watched episodes. */
export function startedSeries(history: readonly HistoryItem[]): StartedSeries[] {
  const byId = new Map<number, StartedSeries>();
  for (const item of history) {
    if (item.content_type !== 'tv') continue;
    let series = byId.get(item.movie_id);
    if (!series) {
      series = {
        id: item.movie_id,
        name: item.movie_title,
        poster_path: item.movie_poster,
        last_watched_at: item.watched_at,
        watched: new Set(),
      };
      byId.set(item.movie_id, series);
    } else if (Date.parse(item.watched_at) > Date.parse(series.last_watched_at)) {
      Object.assign(series, {
        name: item.movie_title,
        poster_path: item.movie_poster,
        last_watched_at: item.watched_at,
      });
    }
    if (isWatchedEntry(item) && item.season_number != null && item.episode_number != null) {
      series.watched.add(episodeWatchKey(item.season_number, item.episode_number));
    }
  }
  return [...byId.values()].sort(
    (a, b) => Date.parse(b.last_watched_at) - Date.parse(a.last_watched_at) || a.id - b.id,
  );
}

/**
 * The progress list of a history (a guest's, computed in the browser): every started series not
 * dropped, the most recently watched first. `episodesOf` gives a series' catalogue episodes;
 * `undefined` while they are not known yet (that series is then left out).
 */
export function progressList(
  history: readonly HistoryItem[],
  episodesOf: (seriesId: number) => readonly ProgressEpisode[] | undefined,
  today: string,
  dropped: readonly DroppedSeries[] = [],
): SeriesProgress[] {
  return startedSeries(history).flatMap((series) => {
    if (isDroppedSeries(series.id, series.last_watched_at, dropped)) return [];
    const episodes = episodesOf(series.id);
    if (!episodes) return [];
    return [
      {
        series: { id: series.id, name: series.name, poster_path: series.poster_path },
        ...seriesProgress(episodes, series.watched, today),
        last_watched_at: series.last_watched_at,
      },
    ];
  });
}

/** The series of a progress list that have a next episode to watch: the Up Next row. */
export function upNext(list: readonly SeriesProgress[], limit: number): SeriesProgress[] {
  return list.filter((entry) => entry.next_episode !== null).slice(0, limit);
}

/** At most this many dropped series are remembered (the oldest drops are forgotten first). */
export const DROPPED_SERIES_LIMIT = 500;

/** The dropped list after dropping a series (again) at `at`. */
export function dropSeries(dropped: readonly DroppedSeries[], seriesId: number, at: Date): DroppedSeries[] {
  const kept = dropped.filter((entry) => entry.id !== seriesId);
  return [...kept, { id: seriesId, dropped_at: at.toISOString() }].slice(-DROPPED_SERIES_LIMIT);
}

/** The dropped list after bringing a series back (undo). */
export function undropSeries(dropped: readonly DroppedSeries[], seriesId: number): DroppedSeries[] {
  return dropped.filter((entry) => entry.id !== seriesId);
}

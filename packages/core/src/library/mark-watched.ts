import type { Episode } from '../catalogue/types.ts';
import { fail, succeed, type ContentType, type LibraryResult } from './common.ts';
import { historyKey, type HistoryAddInput, type HistoryItem } from './history.ts';
import { isAired, localDay, parseDay } from './watched.ts';

/**
 * When the viewer says they watched something (DESIGN.md "Where Marquee deliberately differs":
 * mark watched with a date): now, on the release or air date, or on a day they pick.
 */
export type WatchedWhen = { kind: 'now' } | { kind: 'release' } | { kind: 'picked'; day: string };

/** What marking needs of the title: the fields a history card shows without asking the catalogue. */
export interface MarkWatchedTitle {
  id: number;
  media_type: ContentType;
  title?: string;
  name?: string;
  poster_path: string | null;
  backdrop_path?: string | null;
  release_date?: string | null;
  first_air_date?: string | null;
  vote_average?: number | null;
  overview?: string | null;
}

/** A film or a whole series; one season of a series; one episode of a series. */
export type MarkWatchedScope =
  | { scope: 'title' }
  | { scope: 'season'; season_number: number }
  | { scope: 'episode'; season_number: number; episode_number: number };

export interface MarkWatchedRequest {
  title: MarkWatchedTitle;
  target: MarkWatchedScope;
  /** The series' episodes the target may cover (a season's, or every regular season's); none for a film. */
  episodes?: readonly Pick<Episode, 'season_number' | 'episode_number' | 'name' | 'air_date'>[];
  when: WatchedWhen;
  now: Date;
}

/** One history entry to add, and the moment it was watched. */
export interface MarkedEntry {
  input: HistoryAddInput;
  watchedAt: Date;
}

/**
 * The instant an entry is dated for a day: midday of that day in the viewer's zone, so that it
 * reads as that day everywhere near it, and never later than now (today's midday may be ahead).
 */
function instantOfDay(day: string, now: Date): Date {
  const parts = parseDay(day);
  if (!parts || day >= localDay(now)) return now;
  return new Date(parts.year, parts.month - 1, parts.date, 12);
}

/**
 * Checks a day the viewer picked: a real date, not after today. Returns the message to show, or
 * null when the day is fine.
 */
export function pickedDayError(day: string, now: Date): string | null {
  if (!parseDay(day)) return 'Enter a valid date';
  if (day > localDay(now)) return 'The date cannot be in the future';
  return null;
}

function watchedAtFor(when: WatchedWhen, releaseDay: string | null | undefined, now: Date): Date {
  if (when.kind === 'picked') return instantOfDay(when.day, now);
  if (when.kind === 'release' && releaseDay && parseDay(releaseDay.slice(0, 10))) {
    return instantOfDay(releaseDay.slice(0, 10), now);
  }
  // No release date known (or "now" asked): the moment of marking.
  return now;
}

function nameOf(title: MarkWatchedTitle): string {
  return title.media_type === 'movie' ? (title.title ?? title.name ?? '') : (title.name ?? title.title ?? '');
}

/**
 * The history entries that marking a film, a series, a season or an episode watched adds
 * (issue 30 "Mark watched"): `source` manual, completed, dated now, on the release (air) date or
 * on a picked day. A series or a season covers its aired episodes only; an episode not yet aired,
 * an episode that does not exist, a season of a film and a day in the future are refused, and
 * nothing is to be added then.
 */
export function markWatched({
  title,
  target,
  episodes = [],
  when,
  now,
}: MarkWatchedRequest): LibraryResult<MarkedEntry[]> {
  if (when.kind === 'picked') {
    const error = pickedDayError(when.day, now);
    if (error) return fail('invalid_item', error, 'watched_at');
  }
  const base = {
    movie_id: title.id,
    movie_title: nameOf(title),
    movie_poster: title.poster_path,
    content_type: title.media_type,
    completed: true,
    source: 'manual',
    backdrop_path: title.backdrop_path ?? null,
    release_date: title.release_date ?? title.first_air_date ?? null,
    vote_average: title.vote_average ?? null,
    overview: title.overview ?? null,
  } as const;

  if (title.media_type === 'movie') {
    if (target.scope !== 'title') return fail('invalid_item', 'A film has no seasons or episodes', 'season_number');
    return succeed([{ input: { ...base }, watchedAt: watchedAtFor(when, title.release_date, now) }]);
  }

  let covered = episodes.filter((episode) => episode.season_number > 0);
  if (target.scope === 'season') {
    covered = episodes.filter((episode) => episode.season_number === target.season_number);
  } else if (target.scope === 'episode') {
    const episode = episodes.find(
      (candidate) =>
        candidate.season_number === target.season_number && candidate.episode_number === target.episode_number,
    );
    if (!episode) return fail('not_found', 'Episode not found', 'episode_number');
    if (!isAired(episode.air_date, now))
      return fail('invalid_item', 'This episode has not aired yet', 'episode_number');
    covered = [episode];
  }
  const aired = covered.filter((episode) => isAired(episode.air_date, now));
  if (aired.length === 0) return fail('invalid_item', 'No aired episodes to mark', 'season_number');
  return succeed(
    aired.map((episode) => ({
      input: {
        ...base,
        season_number: episode.season_number,
        episode_number: episode.episode_number,
        episode_title: episode.name || null,
      },
      watchedAt: watchedAtFor(when, episode.air_date, now),
    })),
  );
}

/** The history keys that marking this target unwatched removes: every entry it covers. */
export function watchedKeysOf(
  list: readonly HistoryItem[],
  title: { id: number; media_type: ContentType },
  target: MarkWatchedScope,
): string[] {
  return list
    .filter((item) => item.movie_id === title.id && item.content_type === title.media_type)
    .filter((item) => {
      if (target.scope === 'title') return true;
      if (item.season_number !== target.season_number) return false;
      return target.scope === 'season' || item.episode_number === target.episode_number;
    })
    .map(historyKey);
}

import * as z from 'zod/mini';
import { episodeWatchKey } from './watched.ts';

/**
 * The calendar (issue 30 "Calendar"; DESIGN.md `GET /api/me/calendar`): the episodes of the series
 * the viewer follows (started, or in Watch Later) and the release dates of the films in Watch
 * Later, by day. One rule for the server (accounts, the iCal feed) and the browser (guests).
 */

/** The longest range one request may ask for, in days from `from` to `to`. */
export const CALENDAR_MAX_DAYS = 92;
/** The earliest and latest days a range may name: a day in the year 3000 is a mistake. */
export const CALENDAR_FIRST_DAY = '1900-01-01';
export const CALENDAR_LAST_DAY = '2099-12-31';
/** How far back an aired episode not watched yet is shown as waiting. */
export const RECENTLY_AIRED_DAYS = 14;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a YYYY-MM-DD day that exists (no 31 February). */
export function isCalendarDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/** The day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The Monday of the week of a day: weeks start on Monday (ISO 8601). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const calendarDay = z.string().check(
  z.refine(isCalendarDay, 'must be a date (YYYY-MM-DD)'),
  z.refine(
    (day) => day >= CALENDAR_FIRST_DAY && day <= CALENDAR_LAST_DAY,
    `must be between ${CALENDAR_FIRST_DAY} and ${CALENDAR_LAST_DAY}`,
  ),
);

/**
 * `?from=&to=` of `GET /api/me/calendar`: two days, `to` not before `from`, at most
 * {@link CALENDAR_MAX_DAYS} days apart. The refusals name the field: "to: must not be before from".
 */
export const calendarQuerySchema = z.object({ from: calendarDay, to: calendarDay }).check(
  z.refine((range) => !(range.to < range.from), { message: 'must not be before from', path: ['to'] }),
  z.refine((range) => !(daysBetween(range.from, range.to) > CALENDAR_MAX_DAYS), {
    message: `must be at most ${CALENDAR_MAX_DAYS} days after from`,
    path: ['to'],
  }),
);
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** A title as a calendar entry shows it. */
export interface CalendarTitle {
  id: number;
  media_type: 'movie' | 'tv';
  /** A film's title. */
  title?: string;
  /** A series' name. */
  name?: string;
  poster_path: string | null;
}

export interface CalendarEntry {
  date: string;
  type: 'episode' | 'movie';
  title: CalendarTitle;
  season_number?: number;
  episode_number?: number;
  /** The episode's name. */
  name?: string;
  /** Episodes: whether the viewer has watched it (an aired one not watched is waiting). */
  watched?: boolean;
}

export interface CalendarSeries {
  title: CalendarTitle;
  episodes: ReadonlyArray<{
    season_number: number;
    episode_number: number;
    name?: string | null;
    air_date: string | null;
  }>;
  /** Watched episodes, as `episodeWatchKey` keys. */
  watched?: ReadonlySet<string>;
}

export interface CalendarFilm {
  title: CalendarTitle;
  release_date: string | null;
}

const inRange = (day: string | null | undefined, from: string, to: string): day is string =>
  !!day && isCalendarDay(day.slice(0, 10)) && day.slice(0, 10) >= from && day.slice(0, 10) <= to;

/**
 * The calendar's entries from `from` to `to` (inclusive days): every regular episode (specials,
 * season 0, are left out) of the followed series airing then, every followed film released then;
 * by day, then by title, then by season and episode.
 */
export function calendarEntries(
  { series, films }: { series: readonly CalendarSeries[]; films: readonly CalendarFilm[] },
  { from, to }: CalendarQuery,
): CalendarEntry[] {
  const entries: CalendarEntry[] = [];
  for (const show of series) {
    for (const episode of show.episodes) {
      if (episode.season_number < 1 || !inRange(episode.air_date, from, to)) continue;
      entries.push({
        date: episode.air_date.slice(0, 10),
        type: 'episode',
        title: show.title,
        season_number: episode.season_number,
        episode_number: episode.episode_number,
        name: episode.name || `Episode ${episode.episode_number}`,
        watched: show.watched?.has(episodeWatchKey(episode.season_number, episode.episode_number)) ?? false,
      });
    }
  }
  for (const film of films) {
    if (inRange(film.release_date, from, to)) {
      entries.push({ date: film.release_date.slice(0, 10), type: 'movie', title: film.title });
    }
  }
  const nameOf = (entry: CalendarEntry) => entry.title.name ?? entry.title.title ?? '';
  return entries.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      nameOf(a).localeCompare(nameOf(b)) ||
      a.title.id - b.title.id ||
      (a.season_number ?? 0) - (b.season_number ?? 0) ||
      (a.episode_number ?? 0) - (b.episode_number ?? 0),
  );
}

/**
 * Whether an entry is an episode that aired lately (within {@link RECENTLY_AIRED_DAYS} days up to
 * today) and is not watched yet: the calendar marks it.
 */
export function isWaitingEpisode(entry: CalendarEntry, today: string): boolean {
  return (
    entry.type === 'episode' &&
    entry.watched === false &&
    entry.date <= today &&
    daysBetween(entry.date, today) <= RECENTLY_AIRED_DAYS
  );
}

/** Entries grouped by day, in order. */
export function entriesByDay(entries: readonly CalendarEntry[]): Array<{ date: string; entries: CalendarEntry[] }> {
  const days: Array<{ date: string; entries: CalendarEntry[] }> = [];
  for (const entry of entries) {
    const last = days.at(-1);
    if (last?.date === entry.date) last.entries.push(entry);
    else days.push({ date: entry.date, entries: [entry] });
  }
  return days;
}

import type { HistoryItem } from '../library/history.ts';
import { isWatchedEntry } from '../library/watched.ts';
import { exportDatePart } from './marquee-export.ts';

/**
 * The Letterboxd-shaped CSV files of Marquee's export (issue 31 "Exports": `format=letterboxd`),
 * with the headers of Letterboxd's own account export, which its importer reads back. Letterboxd
 * has films only: series, seasons and episodes are left out.
 */
export const LETTERBOXD_FILES = ['watched.csv', 'diary.csv', 'ratings.csv', 'watchlist.csv'] as const;
export type LetterboxdFile = (typeof LETTERBOXD_FILES)[number];

const BASE = ['Date', 'Name', 'Year', 'Letterboxd URI'] as const;
const HEADERS: Record<LetterboxdFile, readonly string[]> = {
  'watched.csv': BASE,
  'diary.csv': [...BASE, 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
  'ratings.csv': [...BASE, 'Rating'],
  'watchlist.csv': BASE,
};

/**
 * A film as the CSVs name it. Marquee has no Letterboxd URI; with the movie database as the
 * catalogue its ids are TMDB's, which Letterboxd's importer matches on (`tmdbID`), so they go in
 * a last column then. The local catalogue's ids are its own and are left out.
 */
export interface LetterboxdFilm {
  name: string;
  year: number | null;
  tmdbId?: number | null;
}

/** One row of a file: the day it was logged, and for the diary and ratings what they add. */
export interface LetterboxdRow {
  film: LetterboxdFilm;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Marquee's 1–10. */
  rating?: number | null;
  rewatch?: boolean;
  /** `YYYY-MM-DD` (diary). */
  watchedDate?: string;
}

/** A CSV field, quoted when it holds a comma, a quote, a line break or edge spaces (RFC 4180). */
export function csvField(value: string | number | null | undefined): string {
  const text = value == null ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, ending with a line feed. */
export function csvLine(fields: ReadonlyArray<string | number | null | undefined>): string {
  return `${fields.map(csvField).join(',')}\n`;
}

/** Marquee's 1–10 as Letterboxd's stars, 0.5–5 in halves: 7 → "3.5", 8 → "4"; empty when unrated. */
export function halfStars(rating: number | null | undefined): string {
  if (rating == null || !Number.isFinite(rating)) return '';
  const clamped = Math.min(10, Math.max(1, Math.round(rating)));
  return String(clamped / 2);
}

/** The header line of a file; `withTmdbIds` adds the `tmdbID` column. */
export function letterboxdHeader(file: LetterboxdFile, withTmdbIds = false): string {
  return csvLine([...HEADERS[file], ...(withTmdbIds ? ['tmdbID'] : [])]);
}

/** One line of a file. */
export function letterboxdLine(file: LetterboxdFile, row: LetterboxdRow, withTmdbIds = false): string {
  const base = [row.date, row.film.name, row.film.year, ''];
  const fields =
    file === 'diary.csv'
      ? [...base, halfStars(row.rating), row.rewatch ? 'Yes' : '', '', row.watchedDate ?? row.date]
      : file === 'ratings.csv'
        ? [...base, halfStars(row.rating)]
        : base;
  return csvLine([...fields, ...(withTmdbIds ? [row.film.tmdbId ?? ''] : [])]);
}

/** The year of a `YYYY-MM-DD` release date, or null. */
export function yearOf(date: string | null | undefined): number | null {
  const match = date ? /^(\d{4})/.exec(date) : null;
  return match ? Number(match[1]) : null;
}

/** What the Letterboxd rows are made from: a film's entries of the stores. */
export interface LetterboxdSource {
  history: ReadonlyArray<{
    movie_id: number;
    movie_title: string;
    content_type: 'movie' | 'tv';
    watched_at: string;
    completed: boolean;
    source?: string;
    play_count?: number;
    release_date?: string | null;
  }>;
  watch_later: ReadonlyArray<{
    movie_id: number;
    movie_title: string;
    content_type: 'movie' | 'tv';
    added_at: string;
    movie_release_date: string | null;
  }>;
  ratings: ReadonlyArray<{
    movie_id: number;
    content_type: 'movie' | 'tv';
    season_number: number | null;
    rating: number;
    rated_at: string;
  }>;
}

/** The films whose name and year the stores themselves tell (history first, then Watch Later). */
export function filmsKnownFrom(source: Pick<LetterboxdSource, 'history' | 'watch_later'>): Map<number, LetterboxdFilm> {
  const films = new Map<number, LetterboxdFilm>();
  const note = (id: number, name: string, year: number | null) => {
    const known = films.get(id);
    if (!known) films.set(id, { name, year });
    else if (known.year === null && year !== null) known.year = year;
  };
  for (const item of source.history) {
    if (item.content_type === 'movie') note(item.movie_id, item.movie_title, yearOf(item.release_date));
  }
  for (const item of source.watch_later) {
    if (item.content_type === 'movie') note(item.movie_id, item.movie_title, yearOf(item.movie_release_date));
  }
  return films;
}

/** The films the rows need that `known` lacks, or knows without a year: to ask the catalogue. */
export function filmsToLookUp(source: LetterboxdSource, known: ReadonlyMap<number, LetterboxdFilm>): number[] {
  const ids = new Set<number>();
  const want = (id: number) => {
    const film = known.get(id);
    if (!film || film.year === null) ids.add(id);
  };
  for (const item of source.history) if (item.content_type === 'movie' && isWatched(item)) want(item.movie_id);
  for (const item of source.watch_later) if (item.content_type === 'movie') want(item.movie_id);
  for (const item of source.ratings) if (isFilmRating(item)) want(item.movie_id);
  return [...ids];
}

/** A film counts as watched as everywhere else in Marquee (completed, or marked). */
const isWatched = (item: LetterboxdSource['history'][number]) =>
  isWatchedEntry({ completed: item.completed, source: item.source ?? 'player' } as HistoryItem);

const isFilmRating = (item: LetterboxdSource['ratings'][number]) =>
  item.content_type === 'movie' && item.season_number === null;

export interface LetterboxdOptions {
  /** The name and year of a film, when known. */
  film(id: number): LetterboxdFilm | undefined;
  /** Adds the `tmdbID` column: the catalogue is the movie database, whose ids Marquee's are. */
  withTmdbIds?: boolean;
  /** Days in the browser's zone (a guest's export) or UTC (the server's). */
  zone?: 'local' | 'utc';
}

/**
 * The four CSV files of a viewer's films: `watched.csv` and `diary.csv` have every film watched
 * (completed or marked; the diary with its own rating and `Rewatch` once played more than once),
 * `ratings.csv` every film rated, `watchlist.csv` the films of Watch Later.
 */
export function letterboxdCsvs(source: LetterboxdSource, options: LetterboxdOptions): Record<LetterboxdFile, string> {
  const zone = options.zone ?? 'local';
  const day = (iso: string) => exportDatePart(new Date(iso), zone);
  // With the movie database as the catalogue, Marquee's ids are TMDB's.
  const film = (id: number, fallback?: string): LetterboxdFilm => ({
    ...(options.film(id) ?? { name: fallback ?? '', year: null }),
    tmdbId: options.withTmdbIds ? id : null,
  });
  const ratingOf = new Map(source.ratings.filter(isFilmRating).map((item) => [item.movie_id, item.rating]));
  const files = Object.fromEntries(
    LETTERBOXD_FILES.map((file) => [file, letterboxdHeader(file, options.withTmdbIds)]),
  ) as Record<LetterboxdFile, string>;
  const add = (file: LetterboxdFile, row: LetterboxdRow) => {
    files[file] += letterboxdLine(file, row, options.withTmdbIds);
  };
  for (const item of source.history) {
    if (item.content_type !== 'movie' || !isWatched(item)) continue;
    const row = { film: film(item.movie_id, item.movie_title), date: day(item.watched_at) };
    add('watched.csv', row);
    add('diary.csv', {
      ...row,
      rating: ratingOf.get(item.movie_id) ?? null,
      rewatch: (item.play_count ?? 1) > 1,
      watchedDate: row.date,
    });
  }
  for (const item of source.ratings) {
    if (isFilmRating(item))
      add('ratings.csv', { film: film(item.movie_id), date: day(item.rated_at), rating: item.rating });
  }
  for (const item of source.watch_later) {
    if (item.content_type === 'movie')
      add('watchlist.csv', { film: film(item.movie_id, item.movie_title), date: day(item.added_at) });
  }
  return files;
}

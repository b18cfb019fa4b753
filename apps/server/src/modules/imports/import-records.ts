import type { SyncOperation } from '@marquee/core';
import { AppError } from '../../plugins/errors.ts';
import type { EntryRouter } from './upload-reader.ts';
import { IMPORT_LIMITS } from './upload-reader.ts';

/** A title as a file names it: what the matcher looks up in the catalogue. */
export interface TitleRef {
  /** The file and line (a JSON file: the item's position, from 1) it was read from. */
  file: string;
  line: number;
  /** `episode`: an IMDb TV Episode row, found only through its IMDb id. */
  type: 'movie' | 'tv' | 'episode';
  title: string;
  year: number | null;
  tmdbId: number | null;
  imdbId: string | null;
  /** A Marquee export's own id, in the catalogue that Marquee had. */
  marqueeId: number | null;
}

/** An episode within a series. */
export interface EpisodePart {
  season: number | null;
  episode: number | null;
  episodeTitle?: string | null;
}

/** What one row of a file says, before matching. Times are ISO-8601 to the millisecond. */
export type ImportRecord =
  /** One viewing (a diary entry, a Trakt play). */
  | ({ kind: 'play'; ref: TitleRef; at: string } & EpisodePart)
  /** Known watched, without counting as a play of its own (Letterboxd watched.csv and likes, IMDb ratings). */
  | { kind: 'watched'; ref: TitleRef; at: string }
  | ({ kind: 'rating'; ref: TitleRef; rating: number; at: string } & EpisodePart)
  | { kind: 'watchlist'; ref: TitleRef; at: string }
  /** A Marquee export's item: its upsert as it is, once its title is found. */
  | { kind: 'restore'; ref: TitleRef; operation: SyncOperation };

/** A row that could not be read, with why. */
export interface RowProblem {
  file: string;
  line: number;
  title: string;
  year: number | null;
  reason: string;
}

/** What a parser gathers from a file as it streams in. */
export class ImportCollector {
  readonly records: ImportRecord[] = [];
  readonly problems: RowProblem[] = [];
  /** Files read, in the order they came. */
  readonly files: string[] = [];
  /** Operations needing no title (a Marquee export's settings). */
  readonly direct: SyncOperation[] = [];
  rows = 0;

  constructor(private readonly maxRows = IMPORT_LIMITS.maxRows) {}

  /** Counts a data row; refuses a file past the row limit. */
  row(): void {
    this.rows++;
    if (this.rows > this.maxRows) {
      throw new AppError('payload_too_large', `The file holds more than ${this.maxRows.toLocaleString('en-US')} rows`);
    }
  }

  add(record: ImportRecord): void {
    this.records.push(record);
  }

  problem(file: string, line: number, title: string, year: number | null, reason: string): void {
    this.problems.push({ file, line, title, year, reason });
  }

  read(file: string): void {
    if (!this.files.includes(file)) this.files.push(file);
  }
}

/** A parser of one source: routes the upload's files to readers that fill the collector. */
export interface SourceParser {
  /** The entry router for readUpload. */
  route(collector: ImportCollector): EntryRouter;
  /** Called once the upload is read: refuses an upload that held nothing of this source. */
  finish(collector: ImportCollector, entries: string[]): void;
}

const NOON = 'T12:00:00.000Z';

/**
 * A date or time of a file as ISO-8601, or null when it is none. A bare day becomes noon UTC: the
 * same calendar day in nearly every time zone, and the same instant on every import of the file
 * (a second import must change nothing).
 */
export function importTime(value: string, now: Date): string | null {
  const text = value.trim();
  if (!text) return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let time: number;
  if (day) {
    time = Date.parse(`${text}${NOON}`);
    // Date.parse rolls 2021-02-30 over into March: refuse it instead.
    if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text) return null;
  } else {
    time = Date.parse(text);
    if (Number.isNaN(time)) return null;
    // A time without a zone would be read in the server's zone: pin it to UTC days instead.
    if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) && !/\d{2}:\d{2}/.test(text)) {
      time = Date.parse(`${new Date(time).toISOString().slice(0, 10)}${NOON}`);
    }
  }
  // A change more than a few minutes ahead of the server would be moved to the server's time,
  // and then differ on every import.
  if (time > now.getTime()) return null;
  if (time < Date.UTC(1870, 0, 1)) return null;
  return new Date(time).toISOString();
}

/** A year column (`1999`), or null when empty; undefined when it holds something else. */
export function yearOf(value: string): number | null | undefined {
  const text = value.trim();
  if (!text) return null;
  if (!/^\d{4}$/.test(text)) return undefined;
  const year = Number(text);
  return year >= 1870 && year <= 2200 ? year : undefined;
}

/** Text a file gave, without what JSON and browsers' storage carry but PostgreSQL refuses. */
export function cleanText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .trim()
      .slice(0, 500)
  );
}

/** The base name of a path in a ZIP, lower-cased. */
export function baseName(path: string): string {
  return path.split('/').pop()!.toLowerCase();
}

/** Whether a ZIP path lies in a folder of this name (at any depth). */
export function isInFolder(path: string, folder: string): boolean {
  return path.toLowerCase().split('/').slice(0, -1).includes(folder);
}

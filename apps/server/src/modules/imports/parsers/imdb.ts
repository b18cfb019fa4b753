import { AppError } from '../../../plugins/errors.ts';
import { CsvReader, CsvTable, type CsvRecord } from '../csv.ts';
import {
  cleanText,
  importTime,
  isInFolder,
  yearOf,
  type ImportCollector,
  type SourceParser,
  type TitleRef,
} from '../import-records.ts';
import { textSink, type EntrySink } from '../upload-reader.ts';

/**
 * IMDb's `Title Type` words, current (`TV Series`) and older (`tvSeries`), as what Marquee
 * tracks; null: not a film or a series (video games, podcasts).
 */
export function imdbTitleType(value: string): TitleRef['type'] | null {
  const word = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (['movie', 'tvmovie', 'short', 'tvshort', 'video', 'tvspecial', 'feature', 'film'].includes(word)) return 'movie';
  if (['tvseries', 'tvminiseries', 'series', 'miniseries'].includes(word)) return 'tv';
  if (['tvepisode', 'episode'].includes(word)) return 'episode';
  return null;
}

/** `tt0133093`: an IMDb title id. */
export const IMDB_ID = /^tt\d{5,10}$/;

type ImdbFile = 'ratings' | 'list';

function readRecord(kind: ImdbFile, file: string, record: CsvRecord, collector: ImportCollector, now: Date) {
  collector.row();
  const title = cleanText(record.get('Title')) || cleanText(record.get('Original Title'));
  const year = yearOf(record.get('Year'));
  const fail = (reason: string) => collector.problem(file, record.line, title, year ?? null, reason);
  if (!title) return fail('the row has no Title');
  if (year === undefined) return fail(`Year "${record.get('Year')}" is not a year`);
  const typeWord = record.get('Title Type');
  const type = imdbTitleType(typeWord);
  if (!type) return fail(`Title Type "${typeWord}" is neither a film nor a series`);
  const id = record.get('Const');
  const imdbId = IMDB_ID.test(id) ? id : null;
  if (id && !imdbId) return fail(`Const "${id}" is not an IMDb id`);
  const ref: TitleRef = { file, line: record.line, type, title, year, tmdbId: null, imdbId, marqueeId: null };
  const ratingText = record.get('Your Rating');
  const rating = ratingText ? Number(ratingText) : null;
  if (rating !== null && !(Number.isInteger(rating) && rating >= 1 && rating <= 10)) {
    return fail(`Your Rating "${ratingText}" is not a whole number from 1 to 10`);
  }
  if (kind === 'ratings') {
    if (rating === null) return fail('the row has no Your Rating');
    const at = importTime(record.get('Date Rated'), now);
    if (!at) return fail(`Date Rated "${record.get('Date Rated')}" is not a past date`);
    collector.add({ kind: 'rating', ref, rating, at, season: null, episode: null });
    // Rating a film on IMDb says it was seen (Trakt's IMDb import reads it the same way).
    if (type === 'movie') collector.add({ kind: 'watched', ref, at });
    return;
  }
  const at = importTime(record.get('Created') || record.get('Modified'), now);
  if (!at) return fail(`Created "${record.get('Created')}" is not a past date`);
  if (type === 'episode') return fail('an episode cannot be saved to Watch Later; save its series instead');
  collector.add({ kind: 'watchlist', ref, at });
}

function csvSink(file: string, collector: ImportCollector, now: Date): EntrySink {
  collector.read(file);
  let table: CsvTable | null = null;
  const reader = new CsvReader(file, (row) => {
    if (!table) {
      const columns = row.fields.map((field) => field.trim());
      // A watchlist or list export numbers its titles; a ratings export does not.
      const kind: ImdbFile = columns.includes('Position') ? 'list' : 'ratings';
      const required =
        kind === 'list'
          ? ['Const', 'Created', 'Title', 'Title Type', 'Year']
          : ['Const', 'Your Rating', 'Date Rated', 'Title', 'Title Type', 'Year'];
      table = new CsvTable(
        file,
        required,
        'an IMDb ratings, watchlist or list export',
        (record) => readRecord(kind, file, record, collector, now),
        (line, reason, record) => {
          collector.row();
          collector.problem(
            file,
            line,
            cleanText(record?.get('Title')),
            yearOf(record?.get('Year') ?? '') ?? null,
            reason,
          );
        },
      );
    }
    table.row(row);
  });
  return textSink(
    (text) => reader.push(text),
    () => reader.end(),
  );
}

/** IMDb's CSV exports (ratings, watchlist, lists), one CSV or a ZIP of them. */
export function imdbParser(now: Date): SourceParser {
  return {
    route: (collector) => (path, isZipEntry) => {
      const isCsv = path.toLowerCase().endsWith('.csv');
      if (!isZipEntry && !isCsv) {
        throw new AppError('invalid_input', `${path} is not an IMDb export: choose the CSV file IMDb made`);
      }
      if (!isCsv || isInFolder(path, '__macosx')) return null;
      return csvSink(path, collector, now);
    },
    finish(collector) {
      if (collector.files.length === 0) throw new AppError('invalid_input', 'The ZIP file holds no IMDb CSV export');
    },
  };
}

import { AppError } from '../../../plugins/errors.ts';
import { CsvReader, CsvTable, type CsvRecord } from '../csv.ts';
import {
  baseName,
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
 * The files of a Letterboxd account export that are read (letterboxd.com → Settings → Data →
 * Export your data): `Date,Name,Year,Letterboxd URI` plus, by file, `Rating` (0.5–5 in halves),
 * `Rewatch`, `Tags`, `Watched Date`.
 */
type LetterboxdFile = 'diary' | 'watched' | 'ratings' | 'watchlist' | 'likes';

const REQUIRED: Record<LetterboxdFile, string[]> = {
  diary: ['Date', 'Name', 'Year', 'Watched Date'],
  watched: ['Date', 'Name', 'Year'],
  ratings: ['Date', 'Name', 'Year', 'Rating'],
  watchlist: ['Date', 'Name', 'Year'],
  likes: ['Date', 'Name', 'Year'],
};

/** Which Letterboxd file a ZIP path is; null for the files not read. */
export function letterboxdFileOf(path: string): LetterboxdFile | null {
  // Deleted and orphaned entries are what the member removed: not part of their record.
  if (isInFolder(path, 'deleted') || isInFolder(path, 'orphaned')) return null;
  const base = baseName(path);
  if (isInFolder(path, 'likes')) return base === 'films.csv' ? 'likes' : null;
  // reviews.csv repeats diary entries (a review is written on one), and Marquee has no place for a
  // review's text (the import form says so); profile.csv and comments.csv hold nothing a tracker keeps.
  const files: Record<string, LetterboxdFile> = {
    'diary.csv': 'diary',
    'watched.csv': 'watched',
    'ratings.csv': 'ratings',
    'watchlist.csv': 'watchlist',
  };
  return files[base] ?? null;
}

/** A Letterboxd rating, 0.5–5 stars in halves, as Marquee's 1–10; null when it is none. */
export function letterboxdRating(value: string): number | null | undefined {
  const text = value.trim();
  if (!text) return null;
  const stars = Number(text);
  if (!Number.isFinite(stars) || stars < 0.5 || stars > 5 || !Number.isInteger(stars * 2)) return undefined;
  return stars * 2;
}

function readRecord(kind: LetterboxdFile, file: string, record: CsvRecord, collector: ImportCollector, now: Date) {
  collector.row();
  const title = cleanText(record.get('Name'));
  const year = yearOf(record.get('Year'));
  const fail = (reason: string) => collector.problem(file, record.line, title, year ?? null, reason);
  if (!title) return fail('the row has no Name');
  if (year === undefined) return fail(`Year "${record.get('Year')}" is not a year`);
  const ref: TitleRef = {
    file,
    line: record.line,
    type: 'movie',
    title,
    year,
    tmdbId: null,
    imdbId: null,
    marqueeId: null,
  };
  const dateColumn = kind === 'diary' ? 'Watched Date' : 'Date';
  const at = importTime(record.get(dateColumn) || record.get('Date'), now);
  if (!at) return fail(`${dateColumn} "${record.get(dateColumn)}" is not a past date`);
  const rating = kind === 'ratings' || kind === 'diary' ? letterboxdRating(record.get('Rating')) : null;
  if (rating === undefined) return fail(`Rating "${record.get('Rating')}" is not 0.5 to 5 stars in halves`);
  switch (kind) {
    case 'diary':
      // Every diary entry is a viewing on its Watched Date; `Rewatch: Yes` marks the later ones.
      collector.add({ kind: 'play', ref, at, season: null, episode: null });
      if (rating !== null) collector.add({ kind: 'rating', ref, rating, at, season: null, episode: null });
      return;
    case 'ratings':
      if (rating === null) return fail('the row has no Rating');
      collector.add({ kind: 'rating', ref, rating, at, season: null, episode: null });
      return;
    case 'watchlist':
      collector.add({ kind: 'watchlist', ref, at });
      return;
    case 'watched':
    case 'likes':
      // Liking a film on Letterboxd marks it watched there too.
      collector.add({ kind: 'watched', ref, at });
      return;
  }
}

/**
 * A CSV uploaded alone under another name (`letterboxd-diary (1).csv`): which file it is, from its
 * header; watched.csv and watchlist.csv share theirs (`Date,Name,Year,Letterboxd URI`), so a name
 * holding "watchlist" tells them apart.
 */
function kindFromHeader(columns: string[], file: string): LetterboxdFile {
  if (columns.includes('Watched Date')) return 'diary';
  if (columns.includes('Rating')) return 'ratings';
  return baseName(file).includes('watchlist') ? 'watchlist' : 'watched';
}

function csvSink(file: string, kind: LetterboxdFile | null, collector: ImportCollector, now: Date): EntrySink {
  collector.read(file);
  let table: CsvTable | null = null;
  const tableFor = (chosen: LetterboxdFile) =>
    new CsvTable(
      file,
      REQUIRED[chosen],
      'a Letterboxd export file',
      (record) => readRecord(chosen, file, record, collector, now),
      (line, reason, record) => {
        collector.row();
        collector.problem(
          file,
          line,
          cleanText(record?.get('Name')),
          yearOf(record?.get('Year') ?? '') ?? null,
          reason,
        );
      },
    );
  const reader = new CsvReader(file, (row) => {
    if (!table)
      table = tableFor(
        kind ??
          kindFromHeader(
            row.fields.map((field) => field.trim()),
            file,
          ),
      );
    table.row(row);
  });
  return textSink(
    (text) => reader.push(text),
    () => reader.end(),
  );
}

export function letterboxdParser(now: Date): SourceParser {
  return {
    route: (collector) => (path, isZipEntry) => {
      if (!isZipEntry) {
        if (!path.toLowerCase().endsWith('.csv')) {
          throw new AppError(
            'invalid_input',
            `${path} is not a Letterboxd export: choose its ZIP file or one of its CSV files`,
          );
        }
        return csvSink(path, letterboxdFileOf(path), collector, now);
      }
      const kind = letterboxdFileOf(path);
      return kind ? csvSink(path, kind, collector, now) : null;
    },
    finish(collector) {
      if (collector.files.length === 0) {
        throw new AppError(
          'invalid_input',
          'The ZIP file holds no Letterboxd export files (diary.csv, watched.csv, ratings.csv, watchlist.csv)',
        );
      }
    },
  };
}

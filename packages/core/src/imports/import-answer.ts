import { historyKey } from '../library/history.ts';
import type { SyncOperation } from '../library/sync-ops.ts';
import { watchLaterKey } from '../library/watch-later.ts';

/** The sources `POST /api/imports` reads (DESIGN.md "HTTP API contract"). */
export const IMPORT_SOURCES = ['letterboxd', 'imdb', 'trakt', 'marquee'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The largest file `POST /api/imports` takes; the web app refuses a larger one before sending it. */
export const MAX_IMPORT_UPLOAD_BYTES = 32 * 1024 * 1024;

/** Bytes as an import's messages give them: whole megabytes, else whole kilobytes. */
export function describeImportBytes(bytes: number): string {
  const MiB = 1024 * 1024;
  return bytes >= MiB ? `${Math.round(bytes / MiB)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Why a file over the upload limit is refused: the same words from the server and the web app. */
export function importTooLargeMessage(maxBytes: number = MAX_IMPORT_UPLOAD_BYTES): string {
  return `The file is larger than ${describeImportBytes(maxBytes)}, the most an import takes`;
}

/** A catalogue title an import row may be: what the report shows and the operations name. */
export interface ImportCandidate {
  id: number;
  media_type: 'movie' | 'tv';
  title: string;
  year: number | null;
  poster_path: string | null;
  backdrop_path: string | null;
  release_date: string | null;
  vote_average: number | null;
  overview: string | null;
}

/** Rows naming one title the catalogue holds several of: the viewer picks one. */
export interface AmbiguousImport {
  /** The first row naming it (a JSON file: the item's position), in `file`. */
  row: number;
  file: string;
  title: string;
  year: number | null;
  /** How many rows name it. */
  rows: number;
  candidates: ImportCandidate[];
  /** The operations these rows make, written for the first candidate (see retargetOperations). */
  operations: SyncOperation[];
}

/** Rows that could not be read or matched, with why. */
export interface UnmatchedImport {
  row: number;
  file: string;
  title: string;
  year: number | null;
  reason: string;
  rows: number;
}

/** `POST /api/imports`'s answer: nothing is written until the client applies `operations`. */
export interface ImportAnswer {
  source: ImportSource;
  operations: SyncOperation[];
  report: {
    /** Data rows read. */
    rows: number;
    /** Rows matched to a catalogue title (their changes are in `operations`). */
    matched: number;
    ambiguous: AmbiguousImport[];
    unmatched: UnmatchedImport[];
    /** The files of the upload that were read. */
    files: string[];
  };
}

/** One line of the streamed answer (`Accept: application/x-ndjson`): progress, then the answer or an error. */
export type ImportProgressLine =
  | { type: 'progress'; phase: 'matching'; done: number; total: number; rows: number }
  | { type: 'result'; answer: ImportAnswer }
  | { type: 'error'; error: { code: string; message: string } };

/**
 * An ambiguous row's operations for the candidate the viewer picked: the same changes, naming that
 * title (its id, name and artwork) instead of the first candidate.
 */
export function retargetOperations(operations: readonly SyncOperation[], candidate: ImportCandidate): SyncOperation[] {
  return operations.map((operation) => {
    if (operation.op !== 'upsert') return operation;
    const named = { movie_id: candidate.id, content_type: candidate.media_type };
    switch (operation.store) {
      case 'history': {
        const item = {
          ...operation.item,
          ...named,
          movie_title: candidate.title,
          movie_poster: candidate.poster_path,
          backdrop_path: candidate.backdrop_path,
          release_date: candidate.release_date,
          vote_average: candidate.vote_average,
          overview: candidate.overview,
        };
        return { ...operation, item: { ...item, id: historyKey(item) } };
      }
      case 'watch_later': {
        const item = {
          ...operation.item,
          ...named,
          movie_title: candidate.title,
          movie_poster: candidate.poster_path,
          movie_overview: candidate.overview,
          movie_release_date: candidate.release_date,
          movie_vote_average: candidate.vote_average,
        };
        return { ...operation, item: { ...item, id: watchLaterKey(item) } };
      }
      case 'ratings':
      case 'hidden':
        return { ...operation, item: { ...operation.item, ...named } } as SyncOperation;
      default:
        return operation;
    }
  });
}

import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import {
  filmsKnownFrom,
  LETTERBOXD_FILES,
  letterboxdHeader,
  letterboxdLine,
  yearOf,
  type LetterboxdFile,
  type LetterboxdFilm,
} from '@marquee/core/account-data/letterboxd-csv';
import {
  MARQUEE_EXPORT_FORMAT,
  MARQUEE_EXPORT_VERSION,
  exportDatePart,
  withoutSynced,
  type ExportedHistoryItem,
} from '@marquee/core/account-data/marquee-export';
import { isWatchedEntry, type HistoryItem } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { hitRateLimit } from '../auth/account-rate-limit.ts';
import { findSettings, listWatchLater } from '../me/me.repository.ts';
import {
  deleteAccountRows,
  findExportedAccount,
  findPasswordHash,
  listExportedComments,
  listExportedFeedback,
  listExportedHidden,
  listExportedRatings,
  pageExportedHistory,
  type HistoryCursor,
} from './account-data.repository.ts';

/** History rows read at a time while an export streams. */
export const EXPORT_PAGE_SIZE = 1000;

/** At most this many films are looked up in the catalogue for a name or year the stores lack. */
export const FILM_LOOKUP_LIMIT = 500;
const LOOKUP_CONCURRENCY = 4;

/** Every live history entry, a page at a time, newest first. */
async function* historyPages(db: Db, userId: string): AsyncGenerator<ExportedHistoryItem[]> {
  let cursor: HistoryCursor | null = null;
  do {
    const page = await pageExportedHistory(db, userId, cursor, EXPORT_PAGE_SIZE);
    if (page.items.length > 0) yield page.items;
    cursor = page.next;
  } while (cursor);
}

/**
 * The account's export as JSON text, piece by piece (the shape: MarqueeExport in
 * @marquee/core/account-data/marquee-export). The history comes last, a page at a time.
 */
export async function* exportJson(db: Db, userId: string, now: Date): AsyncGenerator<string> {
  const [account, settings, watchLater, ratings, hidden, comments, feedback] = await Promise.all([
    findExportedAccount(db, userId),
    findSettings(db, userId),
    listWatchLater(db, userId),
    listExportedRatings(db, userId),
    listExportedHidden(db, userId),
    listExportedComments(db, userId),
    listExportedFeedback(db, userId),
  ]);
  if (!account) throw new AppError('not_found', 'Account not found');
  const field = (name: string, value: unknown) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)},\n`;
  const list = (name: string, items: readonly unknown[]) =>
    `  ${JSON.stringify(name)}: [${items.map((item) => `\n    ${JSON.stringify(item)}`).join(',')}${items.length ? '\n  ' : ''}],\n`;
  yield '{\n';
  yield field('format', MARQUEE_EXPORT_FORMAT);
  yield field('version', MARQUEE_EXPORT_VERSION);
  yield field('exported_at', now.toISOString());
  yield field('account', account);
  yield field('settings', settings.settings);
  yield list('watch_later', watchLater.map(withoutSynced));
  yield list('ratings', ratings);
  yield list('hidden', hidden);
  yield list('comments', comments);
  yield list('feedback', feedback);
  yield '  "history": [';
  let isFirst = true;
  for await (const page of historyPages(db, userId)) {
    let text = '';
    for (const item of page) {
      text += `${isFirst ? '' : ','}\n    ${JSON.stringify(item)}`;
      isFirst = false;
    }
    yield text;
  }
  yield isFirst ? ']\n}\n' : '\n  ]\n}\n';
}

export interface LetterboxdDeps {
  db: Db;
  catalogue: Pick<CatalogueProvider, 'movie' | 'mode'>;
}

/**
 * Names and years of films, from what the stores hold and else from the catalogue (up to
 * FILM_LOOKUP_LIMIT lookups an export; a film it cannot find keeps what is known).
 */
function filmBook(catalogue: LetterboxdDeps['catalogue']) {
  const films = new Map<number, LetterboxdFilm>();
  let lookups = 0;
  const lookUp = async (id: number) => {
    if (lookups >= FILM_LOOKUP_LIMIT) return;
    lookups++;
    try {
      const movie = await catalogue.movie(id);
      const known = films.get(id);
      films.set(id, { name: known?.name || movie.title, year: yearOf(movie.release_date) });
    } catch {
      // Gone from the catalogue, or the catalogue is down: the row keeps the name it has.
    }
  };
  return {
    note(more: Map<number, LetterboxdFilm>) {
      for (const [id, film] of more) {
        const known = films.get(id);
        if (!known) films.set(id, film);
        else if (known.year === null && film.year !== null) known.year = film.year;
      }
    },
    /** Fills in the films of `ids` whose year (or name) is missing. */
    async complete(ids: readonly number[]) {
      const missing = [...new Set(ids)].filter((id) => (films.get(id)?.year ?? null) === null);
      for (let start = 0; start < missing.length; start += LOOKUP_CONCURRENCY) {
        await Promise.all(missing.slice(start, start + LOOKUP_CONCURRENCY).map(lookUp));
      }
    },
    get: (id: number) => films.get(id),
  };
}

const isWatchedFilm = (item: ExportedHistoryItem) =>
  item.content_type === 'movie' && isWatchedEntry(item as HistoryItem);

/**
 * The Letterboxd-shaped CSVs of the account (@marquee/core/account-data/letterboxd-csv), each as
 * lines: the history is read again for each of the two files that list it, a page at a time.
 */
async function* letterboxdLines(
  db: Db,
  userId: string,
  file: LetterboxdFile,
  context: { book: ReturnType<typeof filmBook>; ratingOf: Map<number, number>; withTmdbIds: boolean },
): AsyncGenerator<string> {
  const { book, ratingOf, withTmdbIds } = context;
  const day = (at: string) => exportDatePart(new Date(at), 'utc');
  const film = (id: number, name = ''): LetterboxdFilm => ({
    ...(book.get(id) ?? { name, year: null }),
    tmdbId: withTmdbIds ? id : null,
  });
  yield letterboxdHeader(file, withTmdbIds);
  if (file === 'watched.csv' || file === 'diary.csv') {
    for await (const page of historyPages(db, userId)) {
      const watched = page.filter(isWatchedFilm);
      book.note(filmsKnownFrom({ history: watched, watch_later: [] }));
      await book.complete(watched.map((item) => item.movie_id));
      yield watched
        .map((item) => {
          const row = { film: film(item.movie_id, item.movie_title), date: day(item.watched_at) };
          return file === 'watched.csv'
            ? letterboxdLine(file, row, withTmdbIds)
            : letterboxdLine(
                file,
                {
                  ...row,
                  rating: ratingOf.get(item.movie_id) ?? null,
                  rewatch: item.play_count > 1,
                  watchedDate: row.date,
                },
                withTmdbIds,
              );
        })
        .join('');
    }
  } else if (file === 'ratings.csv') {
    const ratings = (await listExportedRatings(db, userId)).filter(
      (item) => item.content_type === 'movie' && item.season_number === null,
    );
    await book.complete(ratings.map((item) => item.movie_id));
    yield ratings
      .map((item) =>
        letterboxdLine(file, { film: film(item.movie_id), date: day(item.rated_at), rating: item.rating }, withTmdbIds),
      )
      .join('');
  } else {
    const films = (await listWatchLater(db, userId)).filter((item) => item.content_type === 'movie');
    book.note(filmsKnownFrom({ history: [], watch_later: films }));
    await book.complete(films.map((item) => item.movie_id));
    yield films
      .map((item) =>
        letterboxdLine(file, { film: film(item.movie_id, item.movie_title), date: day(item.added_at) }, withTmdbIds),
      )
      .join('');
  }
}

/**
 * The account's films as a ZIP of Letterboxd-shaped CSVs, streamed: each file is deflated as its
 * lines come, and the stream waits for the client when it falls behind.
 */
export function exportLetterboxdZip(deps: LetterboxdDeps, userId: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, isFinal) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (isFinal) out.end();
  });
  const write = async () => {
    const ratings = await listExportedRatings(deps.db, userId);
    const context = {
      book: filmBook(deps.catalogue),
      ratingOf: new Map(
        ratings
          .filter((item) => item.content_type === 'movie' && item.season_number === null)
          .map((item) => [item.movie_id, item.rating]),
      ),
      withTmdbIds: deps.catalogue.mode === 'tmdb',
    };
    // Names and years of Watch Later films help the other files too.
    context.book.note(
      filmsKnownFrom({
        history: [],
        watch_later: (await listWatchLater(deps.db, userId)).filter((item) => item.content_type === 'movie'),
      }),
    );
    for (const file of LETTERBOXD_FILES) {
      const entry = new ZipDeflate(file, { level: 6 });
      zip.add(entry);
      for await (const text of letterboxdLines(deps.db, userId, file, context)) {
        if (text) entry.push(strToU8(text));
        if (out.writableNeedDrain) await once(out, 'drain');
        if (out.destroyed) return;
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The JSON export as a byte stream. */
export function exportJsonStream(db: Db, userId: string, now: Date): Readable {
  return Readable.from(exportJson(db, userId, now));
}

export interface DeleteAccountDeps {
  db: Db;
  /** better-auth's own check of a password against its hash (its configured hashing). */
  verifyPassword(data: { hash: string; password: string }): Promise<boolean>;
  /** When the session making the request began (an account without a password must have signed in just now). */
  sessionStartedAt(): Promise<Date | null>;
  /** Every app server forgets the account's cached sessions and settings. */
  announceGone(userId: string): Promise<void>;
  now?: () => number;
}

/** Deleting an account is refused after this many attempts in the window (a stolen session guessing the password). */
export const DELETE_ATTEMPTS = { windowSeconds: 15 * 60, max: 10 } as const;
/** An account without a password confirms its deletion by having signed in within this long. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Deletes the signed-in account and every row of it (issue 31 "Account deletion"), once its password
 * is confirmed; a wrong password deletes nothing.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  account: { id: string; email: string },
  password: string | undefined,
): Promise<void> {
  const now = deps.now?.() ?? Date.now();
  const wait = await hitRateLimit(
    deps.db,
    { key: `account-delete:${account.id}`, windowSeconds: DELETE_ATTEMPTS.windowSeconds, max: DELETE_ATTEMPTS.max },
    1,
    now,
  );
  if (wait !== null) {
    throw new AppError('rate_limited', `Too many attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`, {
      retryAfter: wait,
    });
  }
  const hash = await findPasswordHash(deps.db, account.id);
  if (hash !== null) {
    if (!password) throw new AppError('invalid_input', 'Invalid password: is required');
    if (!(await deps.verifyPassword({ hash, password }))) {
      throw new AppError('invalid_input', 'Invalid password: that is not your password');
    }
  } else {
    const startedAt = await deps.sessionStartedAt();
    if (!startedAt || now - startedAt.getTime() > FRESH_SIGN_IN_MS) {
      throw new AppError('forbidden', 'Sign in again, then delete your account within 10 minutes');
    }
  }
  await deleteAccountRows(deps.db, account.id, account.email);
  await deps.announceGone(account.id);
}

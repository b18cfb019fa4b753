import { strToU8, zipSync } from 'fflate';
import type { MovieDetails } from '@marquee/core';
import {
  filmsKnownFrom,
  filmsToLookUp,
  letterboxdCsvs,
  yearOf,
  type LetterboxdFilm,
} from '@marquee/core/account-data/letterboxd-csv';
import {
  exportFilename,
  MARQUEE_EXPORT_FORMAT,
  MARQUEE_EXPORT_VERSION,
  withoutSynced,
  type MarqueeExport,
} from '@marquee/core/account-data/marquee-export';
import { apiFetch } from '../api-client.ts';
import type { AppConfig } from '../app-config.ts';
import { getHiddenStore } from '../local-store/hidden-store.ts';
import { getHistoryStore } from '../local-store/history-store.ts';
import { getRatingsStore } from '../local-store/ratings-store.ts';
import { getSettingsStore } from '../local-store/settings-store.ts';
import { getWatchLaterStore } from '../local-store/watch-later-store.ts';

// Loaded at the first press of an export button: the zip code (fflate) and the CSV rules stay out
// of every page's first JavaScript.

/** A guest's export, everything this browser holds (MarqueeExport, with no account, comments or feedback). */
export function guestExport(now = new Date()): MarqueeExport {
  return {
    format: MARQUEE_EXPORT_FORMAT,
    version: MARQUEE_EXPORT_VERSION,
    exported_at: now.toISOString(),
    account: null,
    settings: getSettingsStore().getSnapshot(),
    history: getHistoryStore().getSnapshot().map(withoutSynced),
    watch_later: getWatchLaterStore().getSnapshot().map(withoutSynced),
    ratings: getRatingsStore().getSnapshot().map(withoutSynced),
    hidden: getHiddenStore().getSnapshot().map(withoutSynced),
    comments: [],
    feedback: [],
  };
}

/** The guest's export as a JSON file. */
export function guestJsonFile(now = new Date()): { filename: string; blob: Blob } {
  return {
    filename: exportFilename(now, 'json'),
    blob: new Blob([JSON.stringify(guestExport(now), null, 2)], { type: 'application/json' }),
  };
}

/** At most this many films are looked up for a name or year the browser's stores lack. */
const LOOKUP_LIMIT = 200;
const LOOKUP_CONCURRENCY = 4;

/** Names and years of `ids` from the catalogue, a few at a time; a film it cannot give is left out. */
async function lookUpFilms(ids: readonly number[]): Promise<Map<number, LetterboxdFilm>> {
  const found = new Map<number, LetterboxdFilm>();
  const wanted = ids.slice(0, LOOKUP_LIMIT);
  for (let start = 0; start < wanted.length; start += LOOKUP_CONCURRENCY) {
    await Promise.all(
      wanted.slice(start, start + LOOKUP_CONCURRENCY).map(async (id) => {
        try {
          const movie = await apiFetch<MovieDetails>(`/api/catalogue/movie/${id}`);
          found.set(id, { name: movie.title, year: yearOf(movie.release_date) });
        } catch (error) {
          console.warn(`Could not look up film ${id} for the Letterboxd export`, error);
        }
      }),
    );
  }
  return found;
}

/**
 * The guest's films as Letterboxd's importer reads them: a ZIP of watched.csv, diary.csv,
 * ratings.csv and watchlist.csv. `config` says whether Marquee's ids are TMDB's.
 */
export async function guestLetterboxdFile(
  config: Pick<AppConfig, 'catalogue'> | undefined,
  now = new Date(),
): Promise<{ filename: string; blob: Blob }> {
  const data = guestExport(now);
  const known = filmsKnownFrom(data);
  for (const [id, film] of await lookUpFilms(filmsToLookUp(data, known))) {
    const stored = known.get(id);
    known.set(id, { name: stored?.name || film.name, year: stored?.year ?? film.year });
  }
  const files = letterboxdCsvs(data, { film: (id) => known.get(id), withTmdbIds: config?.catalogue === 'tmdb' });
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
  return { filename: exportFilename(now, 'zip'), blob: new Blob([zip], { type: 'application/zip' }) };
}

/** Saves a Blob as a file through a temporary link. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  saveFrom(url, filename);
  // Some browsers start the download after click() returns; the URL must live until then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads an address (the server's export, an attachment) without leaving the page. */
export function saveFrom(url: string, filename = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

import { createHash } from 'node:crypto';
import { opendir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaType, TitleSummary } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { normaliseTitle, parseMediaPath, videoContentType, type ParsedMediaName } from './media-names.ts';

/** One video file of MEDIA_DIR matched to a catalogue title (DESIGN.md "Library"). */
export interface MediaFile {
  id: string;
  /** Relative to MEDIA_DIR, with forward slashes. */
  path: string;
  media_type: MediaType;
  title_id: number;
  season_number: number | null;
  episode_number: number | null;
  stream_url: string;
}

export interface UnmatchedFile {
  path: string;
  reason: string;
}

export interface LibrarySnapshot {
  results: MediaFile[];
  unmatched: UnmatchedFile[];
  scanning: boolean;
  scanned_at: string | null;
}

type Search = Pick<CatalogueProvider, 'search'>;

/** A stable id per relative path: the client names files by id, never by path. */
export function mediaFileId(relativePath: string): string {
  return createHash('sha256').update(relativePath).digest('hex').slice(0, 24);
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

/**
 * Resolves a relative path under the media root through symlinks; null when the real file lies
 * outside the root (a link pointing elsewhere must not turn the Library into a file server).
 */
export async function resolveInside(root: string, relativePath: string): Promise<string | null> {
  const realRoot = await realpath(root);
  const joined = path.resolve(realRoot, relativePath);
  if (!isInside(realRoot, joined)) return null;
  try {
    const real = await realpath(joined);
    return isInside(realRoot, real) ? real : null;
  } catch {
    return null;
  }
}

async function* walk(root: string, relative = ''): AsyncGenerator<string> {
  const dir = await opendir(path.join(root, relative));
  for await (const entry of dir) {
    if (entry.name.startsWith('.')) continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    // Symlinked folders are not followed: a loop or a link to / would make the walk endless.
    if (entry.isDirectory()) yield* walk(root, child);
    else if ((entry.isFile() || entry.isSymbolicLink()) && videoContentType(entry.name)) yield child;
  }
}

function yearOf(summary: TitleSummary): number | null {
  const date = summary.release_date ?? summary.first_air_date;
  return date ? Number(date.slice(0, 4)) : null;
}

/**
 * The catalogue title a parsed name refers to: same type, same title once normalised (or the
 * original title), and the same year (±1, release dates differ between countries) when the name
 * has one. Among several, the most popular.
 */
export async function matchTitle(
  catalogue: Search,
  parsed: Exclude<ParsedMediaName, { kind: 'unrecognised' }>,
): Promise<TitleSummary | null> {
  const type: MediaType = parsed.kind === 'movie' ? 'movie' : 'tv';
  const wanted = normaliseTitle(parsed.title);
  const { results } = await catalogue.search({ q: parsed.title.slice(0, 200), page: 1 });
  const candidates = results.filter((summary) => {
    if (summary.media_type !== type) return false;
    const names = [summary.title, summary.original_title, summary.name, summary.original_name];
    if (!names.some((name) => name && normaliseTitle(name) === wanted)) return false;
    const year = yearOf(summary);
    return parsed.year === null || (year !== null && Math.abs(year - parsed.year) <= 1);
  });
  candidates.sort((a, b) => {
    const exactYear = Number(yearOf(b) === parsed.year) - Number(yearOf(a) === parsed.year);
    return exactYear || b.popularity - a.popularity;
  });
  return candidates[0] ?? null;
}

function describeMiss(parsed: Exclude<ParsedMediaName, { kind: 'unrecognised' }>): string {
  const year = parsed.year ? ` (${parsed.year})` : '';
  return parsed.kind === 'movie'
    ? `no catalogue movie matches "${parsed.title}"${year}`
    : `no catalogue series matches "${parsed.title}"${year}`;
}

export interface MediaLibrary {
  snapshot(): LibrarySnapshot;
  /** Starts a scan unless one is running; resolves when the current scan ends. */
  rescan(): Promise<void>;
  /** When the last scan ended (ms since the epoch), whether it succeeded or not; null before any. */
  lastScanEndedAt(): number | null;
  find(id: string): MediaFile | undefined;
  forTitle(type: MediaType, id: number): MediaFile[];
  /** Calls `listener` with the new index after each scan that completed; returns the unsubscribe. */
  onScanned(listener: (files: readonly MediaFile[]) => void): () => void;
  readonly root: string | null;
}

/**
 * The Library source's index of MEDIA_DIR. Scans walk the folder asynchronously (requests keep
 * being answered) and only one runs at a time; a request for a rescan during a scan joins it.
 * The previous index is served until the new one is complete.
 */
export function createMediaLibrary(
  root: string | null,
  catalogue: Search,
  log: { warn(obj: unknown, msg?: string): void } = console,
): MediaLibrary {
  let files: MediaFile[] = [];
  let unmatched: UnmatchedFile[] = [];
  let scannedAt: string | null = null;
  let running: Promise<void> | null = null;
  let endedAt: number | null = null;
  const listeners = new Set<(files: readonly MediaFile[]) => void>();
  // Titles found in earlier scans: a rescan after a file was added (the folder watch) searches the
  // catalogue only for names it has not matched yet. Misses are asked again each scan.
  const matched = new Map<string, TitleSummary>();

  async function scan(mediaRoot: string): Promise<void> {
    const found: MediaFile[] = [];
    const missed: UnmatchedFile[] = [];
    const lookups = new Map<string, Promise<TitleSummary | null>>();
    for await (const relative of walk(mediaRoot)) {
      const real = await resolveInside(mediaRoot, relative);
      if (
        !real ||
        !(await stat(real).then(
          (s) => s.isFile(),
          () => false,
        ))
      ) {
        missed.push({ path: relative, reason: 'points outside MEDIA_DIR or to no file' });
        continue;
      }
      const parsed = parseMediaPath(relative);
      if (parsed.kind === 'unrecognised') {
        missed.push({ path: relative, reason: parsed.reason });
        continue;
      }
      const key = `${parsed.kind}:${normaliseTitle(parsed.title)}:${parsed.year ?? ''}`;
      const known = matched.get(key);
      if (known) lookups.set(key, Promise.resolve(known));
      if (!lookups.has(key)) lookups.set(key, matchTitle(catalogue, parsed));
      let title: TitleSummary | null;
      try {
        title = await lookups.get(key)!;
      } catch (error) {
        log.warn({ err: error, path: relative }, 'media: catalogue search failed');
        missed.push({ path: relative, reason: 'the catalogue could not be searched' });
        continue;
      }
      if (!title) {
        missed.push({ path: relative, reason: describeMiss(parsed) });
        continue;
      }
      matched.set(key, title);
      const id = mediaFileId(relative);
      found.push({
        id,
        path: relative,
        media_type: title.media_type,
        title_id: title.id,
        season_number: parsed.kind === 'episode' ? parsed.season : null,
        episode_number: parsed.kind === 'episode' ? parsed.episode : null,
        stream_url: `/api/media/stream/${id}`,
      });
    }
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    files = found.sort(byPath);
    unmatched = missed.sort(byPath);
    scannedAt = new Date().toISOString();
    for (const listener of listeners) listener(files);
  }

  return {
    root,
    snapshot: () => ({ results: files, unmatched, scanning: running !== null, scanned_at: scannedAt }),
    rescan() {
      if (!root) return Promise.resolve();
      running ??= scan(root)
        .catch((error: unknown) => log.warn({ err: error }, 'media: scan failed'))
        .finally(() => {
          running = null;
          endedAt = Date.now();
        });
      return running;
    },
    lastScanEndedAt: () => endedAt,
    onScanned(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    find: (id) => files.find((file) => file.id === id),
    forTitle: (type, id) =>
      files
        .filter((file) => file.media_type === type && file.title_id === id)
        .sort(
          (a, b) =>
            (a.season_number ?? 0) - (b.season_number ?? 0) ||
            (a.episode_number ?? 0) - (b.episode_number ?? 0) ||
            a.path.localeCompare(b.path),
        ),
  };
}

import { gzipSync } from 'node:zlib';
import { progressList, type HistoryItem, type ProgressEpisode, type SeriesProgress } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { withConnection, type Db } from '../../db/client.ts';
import { catalogueEpisodes, mapLimited } from './episode-guide.ts';
import {
  findSyncVersion,
  keptProgress,
  listDropTimes,
  listDroppedSeries,
  listLocalProgress,
  listProgressChanges,
  listSeriesProgress,
  listTvHistory,
  type SeriesProgressEntry,
} from './progress.repository.ts';

export interface ProgressDeps {
  db: Db;
  catalogue: Pick<CatalogueProvider, 'mode' | 'tv' | 'season'>;
}

/** Reads the account's version (`personal_sync`): from the database, or from memory (progress.routes.ts). */
export type SyncVersionReader = (db: Db, userId: string) => Promise<number>;

/** The UTC day of an instant: the server's "today" for what has aired. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * `GET /api/me/progress` (DESIGN.md): every series the account started and did not drop, the
 * most recently watched first. Over the local catalogue the database computes it (its episodes
 * are a table); over TMDB the episodes come from the provider (its cache first) and core's rule
 * runs here, as it does in a guest's browser.
 */
export async function getProgress(deps: ProgressDeps, userId: string, now: Date): Promise<SeriesProgress[]> {
  const today = utcDay(now);
  if (deps.catalogue.mode === 'local') return listLocalProgress(deps.db, userId, today);

  const [history, dropped] = await Promise.all([listTvHistory(deps.db, userId), listDroppedSeries(deps.db, userId)]);
  const seriesIds = [...new Set(history.map((entry) => entry.movie_id))];
  const guides = await mapLimited(seriesIds, (id) => catalogueEpisodes(deps.catalogue as CatalogueProvider, id));
  const episodes = new Map<number, ProgressEpisode[]>(seriesIds.map((id, index) => [id, guides[index]!]));
  return progressList(history as HistoryItem[], (id) => episodes.get(id) ?? [], today, dropped);
}

/** How an answer was had: held unchanged, the held one with the changed series computed again, or all computed. */
export type ProgressComputation = 'cached' | 'changed' | 'full';

export interface ProgressAnswer {
  /** The body of `GET /api/me/progress`. */
  json: string;
  computed: ProgressComputation;
  /** The body gzipped: made once per held answer, not on every request that accepts gzip. */
  gzip(): Buffer;
}

type HeldEntry = HeldProgress & { expires: number; gzip?: Buffer };

function answer(entry: HeldEntry, computed: ProgressComputation): ProgressAnswer {
  return { json: entry.json, computed, gzip: () => (entry.gzip ??= gzipSync(entry.json)) };
}

/**
 * `GET /api/me/progress` through the account's held answer. Up Next is read on every home page
 * and after every episode watched, and a change touches one series or a few: over the local
 * catalogue the held answer keeps each series' progress, and after a change only the series whose
 * entries changed since the held version are computed again and merged, the dropped series read
 * again (a settings change), in one statement (listProgressChanges). A new day (what has aired) or the
 * end of the held answer's time computes everything. Over TMDB any change computes everything.
 */
export async function answerProgress(
  deps: ProgressDeps & { cache: ProgressCache; syncVersion?: SyncVersionReader },
  userId: string,
  now: Date,
): Promise<ProgressAnswer> {
  const day = utcDay(now);
  const at = now.getTime();
  // Read before computing: a change committed meanwhile is in the answer or raises the version.
  const version = await (deps.syncVersion ?? findSyncVersion)(deps.db, userId);
  const held = deps.cache.get(userId, day, at);
  if (held?.version === version) return answer(held, 'cached');

  if (deps.catalogue.mode !== 'local') {
    const json = JSON.stringify({ results: await getProgress(deps, userId, now) });
    return answer(deps.cache.set(userId, { day, version, json, series: null }, at), 'full');
  }

  // Versions only grow: a held answer of a later version (a request that read after this one)
  // cannot be walked back, so this one computes everything.
  if (held?.series && held.version < version) {
    const changes = await listProgressChanges(deps.db, userId, day, held.version);
    const series = new Map(held.series);
    for (const id of changes.changed) series.delete(id);
    for (const entry of changes.entries) series.set(entry.progress.series.id, entry);
    const json = JSON.stringify({ results: keptProgress(series.values(), changes.drops) });
    const entry = deps.cache.set(userId, { day, version: changes.version, json, series }, at, held.expires);
    return answer(entry, 'changed');
  }

  const [entries, drops] = await withConnection(deps.db, (db) =>
    Promise.all([listSeriesProgress(db, userId, day), listDropTimes(db, userId)]),
  );
  const series = new Map(entries.map((entry) => [entry.progress.series.id, entry]));
  const json = JSON.stringify({ results: keptProgress(series.values(), drops) });
  return answer(deps.cache.set(userId, { day, version, json, series }, at), 'full');
}

/** One account's held answer: valid for one day, at one version of its personal data. */
export interface HeldProgress {
  day: string;
  /** The account's version: read before the answer was computed, or in the statement that computed it. */
  version: number;
  json: string;
  /** Each started series' progress (the local catalogue), dropped ones included; null over TMDB. */
  series: ReadonlyMap<number, SeriesProgressEntry> | null;
}

/**
 * Answers of `GET /api/me/progress` by account (see {@link answerProgress}). Any write raises the
 * version in the database, so every server sees a change at once; the time limit, counted from
 * the last computation of every series, bounds what a new catalogue import could leave stale. The
 * account used longest ago is forgotten first past `limit`.
 */
export class ProgressCache {
  private readonly answers = new Map<string, HeldEntry>();

  constructor(
    private readonly limit = 2000,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  /** The account's held answer of `day` and its time limit, unless that has passed. */
  get(userId: string, day: string, now: number): HeldEntry | undefined {
    const entry = this.answers.get(userId);
    if (!entry || entry.day !== day || entry.expires <= now) return undefined;
    // Most recently used last: the first key is the one to forget.
    this.answers.delete(userId);
    this.answers.set(userId, entry);
    return entry;
  }

  /**
   * Holds an answer until `expires` (by default the time limit from `now`); the entry. An answer
   * of an earlier version than the one held for the same day (a slower request) is not kept.
   */
  set(userId: string, held: HeldProgress, now: number, expires = now + this.ttlMs): HeldEntry {
    const entry = { ...held, expires };
    const current = this.answers.get(userId);
    if (current && current.day === held.day && current.expires > now && current.version > held.version) return entry;
    this.answers.delete(userId);
    this.answers.set(userId, entry);
    if (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value!);
    return entry;
  }
}

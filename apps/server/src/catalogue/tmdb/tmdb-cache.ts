import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tmdbCache } from './tmdb-schema.ts';

/** One cached TMDB answer. */
export interface TmdbCacheEntry {
  body: unknown;
  fetchedAt: Date;
  expiresAt: Date;
}

export interface TmdbCache {
  get(key: string): Promise<TmdbCacheEntry | null>;
  /** Stores (or replaces) an answer, fresh for ttlSeconds from `now`. */
  set(key: string, body: unknown, ttlSeconds: number, now?: Date): Promise<void>;
  /**
   * Deletes the entries that expired before `expiredBefore` and returns how many went. Stale
   * entries are the fallback while TMDB is down, so housekeeping should only drop old ones
   * (e.g. expired for more than 30 days).
   */
  purge(expiredBefore: Date): Promise<number>;
}

/** A query value; undefined, null and '' are left out of the request and of the key. */
export type TmdbQueryValue = string | number | boolean | null | undefined;
export type TmdbQuery = Record<string, TmdbQueryValue>;

/** The query's parameters that are sent, sorted by name (then value), as [name, value] pairs. */
export function queryEntries(query: TmdbQuery): Array<[string, string]> {
  return Object.entries(query)
    .filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
    )
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
}

/** The cache key of a request: its path and its sorted query string ("/movie/550?language=en-US"). */
export function cacheKey(path: string, query: TmdbQuery): string {
  const search = new URLSearchParams(queryEntries(query)).toString();
  return search ? `${path}?${search}` : path;
}

/** The TMDB cache repository on the tmdb_cache table. */
export function createTmdbCache(db: Db): TmdbCache {
  return {
    async get(key) {
      const rows = await db
        .select({ body: tmdbCache.body, fetchedAt: tmdbCache.fetchedAt, expiresAt: tmdbCache.expiresAt })
        .from(tmdbCache)
        .where(eq(tmdbCache.key, key))
        .limit(1);
      return rows[0] ?? null;
    },

    async set(key, body, ttlSeconds, now = new Date()) {
      const fetchedAt = now;
      const expiresAt = new Date(now.getTime() + Math.max(0, ttlSeconds) * 1000);
      await db
        .insert(tmdbCache)
        .values({ key, body, fetchedAt, expiresAt })
        .onConflictDoUpdate({ target: tmdbCache.key, set: { body, fetchedAt, expiresAt } });
    },

    async purge(expiredBefore) {
      const deleted = await db
        .delete(tmdbCache)
        .where(lt(tmdbCache.expiresAt, expiredBefore))
        .returning({ key: tmdbCache.key });
      return deleted.length;
    },
  };
}

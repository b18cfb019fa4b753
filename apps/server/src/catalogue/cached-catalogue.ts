import type { DiscoverParams } from '@marquee/core';
import { SIMILAR_LIMIT, type CatalogueProvider } from './provider.ts';

export interface CacheOptions {
  /** How long an answer is reused. The local catalogue changes only on import; TMDB has its own cache. */
  ttlMs?: number;
  /** Answers kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
  isSettled: boolean;
}

/**
 * An in-memory answer cache in front of a provider: repeated reads of the same page, search or
 * title (the common case: every visitor opens the same home page and popular titles) skip the
 * database. Failures are never cached, and concurrent identical reads share one query.
 */
export function withAnswerCache(
  provider: CatalogueProvider,
  { ttlMs = 5 * 60_000, maxEntries = 2000, now = Date.now }: CacheOptions = {},
): CatalogueProvider {
  const entries = new Map<string, Entry>();

  function store(key: string, value: Promise<unknown>, isSettled: boolean): Entry {
    const entry = { expires: now() + ttlMs, value, isSettled };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return entry;
  }

  /**
   * The cache over `source`. With a request deadline, a read neither joins one that another
   * request started (it may end later than this request may wait: the source's view of the
   * deadline joins the upstream call instead, and stops waiting in time) nor lends its own out
   * before it ends (it may fail only because this request's time ran out); its answer is kept
   * once it comes.
   */
  function cached(source: CatalogueProvider, hasDeadline: boolean): CatalogueProvider {
    function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now() && (hit.isSettled || !hasDeadline)) {
        entries.delete(key);
        entries.set(key, hit); // most recently used goes last
        return hit.value as Promise<T>;
      }
      const value = load();
      if (hasDeadline) {
        value.then(
          (answer) => store(key, Promise.resolve(answer), true),
          () => {},
        );
        return value;
      }
      const entry = store(key, value, false);
      value.then(
        () => {
          entry.isSettled = true;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    }

    const key = (method: string, args: unknown[]) => `${method}:${JSON.stringify(args)}`;
    const view: CatalogueProvider = {
      mode: source.mode,
      capabilities: source.capabilities,
      discover: (params) => remember(key('discover', [params]), () => source.discover(params)),
      ...(source.discoverAmong && {
        discoverAmong: (params: DiscoverParams, ids: readonly number[]) =>
          remember(key('discoverAmong', [params, ids]), () => source.discoverAmong!(params, ids)),
      }),
      search: (params) => remember(key('search', [params]), () => source.search(params)),
      // The period's start depends on today: the cache key holds the date.
      topRated: (params, at = new Date()) =>
        remember(key('topRated', [params, at.toISOString().slice(0, 10)]), () => source.topRated(params, at)),
      movie: (id) => remember(key('movie', [id]), () => source.movie(id)),
      tv: (id) => remember(key('tv', [id]), () => source.tv(id)),
      season: (id, n) => remember(key('season', [id, n]), () => source.season(id, n)),
      similar: (type, id, limit = SIMILAR_LIMIT) =>
        remember(key('similar', [type, id, limit]), () => source.similar(type, id, limit)),
      genres: (type) => remember(key('genres', [type]), () => source.genres(type)),
      candidates: (query) => remember(key('candidates', [query]), () => source.candidates(query)),
      findByImdbId: (imdbId) => remember(key('findByImdbId', [imdbId]), () => source.findByImdbId(imdbId)),
      withRequestDeadline: () => {
        if (hasDeadline) return view;
        const withDeadline = source.withRequestDeadline();
        // A provider without an upstream has no deadline to keep: the plain cache serves it.
        return withDeadline === source ? view : cached(withDeadline, true);
      },
    };
    return view;
  }

  return cached(provider, false);
}

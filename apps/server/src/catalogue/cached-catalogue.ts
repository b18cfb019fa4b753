import type { CatalogueProvider } from './provider.ts';

export interface CacheOptions {
  /** How long an answer is reused. The local catalogue changes only on import; TMDB has its own cache. */
  ttlMs?: number;
  /** Answers kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
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
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      entries.delete(key);
      entries.set(key, hit); // most recently used goes last
      return hit.value as Promise<T>;
    }
    const value = load();
    entries.set(key, { expires: now() + ttlMs, value });
    value.catch(() => entries.delete(key));
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return value;
  }

  const key = (method: string, args: unknown[]) => `${method}:${JSON.stringify(args)}`;
  return {
    mode: provider.mode,
    capabilities: provider.capabilities,
    discover: (params) => remember(key('discover', [params]), () => provider.discover(params)),
    search: (params) => remember(key('search', [params]), () => provider.search(params)),
    // The period's start depends on today: the cache key holds the date.
    topRated: (params, at = new Date()) =>
      remember(key('topRated', [params, at.toISOString().slice(0, 10)]), () => provider.topRated(params, at)),
    movie: (id) => remember(key('movie', [id]), () => provider.movie(id)),
    tv: (id) => remember(key('tv', [id]), () => provider.tv(id)),
    season: (id, n) => remember(key('season', [id, n]), () => provider.season(id, n)),
    similar: (type, id) => remember(key('similar', [type, id]), () => provider.similar(type, id)),
    genres: (type) => remember(key('genres', [type]), () => provider.genres(type)),
    candidates: (query) => remember(key('candidates', [query]), () => provider.candidates(query)),
  };
}

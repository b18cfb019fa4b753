import { setTimeout as delay } from 'node:timers/promises';
import { AppError } from '../../plugins/errors.ts';
import { cacheKey, queryEntries, type TmdbCache, type TmdbCacheEntry, type TmdbQuery } from './tmdb-cache.ts';

export type { TmdbQuery } from './tmdb-cache.ts';

/** The part of a pino/Fastify logger the client uses. */
export interface TmdbLogger {
  warn(details: Record<string, unknown>, message: string): void;
  debug?(details: Record<string, unknown>, message: string): void;
}

export interface TmdbClientOptions {
  /** TMDB's API base, e.g. https://api.themoviedb.org/3 (config TMDB_API_URL). */
  baseUrl: string;
  /** The v4 read access token (config TMDB_API_TOKEN); sent as a bearer token, never logged. */
  token: string;
  cache: TmdbCache;
  /**
   * Time limit of one call: its attempts, 429 waits and rate-limiter turns together, so that no
   * request of a user waits on TMDB longer than this (a 429 whose Retry-After does not fit is not
   * waited for: the call answers from the cache or fails).
   */
  timeoutMs?: number;
  /** Outgoing requests allowed in any one-second window; further calls wait their turn. */
  maxPerSecond?: number;
  /** Retries of a 429 answer, each after its Retry-After. */
  maxRetries?: number;
  /** The longest Retry-After wait honoured; longer ones are cut to this. */
  maxRetryWaitMs?: number;
  /**
   * After TMDB failed (down, timeout), for this long TMDB counts as down: a call with a stale
   * answer gets it at once, and a call with nothing cached asks TMDB only when no other call is
   * already finding out whether it is back (otherwise it fails at once). A success ends it; 0
   * turns this off.
   */
  coolDownMs?: number;
  fetchImpl?: typeof fetch;
  /** Wall clock of the cache's fetched/expires times. */
  now?: () => Date;
  /** Monotonic milliseconds of the rate limiter and the cool-down (injectable for tests). */
  clock?: () => number;
  /** Waits of the rate limiter and of 429 retries (injectable for tests). */
  sleep?: (ms: number) => Promise<void>;
  logger?: TmdbLogger;
}

export interface TmdbGetOptions<T> {
  /** How long the answer is fresh in the cache. */
  ttlSeconds: number;
  /**
   * Trims an answer before it is cached and returned (e.g. drops the cast of a details answer);
   * the result must keep TMDB's shape, since stale entries are read back through the same code.
   */
  prune?: (body: T) => T;
}

export interface TmdbClient {
  /** GET a TMDB path (e.g. "/movie/550") through the cache; query values left undefined are not sent. */
  get<T>(path: string, query: TmdbQuery, options: TmdbGetOptions<T>): Promise<T>;
  /**
   * This client for one request that makes several calls: together they wait on TMDB no longer
   * than one call may (`timeoutMs` from now). A call that finds the time up is answered from the
   * cache, stale or not, or fails `unavailable`; a TMDB request it stopped waiting for goes on
   * within its own time limit and stores its answer for the next request.
   */
  withRequestDeadline(): TmdbClient;
}

export const UNAVAILABLE_MESSAGE = 'The movie database is not reachable right now';

/** A failed TMDB request, described without the token or the query (which may hold a search). */
class UpstreamError extends Error {
  constructor(
    readonly kind:
      'not_found' | 'unauthorized' | 'rate_limited' | 'server' | 'client' | 'timeout' | 'network' | 'bad_body',
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/**
 * A sliding-window limiter: at most `maxPerSecond` starts in any 1,000 ms. Callers are served in
 * order; a caller over the limit waits until the oldest start of the window is a second old.
 */
export function createRateLimiter(
  maxPerSecond: number,
  clock: () => number,
  sleep: (ms: number) => Promise<void>,
): () => Promise<void> {
  if (!Number.isFinite(maxPerSecond) || maxPerSecond < 1) throw new RangeError('maxPerSecond must be 1 or more');
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  return () => {
    const turn = queue.then(async () => {
      for (;;) {
        const now = clock();
        while (starts.length > 0 && (starts[0] as number) <= now - 1000) starts.shift();
        if (starts.length < maxPerSecond) {
          starts.push(now);
          return;
        }
        await sleep(Math.max(1, (starts[0] as number) + 1000 - now));
      }
    });
    queue = turn.catch(() => {});
    return turn;
  };
}

/** Retry-After as milliseconds: delta seconds or an HTTP date; a missing or odd value counts as 1 s. */
export function retryAfterMs(header: string | null, nowMs: number): number {
  if (header) {
    const trimmed = header.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
    const date = Date.parse(trimmed);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  return 1000;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * The HTTP client of the movie database (TMDB): bearer-authenticated GETs, a time limit on every
 * attempt, a shared rate limit, 429 retries after Retry-After, and a database cache with a
 * time-to-live per endpoint whose stale entries stand in while TMDB is down or slow.
 */
export function createTmdbClient(options: TmdbClientOptions): TmdbClient {
  const {
    cache,
    token,
    timeoutMs = 8000,
    maxPerSecond = 40,
    maxRetries = 2,
    maxRetryWaitMs = 10_000,
    coolDownMs = 30_000,
    fetchImpl = fetch,
    now = () => new Date(),
    clock = () => performance.now(),
    sleep = (ms: number) => delay(ms),
    logger,
  } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const acquire = createRateLimiter(maxPerSecond, clock, sleep);
  /** Requests under way, by cache key: concurrent callers of one key share one TMDB request. */
  const inFlight = new Map<string, Promise<unknown>>();
  /** Until when (clock ms) TMDB counts as down after a failure. */
  let downUntil = -Infinity;
  /** Whether a call is asking TMDB while it counts as down, i.e. finding out whether it is back. */
  let probing = false;

  async function attempt(url: string, deadline: number): Promise<Response> {
    await acquire();
    const left = deadline - clock();
    if (left <= 0) throw new UpstreamError('timeout', null, `no answer within ${timeoutMs} ms`);
    try {
      return await fetchImpl(url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(Math.ceil(left)),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw timedOut
        ? new UpstreamError('timeout', null, `no answer within ${timeoutMs} ms`)
        : new UpstreamError('network', null, describe(error));
    }
  }

  async function fetchJson(path: string, query: TmdbQuery): Promise<unknown> {
    const search = new URLSearchParams(queryEntries(query)).toString();
    const url = `${baseUrl}${path}${search ? `?${search}` : ''}`;
    const deadline = clock() + timeoutMs;
    for (let retry = 0; ; retry++) {
      const response = await attempt(url, deadline);
      const waitMs = Math.min(maxRetryWaitMs, retryAfterMs(response.headers.get('retry-after'), now().getTime()));
      if (response.status === 429 && retry < maxRetries && clock() + waitMs < deadline) {
        await response.body?.cancel().catch(() => {});
        logger?.warn({ path, retryInMs: waitMs }, 'The movie database rate-limited a request; retrying');
        await sleep(waitMs);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        const status = response.status;
        if (status === 404) throw new UpstreamError('not_found', status, 'not found');
        if (status === 401 || status === 403) throw new UpstreamError('unauthorized', status, 'token refused');
        if (status === 429) throw new UpstreamError('rate_limited', status, 'still rate-limited');
        throw new UpstreamError(status >= 500 ? 'server' : 'client', status, `HTTP ${status}`);
      }
      try {
        return await response.json();
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw timedOut
          ? new UpstreamError('timeout', null, `no full answer within ${timeoutMs} ms`)
          : new UpstreamError('bad_body', response.status, 'answer is not JSON');
      }
    }
  }

  async function readCache(key: string, path: string): Promise<TmdbCacheEntry | null> {
    try {
      return await cache.get(key);
    } catch (error) {
      logger?.warn({ path, error: describe(error) }, 'Reading the movie database cache failed');
      return null;
    }
  }

  async function writeCache(key: string, path: string, body: unknown, ttlSeconds: number): Promise<void> {
    try {
      await cache.set(key, body, ttlSeconds, now());
    } catch (error) {
      logger?.warn({ path, error: describe(error) }, 'Writing the movie database cache failed');
    }
  }

  async function load<T>(key: string, path: string, query: TmdbQuery, options: TmdbGetOptions<T>): Promise<T> {
    const cached = await readCache(key, path);
    if (cached && cached.expiresAt.getTime() > now().getTime()) return cached.body as T;
    const isDown = clock() < downUntil;
    if (cached && isDown) {
      logger?.debug?.({ path }, 'The movie database was down moments ago; serving a stale answer');
      return cached.body as T;
    }
    // While TMDB counts as down, one call at a time finds out whether it is back; the others do
    // not each wait out the time limit again for what is most likely another failure.
    if (isDown && probing) {
      logger?.debug?.({ path }, 'The movie database was down moments ago and nothing is cached');
      throw new AppError('unavailable', UNAVAILABLE_MESSAGE);
    }
    if (isDown) probing = true;
    let body: T;
    try {
      const raw = (await fetchJson(path, query)) as T;
      body = options.prune ? options.prune(raw) : raw;
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'not_found') {
        throw new AppError('not_found', 'The movie database has no such title');
      }
      const failure =
        error instanceof UpstreamError
          ? { kind: error.kind, status: error.status, error: error.message }
          : { kind: 'unexpected', error: describe(error) };
      if (!(error instanceof UpstreamError) || error.kind !== 'client') downUntil = clock() + coolDownMs;
      if (cached) {
        logger?.warn(
          { path, ...failure, fetchedAt: cached.fetchedAt.toISOString() },
          'The movie database failed; serving a stale answer',
        );
        return cached.body as T;
      }
      logger?.warn({ path, ...failure }, 'The movie database failed and nothing is cached');
      if (error instanceof UpstreamError && error.kind === 'client') {
        throw new AppError('upstream_failed', 'The movie database refused the request');
      }
      throw new AppError('unavailable', UNAVAILABLE_MESSAGE);
    } finally {
      if (isDown) probing = false;
    }
    downUntil = -Infinity;
    await writeCache(key, path, body, options.ttlSeconds);
    return body;
  }

  /** Concurrent callers of one key share one load. */
  function shared<T>(key: string, path: string, query: TmdbQuery, options: TmdbGetOptions<T>): Promise<T> {
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const request = load(key, path, query, options).finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  /** The answer of a call whose request is out of time: what the cache holds, fresh or stale. */
  async function cachedOnly<T>(key: string, path: string): Promise<T> {
    const cached = await readCache(key, path);
    if (cached) {
      logger?.debug?.({ path }, "The request's time for the movie database is up; serving the cached answer");
      return cached.body as T;
    }
    logger?.warn({ path, kind: 'deadline' }, "The request's time for the movie database is up and nothing is cached");
    throw new AppError('unavailable', UNAVAILABLE_MESSAGE);
  }

  function client(deadline: number | null): TmdbClient {
    const view: TmdbClient = {
      get<T>(path: string, query: TmdbQuery, options: TmdbGetOptions<T>): Promise<T> {
        if (!path.startsWith('/')) return Promise.reject(new TypeError(`TMDB path must start with "/": ${path}`));
        const key = cacheKey(path, query);
        if (deadline === null) return shared(key, path, query, options);
        const left = deadline - clock();
        if (left <= 0) return cachedOnly(key, path);
        // The load keeps its own time limit, so that its answer (or its failure, which tells that
        // TMDB is down) is the same for every caller that shares it; this caller waits only for
        // what is left of its request's time.
        const request = shared(key, path, query, options);
        return new Promise<T>((resolve, reject) => {
          const timer = setTimeout(() => cachedOnly<T>(key, path).then(resolve, reject), Math.ceil(left));
          request.then(
            (body) => {
              clearTimeout(timer);
              resolve(body);
            },
            (error: unknown) => {
              clearTimeout(timer);
              reject(error);
            },
          );
        });
      },
      // A request has one deadline: asking again does not move it.
      withRequestDeadline: () => (deadline === null ? client(clock() + timeoutMs) : view),
    };
    return view;
  }

  return client(null);
}

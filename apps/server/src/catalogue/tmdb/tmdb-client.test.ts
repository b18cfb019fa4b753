import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { FAKE_TMDB_TOKEN, startFakeTmdb, UNKNOWN_ID, type FakeTmdb } from '../../../test/fake-tmdb.ts';
import { cacheKey, createTmdbCache, type TmdbCache } from './tmdb-cache.ts';
import {
  createRateLimiter,
  createTmdbClient,
  retryAfterMs,
  UNAVAILABLE_MESSAGE,
  type TmdbClientOptions,
  type TmdbLogger,
} from './tmdb-client.ts';
import { tmdbCache } from './tmdb-schema.ts';

interface LogLine {
  level: 'warn' | 'debug';
  details: Record<string, unknown>;
  message: string;
}

describe('TMDB client', () => {
  let fake: FakeTmdb;
  let database: TestDatabase;
  let cache: TmdbCache;
  let logs: LogLine[];
  let logger: TmdbLogger;
  /** The wall clock of the cache, moved by the tests. */
  let nowMs: number;

  const HOUR_MS = 60 * 60 * 1000;

  function client(overrides: Partial<TmdbClientOptions> = {}) {
    return createTmdbClient({
      baseUrl: fake.baseUrl,
      token: FAKE_TMDB_TOKEN,
      cache,
      logger,
      now: () => new Date(nowMs),
      ...overrides,
    });
  }

  async function caught(promise: Promise<unknown>): Promise<AppError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
    throw new Error('expected the call to fail');
  }

  beforeAll(async () => {
    [fake, database] = await Promise.all([startFakeTmdb(), createTestDatabase()]);
    cache = createTmdbCache(database.db);
  });
  afterAll(async () => {
    await fake?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    fake.reset();
    await database.db.delete(tmdbCache);
    logs = [];
    logger = {
      warn: (details, message) => logs.push({ level: 'warn', details, message }),
      debug: (details, message) => logs.push({ level: 'debug', details, message }),
    };
    nowMs = Date.parse('2025-03-15T12:00:00Z');
  });

  describe('requests', () => {
    it('sends the bearer token and accept: application/json to the base URL path', async () => {
      const body = await client().get<{ id: number }>('/movie/550', { language: 'en-US' }, { ttlSeconds: 60 });
      expect(body.id).toBe(550);
      const [request] = fake.requestsTo('/movie/550');
      expect(request?.method).toBe('GET');
      expect(request?.headers.authorization).toBe(`Bearer ${FAKE_TMDB_TOKEN}`);
      expect(request?.headers.accept).toBe('application/json');
      expect(request?.query).toEqual({ language: 'en-US' });
    });

    it('leaves undefined, null and empty query values out and sends the rest as strings', async () => {
      await client().get(
        '/discover/movie',
        { page: 2, include_adult: false, with_genres: undefined, year: null, certification: '', sort_by: 'title.asc' },
        { ttlSeconds: 60 },
      );
      expect(fake.requestsTo('/discover/movie')[0]?.query).toEqual({
        page: '2',
        include_adult: 'false',
        sort_by: 'title.asc',
      });
    });

    it('keys the cache by path and sorted query string', () => {
      expect(cacheKey('/movie/550', {})).toBe('/movie/550');
      expect(cacheKey('/search/multi', { query: 'dark knight', page: 1, language: 'en-US', x: undefined })).toBe(
        '/search/multi?language=en-US&page=1&query=dark+knight',
      );
      expect(cacheKey('/d', { b: 1, a: 2 })).toBe(cacheKey('/d', { a: 2, b: 1 }));
    });

    it('never puts the token in logs or errors, even when TMDB refuses it', async () => {
      const secret = 'secret-token-that-must-not-leak-42';
      const error = await caught(client({ token: secret }).get('/movie/550', {}, { ttlSeconds: 60 }));
      expect(fake.requestsTo('/movie/550')[0]?.headers.authorization).toBe(`Bearer ${secret}`);
      expect(error.code).toBe('unavailable');
      fake.setMode('down');
      const down = await caught(client({ token: secret }).get('/movie/603', {}, { ttlSeconds: 60 }));
      const hung = client({ token: secret, timeoutMs: 50 });
      fake.setMode('hang');
      const timeout = await caught(hung.get('/movie/680', {}, { ttlSeconds: 60 }));
      for (const failure of [error, down, timeout]) {
        expect(`${failure.message} ${failure.stack} ${JSON.stringify(failure)}`).not.toContain(secret);
      }
      expect(logs.length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(logs)).not.toContain(secret);
      expect(JSON.stringify(logs)).not.toContain(FAKE_TMDB_TOKEN);
    });

    it('rejects a path without a leading slash', async () => {
      await expect(client().get('movie/550', {}, { ttlSeconds: 60 })).rejects.toThrow(TypeError);
    });
  });

  describe('errors', () => {
    it('turns a TMDB 404 into AppError not_found, and does not cache it', async () => {
      const tmdb = client();
      const error = await caught(tmdb.get(`/movie/${UNKNOWN_ID}`, {}, { ttlSeconds: 60 }));
      expect(error.code).toBe('not_found');
      expect(error.status).toBe(404);
      await caught(tmdb.get(`/movie/${UNKNOWN_ID}`, {}, { ttlSeconds: 60 }));
      expect(fake.requestsTo(`/movie/${UNKNOWN_ID}`)).toHaveLength(2);
      expect(await cache.get(cacheKey(`/movie/${UNKNOWN_ID}`, {}))).toBeNull();
    });

    it('answers unavailable when TMDB is down and nothing is cached', async () => {
      fake.setMode('down');
      const error = await caught(client().get('/movie/550', {}, { ttlSeconds: 60 }));
      expect(error.code).toBe('unavailable');
      expect(error.message).toBe(UNAVAILABLE_MESSAGE);
      expect(logs.some((line) => line.level === 'warn' && line.details.status === 500)).toBe(true);
    });

    it('answers unavailable when TMDB hangs and nothing is cached, within the time limit', async () => {
      fake.setMode('hang');
      const started = performance.now();
      const error = await caught(client({ timeoutMs: 200 }).get('/movie/550', {}, { ttlSeconds: 60 }));
      const elapsed = performance.now() - started;
      expect(error.code).toBe('unavailable');
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(1000);
      expect(logs.some((line) => line.details.kind === 'timeout')).toBe(true);
    });

    it('answers unavailable when TMDB is unreachable (connection refused)', async () => {
      const closed = await startFakeTmdb();
      const baseUrl = closed.baseUrl;
      await closed.close();
      const error = await caught(client({ baseUrl }).get('/movie/550', {}, { ttlSeconds: 60 }));
      expect(error.code).toBe('unavailable');
      expect(logs.some((line) => line.details.kind === 'network')).toBe(true);
    });

    it('answers upstream_failed for a request TMDB calls bad (400) with nothing cached', async () => {
      const error = await caught(client().get('/discover/movie', { page: 501 }, { ttlSeconds: 60 }));
      expect(error.code).toBe('upstream_failed');
    });
  });

  describe('cache', () => {
    it('serves a fresh answer from the database without calling TMDB', async () => {
      const tmdb = client();
      const first = await tmdb.get('/movie/550', { language: 'en-US' }, { ttlSeconds: 3600 });
      nowMs += 59 * 60 * 1000;
      const second = await tmdb.get('/movie/550', { language: 'en-US' }, { ttlSeconds: 3600 });
      expect(second).toEqual(first);
      expect(fake.requestsTo('/movie/550')).toHaveLength(1);
      // Another client on the same database (e.g. after a restart) reads the same entry.
      await client().get('/movie/550', { language: 'en-US' }, { ttlSeconds: 3600 });
      expect(fake.requestsTo('/movie/550')).toHaveLength(1);
      const entry = await cache.get(cacheKey('/movie/550', { language: 'en-US' }));
      expect(entry?.fetchedAt.toISOString()).toBe('2025-03-15T12:00:00.000Z');
      expect(entry?.expiresAt.toISOString()).toBe('2025-03-15T13:00:00.000Z');
    });

    it('refetches an expired entry and stores the new answer', async () => {
      const tmdb = client();
      await tmdb.get('/movie/603', {}, { ttlSeconds: 3600 });
      nowMs += HOUR_MS + 1000;
      await tmdb.get('/movie/603', {}, { ttlSeconds: 3600 });
      expect(fake.requestsTo('/movie/603')).toHaveLength(2);
      const entry = await cache.get(cacheKey('/movie/603', {}));
      expect(entry?.expiresAt.getTime()).toBe(nowMs + HOUR_MS);
    });

    it('keys different queries apart', async () => {
      const tmdb = client();
      await tmdb.get('/discover/movie', { page: 1 }, { ttlSeconds: 3600 });
      await tmdb.get('/discover/movie', { page: 2 }, { ttlSeconds: 3600 });
      await tmdb.get('/discover/movie', { page: 1 }, { ttlSeconds: 3600 });
      expect(fake.requestsTo('/discover/movie').map((request) => request.query.page)).toEqual(['1', '2']);
    });

    it('serves the stale answer when TMDB is down, and logs a warning', async () => {
      const tmdb = client({ coolDownMs: 0 });
      const fresh = await tmdb.get('/movie/550', {}, { ttlSeconds: 60 });
      nowMs += 2 * HOUR_MS;
      fake.setMode('down');
      const stale = await tmdb.get('/movie/550', {}, { ttlSeconds: 60 });
      expect(stale).toEqual(fresh);
      expect(fake.requestsTo('/movie/550')).toHaveLength(2); // the refresh was tried
      const warning = logs.find((line) => line.message.includes('stale'));
      expect(warning?.level).toBe('warn');
      expect(warning?.details).toMatchObject({ path: '/movie/550', status: 500 });
      // Once TMDB is back, the entry is refreshed.
      fake.setMode('ok');
      await tmdb.get('/movie/550', {}, { ttlSeconds: 60 });
      expect(fake.requestsTo('/movie/550')).toHaveLength(3);
      expect((await cache.get(cacheKey('/movie/550', {})))?.fetchedAt.getTime()).toBe(nowMs);
    });

    it('serves the stale answer when TMDB hangs, within the time limit', async () => {
      const tmdb = client({ timeoutMs: 200 });
      const fresh = await tmdb.get('/tv/1396', {}, { ttlSeconds: 60 });
      nowMs += 2 * HOUR_MS;
      fake.setMode('hang');
      const started = performance.now();
      const stale = await tmdb.get('/tv/1396', {}, { ttlSeconds: 60 });
      const elapsed = performance.now() - started;
      expect(stale).toEqual(fresh);
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(200 + 800);
      expect(logs.some((line) => line.level === 'warn' && line.details.kind === 'timeout')).toBe(true);
    });

    it('after a failure, serves stale answers at once for the cool-down instead of waiting on TMDB again', async () => {
      let clockMs = 0;
      const tmdb = client({ timeoutMs: 200, coolDownMs: 30_000, clock: () => clockMs });
      await tmdb.get('/movie/550', {}, { ttlSeconds: 60 });
      await tmdb.get('/movie/603', {}, { ttlSeconds: 60 });
      nowMs += 2 * HOUR_MS;
      fake.setMode('hang');
      await tmdb.get('/movie/550', {}, { ttlSeconds: 60 }); // times out, stale
      await tmdb.get('/movie/603', {}, { ttlSeconds: 60 }); // TMDB counts as down: not asked, no wait
      expect(fake.requestsTo('/movie/603')).toHaveLength(1);
      // After the cool-down TMDB is asked again.
      fake.setMode('ok');
      clockMs += 30_001;
      await tmdb.get('/movie/603', {}, { ttlSeconds: 60 });
      expect(fake.requestsTo('/movie/603')).toHaveLength(2);
    });

    it('during the cool-down, a call with nothing cached asks TMDB only when no other call is: the others fail at once', async () => {
      const tmdb = client({ timeoutMs: 300, coolDownMs: 30_000 });
      fake.setMode('hang');
      await caught(tmdb.get('/movie/550', {}, { ttlSeconds: 60 })); // TMDB now counts as down
      const started = performance.now();
      const [probe, ...others] = await Promise.allSettled([
        tmdb.get('/movie/603', {}, { ttlSeconds: 60 }),
        tmdb.get('/movie/680', {}, { ttlSeconds: 60 }),
        tmdb.get('/tv/1396', {}, { ttlSeconds: 60 }),
      ]);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(probe).toMatchObject({ status: 'rejected', reason: { code: 'unavailable' } });
      expect(others).toMatchObject([
        { status: 'rejected', reason: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } },
        { status: 'rejected', reason: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } },
      ]);
      expect(fake.requestsTo('/movie/603')).toHaveLength(1);
      expect(fake.requestsTo('/movie/680')).toHaveLength(0);
      expect(fake.requestsTo('/tv/1396')).toHaveLength(0);

      // Back: the next call finds it out, and from then on every call asks TMDB again.
      fake.setMode('ok');
      expect(await tmdb.get<{ id: number }>('/movie/680', {}, { ttlSeconds: 60 })).toMatchObject({ id: 680 });
      const answers = await Promise.all([603, 155].map((id) => tmdb.get(`/movie/${id}`, {}, { ttlSeconds: 60 })));
      expect(answers).toMatchObject([{ id: 603 }, { id: 155 }]);
    });

    it('does not serve a stale answer for a 404: the title is gone', async () => {
      const key = cacheKey(`/movie/${UNKNOWN_ID}`, {});
      await cache.set(key, { id: UNKNOWN_ID, title: 'Removed' }, 60, new Date(nowMs - 2 * HOUR_MS));
      const error = await caught(client().get(`/movie/${UNKNOWN_ID}`, {}, { ttlSeconds: 60 }));
      expect(error.code).toBe('not_found');
    });

    it('prunes an answer before caching and returning it', async () => {
      const tmdb = client();
      const prune = (body: { id: number; title: string }) => ({ id: body.id, title: body.title });
      const answer = await tmdb.get('/movie/550', {}, { ttlSeconds: 60, prune });
      expect(answer).toEqual({ id: 550, title: 'Fight Club' });
      expect((await cache.get(cacheKey('/movie/550', {})))?.body).toEqual({ id: 550, title: 'Fight Club' });
    });

    it('shares one TMDB request between concurrent calls of the same key', async () => {
      const tmdb = client();
      const answers = await Promise.all([1, 2, 3].map(() => tmdb.get('/movie/155', {}, { ttlSeconds: 60 })));
      expect(answers[0]).toEqual(answers[2]);
      expect(fake.requestsTo('/movie/155')).toHaveLength(1);
    });

    it('still answers from TMDB when the cache fails', async () => {
      const broken: TmdbCache = {
        get: () => Promise.reject(new Error('database is gone')),
        set: () => Promise.reject(new Error('database is gone')),
        purge: () => Promise.resolve(0),
      };
      const body = await client({ cache: broken }).get<{ id: number }>('/movie/550', {}, { ttlSeconds: 60 });
      expect(body.id).toBe(550);
      expect(logs.filter((line) => line.message.includes('cache'))).toHaveLength(2);
    });

    it('purges entries expired before a date', async () => {
      await cache.set('/old', { a: 1 }, 60, new Date('2024-01-01T00:00:00Z'));
      await cache.set('/new', { a: 2 }, 60, new Date('2025-03-01T00:00:00Z'));
      expect(await cache.purge(new Date('2025-01-01T00:00:00Z'))).toBe(1);
      expect(await cache.get('/old')).toBeNull();
      expect((await cache.get('/new'))?.body).toEqual({ a: 2 });
    });
  });

  describe('one deadline for the calls of one request', () => {
    it('lets calls one after another wait on TMDB no longer than one call may, together', async () => {
      const tmdb = client({ timeoutMs: 300 }).withRequestDeadline();
      fake.setMode('hang');
      const started = performance.now();
      await caught(tmdb.get('/search/multi', { query: 'heat' }, { ttlSeconds: 60 }));
      const error = await caught(tmdb.get('/discover/movie', { page: 1 }, { ttlSeconds: 60 }));
      const elapsed = performance.now() - started;
      expect(error).toMatchObject({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(300 + 250);
      // Its time was up: the second call did not even ask.
      expect(fake.requestsTo('/discover/movie')).toHaveLength(0);
      expect(logs.some((line) => line.details.kind === 'deadline')).toBe(true);
    });

    it('answers a call whose time is up from the cache, stale or not', async () => {
      const plain = client({ timeoutMs: 300, coolDownMs: 0 });
      const fresh = await plain.get('/movie/550', {}, { ttlSeconds: 60 });
      const stale = await plain.get('/movie/603', {}, { ttlSeconds: 60 });
      nowMs += 30 * 1000; // 550 still fresh...
      await cache.set(cacheKey('/movie/603', {}), stale, 10, new Date(nowMs - 60 * 1000)); // ...603 expired
      fake.setMode('hang');
      const tmdb = plain.withRequestDeadline();
      await caught(tmdb.get('/movie/680', {}, { ttlSeconds: 60 }));
      // Answered from the cache without asking the hung TMDB again (no wall-clock bound: that
      // depended on the machine's load and failed on a busy one).
      expect(await tmdb.get('/movie/550', {}, { ttlSeconds: 60 })).toEqual(fresh);
      expect(await tmdb.get('/movie/603', {}, { ttlSeconds: 60 })).toEqual(stale);
      expect(fake.requestsTo('/movie/550')).toHaveLength(1);
      expect(fake.requestsTo('/movie/603')).toHaveLength(1);
    });

    it('stops waiting at the deadline while the TMDB request goes on and caches its answer, and TMDB does not count as down', async () => {
      // The request's time comes from a clock the test moves, and TMDB's answer to /movie/603 is
      // held until the test lets it go: the verdict does not depend on how busy the machine is.
      let clockMs = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const fetchImpl: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const body = await response.text();
        if (String(input).includes('/movie/603')) await held;
        return new Response(body, { status: response.status, headers: response.headers });
      };
      const plain = client({ timeoutMs: 300, clock: () => clockMs, fetchImpl });
      const tmdb = plain.withRequestDeadline();
      expect(tmdb.withRequestDeadline()).toBe(tmdb); // one request, one deadline
      clockMs = 250; // 250 of its 300 ms are gone
      const error = await caught(tmdb.get('/movie/603', {}, { ttlSeconds: 60 }));
      expect(error.code).toBe('unavailable');
      // It gave up while TMDB had not answered yet.
      expect(fake.requestsTo('/movie/603')).toHaveLength(1);
      // Another request, with a time limit of its own, shares the TMDB request under way.
      const shared = plain.get('/movie/603', {}, { ttlSeconds: 60 });
      release();
      expect(await shared).toMatchObject({ id: 603 });
      expect(fake.requestsTo('/movie/603')).toHaveLength(1);
      expect((await cache.get(cacheKey('/movie/603', {})))?.body).toMatchObject({ id: 603 });
      // Running out of a request's time says nothing about TMDB: a call with nothing cached still asks it.
      expect(await plain.get('/movie/155', {}, { ttlSeconds: 60 })).toMatchObject({ id: 155 });
    });
  });

  describe('429 and the rate limit', () => {
    it('retries a 429 after its Retry-After', async () => {
      const waits: number[] = [];
      const sleep = async (ms: number) => {
        waits.push(ms);
      };
      fake.setMode('rate-limit-once');
      const body = await client({ sleep }).get<{ id: number }>('/movie/550', {}, { ttlSeconds: 60 });
      expect(body.id).toBe(550);
      expect(waits).toEqual([1000]);
      expect(fake.requestsTo('/movie/550')).toHaveLength(2);
    });

    it('retries a 429 in real time after Retry-After: 1', async () => {
      fake.setMode('rate-limit-once');
      const started = performance.now();
      await client().get('/movie/603', {}, { ttlSeconds: 60 });
      expect(performance.now() - started).toBeGreaterThanOrEqual(990);
      const [first, second] = fake.requestsTo('/movie/603');
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(990);
    });

    it('retries at most twice, caps the wait at 10 s, then answers unavailable', async () => {
      const waits: number[] = [];
      let clockMs = 0;
      let calls = 0;
      const fetchImpl: typeof fetch = async () => {
        calls++;
        return new Response('{"status_code":25}', { status: 429, headers: { 'retry-after': '120' } });
      };
      const sleep = async (ms: number) => {
        waits.push(ms);
        clockMs += ms;
      };
      const error = await caught(
        client({ fetchImpl, sleep, clock: () => clockMs, timeoutMs: 60_000 }).get('/movie/550', {}, { ttlSeconds: 60 }),
      );
      expect(error.code).toBe('unavailable');
      expect(calls).toBe(3);
      expect(waits).toEqual([10_000, 10_000]);
    });

    it('waits for a Retry-After only while it fits in the time limit: the call never outlasts it', async () => {
      let clockMs = 0;
      const waits: number[] = [];
      const fetchImpl: typeof fetch = async () =>
        new Response('{"status_code":25}', { status: 429, headers: { 'retry-after': '3' } });
      const sleep = async (ms: number) => {
        waits.push(ms);
        clockMs += ms;
      };
      const tmdb = client({ fetchImpl, sleep, clock: () => clockMs, timeoutMs: 8_000 });
      const error = await caught(tmdb.get('/movie/550', {}, { ttlSeconds: 60 }));
      expect(error.code).toBe('unavailable');
      // 3 s + 3 s fit in 8 s; a third wait would not, and retries stop at two anyway.
      expect(waits).toEqual([3_000, 3_000]);

      clockMs = 0;
      waits.length = 0;
      const long = client({
        fetchImpl: async () => new Response('{}', { status: 429, headers: { 'retry-after': '9' } }),
        sleep,
        clock: () => clockMs,
        timeoutMs: 8_000,
      });
      expect((await caught(long.get('/movie/551', {}, { ttlSeconds: 60 }))).code).toBe('unavailable');
      expect(waits).toEqual([]);
    });

    it('reads Retry-After as seconds or an HTTP date', () => {
      const now = Date.parse('2025-03-15T12:00:00Z');
      expect(retryAfterMs('2', now)).toBe(2000);
      expect(retryAfterMs('0', now)).toBe(0);
      expect(retryAfterMs('Sat, 15 Mar 2025 12:00:05 GMT', now)).toBe(5000);
      expect(retryAfterMs(null, now)).toBe(1000);
      expect(retryAfterMs('soon', now)).toBe(1000);
    });

    it('lets 100 calls at 40 per second take at least 2 s (fake clock), never 41 in one second', async () => {
      let clockMs = 0;
      const starts: number[] = [];
      const acquire = createRateLimiter(
        40,
        () => clockMs,
        async (ms) => {
          clockMs += ms;
        },
      );
      await Promise.all(
        Array.from({ length: 100 }, async () => {
          await acquire();
          starts.push(clockMs);
        }),
      );
      expect(starts).toHaveLength(100);
      expect(Math.max(...starts)).toBeGreaterThanOrEqual(2000);
      for (const start of starts) {
        expect(starts.filter((other) => other >= start && other < start + 1000).length).toBeLessThanOrEqual(40);
      }
    });

    it('limits the client in real time: 30 calls at 20 per second take about a second', async () => {
      const starts: number[] = [];
      const fetchImpl: typeof fetch = (input, init) => {
        starts.push(performance.now());
        return fetch(input, init);
      };
      const tmdb = client({ maxPerSecond: 20, fetchImpl });
      const started = performance.now();
      // Thirty different keys, so that neither the cache nor request sharing hides a call.
      await Promise.all(
        Array.from({ length: 30 }, (_, index) => tmdb.get('/discover/movie', { page: index + 1 }, { ttlSeconds: 60 })),
      );
      const elapsed = performance.now() - started;
      expect(fake.requestsTo('/discover/movie')).toHaveLength(30);
      expect(elapsed).toBeGreaterThanOrEqual(950);
      expect(elapsed).toBeLessThan(5000);
      // Never more than 20 requests started within one second. Measured here, outside the limiter,
      // a busy event loop can delay one start a little, hence the 100 ms of slack (the fake-clock
      // test above checks the exact window).
      for (const start of starts) {
        expect(starts.filter((other) => other >= start && other < start + 900).length).toBeLessThanOrEqual(20);
      }
    });

    it('queues calls of a shared limiter without dropping any', async () => {
      const tmdb = client({
        maxPerSecond: 5,
        sleep: async () => {},
        clock: (() => {
          let tick = 0;
          return () => (tick += 250);
        })(),
      });
      const answers = await Promise.all(
        [550, 603, 27205, 157336, 155, 680, 862, 129].map((id) => tmdb.get(`/movie/${id}`, {}, { ttlSeconds: 60 })),
      );
      expect(answers).toHaveLength(8);
      expect(fake.requests).toHaveLength(8);
    });
  });
});

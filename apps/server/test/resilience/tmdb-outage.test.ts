import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { FAKE_TMDB_TOKEN, SEED_IDS, startFakeTmdb, type FakeTmdb, type FakeTmdbMode } from '../fake-tmdb.ts';
import { httpRequest, startTestServer, type HttpAnswer, type TestServer } from '../test-server.ts';

/** TMDB_TIMEOUT_MS of this suite: the longest any request may wait on TMDB. */
const TIMEOUT_MS = 2_500;
/** What a request may take beyond that on a busy two-core machine (the database cache, scheduling). */
const SLACK_MS = 1_000;
/** An answer that does not wait on TMDB at all. */
const AT_ONCE_MS = 1_000;

const unavailable = { error: { code: 'unavailable', message: 'The movie database is not reachable right now' } };

/**
 * Issue #10: the movie database goes down or hangs in the middle of a session, against the fake
 * TMDB and the app listening on a real port. What users already saw keeps being served (from the
 * answer cache, and from the database cache once stale) without waiting on the upstream; what was
 * never fetched fails with a 503; no request waits on TMDB beyond TMDB_TIMEOUT_MS; and the app
 * recovers by itself once TMDB answers again.
 */
let fake: FakeTmdb;
let t: TestServer;
const seen = [
  `/api/catalogue/movie/${SEED_IDS.movies.fightClub}`,
  `/api/catalogue/tv/${SEED_IDS.tv.breakingBad}`,
  `/api/catalogue/search?q=matrix`,
  `/api/catalogue/discover?type=movie`,
];
const bodies = new Map<string, string>();
const env = () => ({
  TMDB_API_TOKEN: FAKE_TMDB_TOKEN,
  TMDB_API_URL: fake.baseUrl,
  TMDB_TIMEOUT_MS: String(TIMEOUT_MS),
});

beforeAll(async () => {
  fake = await startFakeTmdb();
  t = await startTestServer(env());
  for (const url of seen) {
    const response = await t.request(url);
    expect(response.statusCode, url).toBe(200);
    bodies.set(url, response.body);
  }
});
afterEach(() => fake.setMode('ok'));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function expectUnavailable(response: HttpAnswer, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
  expect(response.json(), what).toEqual(unavailable);
}

/** Sends the requests at once; each answer is timed from its own start. */
const allAtOnce = (send: (url: string) => Promise<HttpAnswer>, urls: string[]) => Promise.all(urls.map(send));

describe('TMDB failing mid-session, through the routes', () => {
  it.each<[FakeTmdbMode, string]>([
    ['down', 'answers 500'],
    ['reset', 'drops every connection'],
  ])('while TMDB is %s (%s): serves what was seen and answers 503 at once for the rest', async (mode) => {
    fake.setMode(mode);
    for (const response of await allAtOnce(t.request, seen)) {
      expect(response.statusCode).toBe(200);
      expect(response.ms).toBeLessThan(AT_ONCE_MS);
    }
    for (const url of seen) expect((await t.request(url)).body, url).toBe(bodies.get(url));
    const unseen = await allAtOnce(t.request, [
      `/api/catalogue/movie/${SEED_IDS.movies.inception}`,
      `/api/catalogue/search?q=${mode}`,
      `/api/catalogue/tv/${SEED_IDS.tv.breakingBad}/season/1`,
    ]);
    for (const response of unseen) {
      expectUnavailable(response, mode);
      expect(response.ms).toBeLessThan(TIMEOUT_MS);
    }
  });

  it.each<[FakeTmdbMode, string]>([
    ['hang', 'never answers'],
    ['stall', 'sends half an answer, then nothing'],
  ])('while TMDB %s (%s): no request waits beyond the timeout, and the app recovers', async (mode) => {
    fake.setMode(mode);
    const ids = mode === 'hang' ? [SEED_IDS.movies.interstellar, SEED_IDS.movies.toyStory] : [SEED_IDS.movies.matrix];
    const [cached, ...waiting] = await allAtOnce(t.request, [
      seen[0]!,
      ...ids.map((id) => `/api/catalogue/movie/${id}`),
      `/api/catalogue/search?q=${mode}`,
      `/api/catalogue/discover?type=tv&page=2`,
    ]);
    // A seen answer does not wait on the hanging upstream at all.
    expect(cached!.statusCode).toBe(200);
    expect(cached!.ms).toBeLessThan(AT_ONCE_MS);
    for (const response of waiting) {
      expectUnavailable(response, mode);
      expect(response.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(response.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    }

    fake.setMode('ok');
    const recovered = await t.request(`/api/catalogue/movie/${ids[0]}`);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().id).toBe(ids[0]);
  });

  it('while TMDB rate-limits with a long Retry-After: the request does not wait for it', async () => {
    fake.setMode('rate-limited');
    const response = await t.request(`/api/catalogue/movie/${SEED_IDS.movies.pulpFiction}`);
    expectUnavailable(response, 'rate-limited');
    expect(response.ms).toBeLessThan(TIMEOUT_MS);
    expect(fake.requestsTo(`/movie/${SEED_IDS.movies.pulpFiction}`)).toHaveLength(1);
  });
});

describe('stale answers from the database cache (another app server, or this one restarted)', () => {
  /** A second app on the same database: the answer cache of the first one plays no part. */
  async function secondServer(): Promise<{ app: FastifyInstance; send: (url: string) => Promise<HttpAnswer> }> {
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    return { app, send: (url) => httpRequest(port, { url }) };
  }

  it.each<[FakeTmdbMode, number]>([
    ['hang', TIMEOUT_MS + SLACK_MS],
    ['reset', AT_ONCE_MS],
  ])('while TMDB is %s: every seen page is served from its expired entry, within %i ms', async (mode, boundMs) => {
    const [{ count }] = (await t.database.rows<{ count: number }>(
      sql`select count(*)::int as count from tmdb_cache`,
    )) as [{ count: number }];
    expect(count).toBeGreaterThanOrEqual(seen.length);
    await t.database.rows(sql`update tmdb_cache set expires_at = now() - interval '1 day'`);
    const other = await secondServer();
    try {
      fake.setMode(mode);
      // The first waits for TMDB (at most the timeout), then everyone is served stale at once:
      // TMDB failed moments ago, so nobody waits on it again during the cool-down.
      const first = await other.send(seen[0]!);
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe(bodies.get(seen[0]!));
      expect(first.ms).toBeLessThan(boundMs);
      for (const response of await allAtOnce(other.send, seen.slice(1))) {
        expect(response.statusCode).toBe(200);
        expect(response.ms).toBeLessThan(AT_ONCE_MS);
      }
      for (const url of seen) expect((await other.send(url)).body, url).toBe(bodies.get(url));
      // Never seen, nothing stale to stand in: a 503 within the timeout.
      const unseen = await other.send(`/api/catalogue/movie/${SEED_IDS.movies.darkKnight}`);
      expectUnavailable(unseen, mode);
      expect(unseen.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    } finally {
      fake.setMode('ok');
      await other.app.close();
    }
  });
});

import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { FAKE_TMDB_TOKEN, SEED_IDS, startFakeTmdb, type FakeTmdb, type FakeTmdbMode } from '../fake-tmdb.ts';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.ts';
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
 * never fetched fails with a 503; no request waits on TMDB beyond TMDB_TIMEOUT_MS, not even one
 * that makes several TMDB calls (the mood recommender); and the app recovers by itself once TMDB
 * answers again.
 *
 * The app reaches the fake through a TCP proxy, so that TMDB can also go away entirely: its port
 * closed, every connection refused.
 */
let fake: FakeTmdb;
let proxy: TcpProxy;
let t: TestServer;

/** TMDB answers 500, drops connections, hangs, stalls... or is not there at all (refused). */
type Outage = FakeTmdbMode | 'refused';
let refusing = false;

async function tmdbGoes(outage: Outage): Promise<void> {
  if (outage !== 'refused') return fake.setMode(outage);
  refusing = true;
  await proxy.cut();
}

async function tmdbReturns(): Promise<void> {
  fake.setMode('ok');
  fake.setLatency(0);
  if (refusing) await proxy.restore();
  refusing = false;
}

const recommendUrl = (q: string) => `/api/recommend?q=${encodeURIComponent(q)}`;

/** Every kind of TMDB-backed answer, fetched once while TMDB was fine. */
const seen = [
  `/api/catalogue/movie/${SEED_IDS.movies.fightClub}`,
  `/api/catalogue/tv/${SEED_IDS.tv.breakingBad}`,
  `/api/catalogue/search?q=matrix`,
  `/api/catalogue/discover?type=movie`,
  `/api/catalogue/tv/${SEED_IDS.tv.breakingBad}/season/1`,
  `/api/catalogue/movie/${SEED_IDS.movies.fightClub}/similar`,
  `/api/catalogue/tv/${SEED_IDS.tv.breakingBad}/similar`,
  `/api/catalogue/top-rated?type=movie&period=all-time`,
  `/api/catalogue/genres?type=tv`,
  // A search, the reference's details and a pool of discover pages.
  recommendUrl('something like Fight Club'),
];
const bodies = new Map<string, string>();

beforeAll(async () => {
  fake = await startFakeTmdb();
  proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(fake.baseUrl).port) });
  t = await startTestServer({
    TMDB_API_TOKEN: FAKE_TMDB_TOKEN,
    TMDB_API_URL: `http://127.0.0.1:${proxy.port}/3`,
    TMDB_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  for (const url of seen) {
    const response = await t.request(url);
    expect(response.statusCode, url).toBe(200);
    bodies.set(url, response.body);
  }
  expect(JSON.parse(bodies.get(recommendUrl('something like Fight Club'))!).results.length).toBeGreaterThan(0);
});
/**
 * Requests `url` until it is served; how long that took. Once TMDB is back the app serves again by
 * itself, at the latest when the one call asking TMDB while it counted as down has its answer.
 */
async function untilServed(url: string): Promise<{ answer: HttpAnswer; ms: number }> {
  const started = Date.now();
  for (;;) {
    const answer = await t.request(url);
    if (answer.statusCode !== 503 || Date.now() - started > TIMEOUT_MS + SLACK_MS) {
      return { answer, ms: Date.now() - started };
    }
    await delay(50);
  }
}

let servedAgain = 0;
afterEach(async () => {
  await tmdbReturns();
  // Every test starts with TMDB back in service, not merely back.
  const { answer } = await untilServed(`/api/catalogue/search?q=back-${++servedAgain}`);
  expect(answer.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await fake?.close();
});

function expectUnavailable(response: HttpAnswer, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
  expect(response.json(), what).toEqual(unavailable);
}

/** Sends the requests at once; each answer is timed from its own start. */
const allAtOnce = (send: (url: string) => Promise<HttpAnswer>, urls: string[]) => Promise.all(urls.map(send));

describe('TMDB failing mid-session, through the routes', () => {
  it.each<[Outage, string, number, string]>([
    ['down', 'answers 500', SEED_IDS.tv.dark, 'Inception'],
    ['reset', 'drops every connection', SEED_IDS.tv.strangerThings, 'Spirited Away'],
    ['refused', 'is gone: its port refuses connections', SEED_IDS.tv.betterCallSaul, 'Toy Story'],
  ])(
    'while TMDB %s (%s): serves what was seen, answers 503 at once for the rest, and serves again once it is back',
    async (outage, _, series, reference) => {
      await tmdbGoes(outage);
      for (const response of await allAtOnce(t.request, seen)) {
        expect(response.statusCode).toBe(200);
        expect(response.ms).toBeLessThan(AT_ONCE_MS);
      }
      for (const url of seen) expect((await t.request(url)).body, url).toBe(bodies.get(url));
      const unseen = await allAtOnce(t.request, [
        `/api/catalogue/tv/${series}`,
        `/api/catalogue/search?q=${outage}`,
        `/api/catalogue/tv/${series}/season/1`,
        `/api/catalogue/tv/${series}/similar`,
        recommendUrl(`something like ${reference}`),
      ]);
      for (const response of unseen) {
        expectUnavailable(response, outage);
        expect(response.ms).toBeLessThan(AT_ONCE_MS);
      }

      await tmdbReturns();
      const back = await untilServed(`/api/catalogue/tv/${series}`);
      expect(back.answer.statusCode, back.answer.body).toBe(200);
      expect(back.answer.json().id).toBe(series);
      expect(back.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    },
  );

  it.each<[FakeTmdbMode, string]>([
    ['hang', 'never answers'],
    ['stall', 'sends half an answer, then nothing'],
  ])(
    'while TMDB %s (%s): no request waits beyond the timeout, the others answer at once while one asks TMDB again, and the app recovers',
    async (mode) => {
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
        expect(response.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      }
      // They did wait on TMDB (up to its timeout), not on something else.
      expect(Math.max(...waiting.map((response) => response.ms))).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);

      // TMDB is known to be down now: one request finds out whether it is back, and the others
      // with nothing cached do not wait on it again.
      const again = await allAtOnce(t.request, [
        `/api/catalogue/search?q=${mode}-again`,
        `/api/catalogue/discover?type=tv&page=3`,
        `/api/catalogue/tv/${SEED_IDS.tv.theOffice}/season/${mode === 'hang' ? 1 : 2}`,
      ]);
      const [slowest, ...others] = [...again].sort((a, b) => b.ms - a.ms);
      for (const response of again) expectUnavailable(response, `${mode}, again`);
      expect(slowest!.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      for (const response of others) expect(response.ms).toBeLessThan(AT_ONCE_MS);

      fake.setMode('ok');
      const recovered = await untilServed(`/api/catalogue/movie/${ids[0]}`);
      expect(recovered.answer.statusCode).toBe(200);
      expect(recovered.answer.json().id).toBe(ids[0]);
      expect(recovered.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    },
  );

  it('while TMDB rate-limits with a long Retry-After: the request does not wait for it', async () => {
    fake.setMode('rate-limited');
    const response = await t.request(`/api/catalogue/movie/${SEED_IDS.movies.pulpFiction}`);
    expectUnavailable(response, 'rate-limited');
    expect(response.ms).toBeLessThan(TIMEOUT_MS);
    expect(fake.requestsTo(`/movie/${SEED_IDS.movies.pulpFiction}`)).toHaveLength(1);
  });
});

describe('a request that makes several TMDB calls (the mood recommender) waits no longer than one may', () => {
  it.each<[Outage, string, number]>([
    ['hang', 'The Dark Knight', TIMEOUT_MS + SLACK_MS],
    ['down', 'Interstellar', AT_ONCE_MS],
    ['reset', 'The Matrix', AT_ONCE_MS],
    ['refused', 'Breaking Bad', AT_ONCE_MS],
  ])('while TMDB is %s: an unseen request answers 503 within the limit', async (outage, reference, boundMs) => {
    await tmdbGoes(outage);
    // A search for the title, its details, then a pool of discover pages: one after another.
    const response = await t.request(recommendUrl(`a film like ${reference}`));
    expectUnavailable(response, outage);
    expect(response.ms).toBeLessThan(boundMs);
  });

  it('while TMDB answers, but slowly: the calls share one time limit, and those given up on are cached for the next request', async () => {
    // Each call alone is well within the limit; the search, the details and the pool one after
    // another are not.
    const latencyMs = Math.round(TIMEOUT_MS * 0.6);
    fake.setLatency(latencyMs);
    const url = recommendUrl('something like Spirited Away');
    const first = await t.request(url);
    expectUnavailable(first, 'slow');
    expect(first.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);

    // The details the request stopped waiting for keep coming, into the cache.
    await delay(latencyMs);
    const second = await t.request(url);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(second.json()).toMatchObject({ reference: { id: SEED_IDS.movies.spiritedAway, media_type: 'movie' } });
    expect(second.json().results.length).toBeGreaterThan(0);
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

  it.each<[Outage, number]>([
    ['hang', TIMEOUT_MS + SLACK_MS],
    ['down', AT_ONCE_MS],
    ['reset', AT_ONCE_MS],
    ['refused', AT_ONCE_MS],
  ])('while TMDB is %s: every seen page is served from its expired entry, within %i ms', async (outage, boundMs) => {
    const [{ count }] = (await t.database.rows<{ count: number }>(
      sql`select count(*)::int as count from tmdb_cache`,
    )) as [{ count: number }];
    expect(count).toBeGreaterThanOrEqual(seen.length);
    await t.database.rows(sql`update tmdb_cache set expires_at = now() - interval '1 day'`);
    const other = await secondServer();
    try {
      await tmdbGoes(outage);
      // The first waits for TMDB (at most the timeout), then everyone is served stale at once:
      // TMDB failed moments ago, so nobody waits on it again during the cool-down.
      const first = await other.send(seen[0]!);
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe(bodies.get(seen[0]!));
      expect(first.ms).toBeLessThan(boundMs);
      for (const response of await allAtOnce(other.send, seen.slice(1))) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.ms).toBeLessThan(AT_ONCE_MS);
      }
      for (const url of seen) expect((await other.send(url)).body, url).toBe(bodies.get(url));
      // Never seen, nothing stale to stand in: a 503 within the timeout.
      const unseen = await other.send(`/api/catalogue/movie/${SEED_IDS.movies.darkKnight}`);
      expectUnavailable(unseen, outage);
      expect(unseen.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    } finally {
      await tmdbReturns();
      await other.app.close();
    }
  });
});

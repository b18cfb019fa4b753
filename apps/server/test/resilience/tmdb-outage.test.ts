import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import { FAKE_TMDB_TOKEN, SEED_IDS, startFakeTmdb, type FakeTmdb } from '../fake-tmdb.ts';

/** The TMDB client's own limit per upstream request (tmdb-client.ts default). */
const TMDB_TIMEOUT_MS = 8_000;

/**
 * Issue #10: the movie database goes down or hangs in the middle of a session. What users already
 * saw keeps being served (from the answer cache and the stale database cache), without waiting on
 * the upstream; what was never fetched fails with a 503 within the client's timeout; and the app
 * recovers by itself once TMDB answers again.
 */
describe('TMDB failing mid-session, through the routes', () => {
  let fake: FakeTmdb;
  let t: TestApp;
  const seen = [
    `/api/catalogue/movie/${SEED_IDS.movies.fightClub}`,
    `/api/catalogue/tv/${SEED_IDS.tv.breakingBad}`,
    `/api/catalogue/search?q=matrix`,
    `/api/catalogue/discover?type=movie`,
  ];
  const bodies = new Map<string, string>();

  beforeAll(async () => {
    fake = await startFakeTmdb();
    t = await createTestApp({ TMDB_API_TOKEN: FAKE_TMDB_TOKEN, TMDB_API_URL: fake.baseUrl });
    for (const url of seen) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      bodies.set(url, response.body);
    }
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('serves what was seen and answers 503 at once for the rest while TMDB is down', async () => {
    fake.setMode('down');
    for (const url of seen) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(bodies.get(url));
    }
    const started = Date.now();
    const unseen = await t.app.inject(`/api/catalogue/movie/${SEED_IDS.movies.inception}`);
    expect(unseen.statusCode).toBe(503);
    expect(unseen.json()).toEqual({ error: { code: 'unavailable', message: 'Service temporarily unavailable' } });
    expect(Date.now() - started).toBeLessThan(TMDB_TIMEOUT_MS);
    fake.setMode('ok');
  });

  it('never makes a request wait beyond the timeout while TMDB hangs, and recovers afterwards', async () => {
    fake.setMode('hang');
    const started = Date.now();
    const [cached, ...waiting] = await Promise.all([
      t.app.inject(seen[0]!).then((response) => ({ response, ms: Date.now() - started })),
      ...[SEED_IDS.movies.interstellar, SEED_IDS.movies.toyStory].map((id) =>
        t.app.inject(`/api/catalogue/movie/${id}`).then((response) => ({ response, ms: Date.now() - started })),
      ),
    ]);
    // A seen answer does not wait on the hanging upstream at all.
    expect(cached!.response.statusCode).toBe(200);
    expect(cached!.ms).toBeLessThan(1_000);
    for (const { response, ms } of waiting) {
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('unavailable');
      expect(ms).toBeLessThan(TMDB_TIMEOUT_MS + 2_000);
    }

    fake.setMode('ok');
    const recovered = await t.app.inject(`/api/catalogue/movie/${SEED_IDS.movies.interstellar}`);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().title).toBe('Interstellar');
  });
});

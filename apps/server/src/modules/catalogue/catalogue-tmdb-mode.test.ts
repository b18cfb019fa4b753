import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { FAKE_TMDB_TOKEN, SEED_IDS, startFakeTmdb, type FakeTmdb } from '../../../test/fake-tmdb.ts';

describe('the app with TMDB_API_TOKEN set', () => {
  let fake: FakeTmdb;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeTmdb();
    t = await createTestApp({
      TMDB_API_TOKEN: FAKE_TMDB_TOKEN,
      TMDB_API_URL: fake.baseUrl,
      TMDB_IMAGE_URL: 'https://images.example.org/t/p',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('reports the TMDB mode, its image host and its filters', async () => {
    expect((await t.app.inject('/api/health')).json().catalogue).toBe('tmdb');
    const config = (await t.app.inject('/api/config')).json();
    expect(config).toMatchObject({
      catalogue: 'tmdb',
      filters: { watch_providers: true },
      features: { trailers: true },
    });
    expect(config.images.secure_base_url).toBe('https://images.example.org/t/p/');
    expect((await t.app.inject('/')).headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://images.example.org",
    );
  });

  it('serves TMDB data through the same routes, the token staying on the server', async () => {
    const response = await t.app.inject(`/api/catalogue/movie/${SEED_IDS.movies.fightClub}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().title).toBe('Fight Club');
    expect(response.body).not.toContain(FAKE_TMDB_TOKEN);
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${FAKE_TMDB_TOKEN}`);
    expect((await t.app.inject('/api/catalogue/movie/999999999')).statusCode).toBe(404);
  });

  it('answers 503 when TMDB is down and nothing is cached', async () => {
    fake.setMode('down');
    const response = await t.app.inject(`/api/catalogue/tv/${SEED_IDS.tv.breakingBad}/season/3`);
    fake.setMode('ok');
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('unavailable');
  });
});

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

  it('recommends from TMDB: the mood read into a discover query, a reference found by search', async () => {
    const response = await t.app.inject(`/api/recommend?q=${encodeURIComponent('sci-fi action')}&type=movie`);
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: Array<{ genre_ids: number[]; reason: string }> };
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]!.genre_ids).toEqual(expect.arrayContaining([28, 878]));
    expect(results[0]!.reason).toBe('Sci-fi: Action and Science Fiction');
    const asked = fake.requestsTo('/discover/movie').map((request) => request.query.with_genres);
    // Any of the genres for the pool, and all of them outright (titles with both are rare among the popular).
    expect(asked).toEqual(expect.arrayContaining(['28|878|53', '28,878']));

    const like = (await t.app.inject(`/api/recommend?q=${encodeURIComponent('like Fight Club')}`)).json();
    expect(like.results.some((item: { id: number }) => item.id === SEED_IDS.movies.fightClub)).toBe(false);
    expect(like.results[0].reason).toMatch(/with Fight Club/);
  });

  it('answers 503 when TMDB is down and nothing is cached', async () => {
    fake.setMode('down');
    const response = await t.app.inject(`/api/catalogue/tv/${SEED_IDS.tv.breakingBad}/season/3`);
    fake.setMode('ok');
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('unavailable');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { LIST_CREATOR, seedCuratedLists } from './lists-seed.ts';

let t: TestApp;
const NOW = new Date('2026-11-01T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
  await seedCuratedLists(t.database.db, NOW);
});
afterAll(() => t.close());

async function get(url: string) {
  const response = await t.app.inject(url);
  return { status: response.statusCode, body: response.json() };
}

describe('curated lists', () => {
  it('seeds at least 10 real lists from the catalogue, once', async () => {
    const { body } = await get('/api/lists');
    expect(body.total_results).toBeGreaterThanOrEqual(10);
    expect(await seedCuratedLists(t.database.db, NOW)).toEqual({ seeded: false, lists: 0 });
    expect((await get('/api/lists')).body.total_results).toBe(body.total_results);
  });

  it('builds each list by its rule: a decade holds only films of that decade, best-rated first', async () => {
    const { status, body } = await get('/api/lists/best-of-the-1990s');
    expect(status).toBe(200);
    expect(body.list_title).toBe('Best of the 1990s');
    expect(body.created_by).toBe(LIST_CREATOR);
    expect(body.created_at).toBe(NOW.toISOString());
    const years = body.movies.map((movie: { release_date: string }) => Number(movie.release_date.slice(0, 4)));
    expect(years.every((year: number) => year >= 1990 && year <= 1999)).toBe(true);
    const ratings = body.movies.map((movie: { vote_average: number }) => movie.vote_average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(body.movies[0]).toMatchObject({
      media_type: 'movie',
      poster_path: expect.stringMatching(/^\/poster\/movie\/\d+\.svg$/),
      backdrop_path: expect.stringMatching(/^\/backdrop\/movie\/\d+\.svg$/),
      genre_ids: expect.any(Array),
    });
  });

  it('makes a list of the best-represented director, and one of series', async () => {
    const { body } = await get('/api/lists?page=1');
    const all = [body, (await get('/api/lists?page=2')).body].flatMap((page) => page.results);
    const director = all.find((list: { id: string }) => list.id.startsWith('films-of-'));
    expect(director?.list_title).toMatch(/^The Films of /);
    const series = await get('/api/lists/acclaimed-series');
    expect(series.body.movies.every((movie: { media_type: string }) => movie.media_type === 'tv')).toBe(true);
  });

  it('pages lists by 12 with their counts and first titles', async () => {
    const first = (await get('/api/lists')).body;
    expect(first.page).toBe(1);
    expect(first.results).toHaveLength(Math.min(12, first.total_results));
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 12));
    for (const list of first.results) {
      expect(list.movie_count).toBeGreaterThanOrEqual(5);
      expect(list.movies.length).toBeLessThanOrEqual(4);
      expect(list.list_description).toBeTruthy();
    }
    const beyond = (await get(`/api/lists?page=${first.total_pages + 1}`)).body;
    expect(beyond.results).toEqual([]);
  });

  it('pages a list by 30', async () => {
    const page1 = (await get('/api/lists/most-voted-films')).body;
    expect(page1.movie_count).toBe(50);
    expect(page1.movies).toHaveLength(30);
    expect(page1.total_pages).toBe(2);
    const page2 = (await get('/api/lists/most-voted-films?page=2')).body;
    expect(page2.movies).toHaveLength(20);
    expect(page2.movies[0].id).not.toBe(page1.movies[0].id);
  });

  it('answers 404 for an unknown list and 400 naming a bad page', async () => {
    expect(await get('/api/lists/no-such-list')).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'List not found' } },
    });
    expect((await get('/api/lists/..%2F..%2Fetc')).status).toBe(404);
    for (const url of ['/api/lists?page=0', '/api/lists?page=abc', '/api/lists/most-voted-films?page=-1']) {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body.error.message).toMatch(/page/);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TitleSummary } from '@marquee/core';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';

let t: TestApp;
let film: TitleSummary & { runtime: number };
let series: TitleSummary;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
  // A film whose runtime the catalogue knows, and a series: the statistics' minutes come from them.
  const films = (await t.app.inject('/api/catalogue/discover?type=movie')).json().results as TitleSummary[];
  for (const candidate of films) {
    const details = (await t.app.inject(`/api/catalogue/movie/${candidate.id}`)).json();
    if (details.runtime) {
      film = { ...candidate, runtime: details.runtime };
      break;
    }
  }
  series = ((await t.app.inject('/api/catalogue/discover?type=tv')).json().results as TitleSummary[])[0]!;
});
afterAll(() => t.close());

const at = '2026-03-10T20:00:00.000Z';

function historyUpsert(item: Record<string, unknown>) {
  return { op: 'upsert', store: 'history', item: { synced: false, ...item }, at: item.watched_at as string };
}

describe('GET /api/me/stats', () => {
  it('needs a session', async () => {
    expect((await t.app.inject('/api/me/stats')).statusCode).toBe(401);
  });

  it('answers zeros for a new account', async () => {
    const { cookie } = await signedInUser(t.app);
    const response = await t.app.inject({ url: '/api/me/stats', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({ titles: 0, movies: 0, episodes: 0, minutes: 0, year_in_review: null });
  });

  it("counts the account's plays, minutes from the catalogue's runtimes, genres and ratings", async () => {
    const { cookie } = await signedInUser(t.app);
    const operations = [
      historyUpsert({
        id: `movie:${film.id}`,
        movie_id: film.id,
        movie_title: 'A film',
        content_type: 'movie',
        watched_at: at,
        completed: true,
        source: 'manual',
        play_count: 2,
      }),
      ...[1, 2, 3].map((episode) =>
        historyUpsert({
          id: `tv:${series.id}:s1:e${episode}`,
          movie_id: series.id,
          movie_title: 'A series',
          content_type: 'tv',
          season_number: 1,
          episode_number: episode,
          watched_at: at,
          completed: true,
          total_duration: 30 * 60,
          duration_watched: 30 * 60,
        }),
      ),
      {
        op: 'upsert',
        store: 'ratings',
        item: { movie_id: film.id, content_type: 'movie', rating: 9, rated_at: at, synced: false },
        at,
      },
    ];
    const synced = await t.app.inject({
      method: 'POST',
      url: '/api/me/sync',
      payload: { operations },
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(synced.statusCode).toBe(200);

    const stats = (await t.app.inject({ url: '/api/me/stats', headers: { cookie } })).json();
    expect(stats).toMatchObject({ titles: 2, movies: 1, movie_plays: 2, episodes: 3, series: 1 });
    expect(stats.minutes).toBe(2 * film.runtime + 3 * 30);
    expect(stats.by_month).toEqual([{ month: '2026-03', movies: 2, episodes: 3, minutes: 2 * film.runtime + 90 }]);
    expect(stats.by_genre.length).toBeGreaterThan(0);
    expect(stats.by_genre.map((genre: { genre_id: number }) => genre.genre_id)).toEqual(
      expect.arrayContaining([film.genre_ids[0]]),
    );
    expect(stats.ratings[8]).toEqual({ rating: 9, count: 1 });
    expect(stats.top_series[0]).toMatchObject({ id: series.id, episodes: 3 });
    expect(stats.year_in_review).toMatchObject({ year: 2026, busiest_month: '2026-03' });
    expect(stats.year_in_review.top_movies[0]).toMatchObject({ id: film.id, plays: 2, rating: 9 });

    const other = (await t.app.inject({ url: '/api/me/stats?year=2025', headers: { cookie } })).json();
    expect(other.year_in_review).toMatchObject({ year: 2025, movies: 0, minutes: 0 });
  });

  it('refuses a year that is not one', async () => {
    const { cookie } = await signedInUser(t.app);
    const response = await t.app.inject({ url: '/api/me/stats?year=abc', headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/year/);
  });
});

describe('GET /api/catalogue/facts', () => {
  it("answers the catalogue's genres, year and runtime of the titles named, and nothing for unknown ones", async () => {
    const response = await t.app.inject(`/api/catalogue/facts?ids=movie:${film.id},tv:${series.id},movie:2147483000`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    const { results } = response.json();
    expect(results).toHaveLength(2);
    expect(results).toContainEqual(
      expect.objectContaining({ media_type: 'movie', id: film.id, genre_ids: film.genre_ids, runtime: film.runtime }),
    );
    expect(results).toContainEqual(expect.objectContaining({ media_type: 'tv', id: series.id }));
  });

  it('answers the most ids a request may name (500) as it answers a few', async () => {
    // On PGlite 350 (type, id) rows in one IN list hung the database for good (found by the fuzz suite).
    const refs = Array.from({ length: 500 }, (_, index) => `${index % 2 ? 'tv' : 'movie'}:${index + 1}`);
    const all = await t.app.inject(`/api/catalogue/facts?ids=${refs.join(',')}`);
    expect(all.statusCode).toBe(200);
    const few = await t.app.inject(`/api/catalogue/facts?ids=${refs.slice(480).join(',')}`);
    const key = (facts: { media_type: string; id: number }) => `${facts.media_type}:${facts.id}`;
    const allKeys = new Set((all.json().results as Array<{ media_type: string; id: number }>).map(key));
    expect(allKeys.size).toBeGreaterThan(100);
    for (const facts of few.json().results as Array<{ media_type: string; id: number }>)
      expect(allKeys.has(key(facts))).toBe(true);
  });

  it('refuses a malformed list, naming the parameter', async () => {
    for (const ids of ['', 'film:1', 'movie:1;tv:2']) {
      const response = await t.app.inject(`/api/catalogue/facts?ids=${encodeURIComponent(ids)}`);
      expect(response.statusCode, ids).toBe(400);
      expect(response.json().error.message).toMatch(/ids/);
    }
  });
});

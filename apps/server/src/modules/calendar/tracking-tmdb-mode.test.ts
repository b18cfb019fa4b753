import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { FAKE_TMDB_TOKEN, SEED_IDS, startFakeTmdb, type FakeTmdb } from '../../../test/fake-tmdb.ts';

// Progress and the calendar over the TMDB catalogue: episodes and air dates come from the provider
// (the fake TMDB answers tv/{id} with its seasons and tv/{id}/season/{n} with weekly air dates
// from the season's, as TMDB's documented shapes). Breaking Bad's first season: 7 episodes from
// 2008-01-20; its second: 13 from 2009-03-08; specials (season 0) are left out.
describe('Up Next and the calendar with TMDB_API_TOKEN set', () => {
  let fake: FakeTmdb;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeTmdb();
    t = await createTestApp({ TMDB_API_TOKEN: FAKE_TMDB_TOKEN, TMDB_API_URL: fake.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const series = SEED_IDS.tv.breakingBad;
  const at = '2026-11-20T10:00:00.000Z';
  const entry = (season: number, episode: number) => ({
    id: `tv:${series}:s${season}:e${episode}`,
    movie_id: series,
    movie_title: 'Breaking Bad',
    movie_poster: '/bb.jpg',
    content_type: 'tv',
    watched_at: at,
    completed: true,
    season_number: season,
    episode_number: episode,
    source: 'manual',
  });

  it("lists the episodes of a range and computes progress from the provider's seasons", async () => {
    const { cookie } = await signedInUser(t.app);
    const operations = [1, 2, 3, 4, 5, 6, 7].map((episode) => ({
      op: 'upsert',
      store: 'history',
      item: entry(1, episode),
      at,
    }));
    const synced = await t.app.inject({
      method: 'POST',
      url: '/api/me/sync',
      payload: { operations },
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(synced.statusCode).toBe(200);

    const calendar = await t.app.inject({ url: '/api/me/calendar?from=2009-03-01&to=2009-03-20', headers: { cookie } });
    expect(calendar.statusCode).toBe(200);
    expect(
      calendar
        .json()
        .results.map((item: Record<string, unknown>) => [item.date, item.season_number, item.episode_number]),
    ).toEqual([
      ['2009-03-08', 2, 1],
      ['2009-03-15', 2, 2],
    ]);
    // Only the seasons that may air in the range were read: the first (until the second starts) and the second.
    const seasonsRead = fake.requests
      .map((request) => request.path)
      .filter((path) => path.startsWith(`/tv/${series}/season/`));
    expect(new Set(seasonsRead)).toEqual(new Set([1, 2].map((n) => `/tv/${series}/season/${n}`)));

    const progress = (await t.app.inject({ url: '/api/me/progress', headers: { cookie } })).json().results;
    expect(progress).toEqual([
      {
        series: { id: series, name: 'Breaking Bad', poster_path: '/bb.jpg' },
        watched_episodes: 7,
        aired_episodes: 7 + 13 + 13 + 13 + 16,
        next_episode: { season_number: 2, episode_number: 1, name: 'Episode 1', air_date: '2009-03-08' },
        last_watched_at: at,
      },
    ]);
  });
});

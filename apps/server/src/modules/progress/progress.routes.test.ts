import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type SyncOperation } from '@marquee/core';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { applySync } from '../me/me.repository.ts';

// Series 1 is Breaking Bad in the local catalogue: its first season's seven episodes carry air
// dates (2008-01-20 to 2008-03-09), the later seasons' do not, so they have not "aired" here.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
});
afterAll(() => t.close());

const at = '2026-11-20T10:00:00.000Z';
const episode = (season: number, number: number, fields: Record<string, unknown> = {}) => ({
  id: `tv:1:s${season}:e${number}`,
  movie_id: 1,
  movie_title: 'Breaking Bad',
  movie_poster: '/poster/tv/1.svg',
  content_type: 'tv',
  watched_at: at,
  duration_watched: 0,
  total_duration: null,
  completed: false,
  synced: false,
  season_number: season,
  episode_number: number,
  episode_title: null,
  ...fields,
});

function sync(cookie: string, operations: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/me/sync',
    payload: { operations },
    headers: { cookie, origin: TEST_ORIGIN },
  });
}

describe('GET /api/me/progress', () => {
  it('needs a session', async () => {
    const response = await t.app.inject('/api/me/progress');
    expect(response.statusCode).toBe(401);
  });

  it('answers the bar and the next episode of every started series, and drops one until it is watched again', async () => {
    const { cookie } = await signedInUser(t.app);
    expect((await t.app.inject({ url: '/api/me/progress', headers: { cookie } })).json()).toEqual({ results: [] });

    const operations = [
      episode(1, 1, { completed: true, watched_at: '2026-11-20T10:00:00.000Z' }),
      episode(1, 2, { source: 'manual', completed: true, watched_at: '2026-11-20T11:00:00.000Z' }),
      // Begun in the player, not finished: not watched.
      episode(1, 3, { duration_watched: 100, total_duration: 3000, watched_at: '2026-11-20T12:00:00.000Z' }),
    ].map((item) => ({ op: 'upsert', store: 'history', item, at: item.watched_at }));
    expect((await sync(cookie, operations)).statusCode).toBe(200);

    const response = await t.app.inject({ url: '/api/me/progress', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      results: [
        {
          series: { id: 1, name: 'Breaking Bad', poster_path: '/poster/tv/1.svg' },
          watched_episodes: 2,
          aired_episodes: 7,
          next_episode: {
            season_number: 1,
            episode_number: 3,
            name: "...And the Bag's in the River",
            air_date: '2008-02-10',
          },
          last_watched_at: '2026-11-20T12:00:00.000Z',
        },
      ],
    });

    const dropped = { ...DEFAULT_SETTINGS, droppedSeries: [{ id: 1, dropped_at: '2026-11-21T00:00:00.000Z' }] };
    await sync(cookie, [{ op: 'upsert', store: 'settings', item: dropped, at: '2026-11-21T00:00:00.000Z' }]);
    expect((await t.app.inject({ url: '/api/me/progress', headers: { cookie } })).json().results).toEqual([]);

    // Watched again after the drop: back on the list.
    const again = episode(1, 3, { completed: true, watched_at: '2026-11-22T10:00:00.000Z' });
    await sync(cookie, [{ op: 'upsert', store: 'history', item: again, at: again.watched_at }]);
    const back = (await t.app.inject({ url: '/api/me/progress', headers: { cookie } })).json().results;
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ watched_episodes: 3, next_episode: { episode_number: 4 } });
  });

  it('sends the same answer gzipped to a client that accepts gzip, computed or held', async () => {
    const { cookie } = await signedInUser(t.app);
    const operations = Array.from({ length: 8 }, (_, n) => {
      const id = 700 + n;
      const item = {
        ...episode(1, 1, { completed: true }),
        id: `tv:${id}:s1:e1`,
        movie_id: id,
        movie_title: `Series ${id}`,
      };
      return { op: 'upsert', store: 'history', item, at };
    });
    expect((await sync(cookie, operations)).statusCode).toBe(200);
    for (const held of [false, true]) {
      const zipped = await t.app.inject({ url: '/api/me/progress', headers: { cookie, 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding'], `held: ${held}`).toBe('gzip');
      expect(zipped.headers['cache-control']).toBe('private, no-store');
      const plain = await t.app.inject({ url: '/api/me/progress', headers: { cookie } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json().results).toHaveLength(8);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it("holds an unchanged answer, and a change written by anyone (a media server's webhook) shows at once", async () => {
    const { cookie, userId } = await signedInUser(t.app);
    const progress = async () =>
      (await t.app.inject({ url: '/api/me/progress', headers: { cookie } })).json().results[0];
    await sync(cookie, [{ op: 'upsert', store: 'history', item: episode(1, 1, { completed: true }), at }]);
    expect(await progress()).toMatchObject({ watched_episodes: 1 });
    expect(await progress()).toMatchObject({ watched_episodes: 1 });
    // Written without this route, as the webhooks write: applySync announces it to every server.
    const item = episode(1, 2, { completed: true, source: 'webhook' });
    await applySync(t.database.db, userId, [{ op: 'upsert', store: 'history', item, at }] as SyncOperation[]);
    // The next request, arriving after the commit, passes the sessions' barrier: it has heard it.
    expect(await progress()).toMatchObject({ watched_episodes: 2, next_episode: { episode_number: 3 } });
  });

  it("shows one account's series to that account only", async () => {
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    const item = episode(1, 1, { completed: true });
    await sync(first.cookie, [{ op: 'upsert', store: 'history', item, at }]);
    expect(
      (await t.app.inject({ url: '/api/me/progress', headers: { cookie: first.cookie } })).json().results,
    ).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/api/me/progress', headers: { cookie: second.cookie } })).json().results,
    ).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // With the local catalogue: episodes a sync names are checked against it.
  t = await createTestApp({}, undefined, { catalogue: true });
});
afterAll(() => t.close());

const watchLaterItem = (id: number, added = '2026-11-20T10:00:00.000Z') => ({
  id: `movie:${id}`,
  movie_id: id,
  movie_title: `Film ${id}`,
  movie_poster: null,
  movie_overview: null,
  movie_release_date: '1999-10-15',
  movie_vote_average: 8.1,
  content_type: 'movie',
  added_at: added,
  synced: false,
});

const historyItem = (id: number, watched: string, season?: number, episode?: number) => ({
  id: season ? `tv:${id}:s${season}:e${episode}` : `movie:${id}`,
  movie_id: id,
  movie_title: `Title ${id}`,
  movie_poster: null,
  content_type: season ? 'tv' : 'movie',
  watched_at: watched,
  duration_watched: 120,
  total_duration: 1000,
  completed: false,
  synced: false,
  season_number: season ?? null,
  episode_number: episode ?? null,
  episode_title: null,
});

function sync(cookie: string, operations: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/me/sync',
    payload: { operations },
    headers: { cookie, origin: TEST_ORIGIN },
  });
}

describe('/api/me', () => {
  it('refuses every endpoint without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/history'],
      ['GET', '/api/me/watch-later'],
      ['GET', '/api/me/settings'],
      ['GET', '/api/me/profile'],
      ['PATCH', '/api/me/profile'],
      ['POST', '/api/me/sync'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
        headers: { origin: TEST_ORIGIN, cookie: 'marquee.session_token=forged.value' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });

  it("never shows or changes another user's rows", async () => {
    const ada = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    await sync(ada.cookie, [
      { op: 'upsert', store: 'watch_later', item: watchLaterItem(550), at: '2026-11-20T10:00:00.000Z' },
      {
        op: 'upsert',
        store: 'history',
        item: historyItem(603, '2026-11-20T09:00:00.000Z'),
        at: '2026-11-20T09:00:00.000Z',
      },
      { op: 'upsert', store: 'settings', item: { gridColumns: 5 }, at: '2026-11-20T09:00:00.000Z' },
    ]);
    expect(
      (await t.app.inject({ url: '/api/me/watch-later', headers: { cookie: bob.cookie } })).json().results,
    ).toEqual([]);
    expect((await t.app.inject({ url: '/api/me/history', headers: { cookie: bob.cookie } })).json().results).toEqual(
      [],
    );
    expect(
      (await t.app.inject({ url: '/api/me/settings', headers: { cookie: bob.cookie } })).json().settings.gridColumns,
    ).toBe(6);
    // Bob removing "the same" title removes nothing of Ada's.
    await sync(bob.cookie, [
      {
        op: 'remove',
        store: 'watch_later',
        item: { movie_id: 550, content_type: 'movie' },
        at: '2026-11-21T10:00:00.000Z',
      },
    ]);
    const adas = (await t.app.inject({ url: '/api/me/watch-later', headers: { cookie: ada.cookie } })).json().results;
    expect(adas.map((item: { movie_id: number }) => item.movie_id)).toEqual([550]);
    const settings = (await t.app.inject({ url: '/api/me/settings', headers: { cookie: ada.cookie } })).json();
    expect(settings.settings.gridColumns).toBe(5);
    expect(settings.updated_at).toBe('2026-11-20T09:00:00.000Z');
  });

  it('keeps any number a client can send exactly, and refuses ids and episodes the database cannot hold', async () => {
    const { cookie } = await signedInUser(t.app);
    const at = '2026-11-20T10:00:00.000Z';
    const extreme = { ...historyItem(11, at), duration_watched: 1e308, total_duration: 5e-324 };
    const rated = { ...watchLaterItem(12), movie_vote_average: 1e-300 };
    const stored = await sync(cookie, [
      { op: 'upsert', store: 'history', item: extreme, at },
      { op: 'upsert', store: 'watch_later', item: rated, at },
    ]);
    expect(stored.statusCode).toBe(200);
    expect(stored.json().history[0]).toMatchObject({ duration_watched: 1e308, total_duration: 5e-324 });
    expect(stored.json().watch_later[0]).toMatchObject({ movie_vote_average: 1e-300 });

    for (const [item, field] of [
      [{ ...historyItem(2 ** 31, at) }, 'movie_id'],
      [{ ...historyItem(13, at, 1, 2 ** 31) }, 'episode_number'],
      [{ ...historyItem(13, at, 2 ** 31, 1) }, 'season_number'],
    ] as const) {
      const refused = await sync(cookie, [{ op: 'upsert', store: 'history', item, at }]);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.message).toMatch(new RegExp(`^Invalid operations\\.0\\.item\\.${field}`));
    }
    const refused = await sync(cookie, [{ op: 'upsert', store: 'watch_later', item: watchLaterItem(2 ** 31), at }]);
    expect(refused.statusCode).toBe(400);
  });

  it('names the bad field of an invalid operation', async () => {
    const { cookie } = await signedInUser(t.app);
    const response = await sync(cookie, [
      {
        op: 'upsert',
        store: 'watch_later',
        item: { ...watchLaterItem(1), movie_id: -4 },
        at: '2026-11-20T10:00:00.000Z',
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^Invalid operations\.0\.item\.movie_id/);
    const unknownStore = await sync(cookie, [
      { op: 'upsert', store: 'passwords', item: {}, at: '2026-11-20T10:00:00.000Z' },
    ]);
    expect(unknownStore.statusCode).toBe(400);
  });

  it('is idempotent, lets the newer change win and keeps removals as tombstones', async () => {
    const { cookie } = await signedInUser(t.app);
    const add = { op: 'upsert', store: 'watch_later', item: watchLaterItem(27205), at: '2026-11-20T10:00:00.000Z' };
    const first = (await sync(cookie, [add])).json();
    const again = (await sync(cookie, [add, add])).json();
    expect(again).toEqual(first);
    expect(first.watch_later).toHaveLength(1);
    // Removed at 11:00 on one device...
    await sync(cookie, [
      {
        op: 'remove',
        store: 'watch_later',
        item: { movie_id: 27205, content_type: 'movie' },
        at: '2026-11-20T11:00:00.000Z',
      },
    ]);
    // ...an older copy from another device does not bring it back...
    expect((await sync(cookie, [add])).json().watch_later).toEqual([]);
    // ...but adding it again later does.
    const readded = (await sync(cookie, [{ ...add, at: '2026-11-20T12:00:00.000Z' }])).json();
    expect(readded.watch_later.map((item: { movie_id: number }) => item.movie_id)).toEqual([27205]);
  });

  it('keeps the count of plays of a history entry, and refuses a count of 0', async () => {
    const { cookie } = await signedInUser(t.app);
    const item = { ...historyItem(603, '2026-11-20T10:00:00.000Z'), play_count: 3, source: 'manual' };
    const answer = (await sync(cookie, [{ op: 'upsert', store: 'history', item, at: item.watched_at }])).json();
    expect(answer.history).toEqual([expect.objectContaining({ movie_id: 603, play_count: 3, source: 'manual' })]);
    const refused = await sync(cookie, [
      { op: 'upsert', store: 'history', item: { ...item, play_count: 0 }, at: item.watched_at },
    ]);
    expect(refused.statusCode).toBe(400);
  });

  it('keeps episodes of a series apart and every history entry, and pages them 50 at a time', async () => {
    const { cookie } = await signedInUser(t.app);
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const operations = Array.from({ length: 105 }, (_, index) => {
      const watched = new Date(base + index * 60_000).toISOString();
      return {
        op: 'upsert',
        store: 'history',
        item: historyItem(1396, watched, 1 + Math.floor(index / 20), (index % 20) + 1),
        at: watched,
      };
    });
    const state = (await sync(cookie, operations)).json();
    // No cap (DESIGN.md: the spec's 100 is gone for accounts).
    expect(state.history).toHaveLength(105);
    expect(state.history[0].season_number).toBe(6);
    const times = state.history.map((item: { watched_at: string }) => item.watched_at);
    expect(times).toEqual([...times].sort().reverse());

    const page = (n?: number) =>
      t.app.inject({ url: `/api/me/history${n === undefined ? '' : `?page=${n}`}`, headers: { cookie } });
    const first = (await page()).json();
    expect(first).toMatchObject({ page: 1, total_pages: 3, total_results: 105 });
    expect(first.results).toHaveLength(50);
    expect(first.results.map((item: { watched_at: string }) => item.watched_at)).toEqual(times.slice(0, 50));
    const third = (await page(3)).json();
    expect(third.results.map((item: { watched_at: string }) => item.watched_at)).toEqual(times.slice(100));
    expect((await page(4)).json().results).toEqual([]);
    const refused = await page(0);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^Invalid page/);

    // One series' episodes only, paged the same way.
    await sync(cookie, [{ op: 'upsert', store: 'history', item: historyItem(603, times[0]), at: times[0] }]);
    const series = (n: number) => t.app.inject({ url: `/api/me/history?series=1396&page=${n}`, headers: { cookie } });
    expect((await series(1)).json()).toMatchObject({ total_results: 105, total_pages: 3 });
    const ids = new Set<number>();
    for (const n of [1, 2, 3]) for (const item of (await series(n)).json().results) ids.add(item.movie_id);
    expect([...ids]).toEqual([1396]);
    const other = (await t.app.inject({ url: '/api/me/history?series=603', headers: { cookie } })).json();
    expect(other.total_results).toBe(0);
    const bad = await t.app.inject({ url: '/api/me/history?series=abc', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^Invalid series/);
  });
});

describe('POST /api/me/sync with a cursor (DESIGN.md "Sync rules": incremental)', () => {
  type Changes = {
    history: Array<{ movie_id: number; watched_at: string }>;
    watch_later: Array<{ movie_id: number; movie_title: string; added_at: string }>;
    settings: { gridColumns: number } | null;
    removed: { history: Array<{ movie_id: number }>; watch_later: Array<{ movie_id: number }> };
    cursor: string;
    has_more: boolean;
  };
  const exchange = async (cookie: string, operations: unknown[], cursor: string | null): Promise<Changes> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/sync',
      payload: { operations, cursor },
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const add = (id: number, at: string) => ({ op: 'upsert', store: 'watch_later', item: watchLaterItem(id, at), at });
  const remove = (id: number, at: string) => ({
    op: 'remove',
    store: 'watch_later',
    item: { movie_id: id, content_type: 'movie' },
    at,
  });

  it('answers only what changed since the cursor, removals included', async () => {
    const { cookie } = await signedInUser(t.app);
    const first = await exchange(
      cookie,
      [add(1, '2026-11-20T10:00:00.000Z'), add(2, '2026-11-20T10:01:00.000Z')],
      null,
    );
    expect(first.watch_later.map((item) => item.movie_id).sort()).toEqual([1, 2]);
    expect(first.has_more).toBe(false);
    // Another device removes 1 and adds 3.
    await exchange(cookie, [remove(1, '2026-11-20T11:00:00.000Z'), add(3, '2026-11-20T11:00:00.000Z')], null);
    // This device, with nothing to send, hears exactly that.
    const next = await exchange(cookie, [], first.cursor);
    expect(next.watch_later.map((item) => item.movie_id)).toEqual([3]);
    expect(next.removed.watch_later.map((item) => item.movie_id)).toEqual([1]);
    expect(Number(next.cursor)).toBeGreaterThan(Number(first.cursor));
    // And nothing again.
    const idle = await exchange(cookie, [], next.cursor);
    expect(idle).toMatchObject({ history: [], watch_later: [], settings: null, cursor: next.cursor });
    expect(idle.removed).toEqual({ history: [], watch_later: [], ratings: [], hidden: [] });
  });

  it("answers the stored item of every key the batch named, when the batch's change lost", async () => {
    const { cookie } = await signedInUser(t.app);
    const start = await exchange(cookie, [remove(7, '2026-11-20T12:00:00.000Z')], null);
    // An older add from an offline device loses to the removal: the device must hear so.
    const answer = await exchange(cookie, [add(7, '2026-11-20T09:00:00.000Z')], start.cursor);
    expect(answer.watch_later).toEqual([]);
    expect(answer.removed.watch_later.map((item) => item.movie_id)).toEqual([7]);
  });

  it('pages a first sync, and one change on a large account costs a small answer', async () => {
    const { cookie } = await signedInUser(t.app);
    const base = Date.parse('2025-01-01T00:00:00.000Z');
    const operations = Array.from({ length: 1200 }, (_, index) => {
      const watched = new Date(base + index * 60_000).toISOString();
      return { op: 'upsert', store: 'history', item: historyItem(100_000 + index, watched), at: watched };
    });
    for (let start = 0; start < operations.length; start += 500) {
      await exchange(cookie, operations.slice(start, start + 500), null);
    }
    const seen = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const page: Changes = await exchange(cookie, [], cursor);
      page.history.forEach((item) => seen.add(item.movie_id));
      cursor = page.cursor;
      pages += 1;
      if (!page.has_more) break;
    }
    expect(pages).toBe(3);
    expect(seen.size).toBe(1200);
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/me/sync',
      payload: { operations: [add(5, '2026-11-20T10:00:00.000Z')], cursor },
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(one.json().watch_later).toHaveLength(1);
    expect(one.json().history).toEqual([]);
    expect(one.body.length).toBeLessThan(2_000);
  });

  it("holds a client's clock to the server's: an item saved in 2999 can still be removed", async () => {
    const { cookie } = await signedInUser(t.app);
    const pinned = await exchange(cookie, [add(9, '2999-01-01T00:00:00.000Z')], null);
    const saved = pinned.watch_later[0]!;
    expect(Date.parse(saved.added_at)).toBeLessThan(Date.now() + 5 * 60_000);
    const removed = await exchange(cookie, [remove(9, new Date(Date.now() + 1000).toISOString())], pinned.cursor);
    expect(removed.removed.watch_later.map((item) => item.movie_id)).toEqual([9]);
    // Settings too: a save in 2999 does not block the next one.
    await exchange(
      cookie,
      [{ op: 'upsert', store: 'settings', item: { gridColumns: 5 }, at: '2999-01-01T00:00:00.000Z' }],
      null,
    );
    const later = new Date(Date.now() + 1000).toISOString();
    await exchange(cookie, [{ op: 'upsert', store: 'settings', item: { gridColumns: 7 }, at: later }], null);
    const settings = (await t.app.inject({ url: '/api/me/settings', headers: { cookie } })).json();
    expect(settings.settings.gridColumns).toBe(7);

    // A watch from a device whose clock runs two hours fast is real watching: kept, dated now.
    const fast = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    const skewed = await exchange(
      cookie,
      [{ op: 'upsert', store: 'history', item: historyItem(603, fast), at: fast }],
      null,
    );
    const kept = skewed.history.find((item) => item.movie_id === 603);
    expect(Date.parse(kept!.watched_at)).toBeLessThan(Date.now() + 5 * 60_000);
  });

  it('breaks ties the same way whatever the batching or arrival order', async () => {
    const at = '2026-11-20T10:00:00.000Z';
    const subMillisecond = '2026-11-20T10:00:00.0004Z';
    const outcomes = new Set<string>();
    for (const requests of [
      [[add(4, subMillisecond), remove(4, at)]],
      [[remove(4, at), add(4, subMillisecond)]],
      [[add(4, subMillisecond)], [remove(4, at)]],
      [[remove(4, at)], [add(4, subMillisecond)]],
    ]) {
      const { cookie } = await signedInUser(t.app);
      for (const batch of requests) await exchange(cookie, batch, null);
      const saved = (await t.app.inject({ url: '/api/me/watch-later', headers: { cookie } })).json().results;
      outcomes.add(JSON.stringify(saved.map((item: { movie_id: number }) => item.movie_id)));
    }
    // Removal before upsert at the same (millisecond) instant, every time.
    expect([...outcomes]).toEqual(['[]']);

    const settingsOutcomes = new Set<number>();
    for (const order of [
      [5, 7],
      [7, 5],
    ]) {
      const { cookie } = await signedInUser(t.app);
      for (const gridColumns of order) {
        await exchange(cookie, [{ op: 'upsert', store: 'settings', item: { gridColumns }, at }], null);
      }
      settingsOutcomes.add(
        (await t.app.inject({ url: '/api/me/settings', headers: { cookie } })).json().settings.gridColumns,
      );
    }
    expect(settingsOutcomes.size).toBe(1);
  });

  it('keeps ratings and hidden titles like the other lists, and refuses a rating of 11 or a season of a film', async () => {
    const { cookie } = await signedInUser(t.app);
    const at = '2026-11-20T10:00:00.000Z';
    const rating = (rating: number, extra: object = {}) => ({
      op: 'upsert',
      store: 'ratings',
      item: {
        movie_id: 550,
        content_type: 'movie',
        season_number: null,
        episode_number: null,
        rating,
        rated_at: at,
        ...extra,
      },
      at,
    });
    const first = await exchange(
      cookie,
      [rating(8), { op: 'upsert', store: 'hidden', item: { movie_id: 680, content_type: 'movie', hidden_at: at }, at }],
      null,
    );
    expect((first as unknown as { ratings: Array<{ rating: number }> }).ratings.map((item) => item.rating)).toEqual([
      8,
    ]);
    expect((first as unknown as { hidden: Array<{ movie_id: number }> }).hidden.map((item) => item.movie_id)).toEqual([
      680,
    ]);
    const later = '2026-11-20T11:00:00.000Z';
    const next = await exchange(
      cookie,
      [{ op: 'remove', store: 'hidden', item: { movie_id: 680, content_type: 'movie' }, at: later }],
      first.cursor,
    );
    expect(
      (next.removed as unknown as { hidden: Array<{ movie_id: number }> }).hidden.map((item) => item.movie_id),
    ).toEqual([680]);

    // Series 1 is Breaking Bad in the local catalogue: five seasons, seven episodes in the first.
    const watched = (item: object) => ({ op: 'upsert', store: 'history', item, at });
    const episodeRating = (season: number, episode: number) =>
      rating(7, { movie_id: 1, content_type: 'tv', season_number: season, episode_number: episode });
    for (const [operation, field, problem] of [
      [rating(11), 'rating', /1 to 10/],
      [rating(0), 'rating', /1 to 10/],
      [rating(7, { season_number: 2 }), 'season_number', /film has no seasons/],
      [rating(7, { content_type: 'tv', episode_number: 3 }), 'season_number', /needs its season/],
      [watched(historyItem(603, '3000-01-01T00:00:00.000Z')), 'watched_at', /later than now/],
      [watched({ ...historyItem(603, at), season_number: 1, episode_number: 2 }), 'season_number', /film has no/],
      [watched(historyItem(1, at, 99, 99)), 'season_number', /has no season 99/],
      [watched(historyItem(1, at, 1, 99)), 'episode_number', /has no episode 99/],
      [episodeRating(99, 99), 'season_number', /has no season 99/],
      [episodeRating(1, 8), 'episode_number', /has no episode 8/],
    ] as const) {
      // The whole batch is refused, naming the operation at fault: a good change beside it waits.
      const refused = await sync(cookie, [watched(historyItem(1, at, 1, 1)), operation]);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.message).toMatch(new RegExp(`^Invalid operations\\.1\\.item\\.${field}`));
      expect(refused.json().error.message).toMatch(problem);
      expect(refused.json().error).toMatchObject({ code: 'invalid_input', operation: 1, field: `item.${field}` });
    }
    const state = (await sync(cookie, [])).json();
    expect(state.ratings.map((item: { rating: number }) => item.rating)).toEqual([8]);
    expect(state.hidden).toEqual([]);
    expect(state.history).toEqual([]);
    // The episodes that exist are taken.
    const real = await sync(cookie, [watched(historyItem(1, at, 1, 7)), episodeRating(5, 1)]);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().history).toEqual([
      expect.objectContaining({ movie_id: 1, season_number: 1, episode_number: 7 }),
    ]);
  });

  it('clears a whole list, entries this device never held included, and an older add stays cleared', async () => {
    const { cookie } = await signedInUser(t.app);
    await exchange(cookie, [add(1, '2026-11-20T10:00:00.000Z'), add(2, '2026-11-20T10:01:00.000Z')], null);
    const cleared = await exchange(
      cookie,
      [{ op: 'remove_all', store: 'watch_later', at: '2026-11-20T11:00:00.000Z' }],
      null,
    );
    expect(cleared.watch_later).toEqual([]);
    expect(cleared.removed.watch_later.map((item) => item.movie_id).sort()).toEqual([1, 2]);
    // An offline device's add from before the clear, of a title never synced, does not come back...
    await exchange(cookie, [add(3, '2026-11-20T10:30:00.000Z')], null);
    // ...an add after it does.
    await exchange(cookie, [add(4, '2026-11-20T11:30:00.000Z')], null);
    const saved = (await t.app.inject({ url: '/api/me/watch-later', headers: { cookie } })).json().results;
    expect(saved.map((item: { movie_id: number }) => item.movie_id)).toEqual([4]);
  });
});

describe('/api/me/profile', () => {
  it('edits the username and avatar, checks availability and validates both', async () => {
    const ada = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const patch = (cookie: string, payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        payload: payload as object,
        headers: { cookie, origin: TEST_ORIGIN },
      });
    const saved = await patch(ada.cookie, { username: 'Lovelace', avatar_url: 'https://example.org/ada.png' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      username: 'Lovelace',
      avatar_url: 'https://example.org/ada.png',
      email: ada.email,
      email_verified: true,
    });
    expect((await patch(bob.cookie, { username: 'lovelace' })).json().error).toEqual({
      code: 'conflict',
      message: 'Username is already taken',
    });
    const badAvatar = await patch(ada.cookie, { avatar_url: 'javascript:alert(1)' });
    expect(badAvatar.statusCode).toBe(400);
    expect(badAvatar.json().error.message).toBe('Invalid avatar_url: must start with http:// or https://');
    expect((await patch(ada.cookie, { email: 'x@example.org' })).statusCode).toBe(400);
    // A body that is JSON but no object is refused, not read as "change nothing".
    const notAnObject = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      payload: 'null',
      headers: { cookie: ada.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().error.code).toBe('invalid_input');

    const check = (cookie: string | undefined, name: string) =>
      t.app.inject({ url: `/api/profiles/username-available?username=${name}`, headers: cookie ? { cookie } : {} });
    expect((await check(undefined, 'LOVELACE')).json()).toEqual({ username: 'LOVELACE', available: false });
    expect((await check(ada.cookie, 'lovelace')).json().available).toBe(true); // her own name
    expect((await check(bob.cookie, 'lovelace')).json().available).toBe(false);
    expect((await check(undefined, 'a')).statusCode).toBe(400);
  });
});

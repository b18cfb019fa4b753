import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, TitleSummary } from '@marquee/core';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
});
afterAll(() => t.close());

async function get(url: string, cookie?: string) {
  const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  return { response, body: response.json() as Paged<TitleSummary> };
}
const keys = (items: TitleSummary[]) => items.map((item) => `${item.media_type}:${item.id}`);

describe('catalogue lists without hidden and watched titles', () => {
  it('keeps every page full and continuous for a guest, and the plain request publicly cached', async () => {
    const plain = await get('/api/catalogue/discover?type=movie&page=1');
    expect(plain.response.headers['cache-control']).toBe('public, max-age=120');
    const pages = [plain.body, (await get('/api/catalogue/discover?type=movie&page=2')).body];
    const all = keys(pages.flatMap((page) => page.results));
    const excluded = [all[0]!, all[5]!, all[19]!, all[21]!];

    const first = await get(`/api/catalogue/discover?type=movie&page=1&exclude=${excluded.join(',')}`);
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers['cache-control']).toBe('private, no-store');
    expect(first.body.results).toHaveLength(20);
    const expected = all.filter((key) => !excluded.includes(key));
    expect(keys(first.body.results)).toEqual(expected.slice(0, 20));
    expect(first.body.total_results).toBe(plain.body.total_results - excluded.length);

    const second = await get(`/api/catalogue/discover?type=movie&page=2&exclude=${excluded.join(',')}`);
    expect(second.body.results).toHaveLength(20);
    expect(keys(second.body.results).slice(0, 16)).toEqual(expected.slice(20, 36));
  });

  it('leaves titles out of Top Ranked and More Like This too', async () => {
    const top = (await get('/api/catalogue/top-rated?type=movie&vote_count_gte=10')).body;
    const skip = keys(top.results.slice(0, 2));
    const filtered = (await get(`/api/catalogue/top-rated?type=movie&vote_count_gte=10&exclude=${skip.join(',')}`))
      .body;
    expect(filtered.results).toHaveLength(20);
    expect(keys(filtered.results)).not.toContain(skip[0]);
    expect(keys(filtered.results)[0]).toBe(keys(top.results)[2]);

    const id = top.results[0]!.id;
    const similar = keys((await get(`/api/catalogue/movie/${id}/similar`)).body.results);
    expect(similar).toHaveLength(12);
    // The row stays full of 12: the hidden ones are replaced by the next most alike, in order.
    const hidden = similar.slice(0, 3);
    const without = keys((await get(`/api/catalogue/movie/${id}/similar?exclude=${hidden.join(',')}`)).body.results);
    expect(without).toHaveLength(12);
    expect(without.slice(0, 9)).toEqual(similar.slice(3));
    for (const key of hidden) expect(without).not.toContain(key);

    // Every one of the first 12 hidden, and more: still a full row, from further down the list.
    const many = [...similar, ...without.slice(9)];
    const refilled = keys((await get(`/api/catalogue/movie/${id}/similar?exclude=${many.join(',')}`)).body.results);
    expect(refilled).toHaveLength(12);
    for (const key of many) expect(refilled).not.toContain(key);
  });

  it("reads a signed-in account's hidden and watched titles for hide=, and only its own", async () => {
    const { cookie } = await signedInUser(t.app);
    const plain = keys((await get('/api/catalogue/discover?type=movie')).body.results);
    const [hiddenKey, watchedKey] = [plain[0]!, plain[1]!];
    const at = '2026-03-01T10:00:00.000Z';
    const idOf = (key: string) => Number(key.split(':')[1]);
    const synced = await t.app.inject({
      method: 'POST',
      url: '/api/me/sync',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {
        operations: [
          {
            op: 'upsert',
            store: 'hidden',
            item: { movie_id: idOf(hiddenKey), content_type: 'movie', hidden_at: at, synced: false },
            at,
          },
          {
            op: 'upsert',
            store: 'history',
            item: {
              id: watchedKey,
              movie_id: idOf(watchedKey),
              movie_title: 'Watched',
              content_type: 'movie',
              watched_at: at,
              completed: true,
              synced: false,
            },
            at,
          },
        ],
      },
    });
    expect(synced.statusCode).toBe(200);

    const hidden = keys((await get('/api/catalogue/discover?type=movie&hide=hidden', cookie)).body.results);
    expect(hidden).not.toContain(hiddenKey);
    expect(hidden).toContain(watchedKey);
    expect(hidden).toHaveLength(20);
    const both = keys((await get('/api/catalogue/discover?type=movie&hide=hidden,watched', cookie)).body.results);
    expect(both).not.toContain(hiddenKey);
    expect(both).not.toContain(watchedKey);
    expect(both[0]).toBe(plain[2]);
    // Without the session the same request leaves nothing out.
    expect(keys((await get('/api/catalogue/discover?type=movie&hide=hidden,watched')).body.results)).toEqual(plain);

    const recommended = await t.app.inject({
      url: `/api/recommend?q=${encodeURIComponent('a film')}&type=movie&personalize=false`,
      headers: { cookie },
    });
    expect(keys(recommended.json().results)).not.toContain(hiddenKey);
  });

  it('leaves the titles of exclude= out of the mood recommender', async () => {
    const plain = (await t.app.inject(`/api/recommend?q=${encodeURIComponent('funny')}&type=movie`)).json();
    const first = keys(plain.results)[0]!;
    const without = (
      await t.app.inject(`/api/recommend?q=${encodeURIComponent('funny')}&type=movie&exclude=${first}`)
    ).json();
    expect(keys(without.results)).not.toContain(first);
  });

  it('refuses a malformed exclusion, naming the parameter', async () => {
    for (const query of ['exclude=film:1', 'exclude=movie:1,,tv:2', 'hide=everything']) {
      const response = await t.app.inject(`/api/catalogue/discover?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toMatch(/exclude|hide/);
    }
  });
});

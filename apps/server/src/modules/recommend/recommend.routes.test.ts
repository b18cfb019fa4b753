import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recommendation, RecommendAnswer } from '@marquee/core';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { historyItem } from '../../../test/api-routes.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
});
afterAll(() => t.close());

async function ask(query: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url: `/api/recommend?${new URLSearchParams(query)}`, headers });
  return { status: response.statusCode, body: response.json() as RecommendAnswer & { error?: { message: string } } };
}

const key = (item: Pick<Recommendation, 'media_type' | 'id'>) => `${item.media_type}:${item.id}`;

describe('GET /api/recommend', () => {
  it('answers a mood with titles that have its genres, each saying why', async () => {
    const { status, body } = await ask({ q: 'something scary but funny' });
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(20);
    expect(body.intent.include.map((genre) => genre.id)).toEqual(expect.arrayContaining([27, 35]));
    // A title with both moods beats one with either.
    expect(body.results[0]!.genre_ids).toEqual(expect.arrayContaining([27, 35]));
    expect(body.results[0]!.reason).toBe('Scary and funny: Horror and Comedy');
    for (const item of body.results) {
      expect(item.reason.length).toBeGreaterThan(3);
      expect(item).toMatchObject({
        id: expect.any(Number),
        poster_path: expect.any(String),
        genre_ids: expect.any(Array),
      });
    }
  });

  it('keeps to the era and the media type asked for', async () => {
    const { body } = await ask({ q: 'a feel-good 90s comedy' });
    expect(body.results[0]!.reason).toMatch(/ · from the 1990s$/);
    const years = body.results
      .slice(0, 10)
      .map((item) => Number((item.release_date ?? item.first_air_date)!.slice(0, 4)));
    expect(years.every((year) => year >= 1990 && year <= 1999)).toBe(true);
    const shows = await ask({ q: 'a binge-worthy crime show' });
    expect(shows.body.results.every((item) => item.media_type === 'tv')).toBe(true);
    const onlyMovies = await ask({ q: 'something funny', type: 'movie' });
    expect(onlyMovies.body.results.every((item) => item.media_type === 'movie')).toBe(true);
  });

  it('never answers a genre the request rules out', async () => {
    const { body } = await ask({ q: 'a drama without romance' });
    expect(body.intent.avoid).toEqual([10749]);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.some((item) => item.genre_ids.includes(10749))).toBe(false);
  });

  it('finds titles like a reference title, never the title itself', async () => {
    const { body } = await ask({ q: 'something like Breaking Bad' });
    expect(body.intent.reference).toBe('breaking bad');
    expect(body.reference).toMatchObject({ media_type: 'tv', title: 'Breaking Bad' });
    expect(body.results.some((item) => item.name === 'Breaking Bad')).toBe(false);
    expect(body.results[0]!.reason).toMatch(
      /^Shares (Drama and Crime|Crime and Drama) with Breaking Bad, also by Vince Gilligan$/,
    );
    expect(body.results.slice(0, 5).every((item) => item.genre_ids.includes(80) || item.genre_ids.includes(18))).toBe(
      true,
    );
  });

  it('never recommends what the person already watched', async () => {
    const first = await ask({ q: 'romantic comedy' });
    const seen = first.body.results.slice(0, 3).map(key);
    const again = await ask({ q: 'romantic comedy', watched: seen.join(',') });
    expect(again.body.results.map(key)).not.toEqual(expect.arrayContaining([seen[0]]));
    for (const item of seen) expect(again.body.results.map(key)).not.toContain(item);
    expect(again.body.results.length).toBe(first.body.results.length);
  });

  it('lets favourite genres shape the ranking only when personalisation is allowed', async () => {
    const plain = await ask({ q: 'something good', genres: '99', personalize: 'false' });
    expect(plain.body.personalized).toBe(false);
    const personal = await ask({ q: 'something good', genres: '99' });
    expect(personal.body.personalized).toBe(true);
    expect(personal.body.results.map(key)).not.toEqual(plain.body.results.map(key));
    expect(personal.body.results.filter((item) => item.genre_ids.includes(99)).length).toBeGreaterThan(
      plain.body.results.filter((item) => item.genre_ids.includes(99)).length,
    );
    expect(personal.body.results.find((item) => item.genre_ids.includes(99))!.reason).toMatch(/you like Documentary/);
  });

  it("reads a signed-in user's history and settings: watched titles excluded, consent honoured", async () => {
    const { cookie } = await signedInUser(t.app);
    const before = await ask({ q: 'anime' }, { cookie });
    const watched = before.body.results[0]!;
    const sync = (operations: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/sync',
        payload: { operations },
        headers: { cookie, origin: TEST_ORIGIN },
      });
    const synced = await sync([
      {
        op: 'upsert',
        store: 'history',
        item: {
          ...historyItem(watched.id),
          id: key(watched),
          movie_title: watched.title ?? watched.name,
          content_type: watched.media_type,
          watched_at: '2026-11-20T09:00:00.000Z',
        },
        at: '2026-11-20T09:00:00.000Z',
      },
      { op: 'upsert', store: 'settings', item: { favoriteGenres: [99] }, at: '2026-11-20T09:00:00.000Z' },
    ]);
    expect(synced.statusCode).toBe(200);
    const after = await ask({ q: 'anime' }, { cookie });
    expect(after.body.results.map(key)).not.toContain(key(watched));
    expect(after.body.personalized).toBe(true);

    await sync([
      {
        op: 'upsert',
        store: 'settings',
        item: { favoriteGenres: [99], enablePersonalizedRecs: false },
        at: '2026-11-21T09:00:00.000Z',
      },
    ]);
    const withoutConsent = await ask({ q: 'anime' }, { cookie });
    expect(withoutConsent.body.personalized).toBe(false);
    // Consent withdrawn still keeps watched titles out.
    expect(withoutConsent.body.results.map(key)).not.toContain(key(watched));
  });

  it('answers a request it cannot read with well-liked titles rather than nothing', async () => {
    const { status, body } = await ask({ q: 'qwzx plorb' });
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
  });

  it('answers 400 naming the parameter for bad input, and never 500', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /q/],
      [{ q: '   ' }, /q.*blank/],
      [{ q: 'x'.repeat(201) }, /q.*200/],
      [{ q: 'funny', type: 'anime' }, /type/],
      [{ q: 'funny', watched: 'movie:1,film:2' }, /watched/],
      [{ q: 'funny', genres: '28;drop' }, /genres/],
      [{ q: 'funny', personalize: 'maybe' }, /personalize/],
      [{ q: 'funny', page: '2' }, /page/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await ask(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.error!.message).toMatch(message);
    }
    for (const q of ["'; drop table titles; --", '<script>alert(1)</script>', '%_%', '\\', 'like', 'no no no']) {
      expect((await ask({ q })).status, q).toBe(200);
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, TitleSummary } from '@marquee/core';
import type { AvailabilityAnswer, SeriesAvailability } from '@marquee/core/catalogue/availability';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startFakeJellyfin, type FakeJellyfin } from '../../../test/fake-jellyfin.ts';
import { FAKE_TMDB_TOKEN, SEED_IDS, startFakeTmdb, type FakeTmdb } from '../../../test/fake-tmdb.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('GET /api/availability with a Library and a Jellyfin server', () => {
  let t: TestApp;
  let fake: FakeJellyfin;
  let mediaDir: string;
  const ids = { memento: 0, matrix: 0, alien: 0, fargo: 0, breakingBad: 0, chernobyl: 0 };

  function write(relative: string) {
    const file = path.join(mediaDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'not really a video');
  }

  async function findId(q: string, type: 'movie' | 'tv', year: string) {
    const { results } = (await t.app.inject(`/api/catalogue/search?q=${encodeURIComponent(q)}`)).json<
      Paged<TitleSummary>
    >();
    return results.find(
      (title) => title.media_type === type && (title.release_date ?? title.first_air_date ?? '').startsWith(year),
    )!.id;
  }

  const availability = async (query: string) => {
    const response = await t.app.inject(`/api/availability?ids=${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<AvailabilityAnswer>();
  };
  const sourcesOf = async (type: 'movie' | 'tv', id: number) => (await availability(`${type}:${id}`)).results[0]!;

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'marquee-availability-'));
    write('Memento (2000).webm');
    write('The Matrix (1999).mkv');
    write('Breaking Bad/Season 01/Breaking Bad - S01E02.webm');
    fake = await startFakeJellyfin();
    t = await createTestApp({ MEDIA_DIR: mediaDir, JELLYFIN_URL: fake.url, JELLYFIN_API_KEY: fake.apiKey }, undefined, {
      catalogue: true,
    });
    // Readiness, not time: both indexes are built in the background from start.
    while ((await availability('movie:1')).indexing) await tick();
    ids.memento = await findId('Memento', 'movie', '200');
    ids.matrix = await findId('The Matrix', 'movie', '1999');
    ids.alien = await findId('Alien', 'movie', '1979');
    ids.fargo = await findId('Fargo', 'movie', '1996');
    ids.breakingBad = await findId('Breaking Bad', 'tv', '2008');
    ids.chernobyl = await findId('Chernobyl', 'tv', '2019');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers each title with where it can play, in the order asked, once each', async () => {
    const answer = await availability(
      [
        `movie:${ids.memento}`,
        `movie:${ids.matrix}`,
        `movie:${ids.alien}`,
        `movie:${ids.fargo}`,
        `tv:${ids.breakingBad}`,
        `tv:${ids.chernobyl}`,
        `movie:${ids.memento}`,
      ].join(','),
    );
    expect(answer).toEqual({
      indexing: false,
      results: [
        { media_type: 'movie', id: ids.memento, sources: ['library'] },
        { media_type: 'movie', id: ids.matrix, sources: ['library', 'jellyfin'] },
        { media_type: 'movie', id: ids.alien, sources: ['jellyfin'] },
        // Nothing has it, and the local catalogue has no trailers.
        { media_type: 'movie', id: ids.fargo, sources: [] },
        { media_type: 'tv', id: ids.breakingBad, sources: ['library'], episodes: 1 },
        { media_type: 'tv', id: ids.chernobyl, sources: ['jellyfin'], episodes: 2 },
      ],
    });
  });

  it('lets a browser keep an answer only briefly', async () => {
    const response = await t.app.inject(`/api/availability?ids=movie:${ids.memento}`);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
  });

  it("lists a series' playable episodes by season", async () => {
    const breakingBad = (await t.app.inject(`/api/availability/tv/${ids.breakingBad}`)).json<SeriesAvailability>();
    expect(breakingBad).toEqual({
      media_type: 'tv',
      id: ids.breakingBad,
      sources: ['library'],
      indexing: false,
      seasons: [{ season_number: 1, episodes: [{ episode_number: 2, sources: ['library'] }] }],
    });
    const chernobyl = (await t.app.inject(`/api/availability/tv/${ids.chernobyl}`)).json<SeriesAvailability>();
    expect(chernobyl.seasons).toEqual([
      {
        season_number: 1,
        episodes: [
          { episode_number: 1, sources: ['jellyfin'] },
          { episode_number: 2, sources: ['jellyfin'] },
        ],
      },
    ]);
  });

  it('answers 404 for a series the catalogue does not have, and 400 for a bad id', async () => {
    expect((await t.app.inject('/api/availability/tv/2147483647')).statusCode).toBe(404);
    const bad = await t.app.inject('/api/availability/tv/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('invalid_input');
  });

  it.each([
    ['no ids', ''],
    ['an unknown type', '?ids=film:1'],
    ['a word for an id', '?ids=movie:abc'],
    ['id 0', '?ids=movie:0'],
    ['an id past 32 bits', '?ids=movie:2147483648'],
    ['an empty item', '?ids=movie:1,,tv:2'],
    ['101 titles', `?ids=${Array.from({ length: 101 }, (_, i) => `movie:${i + 1}`).join(',')}`],
  ])('refuses %s with a 400 naming ids', async (_name, query) => {
    const response = await t.app.inject(`/api/availability${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/ids/);
  });

  it('takes 100 titles', async () => {
    const answer = await availability(Array.from({ length: 100 }, (_, i) => `movie:${i + 1}`).join(','));
    expect(answer.results).toHaveLength(100);
  });

  describe('discover with available=1', () => {
    const discover = async (query: string) => {
      const response = await t.app.inject(`/api/catalogue/discover?${query}`);
      expect(response.statusCode).toBe(200);
      return { body: response.json<Paged<TitleSummary>>(), cache: response.headers['cache-control'] };
    };

    it('keeps only the titles the server can play, in the asked order, with their count', async () => {
      const { body, cache } = await discover('type=movie&available=1&sort_by=title.asc');
      expect(body.results.map((title) => title.id)).toEqual([ids.alien, ids.memento, ids.matrix]);
      expect(body).toMatchObject({ page: 1, total_results: 3, total_pages: 1 });
      expect(cache).toBe('public, max-age=5');
      const series = await discover('type=tv&available=1');
      expect(series.body.results.map((title) => title.id).sort()).toEqual([ids.breakingBad, ids.chernobyl].sort());
    });

    it("applies discover's own filters and the exclusions too", async () => {
      // Horror: Alien only.
      const horror = await discover('type=movie&available=1&with_genres=27');
      expect(horror.body.results.map((title) => title.id)).toEqual([ids.alien]);
      const excluded = await discover(`type=movie&available=1&sort_by=title.asc&exclude=movie:${ids.alien}`);
      expect(excluded.body.results.map((title) => title.id)).toEqual([ids.memento, ids.matrix]);
      expect(excluded.cache).toBe('private, no-store');
    });

    it('is the plain discover with available=0, and refuses another value', async () => {
      const plain = await discover('type=movie&available=0');
      expect(plain.body.total_results).toBeGreaterThan(1000);
      expect((await t.app.inject('/api/catalogue/discover?available=yes')).statusCode).toBe(400);
    });
  });

  it('shows a file added to MEDIA_DIR without a restart (the folder watch)', async () => {
    expect((await sourcesOf('movie', ids.fargo)).sources).toEqual([]);
    write('Fargo (1996).webm');
    // Readiness: the watch rescans once the change has settled.
    while ((await sourcesOf('movie', ids.fargo)).sources.length === 0) await tick();
    expect((await sourcesOf('movie', ids.fargo)).sources).toEqual(['library']);
    const { results } = (await t.app.inject('/api/catalogue/discover?type=movie&available=1')).json<
      Paged<TitleSummary>
    >();
    expect(results.map((title) => title.id)).toContain(ids.fargo);
  });
});

describe('GET /api/availability without a Library or a media server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { catalogue: true });
  });
  afterAll(() => t.close());

  it('answers that nothing can play, and discover available=1 is empty', async () => {
    const answer = (await t.app.inject('/api/availability?ids=movie:1,tv:1')).json<AvailabilityAnswer>();
    expect(answer).toEqual({
      indexing: false,
      results: [
        { media_type: 'movie', id: 1, sources: [] },
        { media_type: 'tv', id: 1, sources: [], episodes: 0 },
      ],
    });
    const series = (await t.app.inject('/api/availability/tv/1')).json<SeriesAvailability>();
    expect(series).toMatchObject({ sources: [], seasons: [] });
    const discover = (await t.app.inject('/api/catalogue/discover?available=1')).json<Paged<TitleSummary>>();
    expect(discover).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
  });
});

describe('GET /api/availability over TMDB, with a Jellyfin server', () => {
  let t: TestApp;
  let tmdb: FakeTmdb;
  let jellyfin: FakeJellyfin;
  const { fightClub, matrix, toyStory } = SEED_IDS.movies;
  beforeAll(async () => {
    [tmdb, jellyfin] = await Promise.all([startFakeTmdb(), startFakeJellyfin()]);
    t = await createTestApp({
      TMDB_API_TOKEN: FAKE_TMDB_TOKEN,
      TMDB_API_URL: tmdb.baseUrl,
      JELLYFIN_URL: jellyfin.url,
      JELLYFIN_API_KEY: jellyfin.apiKey,
    });
    while ((await t.app.inject('/api/availability?ids=movie:1')).json<AvailabilityAnswer>().indexing) await tick();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([tmdb.close(), jellyfin.close()]);
  });

  it("adds the title's official trailer, and matches Jellyfin's films by their TMDB ids", async () => {
    const answer = (
      await t.app.inject(`/api/availability?ids=movie:${fightClub},movie:${toyStory},movie:${matrix},movie:99999999`)
    ).json<AvailabilityAnswer>();
    expect(answer.results.map((result) => result.sources)).toEqual([['trailer'], [], ['jellyfin', 'trailer'], []]);
  });

  it('walks discover for available=1 (TMDB cannot be asked for given ids), trailers not counting', async () => {
    const { results, total_results } = (await t.app.inject('/api/catalogue/discover?type=movie&available=1')).json<
      Paged<TitleSummary>
    >();
    expect(results.map((title) => title.id)).toEqual([matrix]);
    expect(total_results).toBe(1);
  });
});

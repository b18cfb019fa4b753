import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleOf, type TitleSummary } from '@marquee/core';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { FAKE_TMDB_TOKEN, startFakeTmdb, UNKNOWN_ID, type FakeTmdb } from '../../test/fake-tmdb.ts';
import { createLocalCatalogue } from './local/local-catalogue.ts';
import { createTmdbCache } from './tmdb/tmdb-cache.ts';
import { createTmdbCatalogue } from './tmdb/tmdb-catalogue.ts';
import { createTmdbClient } from './tmdb/tmdb-client.ts';
import type { CatalogueProvider } from './provider.ts';

/**
 * One contract, both providers: whatever answers /api/catalogue/*, clients see the same shapes and
 * rules. Both catalogues know Fight Club (David Fincher) and Breaking Bad (Vince Gilligan), which
 * the suite uses as fixtures.
 */
interface Harness {
  catalogue: CatalogueProvider;
  close(): Promise<void>;
}

const harnesses: Record<string, () => Promise<Harness>> = {
  local: async () => {
    const database = await createTestDatabase({ catalogue: true });
    return { catalogue: createLocalCatalogue(database.db), close: () => database.destroy() };
  },
  tmdb: async () => {
    const database: TestDatabase = await createTestDatabase();
    const fake: FakeTmdb = await startFakeTmdb();
    const client = createTmdbClient({
      baseUrl: fake.baseUrl,
      token: FAKE_TMDB_TOKEN,
      cache: createTmdbCache(database.db),
      timeoutMs: 2000,
    });
    return {
      catalogue: createTmdbCatalogue({ client }),
      async close() {
        await fake.close();
        await database.destroy();
      },
    };
  },
};

function expectSummaryShape(item: TitleSummary, type?: 'movie' | 'tv') {
  if (type) expect(item.media_type).toBe(type);
  expect(item.id).toBeGreaterThan(0);
  expect(Array.isArray(item.genre_ids)).toBe(true);
  expect(typeof item.vote_average).toBe('number');
  expect(typeof item.popularity).toBe('number');
  expect(typeof item.overview).toBe('string');
  if (item.media_type === 'movie')
    expect(item).toMatchObject({ title: expect.any(String), original_title: expect.any(String) });
  else expect(item).toMatchObject({ name: expect.any(String), original_name: expect.any(String) });
}

describe.each(Object.keys(harnesses))('the %s catalogue provider', (name) => {
  let harness: Harness;
  let catalogue: CatalogueProvider;
  let fightClub: TitleSummary;
  let breakingBad: TitleSummary;

  beforeAll(async () => {
    harness = await harnesses[name]!();
    catalogue = harness.catalogue;
    const movies = await catalogue.search({ q: 'fight club', page: 1 });
    const series = await catalogue.search({ q: 'breaking bad', page: 1 });
    fightClub = movies.results.find((item) => titleOf(item) === 'Fight Club')!;
    breakingBad = series.results.find((item) => titleOf(item) === 'Breaking Bad')!;
  });
  afterAll(() => harness.close());

  it('says which mode it is', () => {
    expect(catalogue.mode).toBe(name);
  });

  it('discovers movies and series in paged lists', async () => {
    for (const type of ['movie', 'tv'] as const) {
      const page = await catalogue.discover({
        type,
        page: 1,
        sort_by: 'popularity.desc',
        certification: 'all',
        watch_region: 'US',
      });
      expect(page.page).toBe(1);
      expect(page.results.length).toBeGreaterThan(0);
      expect(page.results.length).toBeLessThanOrEqual(20);
      expect(page.total_pages).toBeLessThanOrEqual(500);
      expect(page.total_results).toBeGreaterThanOrEqual(page.results.length);
      page.results.forEach((item) => expectSummaryShape(item, type));
    }
  });

  it('searches movies and series together', async () => {
    expect(fightClub).toBeDefined();
    expect(breakingBad).toBeDefined();
    expectSummaryShape(fightClub, 'movie');
    expectSummaryShape(breakingBad, 'tv');
  });

  it('ranks top rated titles by rating', async () => {
    const { results } = await catalogue.topRated({ type: 'movie', period: 'all-time', vote_count_gte: 100, page: 1 });
    const ratings = results.map((item) => item.vote_average);
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('answers movie details with genres, crew and money', async () => {
    const movie = await catalogue.movie(fightClub.id);
    expect(movie).toMatchObject({
      id: fightClub.id,
      media_type: 'movie',
      title: 'Fight Club',
      release_date: '1999-10-15',
    });
    expect(movie.genres.length).toBeGreaterThan(0);
    movie.genres.forEach((genre) => expect(genre).toEqual({ id: expect.any(Number), name: expect.any(String) }));
    expect(movie.credits.crew.find((member) => member.job === 'Director')?.name).toBe('David Fincher');
    expect(typeof movie.budget).toBe('number');
    expect(typeof movie.revenue).toBe('number');
  });

  it('answers series details without season 0, and a season with its episodes', async () => {
    const series = await catalogue.tv(breakingBad.id);
    expect(series).toMatchObject({ media_type: 'tv', name: 'Breaking Bad', number_of_seasons: 5 });
    expect(series.created_by.map((person) => person.name)).toContain('Vince Gilligan');
    expect(series.seasons.length).toBeGreaterThan(0);
    expect(series.seasons.every((season) => season.season_number > 0)).toBe(true);
    const season = await catalogue.season(breakingBad.id, 1);
    expect(season.season_number).toBe(1);
    expect(season.episodes.length).toBeGreaterThan(0);
    expect(season.episodes[0]).toMatchObject({ episode_number: 1, season_number: 1, name: expect.any(String) });
  });

  it('answers unknown ids with not_found', async () => {
    await expect(catalogue.movie(UNKNOWN_ID)).rejects.toMatchObject({ code: 'not_found' });
    await expect(catalogue.tv(UNKNOWN_ID)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('finds at most 12 similar titles, never the title itself', async () => {
    const { results } = await catalogue.similar('movie', fightClub.id);
    expect(results.length).toBeLessThanOrEqual(12);
    expect(results.some((item) => item.id === fightClub.id)).toBe(false);
    results.forEach((item) => expectSummaryShape(item, 'movie'));
  });

  it('gathers a recommender pool: genres asked for first, avoided genres and other years left out', async () => {
    const query = {
      type: 'movie' as const,
      genres: [18, 53],
      primaryGenres: [18],
      avoidGenres: [10749],
      yearFrom: 1990,
      yearTo: 2015,
      runtimeMin: null,
      runtimeMax: null,
      language: null,
      keywords: [],
      limit: 50,
    };
    const pool = await catalogue.candidates(query);
    expect(pool.length).toBeGreaterThan(0);
    expect(pool.length).toBeLessThanOrEqual(50);
    for (const { summary } of pool) {
      expectSummaryShape(summary, 'movie');
      expect(summary.genre_ids.some((id) => id === 18 || id === 53)).toBe(true);
      expect(summary.genre_ids).not.toContain(10749);
      const year = Number(summary.release_date!.slice(0, 4));
      expect(year).toBeGreaterThanOrEqual(1990);
      expect(year).toBeLessThanOrEqual(2015);
    }
    expect(pool.map(({ summary }) => summary.id)).toContain(fightClub.id);
    const series = await catalogue.candidates({
      ...query,
      type: 'tv',
      genres: [80],
      avoidGenres: [],
      yearFrom: null,
      yearTo: null,
    });
    expect(series.map(({ summary }) => summary.id)).toContain(breakingBad.id);
    series.forEach(({ summary }) => expectSummaryShape(summary, 'tv'));
  });

  it('lists the genres of each media type', async () => {
    expect(await catalogue.genres('movie')).toContainEqual({ id: 878, name: 'Science Fiction' });
    expect(await catalogue.genres('tv')).toContainEqual({ id: 10765, name: 'Sci-Fi & Fantasy' });
  });
});

import {
  MOVIE_GENRES,
  TV_GENRES,
  discoverParamsSchema,
  searchParamsSchema,
  topRatedParamsSchema,
  type TitleSummary,
} from '@marquee/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import {
  FAKE_MOVIES,
  FAKE_SERIES,
  FAKE_TMDB_TOKEN,
  SEED_IDS,
  startFakeTmdb,
  UNKNOWN_ID,
  type FakeTmdb,
} from '../../../test/fake-tmdb.ts';
import type { CatalogueProvider } from '../provider.ts';
import { createTmdbCache } from './tmdb-cache.ts';
import { createTmdbCatalogue, TMDB_TTL } from './tmdb-catalogue.ts';
import { createTmdbClient, type TmdbClientOptions } from './tmdb-client.ts';
import { tmdbCache } from './tmdb-schema.ts';

const NOW = new Date('2025-03-15T12:00:00Z');
const { movies, tv } = SEED_IDS;

describe('TMDB catalogue', () => {
  let fake: FakeTmdb;
  let database: TestDatabase;
  let nowMs: number;
  let warnings: string[];
  let catalogue: CatalogueProvider;

  function build(overrides: Partial<TmdbClientOptions> = {}): CatalogueProvider {
    const client = createTmdbClient({
      baseUrl: fake.baseUrl,
      token: FAKE_TMDB_TOKEN,
      cache: createTmdbCache(database.db),
      now: () => new Date(nowMs),
      timeoutMs: 500,
      coolDownMs: 0,
      logger: { warn: (_details, message) => warnings.push(message) },
      ...overrides,
    });
    return createTmdbCatalogue({ client, now: () => NOW });
  }

  /** The query of the only request to a path. */
  function lastQuery(path: string): Record<string, string> {
    const requests = fake.requestsTo(path);
    expect(requests.length).toBeGreaterThan(0);
    return requests[requests.length - 1]?.query ?? {};
  }

  async function caught(promise: Promise<unknown>): Promise<AppError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
    throw new Error('expected the call to fail');
  }

  const ids = (items: TitleSummary[]) => items.map((item) => item.id);

  beforeAll(async () => {
    [fake, database] = await Promise.all([startFakeTmdb(), createTestDatabase()]);
  });
  afterAll(async () => {
    await fake?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    fake.reset();
    await database.db.delete(tmdbCache);
    nowMs = NOW.getTime();
    warnings = [];
    catalogue = build();
  });

  it('is the tmdb mode with watch providers and trailers', () => {
    expect(catalogue.mode).toBe('tmdb');
    expect(catalogue.capabilities).toEqual({ watchProviders: true, trailers: true });
  });

  describe('discover', () => {
    it('asks discover/movie with the defaults: popularity, page 1, en-US, no adult', async () => {
      const page = await catalogue.discover(discoverParamsSchema.parse({}));
      expect(lastQuery('/discover/movie')).toEqual({
        language: 'en-US',
        include_adult: 'false',
        page: '1',
        sort_by: 'popularity.desc',
      });
      expect(page.page).toBe(1);
      expect(page.total_results).toBe(FAKE_MOVIES.length);
      expect(page.results.every((item) => item.media_type === 'movie')).toBe(true);
      const popularity = page.results.map((item) => item.popularity);
      expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    });

    it.each([
      ['popularity.desc', 'popularity.desc', 'popularity.desc'],
      ['release_date.desc', 'primary_release_date.desc', 'first_air_date.desc'],
      ['vote_average.desc', 'vote_average.desc', 'vote_average.desc'],
      ['title.asc', 'title.asc', 'name.asc'],
      ['title.desc', 'title.desc', 'name.desc'],
    ] as const)('maps sort %s to %s (movie) and %s (tv)', async (sort, movieSort, tvSort) => {
      await catalogue.discover(discoverParamsSchema.parse({ type: 'movie', sort_by: sort }));
      await catalogue.discover(discoverParamsSchema.parse({ type: 'tv', sort_by: sort }));
      expect(lastQuery('/discover/movie').sort_by).toBe(movieSort);
      expect(lastQuery('/discover/tv').sort_by).toBe(tvSort);
    });

    it('passes genres (, = all, | = any), year, rating, votes and language', async () => {
      const all = await catalogue.discover(
        discoverParamsSchema.parse({
          with_genres: '28,878',
          primary_release_year: 1999,
          vote_average_gte: 8,
          vote_count_gte: 1000,
          with_original_language: 'en',
        }),
      );
      expect(lastQuery('/discover/movie')).toMatchObject({
        with_genres: '28,878',
        primary_release_year: '1999',
        'vote_average.gte': '8',
        'vote_count.gte': '1000',
        with_original_language: 'en',
      });
      expect(ids(all.results)).toEqual([movies.matrix]);
      const any = await catalogue.discover(discoverParamsSchema.parse({ with_genres: '16|53' }));
      expect(lastQuery('/discover/movie').with_genres).toBe('16|53');
      expect(ids(any.results).sort((a, b) => a - b)).toEqual(
        [movies.darkKnight, movies.pulpFiction, movies.toyStory, movies.spiritedAway].sort((a, b) => a - b),
      );
    });

    it('uses first_air_date_year for series and leaves vote_count.gte out unless given', async () => {
      const page = await catalogue.discover(discoverParamsSchema.parse({ type: 'tv', primary_release_year: 2017 }));
      const query = lastQuery('/discover/tv');
      expect(query.first_air_date_year).toBe('2017');
      expect(query).not.toHaveProperty('primary_release_year');
      expect(query).not.toHaveProperty('vote_count.gte');
      expect(ids(page.results)).toEqual([tv.dark]);
      expect(page.results[0]).toMatchObject({ media_type: 'tv', name: 'Dark', origin_country: ['DE'] });
    });

    it('passes watch providers with the watch region (US by default), and no region without providers', async () => {
      const page = await catalogue.discover(discoverParamsSchema.parse({ with_watch_providers: '8' }));
      expect(lastQuery('/discover/movie')).toMatchObject({ with_watch_providers: '8', watch_region: 'US' });
      expect(ids(page.results)).toEqual([movies.inception, movies.pulpFiction]);
      await catalogue.discover(
        discoverParamsSchema.parse({ type: 'tv', with_watch_providers: '8|386', watch_region: 'GB' }),
      );
      expect(lastQuery('/discover/tv')).toMatchObject({ with_watch_providers: '8|386', watch_region: 'GB' });
      await catalogue.discover(discoverParamsSchema.parse({ page: 2 }));
      expect(lastQuery('/discover/movie')).not.toHaveProperty('watch_region');
    });

    it.each([
      ['pg', 'G|PG', [movies.toyStory, movies.spiritedAway]],
      [
        'pg13',
        'G|PG|PG-13',
        [movies.toyStory, movies.spiritedAway, movies.inception, movies.interstellar, movies.darkKnight],
      ],
      ['r', 'G|PG|PG-13|R', FAKE_MOVIES.map((movie) => movie.id)],
    ] as const)(
      'maps rating filter %s to certification_country=US and certification=%s',
      async (filter, list, expected) => {
        const page = await catalogue.discover(discoverParamsSchema.parse({ certification: filter }));
        expect(lastQuery('/discover/movie')).toMatchObject({ certification_country: 'US', certification: list });
        expect(ids(page.results).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
      },
    );

    it('sends no certification for rating filter all, nor for series (TMDB cannot filter them)', async () => {
      await catalogue.discover(discoverParamsSchema.parse({ certification: 'all' }));
      expect(lastQuery('/discover/movie')).not.toHaveProperty('certification');
      expect(lastQuery('/discover/movie')).not.toHaveProperty('certification_country');
      const series = await catalogue.discover(discoverParamsSchema.parse({ type: 'tv', certification: 'pg' }));
      expect(lastQuery('/discover/tv')).not.toHaveProperty('certification');
      expect(lastQuery('/discover/tv')).not.toHaveProperty('certification_country');
      expect(series.total_results).toBe(FAKE_SERIES.length);
    });

    it('caches a discover page for an hour', async () => {
      const params = discoverParamsSchema.parse({ with_genres: '18' });
      await catalogue.discover(params);
      nowMs += (TMDB_TTL.discover - 1) * 1000;
      await catalogue.discover(params);
      expect(fake.requestsTo('/discover/movie')).toHaveLength(1);
      nowMs += 2000;
      await catalogue.discover(params);
      expect(fake.requestsTo('/discover/movie')).toHaveLength(2);
    });
  });

  describe('search', () => {
    it('asks search/multi, drops people and sorts by vote count', async () => {
      const page = await catalogue.search(searchParamsSchema.parse({ q: 'dark' }));
      expect(lastQuery('/search/multi')).toEqual({
        query: 'dark',
        page: '1',
        include_adult: 'false',
        language: 'en-US',
      });
      // TMDB answers Dark, Louis Hofmann, Christian Bale, The Dark Knight (by popularity).
      expect(page.results.map((item) => [item.media_type, item.id])).toEqual([
        ['movie', movies.darkKnight],
        ['tv', tv.dark],
      ]);
      expect(page.results.some((item) => (item.media_type as string) === 'person')).toBe(false);
    });

    it('passes the page and answers an empty page for an unknown term', async () => {
      const page = await catalogue.search(searchParamsSchema.parse({ q: 'zzzz nothing', page: 1 }));
      expect(page.results).toEqual([]);
      expect(lastQuery('/search/multi').query).toBe('zzzz nothing');
    });
  });

  describe('top rated', () => {
    it.each([
      ['all-time', null],
      ['this-year', '2025-01-01'],
      ['this-month', '2025-03-01'],
      ['6-months', '2024-09-15'],
    ] as const)('period %s starts the release date at %s', async (period, start) => {
      await catalogue.topRated(topRatedParamsSchema.parse({ period }));
      const query = lastQuery('/discover/movie');
      expect(query).toMatchObject({
        sort_by: 'vote_average.desc',
        'vote_count.gte': '100',
        page: '1',
        language: 'en-US',
      });
      if (start) expect(query['primary_release_date.gte']).toBe(start);
      else expect(query).not.toHaveProperty('primary_release_date.gte');
      await catalogue.topRated(topRatedParamsSchema.parse({ type: 'tv', period }));
      const tvQuery = lastQuery('/discover/tv');
      if (start) expect(tvQuery['first_air_date.gte']).toBe(start);
      else expect(tvQuery).not.toHaveProperty('first_air_date.gte');
    });

    it('uses the time given to topRated over the clock, and the vote minimum given', async () => {
      const page = await catalogue.topRated(
        topRatedParamsSchema.parse({ period: 'this-year', vote_count_gte: 30000 }),
        new Date('2010-06-01T00:00:00Z'),
      );
      expect(lastQuery('/discover/movie')).toMatchObject({
        'primary_release_date.gte': '2010-01-01',
        'vote_count.gte': '30000',
      });
      expect(ids(page.results)).toEqual([movies.interstellar, movies.inception]);
    });

    it('sorts by rating', async () => {
      const page = await catalogue.topRated(topRatedParamsSchema.parse({ type: 'tv' }));
      expect(page.results[0]?.id).toBe(tv.breakingBad);
    });
  });

  describe('details', () => {
    it('maps Fight Club: certification, director, trailer, companies, money', async () => {
      const movie = await catalogue.movie(movies.fightClub);
      expect(lastQuery('/movie/550')).toEqual({
        language: 'en-US',
        append_to_response: 'credits,release_dates,videos',
      });
      expect(movie).toMatchObject({
        id: 550,
        media_type: 'movie',
        title: 'Fight Club',
        release_date: '1999-10-15',
        runtime: 139,
        budget: 63000000,
        revenue: 100853753,
        status: 'Released',
        homepage: 'http://www.foxmovies.com/movies/fight-club',
        genres: [{ id: 18, name: 'Drama' }],
        genre_ids: [18],
        certification: 'R',
        trailer_key: 'O-b2VfmmbyA',
        production_countries: [
          { iso_3166_1: 'US', name: 'United States of America' },
          { iso_3166_1: 'DE', name: 'Germany' },
        ],
        spoken_languages: [{ iso_639_1: 'en', english_name: 'English' }],
      });
      expect(movie.production_companies[0]).toEqual({ id: 711, name: 'Fox 2000 Pictures' });
      expect(movie.credits.crew[0]).toEqual({ name: 'David Fincher', job: 'Director', department: 'Directing' });
      expect(movie.credits.crew.filter((member) => member.job === 'Director')).toHaveLength(1);
      expect(movie.credits.crew.map((member) => member.job)).not.toContain('Novel');
      expect(movie.credits.crew.map((member) => member.job)).not.toContain('Original Music Composer');
      expect(movie.poster_path).toMatch(/^\/.+\.jpg$/);
    });

    it('falls back to a non-official trailer, and to null without a YouTube one', async () => {
      expect((await catalogue.movie(movies.inception)).trailer_key).toBe('YoHD9XEInc0');
      expect((await catalogue.movie(movies.interstellar)).trailer_key).toBeNull();
      const spirited = await catalogue.movie(movies.spiritedAway);
      expect(spirited).toMatchObject({ original_title: '千と千尋の神隠し', homepage: null, certification: 'PG' });
    });

    it('maps Breaking Bad without the Specials season', async () => {
      const series = await catalogue.tv(tv.breakingBad);
      expect(lastQuery('/tv/1396')).toEqual({
        language: 'en-US',
        append_to_response: 'credits,content_ratings,videos',
      });
      expect(series).toMatchObject({
        id: 1396,
        media_type: 'tv',
        name: 'Breaking Bad',
        first_air_date: '2008-01-20',
        last_air_date: '2013-09-29',
        origin_country: ['US'],
        episode_run_time: [45, 47],
        number_of_seasons: 5,
        number_of_episodes: 62,
        certification: 'TV-MA',
        created_by: [{ id: 66633, name: 'Vince Gilligan' }],
        networks: [{ id: 174, name: 'AMC' }],
        status: 'Ended',
        trailer_key: 'HhesaQXLuRY',
      });
      expect(series.seasons.map((season) => season.season_number)).toEqual([1, 2, 3, 4, 5]);
      expect(series.seasons.some((season) => season.name === 'Specials')).toBe(false);
      const dark = await catalogue.tv(tv.dark);
      expect(dark.episode_run_time).toEqual([]);
      expect(dark.created_by.map((person) => person.name)).toEqual(['Baran bo Odar', 'Jantje Friese']);
    });

    it('maps a season with its episodes', async () => {
      const season = await catalogue.season(tv.breakingBad, 1);
      expect(lastQuery('/tv/1396/season/1')).toEqual({ language: 'en-US' });
      expect(season).toMatchObject({ season_number: 1, name: 'Season 1', air_date: '2008-01-20' });
      expect(season.episodes).toHaveLength(7);
      expect(season.episodes[0]).toMatchObject({ episode_number: 1, season_number: 1, name: 'Pilot', runtime: 45 });
      expect(season).not.toHaveProperty('_id');
    });

    it('caches details for a day and keeps the cast out of the cache', async () => {
      await catalogue.movie(movies.matrix);
      nowMs += (TMDB_TTL.details - 60) * 1000;
      const again = await catalogue.movie(movies.matrix);
      expect(fake.requestsTo('/movie/603')).toHaveLength(1);
      expect(again.credits.crew.map((member) => member.name)).toContain('Lana Wachowski');
      const [row] = await database.db.select().from(tmdbCache);
      expect((row?.body as { credits: { cast: unknown[] } }).credits.cast).toEqual([]);
    });
  });

  describe('not found', () => {
    it('turns TMDB 404s into AppError not_found', async () => {
      for (const call of [
        () => catalogue.movie(UNKNOWN_ID),
        () => catalogue.tv(UNKNOWN_ID),
        () => catalogue.season(tv.breakingBad, 99),
        () => catalogue.similar('movie', UNKNOWN_ID),
        () => catalogue.movie(0),
      ]) {
        const error = await caught(call());
        expect(error.code).toBe('not_found');
        expect(error.status).toBe(404);
      }
    });
  });

  describe('similar', () => {
    it('asks recommendations page 1 and keeps at most 12', async () => {
      const similar = await catalogue.similar('movie', movies.fightClub);
      expect(lastQuery('/movie/550/recommendations')).toEqual({ language: 'en-US', page: '1' });
      expect(ids(similar.results)).toEqual([movies.pulpFiction, movies.matrix, movies.darkKnight, movies.inception]);
      const series = await catalogue.similar('tv', tv.breakingBad);
      expect(series.results.every((item) => item.media_type === 'tv')).toBe(true);
    });

    it('cuts a long recommendation list to 12', async () => {
      const many = Array.from({ length: 20 }, (_, index) => ({
        id: index + 1,
        title: `T${index}`,
        media_type: 'movie',
      }));
      const fetchImpl: typeof fetch = async () =>
        new Response(JSON.stringify({ page: 1, results: many, total_pages: 2, total_results: 40 }), {
          headers: { 'content-type': 'application/json' },
        });
      const similar = await build({ fetchImpl }).similar('movie', movies.matrix);
      expect(similar.results).toHaveLength(12);
    });

    it('reads the next pages for a longer list, and stops at the last page', async () => {
      const pages: number[] = [];
      const fetchImpl: typeof fetch = async (input) => {
        const page = Number(new URL(String(input)).searchParams.get('page'));
        pages.push(page);
        const results = Array.from({ length: page < 3 ? 20 : 5 }, (_, index) => ({
          id: page * 100 + index,
          title: `T${page}-${index}`,
          media_type: 'movie',
        }));
        return new Response(JSON.stringify({ page, results, total_pages: 3, total_results: 45 }), {
          headers: { 'content-type': 'application/json' },
        });
      };
      const thirty = await build({ fetchImpl }).similar('movie', movies.matrix, 30);
      expect(thirty.results.map((item) => item.id)).toEqual([
        ...Array.from({ length: 20 }, (_, index) => 100 + index),
        ...Array.from({ length: 10 }, (_, index) => 200 + index),
      ]);
      expect(pages).toEqual([1, 2]);
      pages.length = 0;
      expect((await build({ fetchImpl }).similar('movie', movies.fightClub, 192)).results).toHaveLength(45);
      expect(pages).toEqual([1, 2, 3]);
    });
  });

  describe('genres', () => {
    it('answers TMDB genre lists', async () => {
      expect(await catalogue.genres('movie')).toEqual(MOVIE_GENRES);
      expect(await catalogue.genres('tv')).toEqual(TV_GENRES);
      expect(lastQuery('/genre/movie/list')).toEqual({ language: 'en-US' });
      expect(fake.requestsTo('/genre/tv/list')).toHaveLength(1);
    });

    it('falls back to the core catalogues when TMDB is unreachable', async () => {
      fake.setMode('down');
      expect(await catalogue.genres('movie')).toEqual(MOVIE_GENRES);
      expect(await catalogue.genres('tv')).toEqual(TV_GENRES);
    });
  });

  describe('when TMDB fails', () => {
    it('serves stale details while TMDB is down, and unavailable for what was never cached', async () => {
      const fresh = await catalogue.tv(tv.dark);
      nowMs += (TMDB_TTL.details + 60) * 1000;
      fake.setMode('down');
      expect(await catalogue.tv(tv.dark)).toEqual(fresh);
      expect(warnings.some((message) => message.includes('stale'))).toBe(true);
      const error = await caught(catalogue.tv(tv.strangerThings));
      expect(error.code).toBe('unavailable');
      expect(error.message).toBe('The movie database is not reachable right now');
    });

    it('serves a stale page quickly while TMDB hangs', async () => {
      const params = discoverParamsSchema.parse({ type: 'tv' });
      const fresh = await catalogue.discover(params);
      nowMs += (TMDB_TTL.discover + 60) * 1000;
      fake.setMode('hang');
      const started = performance.now();
      expect(await catalogue.discover(params)).toEqual(fresh);
      expect(performance.now() - started).toBeLessThan(500 + 800);
    });
  });

  describe('the fake is consistent (for the provider contract suite)', () => {
    it('has details for every listed, searched and recommended id', async () => {
      // Over a hundred requests: past 40 a second they wait their turn, which the 500 ms limit of
      // the other tests (it counts the waiting) would not allow.
      const catalogue = build({ timeoutMs: 8_000 });
      const movieIds = new Set<number>();
      const tvIds = new Set<number>();
      const collect = (items: TitleSummary[]) =>
        items.forEach((item) => (item.media_type === 'movie' ? movieIds : tvIds).add(item.id));
      collect((await catalogue.discover(discoverParamsSchema.parse({}))).results);
      collect((await catalogue.discover(discoverParamsSchema.parse({ type: 'tv' }))).results);
      for (const term of ['dark', 'the', 'breaking', 'bad', 'matrix']) {
        collect((await catalogue.search(searchParamsSchema.parse({ q: term }))).results);
      }
      for (const movie of FAKE_MOVIES) collect((await catalogue.similar('movie', movie.id)).results);
      for (const series of FAKE_SERIES) collect((await catalogue.similar('tv', series.id)).results);
      for (const id of movieIds) expect((await catalogue.movie(id)).id).toBe(id);
      for (const id of tvIds) {
        const series = await catalogue.tv(id);
        for (const season of series.seasons) {
          const details = await catalogue.season(id, season.season_number);
          expect(details.episodes).toHaveLength(season.episode_count);
        }
      }
      expect([...movieIds].sort()).toEqual(FAKE_MOVIES.map((movie) => movie.id).sort());
      expect([...tvIds].sort()).toEqual(FAKE_SERIES.map((series) => series.id).sort());
    });
  });
});

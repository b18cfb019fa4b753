import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverParamsSchema, titleOf, yearOf, type DiscoverParams, type TitleSummary } from '@marquee/core';
import { createTestDatabase, TEST_NOW, type TestDatabase } from '../../../test/test-db.ts';
import { appMeta } from '../../db/schema.ts';
import { createLocalCatalogue } from './local-catalogue.ts';
import { importLocalCatalogue, readCatalogueSources } from './local-import.ts';
import { titles } from './local-schema.ts';
import type { CatalogueProvider } from '../provider.ts';

let database: TestDatabase;
let catalogue: CatalogueProvider;

beforeAll(async () => {
  database = await createTestDatabase({ catalogue: true });
  catalogue = createLocalCatalogue(database.db);
});
afterAll(() => database.destroy());

const discover = (params: Partial<Record<keyof DiscoverParams, unknown>>) =>
  catalogue.discover(discoverParamsSchema.parse(params));

async function findId(type: 'movie' | 'tv', title: string, year?: number): Promise<number> {
  const rows = await database.db
    .select({ id: titles.id })
    .from(titles)
    .where(and(eq(titles.mediaType, type), eq(titles.title, title), year ? eq(titles.year, year) : undefined));
  if (!rows[0]) throw new Error(`no ${type} "${title}"`);
  return rows[0].id;
}

const label = (item: TitleSummary) => `${titleOf(item)} (${yearOf(item)})`;

describe('the local catalogue import', () => {
  it('stores every film and series of the sources', async () => {
    const sources = readCatalogueSources();
    const [counts] = await database.rows<{ movies: number; series: number }>(
      sql`select count(*) filter (where media_type = 'movie')::int as movies, count(*) filter (where media_type = 'tv')::int as series from titles`,
    );
    expect(counts).toEqual({ movies: sources.vegaRows.length + sources.films.length, series: sources.series.length });
    expect(sources.vegaRows).toHaveLength(3201);
    expect(sources.series.length).toBeGreaterThanOrEqual(80);
    expect(sources.films.length).toBeGreaterThanOrEqual(80);
  });

  it('is done once: a second import with the same sources does nothing', async () => {
    const result = await importLocalCatalogue(database.db, { now: TEST_NOW });
    expect(result.imported).toBe(false);
    const [meta] = await database.db.select().from(appMeta).where(eq(appMeta.key, 'local_catalogue'));
    expect(meta?.value).toMatchObject({ fingerprint: readCatalogueSources().fingerprint });
  });

  it('keeps the cleaned facts of the film table', async () => {
    for (const title of ['1776', '1941', '1408']) await expect(findId('movie', title)).resolves.toBeGreaterThan(0);
    const [duel] = await database.db.select().from(titles).where(eq(titles.title, 'Duel in the Sun'));
    expect(duel?.releaseDate).toBe('1946-12-31');
    const [{ late }] = (await database.rows<{ late: number }>(
      sql`select count(*)::int as late from titles where id < 10000 and media_type = 'movie' and year > 2011`,
    )) as [{ late: number }];
    expect(late).toBe(0);
    // Films sharing a title are distinct films.
    const kongs = await database.db.select({ year: titles.year }).from(titles).where(eq(titles.title, 'King Kong'));
    expect(kongs.map((row) => row.year).sort()).toEqual([1933, 1976, 2005]);
    // Missing values stay null, never 0.
    const [{ zeros }] = (await database.rows<{ zeros: number }>(
      sql`select count(*)::int as zeros from titles where budget = 0 or revenue = 0 or runtime = 0 or vote_count = 0`,
    )) as [{ zeros: number }];
    expect(zeros).toBe(0);
  });

  it('describes films the table has no synopsis for from their own facts', async () => {
    const details = await catalogue.movie(await findId('movie', 'The Shawshank Redemption'));
    expect(details.overview).toMatch(
      /^A drama( and [a-z]+)? film directed by Frank Darabont, released in September 1994 by [^.]+\. Rated R\. It grossed \$28\.2 million worldwide\.$/,
    );
  });
});

describe('search', () => {
  it.each([
    ['Shawshank edemption', 'The Shawshank Redemption (1994)'],
    ['Feght Club', 'Fight Club (1999)'],
    ['the godfather', 'The Godfather (1972)'],
    ['lord of', 'The Lord of the Rings: The Fellowship of the Ring (2001)'],
    ['alien 1979', 'Alien (1979)'],
    ['king kong 1933', 'King Kong (1933)'],
    ['breaking bad', 'Breaking Bad (2008)'],
    ['amelie', "Le Fabuleux destin d'Amélie Poulain (2001)"],
    // A typo in every word, each corrected on its own.
    ['teh godfahter', 'The Godfather (1972)'],
    ['shawshnk redemptoin', 'The Shawshank Redemption (1994)'],
    // A half-typed last word stands for the words it begins.
    ['shawsh', 'The Shawshank Redemption (1994)'],
    // No title has every word: the rarest one decides.
    ['the godfather 2', 'The Godfather: Part II (1974)'],
  ])('"%s" finds %s in the first three results', async (q, expected) => {
    const { results } = await catalogue.search({ q, page: 1 });
    expect(results.slice(0, 3).map(label)).toContain(expected);
  });

  it('mixes movies and series, each in its own shape', async () => {
    const { results } = await catalogue.search({ q: 'dark', page: 1 });
    const series = results.find((item) => item.media_type === 'tv');
    const movie = results.find((item) => item.media_type === 'movie');
    expect(series).toMatchObject({ name: expect.any(String), first_air_date: expect.any(String) });
    expect(movie).toMatchObject({ title: expect.any(String), release_date: expect.any(String) });
  });

  it('pages through every match once, as many as total_results says', async () => {
    const first = await catalogue.search({ q: 'love', page: 1 });
    expect(first.total_pages).toBeGreaterThan(1);
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 20));
    const seen: string[] = [];
    for (let page = 1; page <= first.total_pages; page++) {
      const answer = await catalogue.search({ q: 'love', page });
      expect(answer.total_results).toBe(first.total_results);
      expect(answer.results.length).toBe(page < first.total_pages ? 20 : first.total_results - 20 * (page - 1));
      seen.push(...answer.results.map((item) => `${item.media_type}:${item.id}`));
    }
    expect(new Set(seen).size).toBe(first.total_results);
    // Past the last page: no results, the same honest total.
    const past = await catalogue.search({ q: 'love', page: first.total_pages + 1 });
    expect(past).toMatchObject({ results: [], total_results: first.total_results });
  });

  it('ranks a title named exactly as asked first, and the asked year first among namesakes', async () => {
    const { results } = await catalogue.search({ q: 'king kong 1976', page: 1 });
    expect(results.slice(0, 3).map(label)).toEqual(['King Kong (1976)', 'King Kong (2005)', 'King Kong (1933)']);
  });

  it('answers an empty page, not an error, when nothing matches', async () => {
    await expect(catalogue.search({ q: 'zzqxv wwkj', page: 1 })).resolves.toEqual({
      page: 1,
      results: [],
      total_pages: 0,
      total_results: 0,
    });
  });
});

describe('discover', () => {
  it('pages through movies by popularity by default', async () => {
    const first = await discover({});
    expect(first.page).toBe(1);
    expect(first.results).toHaveLength(20);
    expect(first.results.every((item) => item.media_type === 'movie')).toBe(true);
    expect(first.total_results).toBe(3201 + readCatalogueSources().films.length);
    const popularity = first.results.map((item) => item.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const second = await discover({ page: 2 });
    expect(second.results[0]!.popularity).toBeLessThanOrEqual(popularity.at(-1)!);
  });

  it('filters series by genre with "," meaning all of them and "|" any of them', async () => {
    const crimeDrama = await discover({ type: 'tv', with_genres: '18,80' });
    expect(crimeDrama.results.length).toBeGreaterThan(0);
    expect(crimeDrama.results.every((item) => item.genre_ids.includes(18) && item.genre_ids.includes(80))).toBe(true);
    const either = await discover({ type: 'tv', with_genres: '16|10765' });
    expect(either.results.every((item) => item.genre_ids.includes(16) || item.genre_ids.includes(10765))).toBe(true);
    expect(either.total_results).toBeGreaterThan(crimeDrama.total_results > 0 ? 0 : -1);
  });

  it('filters by year, rating, votes and language', async () => {
    const year = await discover({ primary_release_year: 1994 });
    expect(year.results.every((item) => item.release_date?.startsWith('1994'))).toBe(true);
    const rated = await discover({ vote_average_gte: 8, vote_count_gte: 100000 });
    expect(rated.results.length).toBeGreaterThan(0);
    expect(rated.results.every((item) => item.vote_average >= 8 && item.vote_count >= 100000)).toBe(true);
    // A bound a real cannot hold (underflow) is no error: it filters as 0 does.
    const tiny = await discover({ vote_average_gte: 7.948681350971206e-157 });
    expect(tiny.total_results).toBe((await discover({ vote_average_gte: 0 })).total_results);
    const korean = await discover({ type: 'tv', with_original_language: 'ko' });
    expect(korean.total_results).toBeGreaterThan(5);
    expect(korean.results.every((item) => item.original_language === 'ko')).toBe(true);
  });

  it('applies the rating filter mapping of the spec', async () => {
    const counts = await Promise.all(
      ['pg', 'pg13', 'r', 'all'].map(async (certification) => (await discover({ certification })).total_results),
    );
    const [pg, pg13, r, all] = counts as [number, number, number, number];
    expect(pg).toBeGreaterThan(0);
    expect(pg13).toBeGreaterThan(pg);
    expect(r).toBeGreaterThan(pg13);
    expect(all).toBeGreaterThan(r); // NC-17 and NR only come with "all"
    const [{ allowed }] = (await database.rows<{ allowed: number }>(
      sql`select count(*)::int as allowed from titles where media_type = 'movie' and certification in ('G', 'PG')`,
    )) as [{ allowed: number }];
    expect(pg).toBe(allowed);
  });

  it.each([
    [
      'release_date.desc',
      (a: TitleSummary, b: TitleSummary) => (b.release_date ?? '').localeCompare(a.release_date ?? ''),
    ],
    ['vote_average.desc', (a: TitleSummary, b: TitleSummary) => b.vote_average - a.vote_average],
    [
      'title.asc',
      (a: TitleSummary, b: TitleSummary) => titleOf(a).localeCompare(titleOf(b), 'en', { sensitivity: 'base' }),
    ],
  ])('sorts by %s', async (sort_by, compare) => {
    const { results } = await discover({ sort_by });
    const sorted = [...results].sort(compare);
    expect(results.map((item) => item.id).slice(0, 5)).toEqual(sorted.map((item) => item.id).slice(0, 5));
  });

  it('reports the provider filter as unavailable instead of faking it', async () => {
    await expect(discover({ with_watch_providers: '8' })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(catalogue.capabilities.watchProviders).toBe(false);
  });
});

describe('top rated', () => {
  it('ranks by rating among titles with enough votes', async () => {
    const { results } = await catalogue.topRated(
      { type: 'movie', period: 'all-time', vote_count_gte: 500, page: 1 },
      TEST_NOW,
    );
    expect(results).toHaveLength(20);
    expect(results.every((item) => item.vote_count >= 500)).toBe(true);
    const ratings = results.map((item) => item.vote_average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('limits a period to titles released since its start', async () => {
    const { results } = await catalogue.topRated(
      { type: 'movie', period: 'this-year', vote_count_gte: 0, page: 1 },
      new Date('2025-06-15T00:00:00Z'),
    );
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((item) => (item.release_date ?? '') >= '2025-01-01')).toBe(true);
  });
});

describe('details', () => {
  it('answers a movie with the spec fields and its director', async () => {
    const movie = await catalogue.movie(await findId('movie', 'Fight Club', 1999));
    expect(movie).toMatchObject({
      media_type: 'movie',
      title: 'Fight Club',
      release_date: '1999-10-15',
      poster_path: expect.stringMatching(/^\/poster\/movie\/\d+\.svg$/),
      genres: expect.arrayContaining([{ id: 18, name: 'Drama' }]),
    });
    expect(movie.credits.crew).toContainEqual({ name: 'David Fincher', job: 'Director', department: 'Directing' });
  });

  it('answers a series with its regular seasons and creators', async () => {
    const id = await findId('tv', 'Breaking Bad');
    const series = await catalogue.tv(id);
    expect(series).toMatchObject({
      media_type: 'tv',
      name: 'Breaking Bad',
      number_of_seasons: 5,
      number_of_episodes: 62,
      created_by: [{ name: 'Vince Gilligan' }],
    });
    expect(series.seasons.map((season) => season.season_number)).toEqual([1, 2, 3, 4, 5]);
    const season = await catalogue.season(id, 1);
    expect(season.episodes).toHaveLength(7);
    expect(season.episodes[0]).toMatchObject({ episode_number: 1, name: 'Pilot', season_number: 1 });
  });

  it('answers unknown ids and seasons with not_found', async () => {
    await expect(catalogue.movie(99_999_999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(catalogue.tv(99_999_999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(catalogue.season(await findId('tv', 'Breaking Bad'), 42)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('finds 12 similar titles sharing genres, never the title itself', async () => {
    const id = await findId('movie', 'The Shawshank Redemption');
    const { results } = await catalogue.similar('movie', id);
    expect(results).toHaveLength(12);
    expect(results.some((item) => item.id === id)).toBe(false);
    expect(results.every((item) => item.genre_ids.includes(18))).toBe(true);
  });
});

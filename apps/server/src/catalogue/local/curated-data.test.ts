import { readFileSync } from 'node:fs';
import { MOVIE_GENRES, TV_GENRES } from '@marquee/core';
import { describe, expect, it } from 'vitest';
import type { LocalSeason } from './local-title.ts';

/** One entry of data/series.json. */
interface CuratedSeries {
  id: number;
  name: string;
  original_name: string;
  original_language: string;
  origin_country: string[];
  first_air_date: string | null;
  last_air_date: string | null;
  status: string | null;
  genre_ids: number[];
  created_by: string[];
  networks: string[];
  certification: string | null;
  episode_run_time: number | null;
  vote_average: number | null;
  vote_count: number | null;
  homepage: string | null;
  spoken_languages: string[];
  overview: string;
  seasons: LocalSeason[];
}

/** One entry of data/films-recent.json. */
interface CuratedFilm {
  id: number;
  title: string;
  original_title: string;
  original_language: string;
  origin_country: string[];
  release_date: string;
  genre_ids: number[];
  runtime: number | null;
  certification: string | null;
  directors: string[];
  production_companies: string[];
  production_countries: string[];
  spoken_languages: string[];
  budget: number | null;
  revenue: number | null;
  vote_average: number | null;
  vote_count: number | null;
  homepage: string | null;
  overview: string;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as T;
}

const series = readJson<CuratedSeries[]>('./data/series.json');
const films = readJson<CuratedFilm[]>('./data/films-recent.json');

const SERIES_KEYS = [
  'id',
  'name',
  'original_name',
  'original_language',
  'origin_country',
  'first_air_date',
  'last_air_date',
  'status',
  'genre_ids',
  'created_by',
  'networks',
  'certification',
  'episode_run_time',
  'vote_average',
  'vote_count',
  'homepage',
  'spoken_languages',
  'overview',
  'seasons',
];
const SEASON_KEYS = ['season_number', 'name', 'air_date', 'episode_count', 'episodes'];
const EPISODE_KEYS = ['episode_number', 'name', 'air_date', 'runtime', 'overview'];
const FILM_KEYS = [
  'id',
  'title',
  'original_title',
  'original_language',
  'origin_country',
  'release_date',
  'genre_ids',
  'runtime',
  'certification',
  'directors',
  'production_companies',
  'production_countries',
  'spoken_languages',
  'budget',
  'revenue',
  'vote_average',
  'vote_count',
  'homepage',
  'overview',
];

const TV_STATUSES = ['Ended', 'Returning Series', 'Canceled'];
const TV_CERTIFICATIONS = ['TV-MA', 'TV-14', 'TV-PG', 'TV-Y7', 'TV-Y', 'TV-G'];
const FILM_CERTIFICATIONS = ['G', 'PG', 'PG-13', 'R', 'NC-17', 'NR'];
const MAX_OVERVIEW = 400;

const seriesLabel = (s: CuratedSeries) => `#${s.id} ${String(s.name)}`;
const filmLabel = (f: CuratedFilm) => `#${f.id} ${String(f.title)}`;

/** A real calendar date written YYYY-MM-DD. */
function isValidDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.trim() === value;

/** null, or a whole number above zero (0 must never stand for "unknown"). */
const isNullOrPositiveInt = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value > 0);

function isStringList(value: unknown, { allowEmpty }: { allowEmpty: boolean }): boolean {
  if (!Array.isArray(value)) return false;
  if (!allowEmpty && value.length === 0) return false;
  return value.every(isNonEmptyString) && new Set(value).size === value.length;
}

/** Offenders of a predicate, named by label: expect(offenders(...)).toEqual([]) prints who failed. */
function offenders<T>(items: readonly T[], label: (item: T) => string, problem: (item: T) => string | null) {
  return items.flatMap((item) => {
    const found = problem(item);
    return found === null ? [] : [`${label(item)}: ${found}`];
  });
}

function checkCommon(item: {
  original_language: unknown;
  origin_country: unknown;
  genre_ids: unknown;
  vote_average: unknown;
  vote_count: unknown;
  homepage: unknown;
  overview: unknown;
  spoken_languages: unknown;
}): string[] {
  const problems: string[] = [];
  if (typeof item.original_language !== 'string' || !/^[a-z]{2}$/.test(item.original_language))
    problems.push(`original_language ${JSON.stringify(item.original_language)} is not ISO 639-1`);
  if (
    !Array.isArray(item.origin_country) ||
    item.origin_country.length === 0 ||
    !item.origin_country.every((c) => typeof c === 'string' && /^[A-Z]{2}$/.test(c))
  )
    problems.push(`origin_country ${JSON.stringify(item.origin_country)} is not a list of ISO 3166-1 codes`);
  if (!Array.isArray(item.genre_ids) || item.genre_ids.length === 0) problems.push('no genre_ids');
  else if (new Set(item.genre_ids).size !== item.genre_ids.length) problems.push('duplicate genre_ids');
  if (
    item.vote_average !== null &&
    !(typeof item.vote_average === 'number' && item.vote_average > 0 && item.vote_average <= 10)
  )
    problems.push(`vote_average ${String(item.vote_average)} is not null or in (0, 10]`);
  if (!isNullOrPositiveInt(item.vote_count)) problems.push(`vote_count ${String(item.vote_count)}`);
  if ((item.vote_average === null) !== (item.vote_count === null))
    problems.push('vote_average and vote_count must be both known or both null');
  if (item.homepage !== null && !(typeof item.homepage === 'string' && /^https?:\/\/\S+$/.test(item.homepage)))
    problems.push(`homepage ${String(item.homepage)}`);
  if (!isNonEmptyString(item.overview)) problems.push('overview missing');
  else if (item.overview.length >= MAX_OVERVIEW) problems.push(`overview is ${item.overview.length} characters`);
  if (!isStringList(item.spoken_languages, { allowEmpty: true })) problems.push('spoken_languages');
  return problems;
}

const joined = (problems: string[]) => (problems.length === 0 ? null : problems.join('; '));

describe('curated series (data/series.json)', () => {
  it('has at least 80 series', () => {
    expect(series.length).toBeGreaterThanOrEqual(80);
  });

  it('numbers ids 1, 2, 3… in file order', () => {
    expect(
      offenders(series, seriesLabel, (s) => {
        const expected = series.indexOf(s) + 1;
        return s.id === expected ? null : `expected id ${expected}`;
      }),
    ).toEqual([]);
  });

  it('uses exactly the documented keys', () => {
    expect(
      offenders(series, seriesLabel, (s) => {
        const problems: string[] = [];
        if (Object.keys(s).sort().join() !== [...SERIES_KEYS].sort().join())
          problems.push(`keys ${Object.keys(s).join()}`);
        for (const season of Array.isArray(s.seasons) ? s.seasons : []) {
          if (Object.keys(season).sort().join() !== [...SEASON_KEYS].sort().join())
            problems.push(`season ${season.season_number} keys ${Object.keys(season).join()}`);
          for (const episode of Array.isArray(season.episodes) ? season.episodes : [])
            if (Object.keys(episode).sort().join() !== [...EPISODE_KEYS].sort().join())
              problems.push(`S${season.season_number}E${episode.episode_number} keys ${Object.keys(episode).join()}`);
        }
        return joined(problems);
      }),
    ).toEqual([]);
  });

  it('has the required text fields, lists and sensible numbers', () => {
    expect(
      offenders(series, seriesLabel, (s) => {
        const problems = checkCommon(s);
        if (!isNonEmptyString(s.name)) problems.push('name');
        if (!isNonEmptyString(s.original_name)) problems.push('original_name');
        if (!isStringList(s.created_by, { allowEmpty: true })) problems.push('created_by');
        if (!isStringList(s.networks, { allowEmpty: false })) problems.push('networks');
        if (s.status !== null && !TV_STATUSES.includes(s.status)) problems.push(`status ${s.status}`);
        if (s.certification !== null && !TV_CERTIFICATIONS.includes(s.certification))
          problems.push(`certification ${s.certification}`);
        if (!isNullOrPositiveInt(s.episode_run_time)) problems.push(`episode_run_time ${String(s.episode_run_time)}`);
        return joined(problems);
      }),
    ).toEqual([]);
  });

  it('uses only TV genre ids', () => {
    const tvIds = new Set(TV_GENRES.map((genre) => genre.id));
    expect(
      offenders(series, seriesLabel, (s) => {
        const wrong = s.genre_ids.filter((id) => !tvIds.has(id));
        return wrong.length === 0 ? null : `not TV genres: ${wrong.join(', ')}`;
      }),
    ).toEqual([]);
  });

  it('writes every date as a real YYYY-MM-DD, in a consistent order', () => {
    expect(
      offenders(series, seriesLabel, (s) => {
        const problems: string[] = [];
        const checkDate = (what: string, value: unknown) => {
          if (value !== null && !isValidDate(value)) problems.push(`${what} ${String(value)}`);
        };
        checkDate('first_air_date', s.first_air_date);
        checkDate('last_air_date', s.last_air_date);
        if (s.first_air_date && s.last_air_date && s.last_air_date < s.first_air_date)
          problems.push('last_air_date before first_air_date');
        for (const season of s.seasons) {
          checkDate(`season ${season.season_number} air_date`, season.air_date);
          if (s.first_air_date && season.air_date && season.air_date < s.first_air_date)
            problems.push(`season ${season.season_number} airs before the series`);
          for (const episode of season.episodes) {
            const where = `S${season.season_number}E${episode.episode_number}`;
            checkDate(`${where} air_date`, episode.air_date);
            if (episode.air_date && s.first_air_date && episode.air_date < s.first_air_date)
              problems.push(`${where} airs before the series`);
            if (episode.air_date && s.last_air_date && episode.air_date > s.last_air_date)
              problems.push(`${where} airs after the series ended`);
          }
        }
        return joined(problems);
      }),
    ).toEqual([]);
  });

  it('lists regular seasons numbered from 1 without gaps, with consistent episodes', () => {
    expect(
      offenders(series, seriesLabel, (s) => {
        const problems: string[] = [];
        if (!Array.isArray(s.seasons) || s.seasons.length === 0) return 'no seasons';
        s.seasons.forEach((season, index) => {
          const n = season.season_number;
          if (n !== index + 1) problems.push(`season at position ${index + 1} is numbered ${n}`);
          if (season.name !== null && !isNonEmptyString(season.name)) problems.push(`season ${n} name`);
          if (!(Number.isInteger(season.episode_count) && season.episode_count >= 1))
            problems.push(`season ${n} episode_count ${season.episode_count}`);
          if (!Array.isArray(season.episodes)) {
            problems.push(`season ${n} episodes is not a list`);
            return;
          }
          const numbers = season.episodes.map((episode) => episode.episode_number);
          if (new Set(numbers).size !== numbers.length) problems.push(`season ${n} repeats an episode number`);
          for (const episode of season.episodes) {
            const where = `S${n}E${episode.episode_number}`;
            if (!(Number.isInteger(episode.episode_number) && episode.episode_number >= 1))
              problems.push(`${where} has a bad number`);
            if (episode.episode_number > season.episode_count)
              problems.push(`${where} is beyond episode_count ${season.episode_count}`);
            if (episode.name !== null && !isNonEmptyString(episode.name)) problems.push(`${where} name`);
            if (!isNullOrPositiveInt(episode.runtime)) problems.push(`${where} runtime ${String(episode.runtime)}`);
            if (episode.overview !== null && !isNonEmptyString(episode.overview)) problems.push(`${where} overview`);
          }
        });
        return joined(problems);
      }),
    ).toEqual([]);
  });

  it('does not list the same series twice', () => {
    const seen = new Map<string, number>();
    const duplicates = series.flatMap((s) => {
      const key = `${s.name}|${s.first_air_date}`;
      const first = seen.get(key);
      seen.set(key, s.id);
      return first === undefined ? [] : [`${seriesLabel(s)} repeats #${first}`];
    });
    expect(duplicates).toEqual([]);
  });

  it('covers the required original languages', () => {
    const languages = new Set(series.map((s) => s.original_language));
    const missing = ['en', 'ja', 'ko', 'es', 'fr', 'de'].filter((language) => !languages.has(language));
    expect(missing).toEqual([]);
  });

  it('spans at least five decades of first air dates', () => {
    const decades = new Set(
      series.flatMap((s) => (s.first_air_date ? [Math.floor(Number(s.first_air_date.slice(0, 4)) / 10) * 10] : [])),
    );
    expect([...decades].sort().length).toBeGreaterThanOrEqual(5);
  });
});

describe('curated recent films (data/films-recent.json)', () => {
  it('has at least 80 films', () => {
    expect(films.length).toBeGreaterThanOrEqual(80);
  });

  it('numbers ids 10001, 10002… in file order', () => {
    expect(
      offenders(films, filmLabel, (f) => {
        const expected = 10001 + films.indexOf(f);
        return f.id === expected ? null : `expected id ${expected}`;
      }),
    ).toEqual([]);
  });

  it('uses exactly the documented keys', () => {
    expect(
      offenders(films, filmLabel, (f) =>
        Object.keys(f).sort().join() === [...FILM_KEYS].sort().join() ? null : `keys ${Object.keys(f).join()}`,
      ),
    ).toEqual([]);
  });

  it('has the required text fields, lists and sensible numbers', () => {
    expect(
      offenders(films, filmLabel, (f) => {
        const problems = checkCommon(f);
        if (!isNonEmptyString(f.title)) problems.push('title');
        if (!isNonEmptyString(f.original_title)) problems.push('original_title');
        if (!isStringList(f.directors, { allowEmpty: false })) problems.push('directors');
        if (!isStringList(f.production_companies, { allowEmpty: true })) problems.push('production_companies');
        if (!isStringList(f.production_countries, { allowEmpty: false })) problems.push('production_countries');
        if (f.certification !== null && !FILM_CERTIFICATIONS.includes(f.certification))
          problems.push(`certification ${f.certification}`);
        for (const field of ['runtime', 'budget', 'revenue'] as const)
          if (!isNullOrPositiveInt(f[field])) problems.push(`${field} ${String(f[field])}`);
        return joined(problems);
      }),
    ).toEqual([]);
  });

  it('uses only movie genre ids', () => {
    const movieIds = new Set(MOVIE_GENRES.map((genre) => genre.id));
    expect(
      offenders(films, filmLabel, (f) => {
        const wrong = f.genre_ids.filter((id) => !movieIds.has(id));
        return wrong.length === 0 ? null : `not movie genres: ${wrong.join(', ')}`;
      }),
    ).toEqual([]);
  });

  it('releases every film between 2011-01-01 and 2025-12-31', () => {
    expect(
      offenders(films, filmLabel, (f) => {
        if (!isValidDate(f.release_date)) return `release_date ${String(f.release_date)} is not a YYYY-MM-DD date`;
        return f.release_date >= '2011-01-01' && f.release_date <= '2025-12-31'
          ? null
          : `release_date ${f.release_date} is outside 2011–2025`;
      }),
    ).toEqual([]);
  });

  it('does not list the same film twice', () => {
    const seen = new Map<string, number>();
    const duplicates = films.flatMap((f) => {
      const key = `${f.title}|${f.release_date}`;
      const first = seen.get(key);
      seen.set(key, f.id);
      return first === undefined ? [] : [`${filmLabel(f)} repeats #${first}`];
    });
    expect(duplicates).toEqual([]);
  });

  it('spreads over the main genres', () => {
    // Animation, Comedy, Documentary, Horror, Romance, Science Fiction, Action, Drama.
    const wanted = [16, 35, 99, 27, 10749, 878, 28, 18];
    const present = new Set(films.flatMap((f) => f.genre_ids));
    expect(wanted.filter((id) => !present.has(id))).toEqual([]);
  });

  it('is not only English-language', () => {
    const languages = new Set(films.map((f) => f.original_language));
    expect(languages.size).toBeGreaterThanOrEqual(6);
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MOVIE_GENRES } from '@marquee/core';
import { describe, expect, it } from 'vitest';
import type { LocalTitle } from './local-title.ts';
import { findVegaCorrection, VEGA_CORRECTIONS } from './vega-corrections.ts';
import {
  isAscii,
  CREATIVE_TYPE_IDS,
  MAJOR_GENRE_IDS,
  cleanText,
  cleanVegaFilms,
  cleanVegaTitle,
  parseVegaReleaseDate,
  repairMacRomanMojibake,
  vegaCertification,
  vegaGenreIds,
  type VegaFilmRow,
} from './vega-films.ts';

// The package's `exports` hide `data/`; its entry point sits in `build/`, next to it.
const packageEntry = createRequire(import.meta.url).resolve('vega-datasets');
const DATA: readonly VegaFilmRow[] = JSON.parse(
  readFileSync(join(dirname(packageEntry), '..', 'data', 'movies.json'), 'utf8'),
) as VegaFilmRow[];

const NOW = new Date('2025-06-01T12:00:00Z');
const films = cleanVegaFilms(DATA, { now: NOW });

const byTitle = (title: string): LocalTitle[] => films.filter((film) => film.title === title);
const only = (title: string): LocalTitle => {
  const found = byTitle(title);
  expect(found, title).toHaveLength(1);
  return found[0]!;
};
const year = (film: LocalTitle): number => Number(film.release_date?.slice(0, 4));

/** A hand-built row: an ordinary film, with the given fields replaced. */
function row(overrides: Partial<VegaFilmRow> = {}): VegaFilmRow {
  return {
    Title: 'A Film',
    'US Gross': 1000000,
    'Worldwide Gross': 2500000,
    'US DVD Sales': null,
    'Production Budget': 900000,
    'Release Date': 'Jun 12 1998',
    'MPAA Rating': 'R',
    'Running Time min': 101,
    Distributor: 'Gramercy',
    Source: 'Original Screenplay',
    'Major Genre': 'Drama',
    'Creative Type': 'Contemporary Fiction',
    Director: 'Jane Doe',
    'Rotten Tomatoes Rating': 70,
    'IMDB Rating': 6.1,
    'IMDB Votes': 1071,
    ...overrides,
  };
}

function cleanOne(overrides: Partial<VegaFilmRow> = {}, now = NOW): LocalTitle {
  const [film] = cleanVegaFilms([row(overrides)], { now });
  if (!film) throw new Error('row was dropped');
  return film;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe('cleanVegaFilms on the real dataset', () => {
  it('reads the dataset it was written for', () => {
    expect(DATA).toHaveLength(3201);
  });

  it('keeps all 3,201 films, ids 1..3201 in the dataset order, all movies', () => {
    expect(films).toHaveLength(3201);
    expect(films.map((film) => film.id)).toEqual(DATA.map((_, index) => index + 1));
    expect(new Set(films.map((film) => film.media_type))).toEqual(new Set(['movie']));
    expect(films[0]).toMatchObject({ id: 1, title: 'The Land Girls', release_date: '1998-06-12' });
    expect(films[3200]?.id).toBe(3201);
  });

  it('gives stable ids: re-importing, or importing a prefix, numbers every film the same', () => {
    expect(cleanVegaFilms(DATA, { now: NOW })).toEqual(films);
    expect(cleanVegaFilms(DATA.slice(0, 500), { now: NOW })).toEqual(films.slice(0, 500));
    const ids = new Map(films.map((film) => [film.id, film.title]));
    expect(ids.get(22)).toBe('1776');
    expect(ids.get(10)).toBe('Duel in the Sun');
  });

  it('does not modify the rows it is given', () => {
    const copy = deepFreeze(structuredClone(DATA) as VegaFilmRow[]);
    expect(cleanVegaFilms(copy, { now: NOW })).toEqual(films);
    expect(copy).toEqual(DATA);
  });

  it('turns the numeric titles into strings', () => {
    const numeric = DATA.flatMap((source, index) => (typeof source.Title === 'number' ? [index] : []));
    expect(numeric).toHaveLength(9);
    expect(numeric.map((index) => films[index]?.title)).toEqual([
      '1776',
      '1941',
      '1408',
      '2012',
      '2046',
      '21',
      '300',
      '9',
      '54',
    ]);
    for (const title of ['1776', '1941', '1408']) {
      expect(only(title).original_title).toBe(title);
    }
    expect(films.every((film) => typeof film.title === 'string' && typeof film.original_title === 'string')).toBe(true);
  });

  it('gives every film a non-empty, trimmed, single-spaced title equal to its original title', () => {
    for (const film of films) {
      expect(film.title).not.toBe('');
      expect(film.title).toBe(film.title.trim());
      expect(film.title).not.toMatch(/\s{2}/);
      expect(film.original_title).toBe(film.title);
    }
  });

  it('restores the one title the source lost ("Unknown", 2006)', () => {
    expect(DATA[3053]?.Title).toBeNull();
    expect(films[3053]).toMatchObject({
      id: 3054,
      title: 'Unknown',
      release_date: '2006-11-03',
      production_companies: ['IFC Films'],
      runtime: 85,
      genre_ids: [53],
    });
  });

  it('moves the two-digit-year films back a century: no release year after 2011 remains', () => {
    expect(Math.max(...films.map(year))).toBe(2011);
    expect(Math.min(...films.map(year))).toBe(1915);
    expect(only('Duel in the Sun').release_date).toBe('1946-12-31');
    expect(only('Gone with the Wind').release_date).toBe('1939-12-15');
    expect(only('The Birth of a Nation').release_date).toBe('1915-02-08');
    expect(only('Over the Hill to the Poorhouse').release_date).toBe('1920-09-17');
    // 2010 and 2011 are real.
    expect(only('The Adventures of Tintin: Secret of the Unicorn').release_date).toBe('2011-12-23');
    expect(films.filter((film) => year(film) >= 2010)).toHaveLength(94);
  });

  it('writes every release date as a real YYYY-MM-DD day', () => {
    for (const film of films) {
      expect(film.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const date = new Date(`${film.release_date}T00:00:00Z`);
      expect(date.toISOString().slice(0, 10)).toBe(film.release_date);
    }
  });

  it('keeps films sharing a title as distinct films with different years', () => {
    const groups = new Map<string, LocalTitle[]>();
    for (const film of films) groups.set(film.title, [...(groups.get(film.title) ?? []), film]);
    const shared = [...groups.values()].filter((group) => group.length > 1);
    expect(shared.length).toBeGreaterThanOrEqual(24);
    for (const group of shared) {
      expect(new Set(group.map((film) => film.id)).size).toBe(group.length);
      expect(new Set(group.map(year)).size).toBe(group.length);
    }
    expect(byTitle('King Kong').map((film) => [film.id, year(film)])).toEqual([
      [496, 1933], // "King Kong (1933)" in the dataset
      [497, 1976],
      [2124, 2005],
    ]);
    expect(byTitle('Casino Royale').map(year)).toEqual([1967, 2006]);
    expect(byTitle('20,000 Leagues Under the Sea').map(year)).toEqual([1954, 1916]);
    expect(byTitle('Lolita').map((film) => [film.id, year(film)])).toEqual([
      [530, 1962], // "Lolita (1962)" in the dataset
      [2185, 1998],
    ]);
  });

  it('never writes 0 for a missing value', () => {
    for (const film of films) {
      for (const key of ['runtime', 'vote_average', 'vote_count', 'budget', 'revenue'] as const) {
        expect(film[key], `${film.title} ${key}`).not.toBe(0);
      }
    }
  });

  it('maps missing and zero figures to null, and keeps the others as they are', () => {
    const fields = [
      ['Worldwide Gross', 'revenue'],
      ['Production Budget', 'budget'],
      ['Running Time min', 'runtime'],
      ['IMDB Votes', 'vote_count'],
      ['IMDB Rating', 'vote_average'],
    ] as const;
    DATA.forEach((source, index) => {
      const film = films[index]!;
      const corrected = findVegaCorrection(film.title, year(film));
      for (const [from, to] of fields) {
        if (corrected && (to === 'vote_count' || to === 'vote_average') && corrected.votes !== undefined) continue;
        const value = source[from];
        expect(film[to]).toBe(value === null || value === 0 ? null : value);
      }
    });
    // "1776" has a worldwide gross of 0 in the dataset: unknown, not zero dollars.
    expect(DATA[21]?.['Worldwide Gross']).toBe(0);
    expect(only('1776')).toMatchObject({ revenue: null, budget: 4000000, vote_average: 7, vote_count: 4099 });
    expect(films.filter((film) => film.revenue === null)).toHaveLength(7 + 47);
    expect(films.filter((film) => film.runtime === null)).toHaveLength(1992);
    // 213 in the table, less the films whose figures vega-corrections.ts fills.
    const filled = films.filter((film, index) => DATA[index]!['IMDB Votes'] === null && film.vote_count !== null);
    expect(filled.length).toBeGreaterThanOrEqual(6);
    expect(films.filter((film) => film.vote_count === null)).toHaveLength(213 - filled.length);
  });

  it('maps the MPAA ratings to certifications', () => {
    const counts: Record<string, number> = {};
    for (const film of films) counts[film.certification ?? 'null'] = (counts[film.certification ?? 'null'] ?? 0) + 1;
    // NR: 94 "Not Rated", 2 "Open", 605 missing.
    expect(counts).toEqual({ R: 1194, 'PG-13': 865, PG: 354, G: 79, 'NC-17': 8, NR: 94 + 2 + 605 });
  });

  it('gives known TMDB movie genre ids only, without duplicates, on all but the unclassified films', () => {
    const known = new Set(MOVIE_GENRES.map((genre) => genre.id));
    for (const film of films) {
      expect(new Set(film.genre_ids).size).toBe(film.genre_ids.length);
      for (const id of film.genre_ids) expect(known.has(id)).toBe(true);
    }
    const unclassified = DATA.filter(
      (source, index) =>
        source['Major Genre'] === null &&
        !Object.hasOwn(CREATIVE_TYPE_IDS, source['Creative Type'] ?? '') &&
        !findVegaCorrection(films[index]!.title, year(films[index]!))?.genres,
    ).length;
    expect(films.filter((film) => film.genre_ids.length === 0)).toHaveLength(unclassified);
    expect(only('Up').genre_ids).toEqual([12, 10751]); // Adventure, Kids Fiction
    expect(only('Unbreakable').genre_ids).toEqual([53, 28, 878]); // Thriller/Suspense, Super Hero
    expect(only('Four Weddings and a Funeral').genre_ids).toEqual([10749, 35]); // Romantic Comedy
  });

  it('maps distributors and directors, and fills the fixed facts', () => {
    expect(only('Following')).toMatchObject({ directors: ['Christopher Nolan'], production_companies: ['Zeitgeist'] });
    expect(only('Pirates')).toMatchObject({ directors: ['Roman Polanski'], production_companies: [] });
    expect(only('The Land Girls')).toMatchObject({ directors: [], production_companies: ['Gramercy'] });
    for (const film of films) {
      expect(film).toMatchObject({
        media_type: 'movie',
        original_language: 'en',
        origin_country: [],
        overview: null,
        last_air_date: null,
        status: 'Released',
        homepage: null,
        creators: [],
        networks: [],
        production_countries: [],
        spoken_languages: ['English'],
        seasons: [],
      });
      expect(film.directors.length).toBeLessThanOrEqual(1);
      expect(film.production_companies.length).toBeLessThanOrEqual(1);
    }
  });

  it('repairs the mis-decoded accents, and only those', () => {
    const changed = DATA.flatMap((source, index) => {
      const title = films[index]!.title;
      return typeof source.Title === 'string' && !isAscii(source.Title) && title !== source.Title
        ? [[source.Title, title]]
        : [];
    });
    expect(Object.fromEntries(changed)).toEqual({
      'AstÈrix aux Jeux Olympiques': 'Astérix aux Jeux Olympiques',
      "De battre mon coeur s'est arrÍtÈ": "De battre mon coeur s'est arrêté",
      'Les BronzÈs 3: amis pour la vie': 'Les Bronzés 3: amis pour la vie',
      'Per qualche dollaro in pi˘': 'Per qualche dollaro in più',
      "I Love You Ö Don't Touch Me!": "I Love You … Don't Touch Me!",
      'The Naked Gun 2Ω: The Smell of Fear': 'The Naked Gun 2½: The Smell of Fear',
      LÈon: 'Léon',
      "Le Fabuleux destin d'AmÈlie Poulain": "Le Fabuleux destin d'Amélie Poulain",
      'AimÈe & Jaguar': 'Aimée & Jaguar',
      'La mala educaciÛn': 'La mala educación',
      CachÈ: 'Caché',
      'Die F‰lscher': 'Die Fälscher',
      'DÈj‡ Vu': 'Déjà Vu',
      IndigËnes: 'Indigènes',
      'Obsluhoval jsem anglickÈho kr·le': 'Obsluhoval jsem anglického krále',
      'La MÙme': 'La Môme',
      'Joyeux NoÎl': 'Joyeux Noël',
      MoliËre: 'Molière',
    });
    // Genuine non-ASCII titles stay.
    only('Alien³');
    only('Ri¢hie Ri¢h');
  });

  it('tidies inverted articles, year disambiguators, doubled spaces and doubled quotes', () => {
    for (const title of [
      'The Barbarians',
      'The Charge of the Light Brigade',
      'The Secret',
      'The Story of Bonnie and Clyde',
      'Metropolis',
      'The Helix... Loaded',
      'Halloween: The Curse of Michael Myers',
    ]) {
      only(title);
    }
    // Parentheses that are not the film's year stay: they tell releases apart.
    only('Fantasia 2000 (IMAX)');
    only('Fantasia 2000 (Theatrical Release)');
    only('Steal (Canadian Release)');
    expect(only('Bang').directors).toEqual(['Jeff "King Jeff" Hollins']);
  });

  it('leaves films dated after `now` without a status', () => {
    const early = cleanVegaFilms(DATA, { now: new Date('2011-06-01T00:00:00Z') });
    const unreleased = early.filter((film) => film.status === null).map((film) => film.title);
    expect(unreleased).toContain('The Adventures of Tintin: Secret of the Unicorn');
    expect(early.filter((film) => film.status === 'Released').length).toBe(3201 - unreleased.length);
  });
});

describe('corrections of well-known films', () => {
  const genres = (film: LocalTitle) => film.genre_ids;
  const film = (title: string, release: number) => {
    const found = byTitle(title).filter((each) => year(each) === release);
    expect(found, `${title} (${release})`).toHaveLength(1);
    return found[0]!;
  };

  it('each names one film of the table, with known genre ids and a rating and votes that go together', () => {
    const known = new Set(MOVIE_GENRES.map((genre) => genre.id));
    for (const correction of VEGA_CORRECTIONS) {
      film(correction.title, correction.year);
      for (const id of correction.genres ?? []) expect(known.has(id), `${correction.title} ${id}`).toBe(true);
      expect(correction.rating === undefined, correction.title).toBe(correction.votes === undefined);
    }
  });

  it('makes The Godfather films crime dramas, not History alone', () => {
    for (const [title, release] of [
      ['The Godfather', 1972],
      ['The Godfather: Part II', 1974],
    ] as const) {
      expect(genres(film(title, release))).toEqual(expect.arrayContaining([18, 80]));
      expect(genres(film(title, release))).not.toContain(36);
    }
  });

  it('gives the six Star Wars films their rating and votes', () => {
    const starWars = films.filter((each) => /^Star Wars Ep\. (I|II|III|IV|V|VI):/.test(each.title));
    expect(starWars).toHaveLength(6);
    for (const each of starWars) {
      expect(each.vote_average, each.title).toBeGreaterThan(6);
      expect(each.vote_count, each.title).toBeGreaterThan(150_000);
    }
  });

  it("gives Aliens its own votes, not another title's 84", () => {
    expect(film('Aliens', 1986)).toMatchObject({ vote_average: 8.5 });
    expect(film('Aliens', 1986).vote_count).toBeGreaterThan(100_000);
  });

  it('leaves a film of the same title and another year as the table has it', () => {
    // "Dracula" (1992) is corrected; "Dracula 2000" is another film.
    expect(only('Dracula 2000')).toMatchObject({ vote_count: 14077 });
    expect(findVegaCorrection('The Godfather', 1973)).toBeUndefined();
    expect(findVegaCorrection('The Godfather', null)).toBeUndefined();
  });
});

describe('cleanVegaFilms on hand-built rows', () => {
  it('maps one ordinary row completely', () => {
    expect(cleanOne()).toEqual({
      media_type: 'movie',
      id: 1,
      title: 'A Film',
      original_title: 'A Film',
      original_language: 'en',
      origin_country: [],
      overview: null,
      release_date: '1998-06-12',
      last_air_date: null,
      genre_ids: [18],
      runtime: 101,
      status: 'Released',
      certification: 'R',
      vote_average: 6.1,
      vote_count: 1071,
      budget: 900000,
      revenue: 2500000,
      homepage: null,
      directors: ['Jane Doe'],
      creators: [],
      production_companies: ['Gramercy'],
      networks: [],
      production_countries: [],
      spoken_languages: ['English'],
      seasons: [],
    } satisfies LocalTitle);
  });

  it('numbers rows by their position, also around skipped rows', () => {
    const rows = [row({ Title: 'One' }), row({ Title: null }), row({ Title: '   ' }), row({ Title: 'Four' })];
    expect(cleanVegaFilms(rows, { now: NOW }).map((film) => [film.id, film.title])).toEqual([
      [1, 'One'],
      [4, 'Four'],
    ]);
    expect(cleanVegaFilms([], { now: NOW })).toEqual([]);
  });

  it('restores a lost title only for the row it belongs to', () => {
    const lost = DATA[3053]!;
    expect(cleanVegaFilms([row({ ...lost })], { now: NOW })[0]?.title).toBe('Unknown');
    expect(cleanVegaFilms([row({ ...lost, 'Worldwide Gross': 1 })], { now: NOW })).toEqual([]);
    expect(cleanVegaFilms([row({ ...lost, Title: 'Something Else' })], { now: NOW })[0]?.title).toBe('Something Else');
  });

  it('turns numeric titles into strings and trims titles', () => {
    expect(cleanOne({ Title: 1776 }).title).toBe('1776');
    expect(cleanOne({ Title: 9 }).original_title).toBe('9');
    expect(cleanOne({ Title: '  Slam \n' }).title).toBe('Slam');
    expect(cleanVegaFilms([row({ Title: Number.NaN })], { now: NOW })).toEqual([]);
  });

  it.each([
    ['Jun 12 1998', '1998-06-12'],
    ['Jan 01 1963', '1963-01-01'],
    ['Dec 31 2046', '1946-12-31'],
    ['Dec 23 2011', '2011-12-23'],
    ['Jan 01 2012', '1912-01-01'],
    ['Sep 5 1999', '1999-09-05'],
    ['  sep 05,  1999 ', '1999-09-05'],
    ['Feb 29 2044', '1944-02-29'], // 1944 is a leap year
    ['Feb 29 2000', '2000-02-29'],
    ['Feb 29 2042', null], // 1942 is not
    ['Feb 29 1900', null],
    ['Feb 30 1999', null],
    ['Apr 31 1999', null],
    ['Jun 00 1998', null],
    ['Foo 12 1998', null],
    ['12-Jun-98', null],
    ['1998-06-12', null],
    ['Jun 12 98', null],
    ['June 12 1998', null],
    ['', null],
    [null, null],
  ])('parses the release date %j as %j', (text, expected) => {
    expect(parseVegaReleaseDate(text)).toBe(expected);
    expect(cleanOne({ 'Release Date': text }).release_date).toBe(expected);
  });

  it('keeps a film with an unparseable date, undated and released', () => {
    expect(cleanOne({ 'Release Date': 'soon' })).toMatchObject({ release_date: null, status: 'Released' });
  });

  it('maps zero figures to null, like missing ones, and keeps real ones', () => {
    const zeros = cleanOne({
      'Worldwide Gross': 0,
      'Production Budget': 0,
      'Running Time min': 0,
      'IMDB Votes': 0,
      'IMDB Rating': 0,
    });
    const nulls = cleanOne({
      'Worldwide Gross': null,
      'Production Budget': null,
      'Running Time min': null,
      'IMDB Votes': null,
      'IMDB Rating': null,
    });
    for (const film of [zeros, nulls]) {
      expect(film).toMatchObject({ revenue: null, budget: null, runtime: null, vote_count: null, vote_average: null });
    }
    expect(cleanOne({ 'IMDB Rating': 11 }).vote_average).toBeNull();
    expect(cleanOne({ 'IMDB Rating': 9.2, 'Production Budget': 218 })).toMatchObject({
      vote_average: 9.2,
      budget: 218,
    });
    // US figures are not worldwide ones: no fallback.
    expect(cleanOne({ 'Worldwide Gross': null, 'US Gross': 5 }).revenue).toBeNull();
  });

  it('maps a missing distributor or director to an empty list', () => {
    expect(cleanOne({ Distributor: null, Director: null })).toMatchObject({ production_companies: [], directors: [] });
    expect(cleanOne({ Distributor: '  ', Director: '' })).toMatchObject({ production_companies: [], directors: [] });
    expect(cleanOne({ Distributor: ' Miramax ', Director: 'Sofia  Coppola' })).toMatchObject({
      production_companies: ['Miramax'],
      directors: ['Sofia Coppola'],
    });
  });

  it.each([
    ['G', 'G'],
    ['PG', 'PG'],
    ['PG-13', 'PG-13'],
    ['R', 'R'],
    ['NC-17', 'NC-17'],
    [' pg-13 ', 'PG-13'],
    ['Not Rated', 'NR'],
    ['Open', 'NR'],
    [null, 'NR'],
    ['X', 'NR'],
  ])('certifies the MPAA rating %j as %j', (mpaa, expected) => {
    expect(vegaCertification(mpaa)).toBe(expected);
    expect(cleanOne({ 'MPAA Rating': mpaa }).certification).toBe(expected);
  });

  it.each([
    ['Action', null, [28]],
    ['Adventure', null, [12]],
    ['Comedy', null, [35]],
    ['Black Comedy', null, [35]],
    ['Documentary', null, [99]],
    ['Drama', null, [18]],
    ['Horror', null, [27]],
    ['Musical', null, [10402]],
    ['Romantic Comedy', null, [10749, 35]],
    ['Thriller/Suspense', null, [53]],
    ['Western', null, [37]],
    ['Concert/Performance', null, [10402, 99]],
    [null, 'Science Fiction', [878]],
    [null, 'Fantasy', [14]],
    [null, 'Historical Fiction', [36]],
    [null, 'Kids Fiction', [10751]],
    [null, 'Super Hero', [28, 878]],
    [null, 'Contemporary Fiction', []],
    [null, 'Dramatization', []],
    [null, 'Factual', []],
    [null, 'Multiple Creative Types', []],
    [null, null, []],
    ['Space Opera', 'constructor', []],
    // Major Genre's ids first; duplicates dropped.
    ['Drama', 'Science Fiction', [18, 878]],
    ['Action', 'Super Hero', [28, 878]],
    ['Comedy', 'Kids Fiction', [35, 10751]],
    ['Romantic Comedy', 'Historical Fiction', [10749, 35, 36]],
    ['Concert/Performance', 'Kids Fiction', [10402, 99, 10751]],
    ['Adventure', 'Fantasy', [12, 14]],
    ['Black Comedy', 'Contemporary Fiction', [35]],
  ] as const)('maps Major Genre %j + Creative Type %j to %j', (major, creative, expected) => {
    expect(vegaGenreIds(major, creative)).toEqual(expected);
    expect(cleanOne({ 'Major Genre': major, 'Creative Type': creative }).genre_ids).toEqual(expected);
  });

  it('exports genre tables covering every value of the dataset, with known genre ids', () => {
    const known = new Set(MOVIE_GENRES.map((genre) => genre.id));
    for (const ids of [...Object.values(MAJOR_GENRE_IDS), ...Object.values(CREATIVE_TYPE_IDS)]) {
      for (const id of ids) expect(known.has(id)).toBe(true);
    }
    const majors = new Set(DATA.flatMap((source) => source['Major Genre'] ?? []));
    expect(new Set(Object.keys(MAJOR_GENRE_IDS))).toEqual(majors);
  });

  it('sets no status for a film dated after `now`', () => {
    const now = new Date('2011-06-01T23:00:00Z');
    expect(cleanOne({ 'Release Date': 'Jun 01 2011' }, now).status).toBe('Released');
    expect(cleanOne({ 'Release Date': 'Jun 02 2011' }, now).status).toBeNull();
    expect(() => cleanVegaFilms([row()], { now: new Date('nope') })).toThrow(RangeError);
  });
});

describe('title and text cleaning', () => {
  it.each([
    ['Secret, The', 'The Secret'],
    ['Man Called Horse, A', 'A Man Called Horse'],
    ['Officer and a Gentleman, An', 'An Officer and a Gentleman'],
    ['The Good, the Bad and the Ugly', 'The Good, the Bad and the Ugly'],
    ['Cure, Theory', 'Cure, Theory'],
    ['King Kong (1933)', 'King Kong'],
    ['King Kong (1976)', 'King Kong (1976)'], // not this film's year
    ['Fantasia 2000 (IMAX)', 'Fantasia 2000 (IMAX)'],
    ['(1933)', '(1933)'],
  ])('cleans the title %j as %j', (title, expected) => {
    expect(cleanVegaTitle(title, 1933)).toBe(expected);
  });

  it('keeps a year in parentheses when the release year is unknown', () => {
    expect(cleanVegaTitle('Lolita (1962)', null)).toBe('Lolita (1962)');
    expect(cleanOne({ Title: 'Lolita (1962)', 'Release Date': 'Jan 01 1962' }).title).toBe('Lolita');
    expect(cleanOne({ Title: 'Lolita (1962)', 'Release Date': null }).title).toBe('Lolita (1962)');
  });

  it('cleans free text', () => {
    expect(cleanText(' a \t b ')).toBe('a b');
    expect(cleanText('Jeff ""King Jeff"" Hollins')).toBe('Jeff "King Jeff" Hollins');
    expect(cleanText(2046)).toBe('2046');
    expect(cleanText('')).toBeNull();
    expect(cleanText(null)).toBeNull();
    expect(cleanText(undefined)).toBeNull();
  });

  it('reads mis-decoded Mac Roman characters back as Windows-1252', () => {
    expect(repairMacRomanMojibake('LÈon')).toBe('Léon');
    expect(repairMacRomanMojibake('DÈj‡ Vu')).toBe('Déjà Vu');
    expect(repairMacRomanMojibake('2Ω')).toBe('2½');
    expect(repairMacRomanMojibake('You Ö Me')).toBe('You … Me');
    expect(repairMacRomanMojibake('Ä')).toBe('€'); // byte 0x80
    expect(repairMacRomanMojibake('Å')).toBe('Å'); // byte 0x81: unassigned in Windows-1252, kept
    expect(repairMacRomanMojibake('ˇ')).toBe('ÿ'); // byte 0xFF
    expect(repairMacRomanMojibake('a\u00A0b')).toBe('a\u00A0b'); // white space kept
    expect(repairMacRomanMojibake('Alien³ Ri¢hie')).toBe('Alien³ Ri¢hie');
    expect(repairMacRomanMojibake('Plain ASCII')).toBe('Plain ASCII');
  });
});

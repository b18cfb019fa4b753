/**
 * Cleaning and mapping of the `vega-datasets` film table (`data/movies.json`, 3,201 rows) into
 * local catalogue titles. Pure: no I/O, no clock (the caller passes `now`), no locale.
 *
 * The table is a known teaching set "with data quality issues and intentional errors". What this
 * module repairs, and why, is documented next to each rule below:
 *
 * - titles stored as JSON numbers (`1776`, `1941`, `1408`, `2012`, `2046`, `21`, `300`, `9`, `54`);
 * - one title lost by the source's CSV conversion (the film "Unknown", 2006, became `null`);
 * - release years written with two digits and expanded into the wrong century (`Dec 31 2046`);
 * - accented titles decoded with the wrong character set ("LÈon", "DÈj‡ Vu");
 * - library-style inverted articles ("Charge of the Light Brigade, The"), year disambiguators
 *   ("King Kong (1933)"), doubled spaces and doubled CSV quotes (`Jeff ""King Jeff"" Hollins`);
 * - zeros written for unknown amounts (the worldwide gross of "1776" is 0);
 * - genres the table cannot say and IMDb figures it lost or took from another film, for
 *   well-known films (vega-corrections.ts: "The Godfather" is a crime drama, the Star Wars films
 *   have ratings).
 *
 * Films sharing a title ("King Kong" 1976 and 2005, "Casino Royale" 1967 and 2006...) are distinct
 * films and are all kept.
 */
import type { LocalTitle } from './local-title.ts';
import { findVegaCorrection } from './vega-corrections.ts';

/** One row of `vega-datasets/data/movies.json`, as stored. */
export interface VegaFilmRow {
  /** Usually a string; a JSON number for numeric titles ("1776"); null once ("Unknown", 2006). */
  Title: string | number | null;
  'US Gross': number | null;
  'Worldwide Gross': number | null;
  'US DVD Sales': number | null;
  'Production Budget': number | null;
  /** "Jun 12 1998": English month abbreviation, two-digit day, four-digit year. */
  'Release Date': string | null;
  'MPAA Rating': string | null;
  'Running Time min': number | null;
  Distributor: string | null;
  Source: string | null;
  'Major Genre': string | null;
  'Creative Type': string | null;
  Director: string | null;
  'Rotten Tomatoes Rating': number | null;
  'IMDB Rating': number | null;
  'IMDB Votes': number | null;
}

export interface CleanVegaFilmsOptions {
  /** The present moment; only used to tell released films from announced ones. */
  now: Date;
}

/**
 * The last year the table covers (it was compiled in 2010 and lists a handful of 2011 releases).
 * A later year is a two-digit year ("46") that was expanded into the wrong century: 100 years
 * are subtracted ("Duel in the Sun", `Dec 31 2046` → 1946-12-31; "Gone with the Wind", 2039 → 1939).
 */
export const VEGA_LAST_YEAR = 2011;

/** TMDB movie genre ids for the table's `Major Genre` values. */
export const MAJOR_GENRE_IDS: Readonly<Record<string, readonly number[]>> = Object.freeze({
  Action: [28],
  Adventure: [12],
  Comedy: [35],
  'Black Comedy': [35],
  Documentary: [99],
  Drama: [18],
  Horror: [27],
  Musical: [10402],
  'Romantic Comedy': [10749, 35],
  'Thriller/Suspense': [53],
  Western: [37],
  'Concert/Performance': [10402, 99],
});

/**
 * TMDB movie genre ids added by the table's `Creative Type` values. Types that say nothing about
 * the genre (Contemporary Fiction, Dramatization, Factual, Multiple Creative Types) add none.
 */
export const CREATIVE_TYPE_IDS: Readonly<Record<string, readonly number[]>> = Object.freeze({
  'Science Fiction': [878],
  Fantasy: [14],
  'Historical Fiction': [36],
  'Kids Fiction': [10751],
  'Super Hero': [28, 878],
});

/** MPAA ratings kept as they are; anything else ("Not Rated", "Open", missing) becomes `NR`. */
export const KEPT_CERTIFICATIONS: readonly string[] = Object.freeze(['G', 'PG', 'PG-13', 'R', 'NC-17']);

/**
 * Titles the source lost, restored from the row's other facts. The source's CSV-to-JSON
 * conversion read the literal title "Unknown" as a missing-value marker: the row sits between
 * "Universal Soldier II: The Return" and "Unleashed" (filed as "Danny the Dog") in the table's
 * alphabetical run, and its facts (IFC Films, 3 Nov 2006, 85 min, $3.7M budget, thriller) are
 * those of "Unknown" (2006, Simon Brand).
 */
export const RESTORED_TITLES: readonly {
  readonly match: Readonly<Pick<VegaFilmRow, 'Release Date' | 'Distributor' | 'Production Budget' | 'Worldwide Gross'>>;
  readonly title: string;
}[] = Object.freeze([
  {
    match: {
      'Release Date': 'Nov 03 2006',
      Distributor: 'IFC Films',
      'Production Budget': 3700000,
      'Worldwide Gross': 3080493,
    },
    title: 'Unknown',
  },
]);

/**
 * Cleans the film table into local titles. Ids are `index + 1` in the table's order, so a
 * re-import gives every film the same id. Every row with a title (after restoration) is kept; a
 * row without any title cannot be listed and is skipped, without shifting the ids of the others.
 */
export function cleanVegaFilms(rows: readonly VegaFilmRow[], options: CleanVegaFilmsOptions): LocalTitle[] {
  const nowMs = options.now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('cleanVegaFilms: options.now is not a valid date');
  const today = isoDay(options.now);

  const titles: LocalTitle[] = [];
  rows.forEach((row, index) => {
    const film = cleanVegaFilm(row, index + 1, today);
    if (film) titles.push(film);
  });
  return titles;
}

function cleanVegaFilm(row: VegaFilmRow, id: number, today: string): LocalTitle | null {
  const releaseDate = parseVegaReleaseDate(row['Release Date']);
  const releaseYear = releaseDate === null ? null : Number(releaseDate.slice(0, 4));
  const title = cleanVegaTitle(row.Title ?? restoredTitle(row), releaseYear);
  if (title === null) return null;

  const distributor = cleanText(row.Distributor);
  const director = cleanText(row.Director);
  // Well-known films whose genres the table cannot say or whose IMDb figures it lost (vega-corrections.ts).
  const correction = findVegaCorrection(title, releaseYear);

  return {
    media_type: 'movie',
    id,
    title,
    original_title: title,
    original_language: 'en',
    // The table has no country column, and it holds foreign films too ("LÈon", "Die F‰lscher"),
    // so no country can be asserted.
    origin_country: [],
    // The table has no synopsis; none is invented here.
    overview: null,
    release_date: releaseDate,
    last_air_date: null,
    genre_ids: correction?.genres ? [...correction.genres] : vegaGenreIds(row['Major Genre'], row['Creative Type']),
    runtime: positiveOrNull(row['Running Time min']),
    // Every film of a box-office table is out; a date still ahead of `now` is an announced film,
    // whose production stage the table does not tell.
    status: releaseDate !== null && releaseDate > today ? null : 'Released',
    certification: vegaCertification(row['MPAA Rating']),
    vote_average: correction?.rating ?? ratingOrNull(row['IMDB Rating']),
    vote_count: correction?.votes ?? positiveOrNull(row['IMDB Votes']),
    budget: positiveOrNull(row['Production Budget']),
    revenue: positiveOrNull(row['Worldwide Gross']),
    homepage: null,
    directors: director === null ? [] : [director],
    creators: [],
    production_companies: distributor === null ? [] : [distributor],
    networks: [],
    production_countries: [],
    spoken_languages: ['English'],
    seasons: [],
  };
}

function restoredTitle(row: VegaFilmRow): string | null {
  const fix = RESTORED_TITLES.find(({ match }) =>
    (Object.keys(match) as (keyof typeof match)[]).every((key) => row[key] === match[key]),
  );
  return fix?.title ?? null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * "Jun 12 1998" → "1998-06-12", parsed by hand (never through `Date.parse`, whose reading of such
 * strings depends on the runtime and its time zone). Years after {@link VEGA_LAST_YEAR} lose a
 * century. Anything else, or a day the month does not have, gives null.
 */
export function parseVegaReleaseDate(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const match = /^([A-Za-z]{3})\s+(\d{1,2}),?\s+(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, monthName = '', dayText = '', yearText = ''] = match;
  const month = MONTHS.indexOf(monthName.toLowerCase()) + 1;
  const day = Number(dayText);
  let year = Number(yearText);
  if (year > VEGA_LAST_YEAR) year -= 100;
  if (month === 0 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The title as listed: text cleaned (see {@link cleanText}), a numeric title as its digits, a
 * trailing library-style article moved to the front ("Secret, The" → "The Secret"), and a
 * parenthesised year dropped when it is the film's own release year ("King Kong (1933)" →
 * "King Kong"; the year is a disambiguator, the release date already says it). Null when empty.
 */
export function cleanVegaTitle(value: string | number | null | undefined, releaseYear: number | null): string | null {
  let title = cleanText(value);
  if (title === null) return null;
  const inverted = /^(.*\S),\s*(The|A|An)$/.exec(title);
  if (inverted) title = `${inverted[2]} ${inverted[1]}`;
  const withYear = /^(.*\S)\s+\((\d{4})\)$/.exec(title);
  if (withYear && releaseYear !== null && Number(withYear[2]) === releaseYear) title = withYear[1] ?? title;
  return title;
}

/**
 * Free text as it should read: numbers as their digits, mis-decoded accents repaired
 * ({@link repairMacRomanMojibake}), CSV-doubled quotes undoubled, runs of white space collapsed,
 * trimmed. Null when nothing is left.
 */
export function cleanText(value: string | number | null | undefined): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  const text = repairMacRomanMojibake(value).replace(/""/g, '"').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** Mac OS Roman characters of the bytes 0x80–0xFF, in byte order. */
const MAC_ROMAN_HIGH = Array.from(
  'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø' +
    '¿¡¬√ƒ≈∆«»…\u00A0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uF8FFÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ',
);

/** Windows-1252 characters of the bytes 0x80–0x9F (null: unassigned); 0xA0–0xFF are Latin-1. */
const WINDOWS_1252_80_9F: readonly (string | null)[] = [
  '€',
  null,
  '‚',
  'ƒ',
  '„',
  '…',
  '†',
  '‡',
  'ˆ',
  '‰',
  'Š',
  '‹',
  'Œ',
  null,
  'Ž',
  null,
  null,
  '‘',
  '’',
  '“',
  '”',
  '•',
  '–',
  '—',
  '˜',
  '™',
  'š',
  '›',
  'œ',
  null,
  'ž',
  'Ÿ',
];

/**
 * Undoes the table's character-set mix-up: its accented titles were Windows-1252 bytes read as
 * Mac OS Roman, so "Léon" reads "LÈon", "Déjà Vu" "DÈj‡ Vu", "The Naked Gun 2½" "The Naked Gun 2Ω"
 * and "I Love You… Don't Touch Me!" "I Love You Ö Don't Touch Me!". Each character is turned back
 * into its Mac Roman byte and read as Windows-1252. Characters outside Mac Roman ("Alien³") and
 * those both sets share ("Ri¢hie Ri¢h") are unchanged, and so is white space.
 *
 * Specific to this table, in which every other non-ASCII character is mis-decoded (the tests check
 * the complete list); applied to correctly encoded text it would garble it.
 */
/** True when every character is 7-bit ASCII. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

export function repairMacRomanMojibake(text: string): string {
  if (isAscii(text)) return text;
  return Array.from(text, (char) => {
    const index = MAC_ROMAN_HIGH.indexOf(char);
    if (index < 0 || /\s/.test(char)) return char;
    const byte = 0x80 + index;
    const repaired = byte >= 0xa0 ? String.fromCharCode(byte) : WINDOWS_1252_80_9F[byte - 0x80];
    return repaired ?? char;
  }).join('');
}

/**
 * TMDB movie genre ids: the `Major Genre`'s first, then those the `Creative Type` adds, without
 * duplicates ("Action" + "Super Hero" → [28, 878]). Unknown or missing values add nothing.
 */
export function vegaGenreIds(majorGenre: string | null | undefined, creativeType: string | null | undefined): number[] {
  const ids = [...lookup(MAJOR_GENRE_IDS, majorGenre), ...lookup(CREATIVE_TYPE_IDS, creativeType)];
  return [...new Set(ids)];
}

function lookup(table: Readonly<Record<string, readonly number[]>>, key: string | null | undefined): readonly number[] {
  const name = key?.trim();
  return name !== undefined && Object.hasOwn(table, name) ? (table[name] ?? []) : [];
}

/** The MPAA rating as a certification: G, PG, PG-13, R and NC-17 kept; anything else is `NR`. */
export function vegaCertification(mpaa: string | null | undefined): string {
  const rating = mpaa?.trim().toUpperCase() ?? '';
  return KEPT_CERTIFICATIONS.includes(rating) ? rating : 'NR';
}

/**
 * A positive amount (dollars, minutes, votes), or null. Missing stays null; and a 0 means unknown
 * too, never "nothing": the table writes 0 where it has no figure (the worldwide gross of "1776",
 * of "12 Angry Men"...), and no released film has a $0 budget, a 0-minute runtime or 0 IMDb votes
 * while carrying an IMDb rating.
 */
function positiveOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** An IMDb rating (1–10) as a 0–10 vote average; 0 or out of range means unknown. */
function ratingOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 10 ? value : null;
}

function isoDay(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

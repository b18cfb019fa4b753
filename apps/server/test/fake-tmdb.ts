import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MOVIE_GENRES, TV_GENRES } from '@marquee/core';

/**
 * A fake of the movie database's HTTP API (TMDB v3) for tests: plain node:http on 127.0.0.1, a
 * handful of real titles, and answers in TMDB's documented shapes (including its error bodies).
 * The data is consistent: every id a list or search answers has details, recommendations point
 * to seeded titles, seasons have episodes.
 *
 * It filters and sorts discover like TMDB does for the parameters we use (with_genres with "," =
 * all and "|" = any, without_genres, years, date ranges, votes, language, US certification, watch providers,
 * sort_by, 20 per page, page ≤ 500). Search matches titles, names and a person's known-for titles.
 */

export const FAKE_TMDB_TOKEN = 'fake-tmdb-v4-token-0123456789abcdef';

export const SEED_IDS = {
  movies: {
    fightClub: 550,
    matrix: 603,
    inception: 27205,
    interstellar: 157336,
    darkKnight: 155,
    pulpFiction: 680,
    toyStory: 862,
    spiritedAway: 129,
  },
  tv: {
    breakingBad: 1396,
    dark: 70523,
    strangerThings: 66732,
    betterCallSaul: 60059,
    theOffice: 2316,
  },
  people: {
    bradPitt: 287,
    christianBale: 3894,
    louisHofmann: 1251346,
  },
} as const;

/**
 * The seeded titles' IMDb ids (real ones), for /find/{imdb_id}?external_source=imdb_id and the
 * details' imdb_id; a few episodes too (with their series, season and number).
 */
export const IMDB_IDS = {
  movies: {
    550: 'tt0137523',
    603: 'tt0133093',
    27205: 'tt1375666',
    157336: 'tt0816692',
    155: 'tt0468569',
    680: 'tt0110912',
    862: 'tt0114709',
    129: 'tt0245429',
  } as Record<number, string>,
  tv: { 1396: 'tt0903747', 70523: 'tt5753856', 66732: 'tt4574334', 60059: 'tt3032476', 2316: 'tt0386676' } as Record<
    number,
    string
  >,
  episodes: {
    tt0959621: { show_id: 1396, season_number: 1, episode_number: 1 },
    tt1054724: { show_id: 1396, season_number: 1, episode_number: 2 },
    tt2301451: { show_id: 1396, season_number: 5, episode_number: 14 },
  } as Record<string, { show_id: number; season_number: number; episode_number: number }>,
};

/** An id no seeded title has: details answer TMDB's 404. */
export const UNKNOWN_ID = 999_999_999;

/**
 * ok: answers; down: 500s; hang: never answers; reset: drops each connection unanswered (a host
 * gone away); stall: sends the status and half a body, then nothing; rate-limit-once: one 429;
 * rate-limited: 429 with Retry-After: 10 every time.
 */
export type FakeTmdbMode = 'ok' | 'down' | 'hang' | 'reset' | 'stall' | 'rate-limit-once' | 'rate-limited';

export interface FakeTmdbRequest {
  method: string;
  /** The path under the API base, e.g. "/movie/550". */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Date.now() when it arrived. */
  at: number;
}

export interface FakeTmdb {
  /** The API base to configure (like https://api.themoviedb.org/3). */
  baseUrl: string;
  token: string;
  requests: FakeTmdbRequest[];
  /** The recorded requests of one path. */
  requestsTo(path: string): FakeTmdbRequest[];
  setMode(mode: FakeTmdbMode): void;
  /** In mode ok, answers each request only after this many milliseconds (a slow but working TMDB). */
  setLatency(ms: number): void;
  /** Forgets the requests and goes back to mode ok, without latency. */
  reset(): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Seed data

interface CrewSeed {
  id: number;
  name: string;
  job: string;
  department: string;
}
interface VideoSeed {
  key: string;
  name: string;
  type: string;
  official: boolean;
  site?: string;
}

interface MovieSeed {
  id: number;
  title: string;
  original_title?: string;
  original_language: string;
  release_date: string;
  runtime: number;
  genre_ids: number[];
  vote_average: number;
  vote_count: number;
  popularity: number;
  budget: number;
  revenue: number;
  homepage: string;
  overview: string;
  /** US release_dates: [type, certification] in TMDB's (unordered) way. */
  us_releases: Array<[number, string]>;
  companies: Array<{ id: number; name: string; origin_country: string }>;
  countries: Array<[string, string]>;
  languages: Array<[string, string, string]>;
  crew: CrewSeed[];
  cast: string[];
  videos: VideoSeed[];
  providers: number[];
  recommendations: number[];
}

interface SeriesSeed {
  id: number;
  name: string;
  original_name?: string;
  original_language: string;
  origin_country: string[];
  first_air_date: string;
  last_air_date: string;
  status: string;
  genre_ids: number[];
  vote_average: number;
  vote_count: number;
  popularity: number;
  overview: string;
  homepage: string;
  episode_run_time: number[];
  /** [season_number, air_date, episode_count]; season 0 is Specials. */
  seasons: Array<[number, string, number]>;
  created_by: Array<{ id: number; name: string }>;
  networks: Array<{ id: number; name: string; origin_country: string }>;
  rating_us: string;
  companies: Array<{ id: number; name: string; origin_country: string }>;
  crew: CrewSeed[];
  cast: string[];
  videos: VideoSeed[];
  providers: number[];
  recommendations: number[];
}

interface PersonSeed {
  id: number;
  name: string;
  popularity: number;
  known_for: number[];
}

const director = (id: number, name: string): CrewSeed => ({ id, name, job: 'Director', department: 'Directing' });
const producer = (id: number, name: string): CrewSeed => ({ id, name, job: 'Producer', department: 'Production' });
const writer = (id: number, name: string, job = 'Screenplay'): CrewSeed => ({ id, name, job, department: 'Writing' });
const english: [string, string, string] = ['English', 'en', 'English'];
const usa: [string, string] = ['US', 'United States of America'];

export const FAKE_MOVIES: readonly MovieSeed[] = [
  {
    id: 550,
    title: 'Fight Club',
    original_language: 'en',
    release_date: '1999-10-15',
    runtime: 139,
    genre_ids: [18],
    vote_average: 8.4,
    vote_count: 30125,
    popularity: 61.4,
    budget: 63000000,
    revenue: 100853753,
    homepage: 'http://www.foxmovies.com/movies/fight-club',
    overview:
      'A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression into a shocking new form of therapy.',
    // An unrated home video listed before the theatrical R: the theatrical one wins.
    us_releases: [
      [5, 'NR'],
      [1, ''],
      [3, 'R'],
    ],
    companies: [
      { id: 711, name: 'Fox 2000 Pictures', origin_country: 'US' },
      { id: 508, name: 'Regency Enterprises', origin_country: 'US' },
      { id: 4700, name: 'The Linson Company', origin_country: 'US' },
    ],
    countries: [usa, ['DE', 'Germany']],
    languages: [english],
    crew: [
      director(7467, 'David Fincher'),
      { id: 7469, name: 'Jim Uhls', job: 'Screenplay', department: 'Writing' },
      { id: 7468, name: 'Chuck Palahniuk', job: 'Novel', department: 'Writing' },
      producer(7474, 'Ross Grayson Bell'),
      producer(7475, 'Ceán Chaffin'),
      producer(1254, 'Art Linson'),
      { id: 7477, name: 'John King', job: 'Original Music Composer', department: 'Sound' },
      director(7467, 'David Fincher'),
    ],
    cast: ['Edward Norton', 'Brad Pitt', 'Helena Bonham Carter'],
    videos: [
      { key: 'dfeUzm6KF4g', name: 'Behind the scenes', type: 'Featurette', official: true },
      { key: 'BdJKm16Co6M', name: 'Fight Club - Fan trailer', type: 'Trailer', official: false },
      { key: 'O-b2VfmmbyA', name: 'Fight Club - Theatrical Trailer', type: 'Trailer', official: true },
    ],
    providers: [9, 1899],
    recommendations: [680, 603, 155, 27205],
  },
  {
    id: 603,
    title: 'The Matrix',
    original_language: 'en',
    release_date: '1999-03-31',
    runtime: 136,
    genre_ids: [28, 878],
    vote_average: 8.2,
    vote_count: 26010,
    popularity: 83.2,
    budget: 63000000,
    revenue: 463517383,
    homepage: 'http://www.warnerbros.com/matrix',
    overview:
      'Set in the 22nd century, The Matrix tells the story of a computer hacker who joins a group of underground insurgents.',
    us_releases: [[3, 'R']],
    companies: [
      { id: 79, name: 'Village Roadshow Pictures', origin_country: 'US' },
      { id: 174, name: 'Warner Bros. Pictures', origin_country: 'US' },
    ],
    countries: [['AU', 'Australia'], usa],
    languages: [english],
    crew: [
      director(9340, 'Lana Wachowski'),
      director(9339, 'Lilly Wachowski'),
      writer(9340, 'Lana Wachowski', 'Writer'),
      writer(9339, 'Lilly Wachowski', 'Writer'),
      producer(1091, 'Joel Silver'),
    ],
    cast: ['Keanu Reeves', 'Laurence Fishburne', 'Carrie-Anne Moss'],
    videos: [{ key: 'vKQi3bBA1y8', name: 'The Matrix Trailer', type: 'Trailer', official: true }],
    providers: [1899],
    recommendations: [27205, 157336, 550],
  },
  {
    id: 27205,
    title: 'Inception',
    original_language: 'en',
    release_date: '2010-07-15',
    runtime: 148,
    genre_ids: [28, 878, 12],
    vote_average: 8.4,
    vote_count: 37010,
    popularity: 92.5,
    budget: 160000000,
    revenue: 839030630,
    homepage: 'https://www.warnerbros.com/movies/inception',
    overview: 'Cobb, a skilled thief who commits corporate espionage by infiltrating the subconscious of his targets.',
    us_releases: [[3, 'PG-13']],
    companies: [
      { id: 923, name: 'Legendary Pictures', origin_country: 'US' },
      { id: 9996, name: 'Syncopy', origin_country: 'GB' },
    ],
    countries: [['GB', 'United Kingdom'], usa],
    languages: [english, ['French', 'fr', 'Français'], ['Japanese', 'ja', '日本語']],
    crew: [
      director(525, 'Christopher Nolan'),
      writer(525, 'Christopher Nolan', 'Writer'),
      producer(556, 'Emma Thomas'),
    ],
    cast: ['Leonardo DiCaprio', 'Joseph Gordon-Levitt', 'Ken Watanabe'],
    // A non-official trailer only.
    videos: [{ key: 'YoHD9XEInc0', name: 'Inception - Trailer', type: 'Trailer', official: false }],
    providers: [8],
    recommendations: [157336, 155, 603],
  },
  {
    id: 157336,
    title: 'Interstellar',
    original_language: 'en',
    release_date: '2014-11-05',
    runtime: 169,
    genre_ids: [12, 18, 878],
    vote_average: 8.46,
    vote_count: 36250,
    popularity: 140.2,
    budget: 165000000,
    revenue: 746606706,
    homepage: 'http://www.interstellarmovie.net/',
    overview:
      'The adventures of a group of explorers who make use of a newly discovered wormhole to surpass the limitations on human space travel.',
    us_releases: [[3, 'PG-13']],
    companies: [
      { id: 923, name: 'Legendary Pictures', origin_country: 'US' },
      { id: 9996, name: 'Syncopy', origin_country: 'GB' },
    ],
    countries: [['GB', 'United Kingdom'], usa],
    languages: [english],
    crew: [director(525, 'Christopher Nolan'), writer(527, 'Jonathan Nolan', 'Writer'), producer(556, 'Emma Thomas')],
    cast: ['Matthew McConaughey', 'Anne Hathaway', 'Jessica Chastain'],
    videos: [
      // Only on Vimeo: no YouTube trailer, so no trailer key.
      { key: '140163722', name: 'Interstellar Trailer', type: 'Trailer', official: true, site: 'Vimeo' },
    ],
    providers: [9],
    recommendations: [27205, 603, 155],
  },
  {
    id: 155,
    title: 'The Dark Knight',
    original_language: 'en',
    release_date: '2008-07-16',
    runtime: 152,
    genre_ids: [18, 28, 80, 53],
    vote_average: 8.5,
    vote_count: 33100,
    popularity: 80.1,
    budget: 185000000,
    revenue: 1004558444,
    homepage: 'https://www.warnerbros.com/movies/dark-knight/',
    overview:
      'Batman raises the stakes in his war on crime, with the help of Lt. Jim Gordon and District Attorney Harvey Dent.',
    us_releases: [[3, 'PG-13']],
    companies: [
      { id: 174, name: 'Warner Bros. Pictures', origin_country: 'US' },
      { id: 923, name: 'Legendary Pictures', origin_country: 'US' },
    ],
    countries: [['GB', 'United Kingdom'], usa],
    languages: [english, ['Mandarin', 'zh', '普通话']],
    crew: [director(525, 'Christopher Nolan'), writer(525, 'Christopher Nolan'), writer(527, 'Jonathan Nolan')],
    cast: ['Christian Bale', 'Heath Ledger', 'Aaron Eckhart'],
    videos: [{ key: 'EXeTwQWrcwY', name: 'The Dark Knight Trailer', type: 'Trailer', official: true }],
    providers: [1899],
    recommendations: [27205, 550, 680],
  },
  {
    id: 680,
    title: 'Pulp Fiction',
    original_language: 'en',
    release_date: '1994-09-10',
    runtime: 154,
    genre_ids: [53, 80],
    vote_average: 8.5,
    vote_count: 28040,
    popularity: 70.3,
    budget: 8000000,
    revenue: 213900000,
    homepage: 'https://www.miramax.com/movie/pulp-fiction/',
    overview:
      'A burger-loving hit man, his philosophical partner, a drug-addled gangster’s moll and a washed-up boxer converge in this sprawling crime caper.',
    us_releases: [[3, 'R']],
    companies: [{ id: 14, name: 'Miramax', origin_country: 'US' }],
    countries: [usa],
    languages: [english, ['Spanish', 'es', 'Español']],
    crew: [director(138, 'Quentin Tarantino'), writer(138, 'Quentin Tarantino'), producer(139, 'Lawrence Bender')],
    cast: ['John Travolta', 'Samuel L. Jackson', 'Uma Thurman'],
    videos: [{ key: 's7EdQ4FqbhY', name: 'Pulp Fiction Trailer', type: 'Trailer', official: true }],
    providers: [8, 9],
    recommendations: [550, 155],
  },
  {
    id: 862,
    title: 'Toy Story',
    original_language: 'en',
    release_date: '1995-10-30',
    runtime: 81,
    genre_ids: [16, 12, 10751, 35],
    vote_average: 8.0,
    vote_count: 18700,
    popularity: 95.8,
    budget: 30000000,
    revenue: 394436586,
    homepage: 'http://toystory.disney.com/toy-story',
    overview:
      'Led by Woody, Andy’s toys live happily in his room until Andy’s birthday brings Buzz Lightyear onto the scene.',
    us_releases: [[3, 'G']],
    companies: [{ id: 3, name: 'Pixar', origin_country: 'US' }],
    countries: [usa],
    languages: [english],
    crew: [director(7879, 'John Lasseter'), writer(7, 'Andrew Stanton'), producer(7882, 'Bonnie Arnold')],
    cast: ['Tom Hanks', 'Tim Allen', 'Don Rickles'],
    videos: [],
    providers: [337],
    recommendations: [129],
  },
  {
    id: 129,
    title: 'Spirited Away',
    original_title: '千と千尋の神隠し',
    original_language: 'ja',
    release_date: '2001-07-20',
    runtime: 125,
    genre_ids: [16, 10751, 14],
    vote_average: 8.5,
    vote_count: 16800,
    popularity: 85.9,
    budget: 19000000,
    revenue: 274925095,
    homepage: '',
    overview: 'A young girl, Chihiro, becomes trapped in a strange new world of spirits.',
    us_releases: [[3, 'PG']],
    companies: [{ id: 10342, name: 'Studio Ghibli', origin_country: 'JP' }],
    countries: [['JP', 'Japan']],
    languages: [['Japanese', 'ja', '日本語']],
    crew: [director(608, 'Hayao Miyazaki'), writer(608, 'Hayao Miyazaki'), producer(609, 'Toshio Suzuki')],
    cast: ['Rumi Hiiragi', 'Miyu Irino'],
    videos: [{ key: 'ByXuk9QqQkk', name: 'Spirited Away - Official Trailer', type: 'Trailer', official: true }],
    providers: [1899],
    recommendations: [862],
  },
];

export const FAKE_SERIES: readonly SeriesSeed[] = [
  {
    id: 1396,
    name: 'Breaking Bad',
    original_language: 'en',
    origin_country: ['US'],
    first_air_date: '2008-01-20',
    last_air_date: '2013-09-29',
    status: 'Ended',
    genre_ids: [18, 80],
    vote_average: 8.9,
    vote_count: 15400,
    popularity: 120.7,
    overview:
      'Walter White, a New Mexico chemistry teacher, is diagnosed with Stage III cancer and given a prognosis of only two years left to live.',
    homepage: 'https://www.sonypictures.com/tv/breakingbad',
    episode_run_time: [45, 47],
    seasons: [
      [0, '2009-02-17', 9],
      [1, '2008-01-20', 7],
      [2, '2009-03-08', 13],
      [3, '2010-03-21', 13],
      [4, '2011-07-17', 13],
      [5, '2012-07-15', 16],
    ],
    created_by: [{ id: 66633, name: 'Vince Gilligan' }],
    networks: [{ id: 174, name: 'AMC', origin_country: 'US' }],
    rating_us: 'TV-MA',
    companies: [{ id: 11073, name: 'Sony Pictures Television Studios', origin_country: 'US' }],
    crew: [producer(66633, 'Vince Gilligan')],
    cast: ['Bryan Cranston', 'Aaron Paul', 'Anna Gunn'],
    videos: [{ key: 'HhesaQXLuRY', name: 'Breaking Bad - Trailer', type: 'Trailer', official: true }],
    providers: [8],
    recommendations: [60059, 70523, 66732],
  },
  {
    id: 70523,
    name: 'Dark',
    original_language: 'de',
    origin_country: ['DE'],
    first_air_date: '2017-12-01',
    last_air_date: '2020-06-27',
    status: 'Ended',
    genre_ids: [80, 18, 9648, 10765],
    vote_average: 8.4,
    vote_count: 7060,
    popularity: 90.4,
    overview: 'A missing child causes four families to help each other for answers.',
    homepage: 'https://www.netflix.com/title/80100172',
    episode_run_time: [],
    seasons: [
      [1, '2017-12-01', 10],
      [2, '2019-06-21', 8],
      [3, '2020-06-27', 8],
    ],
    created_by: [
      { id: 1103567, name: 'Baran bo Odar' },
      { id: 1103568, name: 'Jantje Friese' },
    ],
    networks: [{ id: 213, name: 'Netflix', origin_country: '' }],
    rating_us: 'TV-MA',
    companies: [{ id: 80375, name: 'Wiedemann & Berg Television', origin_country: 'DE' }],
    crew: [],
    cast: ['Louis Hofmann', 'Karoline Eichhorn', 'Lisa Vicari'],
    videos: [{ key: 'rrwycJ08PSA', name: 'Dark | Official Trailer', type: 'Trailer', official: true }],
    providers: [8],
    recommendations: [66732, 1396],
  },
  {
    id: 66732,
    name: 'Stranger Things',
    original_language: 'en',
    origin_country: ['US'],
    first_air_date: '2016-07-15',
    last_air_date: '2022-07-01',
    status: 'Returning Series',
    genre_ids: [18, 10765, 9648],
    vote_average: 8.6,
    vote_count: 18200,
    popularity: 210.3,
    overview: 'When a young boy vanishes, a small town uncovers a mystery involving secret experiments.',
    homepage: 'https://www.netflix.com/title/80057281',
    episode_run_time: [50],
    seasons: [
      [0, '2017-10-26', 1],
      [1, '2016-07-15', 8],
      [2, '2017-10-27', 9],
      [3, '2019-07-04', 8],
      [4, '2022-05-27', 9],
    ],
    created_by: [
      { id: 1179419, name: 'Matt Duffer' },
      { id: 1179422, name: 'Ross Duffer' },
    ],
    networks: [{ id: 213, name: 'Netflix', origin_country: '' }],
    rating_us: 'TV-14',
    companies: [{ id: 2575, name: '21 Laps Entertainment', origin_country: 'US' }],
    crew: [],
    cast: ['Winona Ryder', 'David Harbour', 'Millie Bobby Brown'],
    videos: [{ key: 'b9EkMc79ZSU', name: 'Stranger Things | Official Trailer', type: 'Trailer', official: true }],
    providers: [8],
    recommendations: [70523, 1396],
  },
  {
    id: 60059,
    name: 'Better Call Saul',
    original_language: 'en',
    origin_country: ['US'],
    first_air_date: '2015-02-08',
    last_air_date: '2022-08-15',
    status: 'Ended',
    genre_ids: [80, 18],
    vote_average: 8.7,
    vote_count: 5100,
    popularity: 60.2,
    overview: 'Six years before Saul Goodman meets Walter White.',
    homepage: 'https://www.amc.com/shows/better-call-saul',
    episode_run_time: [46],
    seasons: [
      [1, '2015-02-08', 10],
      [2, '2016-02-15', 10],
    ],
    created_by: [
      { id: 66633, name: 'Vince Gilligan' },
      { id: 29779, name: 'Peter Gould' },
    ],
    networks: [{ id: 174, name: 'AMC', origin_country: 'US' }],
    rating_us: 'TV-MA',
    companies: [{ id: 11073, name: 'Sony Pictures Television Studios', origin_country: 'US' }],
    crew: [],
    cast: ['Bob Odenkirk', 'Rhea Seehorn'],
    videos: [],
    providers: [8],
    recommendations: [1396],
  },
  {
    id: 2316,
    name: 'The Office',
    original_language: 'en',
    origin_country: ['US'],
    first_air_date: '2005-03-24',
    last_air_date: '2013-05-16',
    status: 'Ended',
    genre_ids: [35],
    vote_average: 8.6,
    vote_count: 4300,
    popularity: 150.5,
    overview:
      'The everyday lives of office employees in the Scranton, Pennsylvania branch of the fictional Dunder Mifflin Paper Company.',
    homepage: 'http://www.nbc.com/the-office',
    episode_run_time: [22],
    seasons: [
      [1, '2005-03-24', 6],
      [2, '2005-09-20', 22],
    ],
    created_by: [{ id: 17835, name: 'Greg Daniels' }],
    networks: [{ id: 6, name: 'NBC', origin_country: 'US' }],
    rating_us: 'TV-14',
    companies: [{ id: 7207, name: 'Deedle-Dee Productions', origin_country: 'US' }],
    crew: [],
    cast: ['Steve Carell', 'Rainn Wilson', 'John Krasinski'],
    videos: [],
    providers: [386],
    recommendations: [1396],
  },
];

export const FAKE_PEOPLE: readonly PersonSeed[] = [
  { id: 287, name: 'Brad Pitt', popularity: 95.2, known_for: [550] },
  { id: 3894, name: 'Christian Bale', popularity: 85.0, known_for: [155] },
  { id: 1251346, name: 'Louis Hofmann', popularity: 88.1, known_for: [70523] },
];

/** Real episode titles where we know them; the others are "Episode N". */
const EPISODE_NAMES: Record<string, string> = {
  '1396-1-1': 'Pilot',
  '1396-1-2': "Cat's in the Bag...",
  '1396-1-3': "...And the Bag's in the River",
  '70523-1-1': 'Secrets',
  '70523-1-2': 'Lies',
  '66732-1-1': 'Chapter One: The Vanishing of Will Byers',
};

// ---------------------------------------------------------------------------------------------
// Answers in TMDB's shapes

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

function movieListItem(movie: MovieSeed) {
  return {
    adult: false,
    backdrop_path: `/${slug(movie.title)}-backdrop.jpg`,
    genre_ids: movie.genre_ids,
    id: movie.id,
    original_language: movie.original_language,
    original_title: movie.original_title ?? movie.title,
    overview: movie.overview,
    popularity: movie.popularity,
    poster_path: `/${slug(movie.title)}-poster.jpg`,
    release_date: movie.release_date,
    title: movie.title,
    video: false,
    vote_average: movie.vote_average,
    vote_count: movie.vote_count,
  };
}

function tvListItem(series: SeriesSeed) {
  return {
    adult: false,
    backdrop_path: `/${slug(series.name)}-backdrop.jpg`,
    genre_ids: series.genre_ids,
    id: series.id,
    origin_country: series.origin_country,
    original_language: series.original_language,
    original_name: series.original_name ?? series.name,
    overview: series.overview,
    popularity: series.popularity,
    poster_path: `/${slug(series.name)}-poster.jpg`,
    first_air_date: series.first_air_date,
    name: series.name,
    vote_average: series.vote_average,
    vote_count: series.vote_count,
  };
}

function genresOf(ids: number[], catalogue: typeof MOVIE_GENRES) {
  return ids.flatMap((id) => catalogue.filter((genre) => genre.id === id).map((genre) => ({ ...genre })));
}

function credits(cast: string[], crew: CrewSeed[]) {
  return {
    cast: cast.map((name, order) => ({
      adult: false,
      gender: 0,
      id: 10_000 + order,
      known_for_department: 'Acting',
      name,
      original_name: name,
      popularity: 10,
      profile_path: null,
      cast_id: order,
      character: '',
      credit_id: `c${order}`,
      order,
    })),
    crew: crew.map((member, index) => ({
      adult: false,
      gender: 0,
      id: member.id,
      known_for_department: member.department,
      name: member.name,
      original_name: member.name,
      popularity: 5,
      profile_path: null,
      credit_id: `k${index}`,
      department: member.department,
      job: member.job,
    })),
  };
}

function videos(list: VideoSeed[]) {
  return {
    results: list.map((video, index) => ({
      iso_639_1: 'en',
      iso_3166_1: 'US',
      name: video.name,
      key: video.key,
      site: video.site ?? 'YouTube',
      size: 1080,
      type: video.type,
      official: video.official,
      published_at: '2015-01-01T00:00:00.000Z',
      id: `v${index}`,
    })),
  };
}

function movieDetails(movie: MovieSeed, append: Set<string>) {
  const body: Record<string, unknown> = {
    adult: false,
    backdrop_path: `/${slug(movie.title)}-backdrop.jpg`,
    belongs_to_collection: null,
    budget: movie.budget,
    genres: genresOf(movie.genre_ids, MOVIE_GENRES),
    homepage: movie.homepage,
    id: movie.id,
    imdb_id: IMDB_IDS.movies[movie.id] ?? `tt${String(movie.id).padStart(7, '0')}`,
    origin_country: [movie.countries[0]?.[0] ?? 'US'],
    original_language: movie.original_language,
    original_title: movie.original_title ?? movie.title,
    overview: movie.overview,
    popularity: movie.popularity,
    poster_path: `/${slug(movie.title)}-poster.jpg`,
    production_companies: movie.companies.map((company) => ({
      id: company.id,
      logo_path: `/${slug(company.name)}-logo.png`,
      name: company.name,
      origin_country: company.origin_country,
    })),
    production_countries: movie.countries.map(([iso, name]) => ({ iso_3166_1: iso, name })),
    release_date: movie.release_date,
    revenue: movie.revenue,
    runtime: movie.runtime,
    spoken_languages: movie.languages.map(([englishName, iso, name]) => ({
      english_name: englishName,
      iso_639_1: iso,
      name,
    })),
    status: 'Released',
    tagline: '',
    title: movie.title,
    video: false,
    vote_average: movie.vote_average,
    vote_count: movie.vote_count,
  };
  if (append.has('credits')) body.credits = credits(movie.cast, movie.crew);
  if (append.has('release_dates')) {
    body.release_dates = {
      results: [
        {
          iso_3166_1: 'GB',
          release_dates: [
            {
              certification: '18',
              descriptors: [],
              iso_639_1: '',
              note: '',
              release_date: `${movie.release_date}T00:00:00.000Z`,
              type: 3,
            },
          ],
        },
        {
          iso_3166_1: 'US',
          release_dates: movie.us_releases.map(([type, certification]) => ({
            certification,
            descriptors: [],
            iso_639_1: '',
            note: '',
            release_date: `${movie.release_date}T00:00:00.000Z`,
            type,
          })),
        },
      ],
    };
  }
  if (append.has('videos')) body.videos = videos(movie.videos);
  return body;
}

function seasonSummary(series: SeriesSeed, [number, airDate, count]: [number, string, number]) {
  return {
    air_date: airDate,
    episode_count: count,
    id: series.id * 100 + number,
    name: number === 0 ? 'Specials' : `Season ${number}`,
    overview: '',
    poster_path: `/${slug(series.name)}-s${number}.jpg`,
    season_number: number,
    vote_average: 0,
  };
}

function tvDetails(series: SeriesSeed, append: Set<string>) {
  const regular = series.seasons.filter(([number]) => number > 0);
  const body: Record<string, unknown> = {
    adult: false,
    backdrop_path: `/${slug(series.name)}-backdrop.jpg`,
    created_by: series.created_by.map((person) => ({
      id: person.id,
      credit_id: `cb${person.id}`,
      name: person.name,
      original_name: person.name,
      gender: 0,
      profile_path: null,
    })),
    episode_run_time: series.episode_run_time,
    first_air_date: series.first_air_date,
    genres: genresOf(series.genre_ids, TV_GENRES),
    homepage: series.homepage,
    id: series.id,
    in_production: series.status !== 'Ended',
    languages: [series.original_language],
    last_air_date: series.last_air_date,
    name: series.name,
    networks: series.networks.map((network) => ({
      id: network.id,
      logo_path: `/${slug(network.name)}.png`,
      name: network.name,
      origin_country: network.origin_country,
    })),
    number_of_episodes: regular.reduce((total, [, , count]) => total + count, 0),
    number_of_seasons: regular.length,
    origin_country: series.origin_country,
    original_language: series.original_language,
    original_name: series.original_name ?? series.name,
    overview: series.overview,
    popularity: series.popularity,
    poster_path: `/${slug(series.name)}-poster.jpg`,
    production_companies: series.companies.map((company) => ({
      id: company.id,
      logo_path: null,
      name: company.name,
      origin_country: company.origin_country,
    })),
    production_countries: series.origin_country.map((iso) => ({
      iso_3166_1: iso,
      name: iso === 'DE' ? 'Germany' : 'United States of America',
    })),
    seasons: series.seasons.map((season) => seasonSummary(series, season)),
    spoken_languages: [
      series.original_language === 'de'
        ? { english_name: 'German', iso_639_1: 'de', name: 'Deutsch' }
        : { english_name: 'English', iso_639_1: 'en', name: 'English' },
    ],
    status: series.status,
    tagline: '',
    type: 'Scripted',
    vote_average: series.vote_average,
    vote_count: series.vote_count,
  };
  if (append.has('credits')) body.credits = credits(series.cast, series.crew);
  if (append.has('content_ratings')) {
    body.content_ratings = {
      results: [
        { descriptors: [], iso_3166_1: 'DE', rating: '16' },
        { descriptors: [], iso_3166_1: 'US', rating: series.rating_us },
      ],
    };
  }
  if (append.has('videos')) body.videos = videos(series.videos);
  return body;
}

function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 24 * 60 * 60 * 1000;
  return new Date(time).toISOString().slice(0, 10);
}

function seasonDetails(series: SeriesSeed, [number, airDate, count]: [number, string, number]) {
  const runtime = series.episode_run_time[0] ?? 52;
  return {
    _id: `5256c89f19c2956ff6${String(series.id * 100 + number).padStart(6, '0')}`,
    air_date: airDate,
    episodes: Array.from({ length: count }, (_, index) => {
      const episode = index + 1;
      return {
        air_date: addDays(airDate, 7 * index),
        episode_number: episode,
        episode_type: episode === 1 ? 'standard' : episode === count ? 'finale' : 'standard',
        id: series.id * 10_000 + number * 100 + episode,
        name: EPISODE_NAMES[`${series.id}-${number}-${episode}`] ?? `Episode ${episode}`,
        overview: '',
        production_code: '',
        runtime,
        season_number: number,
        show_id: series.id,
        still_path: `/${slug(series.name)}-s${number}e${episode}.jpg`,
        vote_average: 8 + ((episode * 7) % 10) / 10,
        vote_count: 100 + episode,
        crew: [],
        guest_stars: [],
      };
    }),
    name: number === 0 ? 'Specials' : `Season ${number}`,
    overview: '',
    id: series.id * 100 + number,
    poster_path: `/${slug(series.name)}-s${number}.jpg`,
    season_number: number,
    vote_average: 8.5,
  };
}

// ---------------------------------------------------------------------------------------------
// Discover, search and recommendations

const PAGE_SIZE = 20;

function paginate<T>(items: T[], pageParam: string | undefined) {
  const page = pageParam ? Number(pageParam) : 1;
  const total = items.length;
  return {
    page,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total_pages: Math.ceil(total / PAGE_SIZE),
    total_results: total,
  };
}

/** "," = all of the ids, "|" = any of them (TMDB's with_genres / with_watch_providers). */
function matchesIds(have: number[], filter: string | undefined): boolean {
  if (!filter) return true;
  const any = filter.includes('|');
  const wanted = filter.split(/[,|]/).map(Number);
  return any ? wanted.some((id) => have.includes(id)) : wanted.every((id) => have.includes(id));
}

interface Discoverable {
  id: number;
  title: string;
  date: string;
  genre_ids: number[];
  vote_average: number;
  vote_count: number;
  popularity: number;
  original_language: string;
  providers: number[];
  certification: string | null;
}

function discover(type: 'movie' | 'tv', query: Record<string, string>) {
  const items: Discoverable[] =
    type === 'movie'
      ? FAKE_MOVIES.map((movie) => ({
          id: movie.id,
          title: movie.title,
          date: movie.release_date,
          genre_ids: movie.genre_ids,
          vote_average: movie.vote_average,
          vote_count: movie.vote_count,
          popularity: movie.popularity,
          original_language: movie.original_language,
          providers: movie.providers,
          certification: movie.us_releases.find(([releaseType]) => releaseType === 3)?.[1] ?? null,
        }))
      : FAKE_SERIES.map((series) => ({
          id: series.id,
          title: series.name,
          date: series.first_air_date,
          genre_ids: series.genre_ids,
          vote_average: series.vote_average,
          vote_count: series.vote_count,
          popularity: series.popularity,
          original_language: series.original_language,
          providers: series.providers,
          certification: series.rating_us,
        }));
  const year = type === 'movie' ? query.primary_release_year : query.first_air_date_year;
  const dateGte = type === 'movie' ? query['primary_release_date.gte'] : query['first_air_date.gte'];
  const dateLte = type === 'movie' ? query['primary_release_date.lte'] : query['first_air_date.lte'];
  const certifications =
    type === 'movie' && query.certification_country === 'US' && query.certification
      ? query.certification.split('|')
      : null;
  const filtered = items.filter(
    (item) =>
      matchesIds(item.genre_ids, query.with_genres) &&
      (!query.without_genres || !matchesIds(item.genre_ids, query.without_genres.replaceAll(',', '|'))) &&
      (!year || item.date.startsWith(year)) &&
      (!dateGte || item.date >= dateGte) &&
      (!dateLte || item.date <= dateLte) &&
      (!query['vote_average.gte'] || item.vote_average >= Number(query['vote_average.gte'])) &&
      (!query['vote_count.gte'] || item.vote_count >= Number(query['vote_count.gte'])) &&
      (!query.with_original_language || item.original_language === query.with_original_language) &&
      (!certifications || (item.certification !== null && certifications.includes(item.certification))) &&
      (!query.with_watch_providers ||
        (query.watch_region === 'US' && matchesIds(item.providers, query.with_watch_providers))),
  );
  const sortBy = query.sort_by ?? 'popularity.desc';
  const [field, direction] = sortBy.split('.') as [string, string];
  const value = (item: Discoverable): number | string => {
    switch (field) {
      case 'primary_release_date':
      case 'first_air_date':
        return item.date;
      case 'title':
      case 'name':
        return item.title;
      case 'vote_average':
        return item.vote_average;
      case 'vote_count':
        return item.vote_count;
      default:
        return item.popularity;
    }
  };
  filtered.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = x < y ? -1 : x > y ? 1 : 0;
    return direction === 'desc' ? -order : order;
  });
  const ids = filtered.map((item) => item.id);
  const listItems: unknown[] =
    type === 'movie'
      ? ids.map((id) => movieListItem(FAKE_MOVIES.find((movie) => movie.id === id) as MovieSeed))
      : ids.map((id) => tvListItem(FAKE_SERIES.find((series) => series.id === id) as SeriesSeed));
  return paginate(listItems, query.page);
}

function searchMulti(query: Record<string, string>) {
  const term = (query.query ?? '').trim().toLowerCase();
  if (!term) return { page: 1, results: [], total_pages: 1, total_results: 0 };
  const movies = FAKE_MOVIES.filter(
    (movie) => movie.title.toLowerCase().includes(term) || (movie.original_title ?? '').toLowerCase().includes(term),
  ).map((movie) => ({ ...movieListItem(movie), media_type: 'movie' as const }));
  const series = FAKE_SERIES.filter((item) => item.name.toLowerCase().includes(term)).map((item) => ({
    ...tvListItem(item),
    media_type: 'tv' as const,
  }));
  const knownTitle = (id: number) =>
    FAKE_MOVIES.find((movie) => movie.id === id)?.title ?? FAKE_SERIES.find((item) => item.id === id)?.name ?? '';
  const people = FAKE_PEOPLE.filter(
    (person) =>
      person.name.toLowerCase().includes(term) ||
      person.known_for.some((id) => knownTitle(id).toLowerCase().includes(term)),
  ).map((person) => ({
    adult: false,
    id: person.id,
    name: person.name,
    original_name: person.name,
    media_type: 'person' as const,
    popularity: person.popularity,
    gender: 2,
    known_for_department: 'Acting',
    profile_path: `/${slug(person.name)}.jpg`,
    known_for: person.known_for.flatMap((id): unknown[] => {
      const movie = FAKE_MOVIES.find((item) => item.id === id);
      if (movie) return [{ ...movieListItem(movie), media_type: 'movie' }];
      const show = FAKE_SERIES.find((item) => item.id === id);
      return show ? [{ ...tvListItem(show), media_type: 'tv' }] : [];
    }),
  }));
  // TMDB orders by relevance, which here is popularity.
  const all = [...movies, ...series, ...people].sort((a, b) => b.popularity - a.popularity);
  return paginate(all, query.page);
}

/** TMDB's find-by-external-id (only `external_source=imdb_id` is seeded): titles and episodes an id names. */
function findByExternalId(id: string, query: Record<string, string>): Answer {
  if (query.external_source !== 'imdb_id') {
    return [400, { success: false, status_code: 5, status_message: 'Invalid parameters: external_source is required' }];
  }
  const byImdb = (ids: Record<number, string>) =>
    Object.entries(ids).flatMap(([key, imdb]) => (imdb === id ? [Number(key)] : []));
  const movies = byImdb(IMDB_IDS.movies).flatMap((key) => FAKE_MOVIES.filter((movie) => movie.id === key));
  const series = byImdb(IMDB_IDS.tv).flatMap((key) => FAKE_SERIES.filter((item) => item.id === key));
  const episode = IMDB_IDS.episodes[id];
  const show = episode && FAKE_SERIES.find((item) => item.id === episode.show_id);
  return [
    200,
    {
      movie_results: movies.map((movie) => ({ ...movieListItem(movie), media_type: 'movie' })),
      person_results: [],
      tv_results: series.map((item) => ({ ...tvListItem(item), media_type: 'tv' })),
      tv_episode_results:
        episode && show
          ? [
              {
                id: show.id * 10_000 + episode.season_number * 100 + episode.episode_number,
                name:
                  EPISODE_NAMES[`${show.id}-${episode.season_number}-${episode.episode_number}`] ??
                  `Episode ${episode.episode_number}`,
                overview: '',
                media_type: 'tv_episode',
                air_date: null,
                episode_number: episode.episode_number,
                season_number: episode.season_number,
                show_id: show.id,
                still_path: null,
                vote_average: 8,
                vote_count: 100,
              },
            ]
          : [],
      tv_season_results: [],
    },
  ];
}

function recommendations(ids: number[], query: Record<string, string>) {
  const items = ids.flatMap((id): unknown[] => {
    const movie = FAKE_MOVIES.find((item) => item.id === id);
    if (movie) return [{ ...movieListItem(movie), media_type: 'movie' as const }];
    const show = FAKE_SERIES.find((item) => item.id === id);
    return show ? [{ ...tvListItem(show), media_type: 'tv' as const }] : [];
  });
  return paginate(items, query.page);
}

// ---------------------------------------------------------------------------------------------
// The server

const NOT_FOUND = { status_code: 34, status_message: 'The resource you requested could not be found.', success: false };
const INVALID_KEY = {
  status_code: 7,
  status_message: 'Invalid API key: You must be granted a valid key.',
  success: false,
};
const INTERNAL = {
  status_code: 11,
  status_message: 'Internal error: Something went wrong, contact TMDb.',
  success: false,
};
const RATE_LIMITED = {
  status_code: 25,
  status_message: 'Your request count (#) is over the allowed limit of (40).',
  success: false,
};
const INVALID_PAGE = {
  status_code: 22,
  status_message: 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.',
  success: false,
};

type Answer = [number, unknown];

function route(path: string, query: Record<string, string>): Answer {
  const page = query.page;
  if (page !== undefined && (!/^\d+$/.test(page) || Number(page) < 1 || Number(page) > 500)) {
    return [400, INVALID_PAGE];
  }
  const append = new Set((query.append_to_response ?? '').split(',').filter(Boolean));
  let match: RegExpMatchArray | null;
  if (path === '/discover/movie') return [200, discover('movie', query)];
  if (path === '/discover/tv') return [200, discover('tv', query)];
  if (path === '/search/multi') return [200, searchMulti(query)];
  if (path === '/genre/movie/list') return [200, { genres: MOVIE_GENRES.map((genre) => ({ ...genre })) }];
  if (path === '/genre/tv/list') return [200, { genres: TV_GENRES.map((genre) => ({ ...genre })) }];
  if ((match = path.match(/^\/find\/([^/]+)$/))) return findByExternalId(decodeURIComponent(match[1]!), query);
  if ((match = path.match(/^\/movie\/(\d+)$/))) {
    const movie = FAKE_MOVIES.find((item) => item.id === Number(match?.[1]));
    return movie ? [200, movieDetails(movie, append)] : [404, NOT_FOUND];
  }
  if ((match = path.match(/^\/movie\/(\d+)\/recommendations$/))) {
    const movie = FAKE_MOVIES.find((item) => item.id === Number(match?.[1]));
    return movie ? [200, recommendations(movie.recommendations, query)] : [404, NOT_FOUND];
  }
  if ((match = path.match(/^\/tv\/(\d+)$/))) {
    const series = FAKE_SERIES.find((item) => item.id === Number(match?.[1]));
    return series ? [200, tvDetails(series, append)] : [404, NOT_FOUND];
  }
  if ((match = path.match(/^\/tv\/(\d+)\/recommendations$/))) {
    const series = FAKE_SERIES.find((item) => item.id === Number(match?.[1]));
    return series ? [200, recommendations(series.recommendations, query)] : [404, NOT_FOUND];
  }
  if ((match = path.match(/^\/tv\/(\d+)\/season\/(\d+)$/))) {
    const series = FAKE_SERIES.find((item) => item.id === Number(match?.[1]));
    const season = series?.seasons.find(([number]) => number === Number(match?.[2]));
    return series && season ? [200, seasonDetails(series, season)] : [404, NOT_FOUND];
  }
  return [404, NOT_FOUND];
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json;charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startFakeTmdb(options: { token?: string } = {}): Promise<FakeTmdb> {
  const token = options.token ?? FAKE_TMDB_TOKEN;
  const requests: FakeTmdbRequest[] = [];
  let mode: FakeTmdbMode = 'ok';
  let latencyMs = 0;
  const delayed = new Set<NodeJS.Timeout>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-tmdb.local');
    const path = url.pathname.replace(/^\/3(?=\/)/, '');
    requests.push({
      method: request.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      at: Date.now(),
    });
    if (mode === 'hang') return; // never answers; closed by close()
    if (mode === 'down') return send(response, 500, INTERNAL);
    if (mode === 'reset') return request.socket.destroy();
    if (mode === 'stall') {
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8', 'content-length': 1000 });
      return void response.write('{"id":550,"title":"Fi');
    }
    if (mode === 'rate-limited') return send(response, 429, RATE_LIMITED, { 'retry-after': '10' });
    if (mode === 'rate-limit-once') {
      mode = 'ok';
      return send(response, 429, RATE_LIMITED, { 'retry-after': '1' });
    }
    const answer = () => {
      if (request.headers.authorization !== `Bearer ${token}`) return send(response, 401, INVALID_KEY);
      if (request.method !== 'GET') return send(response, 405, NOT_FOUND);
      const [status, body] = route(path, Object.fromEntries(url.searchParams));
      send(response, status, body);
    };
    if (latencyMs <= 0) return answer();
    const timer = setTimeout(() => {
      delayed.delete(timer);
      if (!response.destroyed) answer();
    }, latencyMs);
    delayed.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    token,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    setMode(next) {
      mode = next;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    reset() {
      requests.length = 0;
      mode = 'ok';
      latencyMs = 0;
    },
    close() {
      for (const timer of delayed) clearTimeout(timer);
      delayed.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

import type { Episode, MovieDetails, TvDetails } from '@marquee/core';

/** Catalogue answers for tests, in the API's shapes; each takes overrides. */
export function aMovie(overrides: Partial<MovieDetails> = {}): MovieDetails {
  return {
    id: 550,
    media_type: 'movie',
    title: 'Fight Club',
    original_title: 'Fight Club',
    overview: 'An insomniac office worker…',
    poster_path: '/poster.svg',
    backdrop_path: '/backdrop.svg',
    vote_average: 8.8,
    vote_count: 382470,
    popularity: 32.5,
    genres: [{ id: 18, name: 'Drama' }],
    genre_ids: [18],
    original_language: 'en',
    status: 'Released',
    homepage: null,
    production_companies: [{ name: '20th Century Fox' }],
    production_countries: [],
    spoken_languages: [{ english_name: 'English' }],
    certification: 'R',
    credits: { crew: [{ name: 'David Fincher', job: 'Director', department: 'Directing' }] },
    release_date: '1999-10-15',
    runtime: 139,
    budget: 63_000_000,
    revenue: 100_853_753,
    ...overrides,
  };
}

export function aSeries(overrides: Partial<TvDetails> = {}): TvDetails {
  return {
    id: 1,
    media_type: 'tv',
    name: 'Breaking Bad',
    original_name: 'Breaking Bad',
    overview: 'A chemistry teacher…',
    poster_path: '/poster.svg',
    backdrop_path: '/backdrop.svg',
    vote_average: 9.5,
    vote_count: 2_200_000,
    popularity: 44.7,
    genres: [{ id: 18, name: 'Drama' }],
    genre_ids: [18],
    original_language: 'en',
    status: 'Ended',
    homepage: null,
    production_companies: [{ name: 'AMC' }],
    production_countries: [],
    spoken_languages: [{ english_name: 'English' }],
    certification: 'TV-MA',
    credits: { crew: [] },
    first_air_date: '2008-01-20',
    last_air_date: '2013-09-29',
    origin_country: ['US'],
    episode_run_time: [47],
    number_of_seasons: 2,
    number_of_episodes: 20,
    seasons: [1, 2].map((n) => ({
      id: 1000 + n,
      season_number: n,
      name: `Season ${n}`,
      air_date: null,
      episode_count: n === 1 ? 7 : 13,
      poster_path: null,
    })),
    created_by: [{ name: 'Vince Gilligan' }],
    networks: [{ name: 'AMC' }],
    ...overrides,
  };
}

export function anEpisode(overrides: Partial<Episode> = {}): Episode {
  return {
    id: 1001001,
    episode_number: 1,
    season_number: 1,
    name: 'Pilot',
    overview: '',
    still_path: '/still.svg',
    runtime: 58,
    air_date: '2008-01-20',
    vote_average: 0,
    ...overrides,
  };
}

import {
  BROWSE_LANGUAGES,
  findGenreBySlug,
  genreNames,
  SORT_OPTIONS,
  STREAMING_PROVIDERS,
  type MediaType,
  type RatingFilter,
  type SortBy,
} from '@marquee/core';

/** The browse filter of product.md §3, as the URL carries it. */
export interface BrowseState {
  type: MediaType;
  sortBy: SortBy;
  page: number;
  genres: number[];
  year: number | null;
  minRating: number | null;
  provider: number | null;
  language: string | null;
  voteCountGte: number | null;
  /** Only titles this server can play (issue 29: Available to watch). */
  available: boolean;
}

export const DEFAULT_BROWSE: BrowseState = {
  type: 'movie',
  sortBy: 'popularity.desc',
  page: 1,
  genres: [],
  year: null,
  minRating: null,
  provider: null,
  language: null,
  voteCountGte: null,
  available: false,
};

/** Minimum rating choices: any, 7, 8, 9 (product.md §2 Browse). */
export const MIN_RATINGS = [7, 8, 9] as const;
/** The provider dropdown offers at most the first 10 providers (8 are defined). */
export const PROVIDER_CHOICES = STREAMING_PROVIDERS.slice(0, 10);
export const LANGUAGE_NAMES: Record<(typeof BROWSE_LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
};

export const MIN_YEAR = 1900;
export const maxYear = (now = new Date()) => now.getFullYear() + 2;

function int(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * Reads the browse state from the route and the query string. Anything unknown or out of range
 * falls back to its default, so a hand-edited or stale link still opens a working page.
 */
export function parseBrowseState(search: URLSearchParams, route: { type?: string; slug?: string } = {}): BrowseState {
  const genreRoute = route.slug ? findGenreBySlug(route.slug) : undefined;
  const typeValue = route.type ?? search.get('type') ?? genreRoute?.type;
  const type: MediaType = typeValue === 'tv' ? 'tv' : 'movie';
  const sortValue = search.get('sort_by') ?? search.get('sort');
  const sortBy = SORT_OPTIONS.some((option) => option.value === sortValue)
    ? (sortValue as SortBy)
    : DEFAULT_BROWSE.sortBy;
  const genres = (search.get('with_genres') ?? '')
    .split(/[,|]/)
    .map((part) => int(part))
    .filter((id): id is number => id !== null);
  if (genreRoute && genres.length === 0) genres.push(genreRoute.id);
  const year = int(search.get('primary_release_year'));
  const rating = Number(search.get('vote_average_gte'));
  const provider = int(search.get('with_watch_providers'));
  const language = search.get('with_original_language');
  return {
    type,
    sortBy,
    page: Math.max(1, int(search.get('page')) ?? 1),
    genres,
    year: year !== null && year >= MIN_YEAR && year <= maxYear() ? year : null,
    minRating: (MIN_RATINGS as readonly number[]).includes(rating) ? rating : null,
    provider: PROVIDER_CHOICES.some((choice) => choice.id === provider) ? provider : null,
    language: BROWSE_LANGUAGES.includes(language as (typeof BROWSE_LANGUAGES)[number]) ? language : null,
    voteCountGte: int(search.get('vote_count_gte')),
    available: search.get('available') === '1',
  };
}

/** The query string of a state; defaults are left out so links stay short. */
export function browseSearch(state: BrowseState, { includeType = true } = {}): URLSearchParams {
  const search = new URLSearchParams();
  if (includeType && state.type !== DEFAULT_BROWSE.type) search.set('type', state.type);
  if (state.genres.length) search.set('with_genres', state.genres.join(','));
  if (state.year !== null) search.set('primary_release_year', String(state.year));
  if (state.minRating !== null) search.set('vote_average_gte', String(state.minRating));
  if (state.provider !== null) search.set('with_watch_providers', String(state.provider));
  if (state.language) search.set('with_original_language', state.language);
  if (state.voteCountGte !== null) search.set('vote_count_gte', String(state.voteCountGte));
  if (state.available) search.set('available', '1');
  if (state.sortBy !== DEFAULT_BROWSE.sortBy) search.set('sort_by', state.sortBy);
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/** The filters a user set (each has a removable chip); type and sort are not counted. */
export function activeFilterCount(state: BrowseState): number {
  return [
    state.genres.length > 0,
    state.year !== null,
    state.minRating !== null,
    state.provider !== null,
    state.language !== null,
    state.available,
  ].filter(Boolean).length;
}

/**
 * The API parameters of a state: favourite genres are added, pipe-joined, when no genre is chosen,
 * and the content rating filter of the settings applies (product.md §7).
 */
export function discoverParams(
  state: BrowseState,
  favoriteGenres: readonly number[] = [],
  certification: RatingFilter = 'all',
) {
  const genres = state.genres.length
    ? state.genres.join(',')
    : favoriteGenres.length
      ? favoriteGenres.join('|')
      : undefined;
  return {
    type: state.type,
    page: state.page,
    sort_by: state.sortBy,
    with_genres: genres,
    primary_release_year: state.year ?? undefined,
    vote_average_gte: state.minRating ?? undefined,
    vote_count_gte: state.voteCountGte ?? undefined,
    with_watch_providers: state.provider === null ? undefined : String(state.provider),
    with_original_language: state.language ?? undefined,
    certification,
    available: state.available ? ('1' as const) : undefined,
  };
}

/** "Movies", "TV Shows", or with a genre: "Drama Movies" (the {label} of the result heading). */
export function browseLabel(state: BrowseState): string {
  const kind = state.type === 'movie' ? 'Movies' : 'TV Shows';
  const names = genreNames(state.type, state.genres);
  return names.length ? `${names.join(' & ')} ${kind}` : kind;
}

import type {
  DiscoverParams,
  Genre,
  MediaType,
  MovieDetails,
  Paged,
  SearchParams,
  SeasonDetails,
  TitleSummary,
  TopRatedParams,
  TvDetails,
} from '@marquee/core';

/** What a provider can honestly answer; /api/config reports it so the UI never fakes a filter. */
export interface CatalogueCapabilities {
  /** Streaming availability (the with_watch_providers filter). */
  watchProviders: boolean;
  /** Official trailers (the Trailer video source). */
  trailers: boolean;
}

/**
 * The one interface behind /api/catalogue/*. Both implementations answer in TMDB's shapes
 * (see @marquee/core types) and throw AppError('not_found') for unknown ids, AppError
 * ('invalid_input') for a filter they cannot apply, and AppError('unavailable') when their
 * source is down and nothing cached can stand in.
 */
export interface CatalogueProvider {
  readonly mode: 'local' | 'tmdb';
  readonly capabilities: CatalogueCapabilities;
  discover(params: DiscoverParams): Promise<Paged<TitleSummary>>;
  search(params: SearchParams): Promise<Paged<TitleSummary>>;
  topRated(params: TopRatedParams, now?: Date): Promise<Paged<TitleSummary>>;
  movie(id: number): Promise<MovieDetails>;
  tv(id: number): Promise<TvDetails>;
  season(tvId: number, seasonNumber: number): Promise<SeasonDetails>;
  /** Up to 12 titles like this one. */
  similar(type: MediaType, id: number): Promise<{ results: TitleSummary[] }>;
  genres(type: MediaType): Promise<Genre[]>;
}

/** How many similar titles a detail page shows (product.md §9). */
export const SIMILAR_LIMIT = 12;

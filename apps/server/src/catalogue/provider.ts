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
  /**
   * Discover over these titles only (of `params.type`, the Available to watch filter): the same
   * filters, order and pages. Optional: a provider whose source cannot restrict its discover to
   * given ids (TMDB) leaves it out, and its discover pages are walked instead (catalogue/available.ts).
   */
  discoverAmong?(params: DiscoverParams, ids: readonly number[]): Promise<Paged<TitleSummary>>;
  search(params: SearchParams): Promise<Paged<TitleSummary>>;
  topRated(params: TopRatedParams, now?: Date): Promise<Paged<TitleSummary>>;
  movie(id: number): Promise<MovieDetails>;
  tv(id: number): Promise<TvDetails>;
  season(tvId: number, seasonNumber: number): Promise<SeasonDetails>;
  /**
   * Up to `limit` titles like this one, most alike first (12, SIMILAR_LIMIT, unless more are asked
   * for: a row that leaves hidden titles out is filled from further down).
   */
  similar(type: MediaType, id: number, limit?: number): Promise<{ results: TitleSummary[] }>;
  genres(type: MediaType): Promise<Genre[]>;
  /** A pool of titles for the mood recommender to rank, best genre matches first. */
  candidates(query: CandidateQuery): Promise<Candidate[]>;
  /**
   * The titles and episodes an IMDb id (`tt0133093`) names, as TMDB's find-by-external-id answers
   * (imports match IMDb and Trakt rows with it). Empty where the provider knows no IMDb ids.
   */
  findByImdbId(imdbId: string): Promise<ExternalIdMatches>;
  /**
   * This catalogue for one request that makes several calls one after another (the mood
   * recommender): together they wait on an upstream no longer than one call may, counted from
   * now. A provider without an upstream (the local catalogue) returns itself.
   */
  withRequestDeadline(): CatalogueProvider;
}

/** What an external id names: titles, or episodes with their series' id. */
export interface ExternalIdMatches {
  titles: TitleSummary[];
  episodes: Array<{ show_id: number; season_number: number; episode_number: number; name: string | null }>;
}

/** What the mood recommender asks a provider for (modules/recommend). */
export interface CandidateQuery {
  type: MediaType;
  /** Titles with more of these genres come first; empty: no genre preference. */
  genres: number[];
  /** The genres asked for outright (a subset of `genres`): a title with all of them fits best. */
  primaryGenres: number[];
  /** Titles with any of these genres are left out. */
  avoidGenres: number[];
  /** Release (first air) years, inclusive. */
  yearFrom: number | null;
  yearTo: number | null;
  /** Minutes (series: of an episode), inclusive; titles of unknown length are left out when set. */
  runtimeMin: number | null;
  runtimeMax: number | null;
  /** ISO 639-1 original language. */
  language: string | null;
  /** Subject words; a title whose overview names one is a candidate even without the genres. */
  keywords: string[];
  limit: number;
}

/** A title in a recommender's pool, with the facts ranking uses beyond its card fields. */
export interface Candidate {
  summary: TitleSummary;
  /** Minutes, when the provider's list answers carry it. */
  runtime: number | null;
  /** Directors (movies) or creators (series), when known. */
  people: string[];
}

/** How many similar titles a detail page shows (product.md §9). */
export const SIMILAR_LIMIT = 12;
/** The most similar titles a provider is asked for, to fill a row whose first ones are hidden. */
export const SIMILAR_MAX = 192;

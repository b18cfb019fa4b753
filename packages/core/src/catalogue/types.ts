import type { Genre, MediaType } from './genres.ts';

/**
 * Catalogue shapes as the API answers them: the movie database's (TMDB's) field names, so that
 * both providers and every client speak one language (DESIGN.md "HTTP API contract").
 */
export interface TitleSummary {
  id: number;
  media_type: MediaType;
  /** Movies: title/original_title/release_date. Series: name/original_name/first_air_date. */
  title?: string;
  original_title?: string;
  release_date?: string | null;
  name?: string;
  original_name?: string;
  first_air_date?: string | null;
  origin_country?: string[];
  overview: string;
  poster_path: string | null;
  backdrop_path: string | null;
  vote_average: number;
  vote_count: number;
  popularity: number;
  genre_ids: number[];
  original_language: string;
}

export interface Paged<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
}

export interface NamedEntity {
  id?: number;
  name: string;
}

export interface CrewMember {
  name: string;
  job: string;
  department: string;
}

interface DetailsBase {
  id: number;
  media_type: MediaType;
  overview: string;
  poster_path: string | null;
  backdrop_path: string | null;
  vote_average: number;
  vote_count: number;
  popularity: number;
  genres: Genre[];
  genre_ids: number[];
  original_language: string;
  status: string | null;
  homepage: string | null;
  production_companies: NamedEntity[];
  production_countries: Array<{ iso_3166_1?: string; name: string }>;
  spoken_languages: Array<{ iso_639_1?: string; english_name: string }>;
  /** US certification (movies: G … NC-17, NR; series: TV-Y … TV-MA), null when unknown. */
  certification: string | null;
  credits: { crew: CrewMember[] };
  /** The official trailer's YouTube key when the provider knows one. */
  trailer_key?: string | null;
}

export interface MovieDetails extends DetailsBase {
  media_type: 'movie';
  title: string;
  original_title: string;
  release_date: string | null;
  runtime: number | null;
  budget: number;
  revenue: number;
}

export interface SeasonSummary {
  id: number;
  season_number: number;
  name: string;
  air_date: string | null;
  episode_count: number;
  poster_path: string | null;
}

export interface TvDetails extends DetailsBase {
  media_type: 'tv';
  name: string;
  original_name: string;
  first_air_date: string | null;
  last_air_date: string | null;
  origin_country: string[];
  episode_run_time: number[];
  number_of_seasons: number;
  number_of_episodes: number;
  /** Regular seasons only: season 0 (specials) is never listed. */
  seasons: SeasonSummary[];
  created_by: NamedEntity[];
  networks: NamedEntity[];
}

export interface Episode {
  id: number;
  episode_number: number;
  season_number: number;
  name: string;
  overview: string;
  still_path: string | null;
  runtime: number | null;
  air_date: string | null;
  vote_average: number;
}

export interface SeasonDetails {
  id: number;
  season_number: number;
  name: string;
  air_date: string | null;
  episodes: Episode[];
}

/** A title's display name and date, whichever media type it is. */
export function titleOf(item: Pick<TitleSummary, 'title' | 'name'>): string {
  return item.title ?? item.name ?? '';
}

export function dateOf(item: Pick<TitleSummary, 'release_date' | 'first_air_date'>): string | null {
  return item.release_date ?? item.first_air_date ?? null;
}

/** The year of a title: the first four characters of its date (product.md §3 Search result). */
export function yearOf(item: Pick<TitleSummary, 'release_date' | 'first_air_date'>): string {
  return (dateOf(item) ?? '').slice(0, 4);
}

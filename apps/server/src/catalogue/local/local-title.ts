/**
 * One title of the local catalogue as the importers produce it, before it is stored.
 * Field names follow the movie database (TMDB) so that the API can answer in its shapes.
 * Missing facts are null, never 0 or an empty string.
 */
export interface LocalEpisode {
  episode_number: number;
  name: string | null;
  air_date: string | null; // YYYY-MM-DD
  runtime: number | null; // minutes
  overview: string | null;
}

export interface LocalSeason {
  season_number: number; // 0 = specials (never listed by the API)
  name: string | null;
  air_date: string | null;
  episode_count: number;
  /** Episodes known by name; when shorter than episode_count the rest are numbered only. */
  episodes: LocalEpisode[];
}

export interface LocalTitle {
  media_type: 'movie' | 'tv';
  /** Stable id within its media type. */
  id: number;
  title: string; // movie title or series name
  original_title: string;
  original_language: string; // ISO 639-1
  origin_country: string[]; // ISO 3166-1
  overview: string | null;
  release_date: string | null; // YYYY-MM-DD: movie release or first air date
  last_air_date: string | null;
  genre_ids: number[]; // TMDB genre ids of the title's media type
  runtime: number | null; // movie runtime or typical episode runtime, minutes
  status: string | null; // Released, Ended, Returning Series, Canceled...
  certification: string | null; // G, PG, PG-13, R, NC-17, NR, TV-MA, TV-14...
  vote_average: number | null; // 0..10
  vote_count: number | null;
  budget: number | null; // US dollars
  revenue: number | null; // US dollars, worldwide
  homepage: string | null;
  directors: string[]; // movies
  creators: string[]; // series
  production_companies: string[];
  networks: string[];
  production_countries: string[];
  spoken_languages: string[]; // English names, e.g. "English", "Japanese"
  seasons: LocalSeason[]; // empty for movies
}

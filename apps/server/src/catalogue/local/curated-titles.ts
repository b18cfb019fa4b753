import type { LocalEpisode, LocalSeason, LocalTitle } from './local-title.ts';

/** One series of `data/series.json` (written for this repo; facts only, null when unsure). */
export interface CuratedSeries {
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
  seasons: Array<{
    season_number: number;
    name: string | null;
    air_date: string | null;
    episode_count: number;
    episodes: Array<Partial<LocalEpisode> & { episode_number: number }>;
  }>;
}

/** One film of `data/films-recent.json`. */
export interface CuratedFilm {
  id: number;
  title: string;
  original_title: string;
  original_language: string;
  origin_country: string[];
  release_date: string | null;
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

export function seriesToLocalTitle(series: CuratedSeries): LocalTitle {
  const seasons: LocalSeason[] = series.seasons.map((season) => ({
    season_number: season.season_number,
    name: season.name,
    air_date: season.air_date,
    episode_count: season.episode_count,
    episodes: season.episodes.map((episode) => ({
      episode_number: episode.episode_number,
      name: episode.name ?? null,
      air_date: episode.air_date ?? null,
      runtime: episode.runtime ?? null,
      overview: episode.overview ?? null,
    })),
  }));
  return {
    media_type: 'tv',
    id: series.id,
    title: series.name,
    original_title: series.original_name,
    original_language: series.original_language,
    origin_country: series.origin_country,
    overview: series.overview,
    release_date: series.first_air_date,
    last_air_date: series.last_air_date,
    genre_ids: series.genre_ids,
    runtime: series.episode_run_time,
    status: series.status,
    certification: series.certification,
    vote_average: series.vote_average,
    vote_count: series.vote_count,
    budget: null,
    revenue: null,
    homepage: series.homepage,
    directors: [],
    creators: series.created_by,
    production_companies: [],
    networks: series.networks,
    production_countries: [],
    spoken_languages: series.spoken_languages,
    seasons,
  };
}

export function filmToLocalTitle(film: CuratedFilm, now: Date): LocalTitle {
  return {
    media_type: 'movie',
    id: film.id,
    title: film.title,
    original_title: film.original_title,
    original_language: film.original_language,
    origin_country: film.origin_country,
    overview: film.overview,
    release_date: film.release_date,
    last_air_date: null,
    genre_ids: film.genre_ids,
    runtime: film.runtime,
    status: film.release_date && film.release_date <= now.toISOString().slice(0, 10) ? 'Released' : null,
    certification: film.certification,
    vote_average: film.vote_average,
    vote_count: film.vote_count,
    budget: film.budget,
    revenue: film.revenue,
    homepage: film.homepage,
    directors: film.directors,
    creators: [],
    production_companies: film.production_companies,
    networks: [],
    production_countries: film.production_countries,
    spoken_languages: film.spoken_languages,
    seasons: [],
  };
}

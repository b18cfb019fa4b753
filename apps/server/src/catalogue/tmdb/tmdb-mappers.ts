import {
  MAX_PAGE,
  type CrewMember,
  type Episode,
  type Genre,
  type MediaType,
  type MovieDetails,
  type NamedEntity,
  type Paged,
  type SeasonDetails,
  type SeasonSummary,
  type TitleSummary,
  type TvDetails,
} from '@marquee/core';

/*
 * TMDB's documented response shapes, as far as we read them. Every field is optional and may be
 * null: TMDB omits fields, answers "" for unknown dates and 0 for unknown runtimes, and stale
 * cache entries may come from an older answer. The mappers never throw on a missing field.
 */

export interface TmdbPaged<T> {
  page?: number;
  results?: T[] | null;
  total_pages?: number;
  total_results?: number;
}

interface TmdbListItemBase {
  id?: number;
  overview?: string | null;
  poster_path?: string | null;
  backdrop_path?: string | null;
  vote_average?: number | null;
  vote_count?: number | null;
  popularity?: number | null;
  genre_ids?: number[] | null;
  original_language?: string | null;
  adult?: boolean;
}

export interface TmdbMovieListItem extends TmdbListItemBase {
  media_type?: 'movie';
  title?: string | null;
  original_title?: string | null;
  release_date?: string | null;
  video?: boolean;
}

export interface TmdbTvListItem extends TmdbListItemBase {
  media_type?: 'tv';
  name?: string | null;
  original_name?: string | null;
  first_air_date?: string | null;
  origin_country?: string[] | null;
}

export interface TmdbPersonListItem {
  media_type: 'person';
  id?: number;
  name?: string | null;
  known_for_department?: string | null;
}

/** An item of /search/multi (or of recommendations, which carry media_type too). */
export type TmdbMultiItem =
  (TmdbMovieListItem & { media_type: 'movie' }) | (TmdbTvListItem & { media_type: 'tv' }) | TmdbPersonListItem;

export interface TmdbGenre {
  id?: number;
  name?: string | null;
}

export interface TmdbCrewItem {
  id?: number;
  name?: string | null;
  job?: string | null;
  department?: string | null;
}

export interface TmdbCredits {
  cast?: unknown[] | null;
  crew?: TmdbCrewItem[] | null;
}

export interface TmdbVideo {
  key?: string | null;
  site?: string | null;
  type?: string | null;
  official?: boolean | null;
  name?: string | null;
}

interface TmdbDetailsBase {
  id?: number;
  overview?: string | null;
  poster_path?: string | null;
  backdrop_path?: string | null;
  vote_average?: number | null;
  vote_count?: number | null;
  popularity?: number | null;
  genres?: TmdbGenre[] | null;
  original_language?: string | null;
  status?: string | null;
  homepage?: string | null;
  production_companies?: Array<{
    id?: number;
    name?: string | null;
    logo_path?: string | null;
    origin_country?: string | null;
  }> | null;
  production_countries?: Array<{ iso_3166_1?: string | null; name?: string | null }> | null;
  spoken_languages?: Array<{ english_name?: string | null; iso_639_1?: string | null; name?: string | null }> | null;
  credits?: TmdbCredits | null;
  videos?: { results?: TmdbVideo[] | null } | null;
}

export interface TmdbMovieDetails extends TmdbDetailsBase {
  title?: string | null;
  original_title?: string | null;
  release_date?: string | null;
  runtime?: number | null;
  budget?: number | null;
  revenue?: number | null;
  release_dates?: {
    results?: Array<{
      iso_3166_1?: string | null;
      release_dates?: Array<{
        certification?: string | null;
        type?: number | null;
        release_date?: string | null;
      }> | null;
    }> | null;
  } | null;
}

export interface TmdbSeasonSummary {
  id?: number;
  season_number?: number | null;
  name?: string | null;
  air_date?: string | null;
  episode_count?: number | null;
  poster_path?: string | null;
}

export interface TmdbTvDetails extends TmdbDetailsBase {
  name?: string | null;
  original_name?: string | null;
  first_air_date?: string | null;
  last_air_date?: string | null;
  origin_country?: string[] | null;
  episode_run_time?: number[] | null;
  number_of_seasons?: number | null;
  number_of_episodes?: number | null;
  seasons?: TmdbSeasonSummary[] | null;
  created_by?: Array<{ id?: number; name?: string | null }> | null;
  networks?: Array<{ id?: number; name?: string | null }> | null;
  content_ratings?: { results?: Array<{ iso_3166_1?: string | null; rating?: string | null }> | null } | null;
}

export interface TmdbEpisode {
  id?: number;
  episode_number?: number | null;
  season_number?: number | null;
  name?: string | null;
  overview?: string | null;
  still_path?: string | null;
  runtime?: number | null;
  air_date?: string | null;
  vote_average?: number | null;
}

export interface TmdbSeason {
  _id?: string;
  id?: number;
  season_number?: number | null;
  name?: string | null;
  air_date?: string | null;
  episodes?: TmdbEpisode[] | null;
}

export interface TmdbGenreList {
  genres?: TmdbGenre[] | null;
}

/** The crew jobs a detail page shows, in the order they are listed. */
export const CREW_JOBS = ['Director', 'Screenplay', 'Writer', 'Producer'] as const;
export const CREW_LIMIT = 20;

/** The country whose certification and content rating we read (product.md §7: certification country US). */
const CERTIFICATION_COUNTRY = 'US';

// ---------------------------------------------------------------------------------------------
// Small null-safe readers

function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** A string, or null when missing or empty (TMDB answers "" for an unknown date or homepage). */
function strOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function list<T>(value: T[] | null | undefined): T[] {
  return Array.isArray(value) ? value.filter((item) => item !== null && item !== undefined) : [];
}

function numbers(value: unknown): number[] {
  return Array.isArray(value)
    ? value.filter((item): item is number => typeof item === 'number' && Number.isFinite(item))
    : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];
}

function hasId<T extends { id?: unknown }>(item: T): item is T & { id: number } {
  return typeof item.id === 'number' && Number.isFinite(item.id);
}

function namedEntities(value: Array<{ id?: number; name?: string | null }> | null | undefined): NamedEntity[] {
  return list(value).flatMap((item) => {
    const name = strOrNull(item.name);
    if (!name) return [];
    return [typeof item.id === 'number' ? { id: item.id, name } : { name }];
  });
}

// ---------------------------------------------------------------------------------------------
// Lists

/** A movie of a TMDB list (discover, search, recommendations) as our TitleSummary. */
export function mapMovieSummary(item: TmdbMovieListItem): TitleSummary {
  const title = str(item.title);
  return {
    id: num(item.id),
    media_type: 'movie',
    title,
    original_title: str(item.original_title, title),
    release_date: strOrNull(item.release_date),
    overview: str(item.overview),
    poster_path: strOrNull(item.poster_path),
    backdrop_path: strOrNull(item.backdrop_path),
    vote_average: num(item.vote_average),
    vote_count: num(item.vote_count),
    popularity: num(item.popularity),
    genre_ids: numbers(item.genre_ids),
    original_language: str(item.original_language),
  };
}

/** A series of a TMDB list as our TitleSummary. */
export function mapTvSummary(item: TmdbTvListItem): TitleSummary {
  const name = str(item.name);
  return {
    id: num(item.id),
    media_type: 'tv',
    name,
    original_name: str(item.original_name, name),
    first_air_date: strOrNull(item.first_air_date),
    origin_country: strings(item.origin_country),
    overview: str(item.overview),
    poster_path: strOrNull(item.poster_path),
    backdrop_path: strOrNull(item.backdrop_path),
    vote_average: num(item.vote_average),
    vote_count: num(item.vote_count),
    popularity: num(item.popularity),
    genre_ids: numbers(item.genre_ids),
    original_language: str(item.original_language),
  };
}

/**
 * An item of a mixed list (search/multi, recommendations): movies and series are mapped by their
 * media_type (or `fallbackType` when the item has none); people and anything else give null.
 */
export function mapMultiItem(
  item: TmdbMultiItem | TmdbMovieListItem | TmdbTvListItem,
  fallbackType?: MediaType,
): TitleSummary | null {
  if (!item || !hasId(item)) return null;
  const type = item.media_type ?? fallbackType;
  if (type === 'movie') return mapMovieSummary(item as TmdbMovieListItem);
  if (type === 'tv') return mapTvSummary(item as TmdbTvListItem);
  return null;
}

/**
 * A TMDB page with its items mapped (items that map to null are dropped). total_pages is capped
 * at MAX_PAGE (500): TMDB reports more but answers no page past 500, and neither do we.
 */
export function mapPaged<T, R>(paged: TmdbPaged<T> | null | undefined, mapItem: (item: T) => R | null): Paged<R> {
  const results = list(paged?.results).flatMap((item) => {
    const mapped = mapItem(item);
    return mapped === null ? [] : [mapped];
  });
  return {
    page: Math.max(1, num(paged?.page, 1)),
    results,
    total_pages: Math.min(MAX_PAGE, Math.max(0, num(paged?.total_pages))),
    total_results: Math.max(0, num(paged?.total_results)),
  };
}

/** A page of discover/movie. */
export function mapMoviePage(paged: TmdbPaged<TmdbMovieListItem> | null | undefined): Paged<TitleSummary> {
  return mapPaged(paged, (item) => (hasId(item) ? mapMovieSummary(item) : null));
}

/** A page of discover/tv. */
export function mapTvPage(paged: TmdbPaged<TmdbTvListItem> | null | undefined): Paged<TitleSummary> {
  return mapPaged(paged, (item) => (hasId(item) ? mapTvSummary(item) : null));
}

/**
 * A page of search/multi: people are dropped and the titles sorted by vote count, most voted
 * first (product.md §7); ties keep TMDB's order. The totals stay TMDB's (they count people too).
 */
export function mapSearchPage(paged: TmdbPaged<TmdbMultiItem> | null | undefined): Paged<TitleSummary> {
  const mapped = mapPaged(paged, (item) => mapMultiItem(item));
  return { ...mapped, results: [...mapped.results].sort((a, b) => b.vote_count - a.vote_count) };
}

/** /genre/{type}/list → Genre[] (entries without an id or a name are skipped). */
export function mapGenres(value: TmdbGenreList | TmdbGenre[] | null | undefined): Genre[] {
  const genres = Array.isArray(value) ? value : list(value?.genres);
  return genres.flatMap((genre) => {
    const name = strOrNull(genre?.name);
    return genre && hasId(genre) && name ? [{ id: genre.id, name }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Details

/**
 * The crew a detail page lists: directors, screenplay writers, writers and producers, in that
 * order (TMDB's order within a job), each person and job once, at most CREW_LIMIT.
 */
export function mapCrew(credits: TmdbCredits | null | undefined): CrewMember[] {
  const crew = list(credits?.crew);
  const seen = new Set<string>();
  const result: CrewMember[] = [];
  for (const job of CREW_JOBS) {
    for (const member of crew) {
      const name = strOrNull(member.name);
      if (!name || member.job !== job) continue;
      const key = `${member.id ?? name}\u0000${job}`;
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ name, job, department: str(member.department) });
      if (result.length === CREW_LIMIT) return result;
    }
  }
  return result;
}

/** Keeps only what mapCrew reads of the credits: no cast, the listed crew jobs (a cache-size saver). */
export function pruneCredits(credits: TmdbCredits | null | undefined): TmdbCredits | null | undefined {
  if (!credits) return credits;
  const jobs: readonly string[] = CREW_JOBS;
  return { cast: [], crew: list(credits.crew).filter((member) => jobs.includes(str(member.job))) };
}

/**
 * The YouTube key of the trailer: the first official YouTube trailer, else the first YouTube
 * trailer, else null.
 */
export function mapTrailerKey(videos: { results?: TmdbVideo[] | null } | null | undefined): string | null {
  const trailers = list(videos?.results).filter(
    (video) => video.site === 'YouTube' && video.type === 'Trailer' && strOrNull(video.key) !== null,
  );
  const chosen = trailers.find((video) => video.official === true) ?? trailers[0];
  return chosen ? (chosen.key as string) : null;
}

/** Release types in the order their certification is trusted: theatrical, limited, premiere, digital, physical, TV. */
const RELEASE_TYPE_ORDER = [3, 2, 1, 4, 5, 6];

/**
 * The US certification of a movie from release_dates: the first non-empty certification of the
 * US entries, theatrical releases first (so that an unrated home-video cut does not hide the
 * theatrical R); null when there is none.
 */
export function mapMovieCertification(releaseDates: TmdbMovieDetails['release_dates']): string | null {
  const us = list(releaseDates?.results).find((entry) => entry.iso_3166_1 === CERTIFICATION_COUNTRY);
  const rank = (type: unknown) => {
    const index = RELEASE_TYPE_ORDER.indexOf(num(type, -1));
    return index === -1 ? RELEASE_TYPE_ORDER.length : index;
  };
  const dates = list(us?.release_dates)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry.type) - rank(b.entry.type) || a.index - b.index);
  for (const { entry } of dates) {
    const certification = strOrNull(entry.certification)?.trim();
    if (certification) return certification;
  }
  return null;
}

/** The US content rating of a series from content_ratings, or null. */
export function mapTvCertification(contentRatings: TmdbTvDetails['content_ratings']): string | null {
  const us = list(contentRatings?.results).find((entry) => entry.iso_3166_1 === CERTIFICATION_COUNTRY);
  return strOrNull(us?.rating)?.trim() || null;
}

function mapDetailsBase(details: TmdbDetailsBase) {
  const genres = mapGenres(list(details.genres));
  return {
    id: num(details.id),
    overview: str(details.overview),
    poster_path: strOrNull(details.poster_path),
    backdrop_path: strOrNull(details.backdrop_path),
    vote_average: num(details.vote_average),
    vote_count: num(details.vote_count),
    popularity: num(details.popularity),
    genres,
    genre_ids: genres.map((genre) => genre.id),
    original_language: str(details.original_language),
    status: strOrNull(details.status),
    homepage: strOrNull(details.homepage),
    production_companies: namedEntities(details.production_companies),
    production_countries: list(details.production_countries).flatMap((country) => {
      const name = strOrNull(country.name);
      if (!name) return [];
      const iso = strOrNull(country.iso_3166_1);
      return [iso ? { iso_3166_1: iso, name } : { name }];
    }),
    spoken_languages: list(details.spoken_languages).flatMap((language) => {
      const englishName = strOrNull(language.english_name) ?? strOrNull(language.name);
      if (!englishName) return [];
      const iso = strOrNull(language.iso_639_1);
      return [iso ? { iso_639_1: iso, english_name: englishName } : { english_name: englishName }];
    }),
    credits: { crew: mapCrew(details.credits) },
    trailer_key: mapTrailerKey(details.videos),
  };
}

/** /movie/{id}?append_to_response=credits,release_dates,videos → MovieDetails. */
export function mapMovieDetails(details: TmdbMovieDetails): MovieDetails {
  const title = str(details.title);
  const runtime = num(details.runtime);
  return {
    ...mapDetailsBase(details),
    media_type: 'movie',
    title,
    original_title: str(details.original_title, title),
    release_date: strOrNull(details.release_date),
    // TMDB answers 0 for an unknown runtime.
    runtime: runtime > 0 ? runtime : null,
    certification: mapMovieCertification(details.release_dates),
    // 0 stays 0: it means unknown, and the UI hides it.
    budget: Math.max(0, num(details.budget)),
    revenue: Math.max(0, num(details.revenue)),
  };
}

/** A season of a series' details; season 0 (specials) is dropped by the caller. */
function mapSeasonSummary(season: TmdbSeasonSummary & { id: number }): SeasonSummary {
  return {
    id: season.id,
    season_number: num(season.season_number),
    name: str(season.name),
    air_date: strOrNull(season.air_date),
    episode_count: num(season.episode_count),
    poster_path: strOrNull(season.poster_path),
  };
}

/** /tv/{id}?append_to_response=credits,content_ratings,videos → TvDetails, without season 0. */
export function mapTvDetails(details: TmdbTvDetails): TvDetails {
  const name = str(details.name);
  const seasons = list(details.seasons)
    .filter(hasId)
    .filter((season) => num(season.season_number) > 0)
    .map(mapSeasonSummary)
    .sort((a, b) => a.season_number - b.season_number);
  return {
    ...mapDetailsBase(details),
    media_type: 'tv',
    name,
    original_name: str(details.original_name, name),
    first_air_date: strOrNull(details.first_air_date),
    last_air_date: strOrNull(details.last_air_date),
    origin_country: strings(details.origin_country),
    episode_run_time: numbers(details.episode_run_time).filter((minutes) => minutes > 0),
    number_of_seasons: num(details.number_of_seasons, seasons.length),
    number_of_episodes: num(details.number_of_episodes),
    seasons,
    certification: mapTvCertification(details.content_ratings),
    created_by: namedEntities(details.created_by),
    networks: namedEntities(details.networks),
  };
}

export function mapEpisode(episode: TmdbEpisode, seasonNumber: number): Episode {
  const runtime = num(episode.runtime);
  return {
    id: num(episode.id),
    episode_number: num(episode.episode_number),
    season_number: num(episode.season_number, seasonNumber),
    name: str(episode.name),
    overview: str(episode.overview),
    still_path: strOrNull(episode.still_path),
    runtime: runtime > 0 ? runtime : null,
    air_date: strOrNull(episode.air_date),
    vote_average: num(episode.vote_average),
  };
}

/** /tv/{id}/season/{n} → SeasonDetails, episodes in episode order. */
export function mapSeason(season: TmdbSeason): SeasonDetails {
  const seasonNumber = num(season.season_number);
  return {
    id: num(season.id),
    season_number: seasonNumber,
    name: str(season.name),
    air_date: strOrNull(season.air_date),
    episodes: list(season.episodes)
      .filter(hasId)
      .map((episode) => mapEpisode(episode, seasonNumber))
      .sort((a, b) => a.episode_number - b.episode_number),
  };
}

import { titleOf, type Episode, type MovieDetails, type TvDetails } from '@marquee/core';
import { paths } from '@/config/paths.ts';

export type Details = MovieDetails | TvDetails;
export type DetailKind = 'movie' | 'series';

export const NOT_AVAILABLE = 'Information not available';
/** Similar content kept on the page (product.md §9). */
export const SIMILAR_LIMIT = 12;
/** Studios shown under Production (product.md §9). */
export const STUDIO_LIMIT = 3;
/** Season buttons in the empty-season state (player.md §9). */
export const EMPTY_STATE_SEASON_BUTTONS = 5;

export function isMovie(details: Details): details is MovieDetails {
  return details.media_type === 'movie';
}

/** A route id is a positive whole number; anything else ("abc", "0", "1.5") is not a title. */
export function parseTitleId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The release date of a movie or the first air date of a series. */
export function premiereOf(details: Details): string | null {
  return isMovie(details) ? details.release_date : details.first_air_date;
}

export function yearOfDetails(details: Details): string | null {
  return premiereOf(details)?.slice(0, 4) || null;
}

/** Movie runtime, or the first episode runtime of a series (product.md §2 Hero). */
export function runtimeOf(details: Details): number | null {
  const minutes = isMovie(details) ? details.runtime : details.episode_run_time[0];
  return minutes && minutes > 0 ? minutes : null;
}

/** Regular seasons only, numbered above 0 (player.md §3 Season). */
export function regularSeasons(details: TvDetails): number[] {
  return details.seasons
    .map((season) => season.season_number)
    .filter((number) => number > 0)
    .sort((a, b) => a - b);
}

function joinNames(names: Array<string | null | undefined>): string | null {
  const unique = [...new Set(names.map((name) => name?.trim()).filter((name): name is string => Boolean(name)))];
  return unique.length ? unique.join(', ') : null;
}

/**
 * Cast & Crew "Director": the real director(s) when the provider knows them (DESIGN.md differs
 * from the spec here), else the spec's rule, the first production company, else not available.
 */
export function directorOf(movie: MovieDetails): string {
  return (
    joinNames(movie.credits.crew.filter((member) => member.job === 'Director').map((member) => member.name)) ??
    movie.production_companies[0]?.name ??
    NOT_AVAILABLE
  );
}

/** Cast & Crew "Creator": the creators joined (product.md §2), else not available. */
export function creatorsOf(series: TvDetails): string {
  return (
    joinNames(series.created_by.map((creator) => creator.name)) ??
    joinNames(series.credits.crew.filter((member) => member.job === 'Creator').map((member) => member.name)) ??
    NOT_AVAILABLE
  );
}

export function studiosOf(details: Details): string[] {
  return details.production_companies
    .map((company) => company.name)
    .filter(Boolean)
    .slice(0, STUDIO_LIMIT);
}

/**
 * The title's page on the movie database. Ids of the local catalogue are not TMDB's, so there a
 * search for the title is the honest link.
 */
export function tmdbUrl(details: Details, catalogue: 'local' | 'tmdb' | undefined): string {
  const type = isMovie(details) ? 'movie' : 'tv';
  if (catalogue === 'tmdb') return `https://www.themoviedb.org/${type}/${details.id}`;
  return `https://www.themoviedb.org/search?query=${encodeURIComponent(titleOf(details))}`;
}

/** The player route of an episode: /watch/series/{id}?season=&episode= (read by the player). */
export function episodeWatchPath(seriesId: number, season: number, episode: number): string {
  return `${paths.watch('series', seriesId)}?season=${season}&episode=${episode}`;
}

/** Watch Now of a series starts the first episode of the current season list (product.md §2). */
export function firstEpisodeNumber(episodes: Episode[] | undefined): number {
  if (!episodes?.length) return 1;
  return Math.min(...episodes.map((episode) => episode.episode_number));
}

/** Where to resume a series: the navigation state of the history screen, or the history itself. */
export interface ResumePoint {
  season: number;
  episode: number;
  /** `state`: passed by the page that linked here (Continue); `history`: the viewer's own history (Resume). */
  source: 'state' | 'history';
}

/** Reads `lastWatchedSeason`/`lastWatchedEpisode` from router state, ignoring anything malformed. */
export function resumeFromState(state: unknown): ResumePoint | null {
  if (!state || typeof state !== 'object') return null;
  const { lastWatchedSeason: season, lastWatchedEpisode: episode } = state as Record<string, unknown>;
  const seasonNumber = Number(season);
  const episodeNumber = Number(episode);
  if (!Number.isInteger(seasonNumber) || seasonNumber < 1) return null;
  if (!Number.isInteger(episodeNumber) || episodeNumber < 1) return null;
  return { season: seasonNumber, episode: episodeNumber, source: 'state' };
}

/** The season shown first: the resume season when the series has it, else the first regular season. */
export function initialSeason(seasons: number[], resume: ResumePoint | null): number {
  if (resume && (seasons.length === 0 || seasons.includes(resume.season))) return resume.season;
  return seasons[0] ?? 1;
}

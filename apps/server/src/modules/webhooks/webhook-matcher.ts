import type { TitleSummary } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { searchText } from '../../catalogue/local/local-import.ts';
import { AppError } from '../../plugins/errors.ts';
import type { WatchReport } from './webhook-payloads.ts';

/** The catalogue title (and episode) a report names, with what a history entry shows of it. */
export interface MatchedTitle {
  id: number;
  contentType: 'movie' | 'tv';
  title: string;
  posterPath: string | null;
  backdropPath: string | null;
  releaseDate: string | null;
  voteAverage: number | null;
  overview: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeTitle: string | null;
  /** Seconds, when the catalogue knows the film's or episode's length. */
  runtimeSeconds: number | null;
}

export type MatchResult = { matched: true; title: MatchedTitle } | { matched: false; reason: string };

export type MatcherCatalogue = Pick<CatalogueProvider, 'mode' | 'search' | 'movie' | 'tv' | 'season' | 'findByImdbId'>;

const normalise = (title: string) => searchText(title, title);

function namesOf(summary: TitleSummary): string[] {
  return [summary.title, summary.original_title, summary.name, summary.original_name].flatMap((name) =>
    name ? [normalise(name)] : [],
  );
}

function yearOf(summary: Pick<TitleSummary, 'release_date' | 'first_air_date'>): number | null {
  const date = summary.release_date ?? summary.first_air_date ?? null;
  return date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null;
}

function isNotFound(error: unknown): boolean {
  return error instanceof AppError && error.code === 'not_found';
}

function fromSummary(summary: TitleSummary & { runtime?: number | null }): MatchedTitle {
  return {
    id: summary.id,
    contentType: summary.media_type,
    title: summary.title ?? summary.name ?? '',
    posterPath: summary.poster_path ?? null,
    backdropPath: summary.backdrop_path ?? null,
    releaseDate: summary.release_date ?? summary.first_air_date ?? null,
    voteAverage: typeof summary.vote_average === 'number' ? summary.vote_average : null,
    overview: summary.overview || null,
    seasonNumber: null,
    episodeNumber: null,
    episodeTitle: null,
    runtimeSeconds: typeof summary.runtime === 'number' && summary.runtime > 0 ? summary.runtime * 60 : null,
  };
}

const described = (report: Pick<WatchReport, 'title' | 'year'>) =>
  `"${report.title}"${report.year ? ` (${report.year})` : ''}`;

/**
 * A film by its name and year: the search's titles of that type named so (or so originally, once
 * lower-cased and stripped of accents and punctuation), the year within one (release dates differ
 * between countries), the same year preferred. Several left: the most popular, which the search
 * ranks first.
 */
function chooseFilm(report: WatchReport, results: TitleSummary[]): TitleSummary | string {
  const wanted = normalise(report.title);
  const named = results.filter((summary) => summary.media_type === 'movie' && namesOf(summary).includes(wanted));
  if (named.length === 0) return `No film named ${described(report)} in the catalogue`;
  if (report.year === null) return named[0]!;
  const sameYear = named.find((summary) => yearOf(summary) === report.year);
  const nearYear = named.find((summary) => {
    const year = yearOf(summary);
    return year !== null && Math.abs(year - report.year!) <= 1;
  });
  if (sameYear ?? nearYear) return (sameYear ?? nearYear)!;
  const years = [...new Set(named.map(yearOf).filter((year) => year !== null))].sort();
  return `The catalogue has "${report.title}" only from ${years.join(', ') || 'an unknown year'}, not ${report.year}`;
}

/**
 * A series by its name. The year a server gives with an episode is its series' (Jellyfin) or the
 * episode's own (Emby, Plex): of several series so named, the latest to start by that year.
 */
function chooseSeries(report: WatchReport, results: TitleSummary[]): TitleSummary | string {
  const wanted = normalise(report.title);
  const named = results.filter((summary) => summary.media_type === 'tv' && namesOf(summary).includes(wanted));
  if (named.length === 0) return `No series named "${report.title}" in the catalogue`;
  if (named.length === 1 || report.year === null) return named[0]!;
  const started = named
    .filter((summary) => (yearOf(summary) ?? Infinity) <= report.year!)
    .sort((a, b) => (yearOf(b) ?? 0) - (yearOf(a) ?? 0));
  return started[0] ?? named[0]!;
}

async function searchFor(catalogue: MatcherCatalogue, report: WatchReport): Promise<TitleSummary[]> {
  // The local search reads a year at the end of the query as a hint; TMDB's would look for the words.
  const withYear = catalogue.mode === 'local' && report.year !== null && report.mediaType === 'movie';
  const q = `${report.title}${withYear ? ` ${report.year}` : ''}`.slice(0, 200);
  const { results } = await catalogue.search({ q, page: 1 });
  return results;
}

async function matchFilm(catalogue: MatcherCatalogue, report: WatchReport): Promise<MatchResult> {
  // Catalogue ids are TMDB's only when the catalogue is TMDB (the local one numbers its own).
  if (catalogue.mode === 'tmdb' && report.tmdbId !== null) {
    try {
      return { matched: true, title: fromSummary(await catalogue.movie(report.tmdbId)) };
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  // The local catalogue knows no IMDb ids (its findByImdbId answers nothing): no call for it.
  if (catalogue.mode === 'tmdb' && report.imdbId !== null) {
    const { titles } = await catalogue.findByImdbId(report.imdbId);
    const film = titles.find((summary) => summary.media_type === 'movie');
    if (film) return { matched: true, title: fromSummary(film) };
  }
  const chosen = chooseFilm(report, await searchFor(catalogue, report));
  if (typeof chosen === 'string') return { matched: false, reason: chosen };
  return { matched: true, title: fromSummary(chosen) };
}

async function matchEpisode(catalogue: MatcherCatalogue, report: WatchReport): Promise<MatchResult> {
  const code =
    report.seasonNumber !== null && report.episodeNumber !== null
      ? `S${String(report.seasonNumber).padStart(2, '0')}E${String(report.episodeNumber).padStart(2, '0')}`
      : null;
  if (code === null) {
    return {
      matched: false,
      reason: `The server named no season and episode number for "${report.episodeTitle ?? report.title}"`,
    };
  }
  const chosen = chooseSeries(report, await searchFor(catalogue, report));
  if (typeof chosen === 'string') return { matched: false, reason: chosen };
  const series = fromSummary(chosen);
  let episode;
  try {
    const season = await catalogue.season(chosen.id, report.seasonNumber!);
    episode = season.episodes.find((candidate) => candidate.episode_number === report.episodeNumber);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  if (!episode) return { matched: false, reason: `${series.title} has no episode ${code} in the catalogue` };
  return {
    matched: true,
    title: {
      ...series,
      seasonNumber: report.seasonNumber,
      episodeNumber: report.episodeNumber,
      episodeTitle: episode.name || report.episodeTitle,
      runtimeSeconds: episode.runtime && episode.runtime > 0 ? episode.runtime * 60 : null,
    },
  };
}

/**
 * The catalogue title a media server's report names: a film by its TMDB id when the catalogue is
 * TMDB's, by its IMDb id where the catalogue can look one up, else by title, year and type through
 * the catalogue's search; an episode by its series' name, then its season and number. Otherwise the
 * reason it matched nothing, as the "could not match" list shows it.
 */
export function matchReport(catalogue: MatcherCatalogue, report: WatchReport): Promise<MatchResult> {
  return report.mediaType === 'movie' ? matchFilm(catalogue, report) : matchEpisode(catalogue, report);
}

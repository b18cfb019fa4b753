import {
  MOVIE_GENRES,
  TV_GENRES,
  allowedCertifications,
  periodStartDate,
  type DiscoverParams,
  type Genre,
  type MediaType,
  type SortBy,
  type TitleSummary,
} from '@marquee/core';
import { AppError } from '../../plugins/errors.ts';
import { SIMILAR_LIMIT, SIMILAR_MAX, type CandidateQuery, type CatalogueProvider } from '../provider.ts';
import type { TmdbClient, TmdbQuery } from './tmdb-client.ts';
import {
  mapGenres,
  mapMovieDetails,
  mapMoviePage,
  mapMultiItem,
  mapPaged,
  mapSearchPage,
  mapSeason,
  mapTvDetails,
  mapTvPage,
  pruneCredits,
  type TmdbGenreList,
  type TmdbMovieDetails,
  type TmdbMovieListItem,
  type TmdbMultiItem,
  type TmdbPaged,
  type TmdbSeason,
  type TmdbTvDetails,
  type TmdbTvListItem,
} from './tmdb-mappers.ts';

const HOUR = 60 * 60;

/** How long each kind of TMDB answer stays fresh in the cache, in seconds. */
export const TMDB_TTL = {
  discover: HOUR,
  search: HOUR,
  topRated: 6 * HOUR,
  details: 24 * HOUR,
  season: 24 * HOUR,
  similar: 24 * HOUR,
  genres: 7 * 24 * HOUR,
  candidates: 6 * HOUR,
} as const;

/** TMDB's /find answer (only the parts imports read). */
interface TmdbFindAnswer {
  movie_results?: TmdbMovieListItem[];
  tv_results?: TmdbTvListItem[];
  tv_episode_results?: Array<{ show_id: number; season_number: number; episode_number: number; name?: unknown }>;
}

/** Discover pages fetched for a recommender pool (20 titles each). */
const CANDIDATE_PAGES = 3;

/** The language of every answer (product.md §9: default language en-US). */
export const TMDB_LANGUAGE = 'en-US';
/** The country of certifications (product.md §7: rating filter uses certification country US). */
export const CERTIFICATION_COUNTRY = 'US';
/** The streaming region when the filter names none. */
export const DEFAULT_WATCH_REGION = 'US';

export interface TmdbCatalogueOptions {
  client: TmdbClient;
  /** The clock of the top-rated periods. */
  now?: () => Date;
}

/** Our sort options as TMDB's sort_by of discover/movie and discover/tv. */
const SORTS: Record<SortBy, Record<MediaType, string>> = {
  'popularity.desc': { movie: 'popularity.desc', tv: 'popularity.desc' },
  'release_date.desc': { movie: 'primary_release_date.desc', tv: 'first_air_date.desc' },
  'vote_average.desc': { movie: 'vote_average.desc', tv: 'vote_average.desc' },
  'title.asc': { movie: 'title.asc', tv: 'name.asc' },
  'title.desc': { movie: 'title.desc', tv: 'name.desc' },
};

function assertId(id: number, what: string): void {
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', `No ${what} with id ${id}`);
}

/** The query of discover/{type} for the browse filters. */
export function discoverQuery(params: DiscoverParams): TmdbQuery {
  const type = params.type;
  const query: TmdbQuery = {
    language: TMDB_LANGUAGE,
    include_adult: false,
    page: params.page,
    sort_by: SORTS[params.sort_by][type],
    // TMDB reads "," as all of the genres and "|" as any of them, like our filter.
    with_genres: params.with_genres,
    [type === 'movie' ? 'primary_release_year' : 'first_air_date_year']: params.primary_release_year,
    'vote_average.gte': params.vote_average_gte,
    'vote_count.gte': params.vote_count_gte,
    with_original_language: params.with_original_language,
  };
  if (params.with_watch_providers) {
    query.with_watch_providers = params.with_watch_providers;
    query.watch_region = params.watch_region || DEFAULT_WATCH_REGION;
  }
  // TMDB's discover/tv has no certification filter (content ratings are not searchable there),
  // so the rating filter applies to movies only; series are answered unfiltered.
  const allowed = type === 'movie' ? allowedCertifications(params.certification, 'movie') : null;
  if (allowed) {
    query.certification_country = CERTIFICATION_COUNTRY;
    query.certification = allowed.join('|');
  }
  return query;
}

/**
 * The catalogue of the movie database (TMDB), through the cached client: TMDB's answers mapped
 * to our TMDB-shaped types.
 */
export function createTmdbCatalogue({ client, now = () => new Date() }: TmdbCatalogueOptions): CatalogueProvider {
  function discoverPage(type: MediaType, query: TmdbQuery, ttlSeconds: number) {
    return type === 'movie'
      ? client.get<TmdbPaged<TmdbMovieListItem>>('/discover/movie', query, { ttlSeconds }).then(mapMoviePage)
      : client.get<TmdbPaged<TmdbTvListItem>>('/discover/tv', query, { ttlSeconds }).then(mapTvPage);
  }

  /** The discover query of a recommender pool; TMDB filters genres, years, length and language itself. */
  function candidateQuery(query: CandidateQuery, genres: string | undefined, page: number): TmdbQuery {
    const dates = query.type === 'movie' ? 'primary_release_date' : 'first_air_date';
    return {
      language: TMDB_LANGUAGE,
      include_adult: false,
      page,
      sort_by: 'popularity.desc',
      'vote_count.gte': 50,
      with_genres: genres,
      without_genres: query.avoidGenres.length ? query.avoidGenres.join('|') : undefined,
      [`${dates}.gte`]: query.yearFrom === null ? undefined : `${query.yearFrom}-01-01`,
      [`${dates}.lte`]: query.yearTo === null ? undefined : `${query.yearTo}-12-31`,
      'with_runtime.gte': query.runtimeMin ?? undefined,
      'with_runtime.lte': query.runtimeMax ?? undefined,
      with_original_language: query.language ?? undefined,
    };
  }

  return {
    mode: 'tmdb',
    capabilities: { watchProviders: true, trailers: true },

    withRequestDeadline() {
      return createTmdbCatalogue({ client: client.withRequestDeadline(), now });
    },

    discover(params) {
      return discoverPage(params.type, discoverQuery(params), TMDB_TTL.discover);
    },

    async search(params) {
      const query = { query: params.q, page: params.page, include_adult: false, language: TMDB_LANGUAGE };
      const answer = await client.get<TmdbPaged<TmdbMultiItem>>('/search/multi', query, {
        ttlSeconds: TMDB_TTL.search,
      });
      return mapSearchPage(answer);
    },

    topRated(params, at) {
      const start = periodStartDate(params.period, at ?? now());
      const query: TmdbQuery = {
        language: TMDB_LANGUAGE,
        include_adult: false,
        page: params.page,
        sort_by: 'vote_average.desc',
        'vote_count.gte': params.vote_count_gte,
        [params.type === 'movie' ? 'primary_release_date.gte' : 'first_air_date.gte']: start,
      };
      return discoverPage(params.type, query, TMDB_TTL.topRated);
    },

    async movie(id) {
      assertId(id, 'movie');
      const query = { language: TMDB_LANGUAGE, append_to_response: 'credits,release_dates,videos' };
      const answer = await client.get<TmdbMovieDetails>(`/movie/${id}`, query, {
        ttlSeconds: TMDB_TTL.details,
        prune: (body) => ({ ...body, credits: pruneCredits(body.credits) }),
      });
      return mapMovieDetails(answer);
    },

    async tv(id) {
      assertId(id, 'series');
      const query = { language: TMDB_LANGUAGE, append_to_response: 'credits,content_ratings,videos' };
      const answer = await client.get<TmdbTvDetails>(`/tv/${id}`, query, {
        ttlSeconds: TMDB_TTL.details,
        prune: (body) => ({ ...body, credits: pruneCredits(body.credits) }),
      });
      return mapTvDetails(answer);
    },

    async season(tvId, seasonNumber) {
      assertId(tvId, 'series');
      if (!Number.isSafeInteger(seasonNumber) || seasonNumber < 0) {
        throw new AppError('not_found', `No season ${seasonNumber} of series ${tvId}`);
      }
      const answer = await client.get<TmdbSeason>(
        `/tv/${tvId}/season/${seasonNumber}`,
        { language: TMDB_LANGUAGE },
        { ttlSeconds: TMDB_TTL.season },
      );
      return mapSeason(answer);
    },

    async similar(type, id, limit = SIMILAR_LIMIT) {
      assertId(id, type === 'movie' ? 'movie' : 'series');
      const wanted = Math.min(limit, SIMILAR_MAX);
      const results: TitleSummary[] = [];
      // 20 a page: a longer row (one whose first titles are hidden) reads the next pages too.
      for (let number = 1; ; number += 1) {
        const answer = await client.get<TmdbPaged<TmdbMultiItem>>(
          `/${type}/${id}/recommendations`,
          { language: TMDB_LANGUAGE, page: number },
          { ttlSeconds: TMDB_TTL.similar },
        );
        // Recommendations carry their own media_type; an item without one is of the asked type.
        const page = mapPaged(answer, (item) => mapMultiItem(item, type));
        results.push(...page.results);
        if (results.length >= wanted || number >= page.total_pages || page.results.length === 0) break;
      }
      return { results: results.slice(0, wanted) };
    },

    async genres(type) {
      const fallback = (): Genre[] => (type === 'movie' ? MOVIE_GENRES : TV_GENRES).map((genre) => ({ ...genre }));
      try {
        const answer = await client.get<TmdbGenreList>(
          `/genre/${type}/list`,
          { language: TMDB_LANGUAGE },
          { ttlSeconds: TMDB_TTL.genres },
        );
        const genres = mapGenres(answer);
        return genres.length > 0 ? genres : fallback();
      } catch (error) {
        // The genre catalogues hardly ever change: our copy stands in while TMDB is unreachable.
        if (error instanceof AppError && (error.code === 'unavailable' || error.code === 'upstream_failed')) {
          return fallback();
        }
        throw error;
      }
    },

    async findByImdbId(imdbId) {
      // TMDB's find-by-external-id: /find/{external_id}?external_source=imdb_id.
      if (!/^tt\d{1,10}$/.test(imdbId)) return { titles: [], episodes: [] };
      const answer = await client.get<TmdbFindAnswer>(
        `/find/${imdbId}`,
        { external_source: 'imdb_id', language: TMDB_LANGUAGE },
        { ttlSeconds: TMDB_TTL.details },
      );
      const titles = [
        ...(Array.isArray(answer?.movie_results) ? answer.movie_results : []).map((item) =>
          mapMultiItem(item, 'movie'),
        ),
        ...(Array.isArray(answer?.tv_results) ? answer.tv_results : []).map((item) => mapMultiItem(item, 'tv')),
      ].filter((title) => title !== null);
      const episodes = (Array.isArray(answer?.tv_episode_results) ? answer.tv_episode_results : []).flatMap(
        (episode) =>
          Number.isSafeInteger(episode?.show_id) &&
          Number.isSafeInteger(episode?.season_number) &&
          Number.isSafeInteger(episode?.episode_number)
            ? [
                {
                  show_id: episode.show_id,
                  season_number: episode.season_number,
                  episode_number: episode.episode_number,
                  name: typeof episode.name === 'string' ? episode.name : null,
                },
              ]
            : [],
      );
      return { titles, episodes };
    },

    async candidates(query) {
      const any = query.genres.length ? query.genres.join('|') : undefined;
      const requests = Array.from({ length: CANDIDATE_PAGES }, (_, index) =>
        discoverPage(query.type, candidateQuery(query, any, index + 1), TMDB_TTL.candidates),
      );
      // Titles with all the genres asked for ("scary but funny") are rare among the most popular
      // titles with any of them: ask for them outright too.
      if (query.primaryGenres.length > 1) {
        requests.unshift(
          discoverPage(query.type, candidateQuery(query, query.primaryGenres.join(','), 1), TMDB_TTL.candidates),
        );
      }
      const pages = await Promise.all(requests);
      const seen = new Set<number>();
      return pages
        .flatMap((page) => page.results)
        .filter((summary) => !seen.has(summary.id) && seen.add(summary.id))
        .slice(0, query.limit)
        .map((summary) => ({ summary, runtime: null, people: [] }));
    },
  };
}

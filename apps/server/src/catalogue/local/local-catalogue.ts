import { and, asc, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  allowedCertifications,
  genresFor,
  MOVIE_GENRES,
  PAGE_SIZE,
  parseGenreFilter,
  periodStartDate,
  TV_GENRES,
  type DiscoverParams,
  type Episode,
  type MediaType,
  type MovieDetails,
  type Paged,
  type SearchParams,
  type SeasonDetails,
  type TitleSummary,
  type TopRatedParams,
  type TvDetails,
} from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { SIMILAR_LIMIT, SIMILAR_MAX, type CatalogueProvider } from '../provider.ts';
import { episodes, seasons, titles } from './local-schema.ts';
import { searchLocalTitles } from './local-search.ts';

/** Counting stops here: pages past it are not offered (TMDB likewise stops at 500 pages). */
const COUNT_CAP = 10_000;

type TitleRow = typeof titles.$inferSelect;

export const SUMMARY_COLUMNS = {
  mediaType: titles.mediaType,
  id: titles.id,
  title: titles.title,
  originalTitle: titles.originalTitle,
  originalLanguage: titles.originalLanguage,
  originCountry: titles.originCountry,
  overview: titles.overview,
  releaseDate: titles.releaseDate,
  genreIds: titles.genreIds,
  voteAverage: titles.voteAverage,
  voteCount: titles.voteCount,
  popularity: titles.popularity,
};
type SummaryRow = Pick<TitleRow, keyof typeof SUMMARY_COLUMNS>;

/** Generated artwork paths; the image base of /api/config turns them into /api/art/{size}/... */
export function artPaths(type: MediaType, id: number) {
  return { poster_path: `/poster/${type}/${id}.svg`, backdrop_path: `/backdrop/${type}/${id}.svg` };
}

/**
 * Two object literals, one per type, in the order the answer lists the fields: built by spreading
 * a common part, a page of summaries was a measurable share of an uncached search's server time.
 */
export function toSummary(row: SummaryRow): TitleSummary {
  const { id, mediaType } = row;
  const art = artPaths(mediaType, id);
  return mediaType === 'movie'
    ? {
        id,
        media_type: mediaType,
        overview: row.overview ?? '',
        poster_path: art.poster_path,
        backdrop_path: art.backdrop_path,
        vote_average: row.voteAverage ?? 0,
        vote_count: row.voteCount ?? 0,
        popularity: row.popularity,
        genre_ids: row.genreIds,
        original_language: row.originalLanguage,
        title: row.title,
        original_title: row.originalTitle,
        release_date: row.releaseDate,
      }
    : {
        id,
        media_type: mediaType,
        overview: row.overview ?? '',
        poster_path: art.poster_path,
        backdrop_path: art.backdrop_path,
        vote_average: row.voteAverage ?? 0,
        vote_count: row.voteCount ?? 0,
        popularity: row.popularity,
        genre_ids: row.genreIds,
        original_language: row.originalLanguage,
        name: row.title,
        original_name: row.originalTitle,
        first_air_date: row.releaseDate,
        origin_country: row.originCountry,
      };
}

function paged(page: number, rows: SummaryRow[], total: number): Paged<TitleSummary> {
  const totalResults = Math.min(total, COUNT_CAP);
  return {
    page,
    results: rows.map(toSummary),
    total_pages: Math.ceil(totalResults / PAGE_SIZE),
    total_results: totalResults,
  };
}

async function countCapped(db: Db, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(titles)
    .where(where)
    .limit(COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

function genreCondition(value: string | undefined): SQL | undefined {
  const filter = parseGenreFilter(value);
  if (!filter) return undefined;
  const ids = intArray(filter.ids);
  return filter.mode === 'all' ? sql`${titles.genreIds} @> ${ids}` : sql`${titles.genreIds} && ${ids}`;
}

const SORTS: Record<DiscoverParams['sort_by'], SQL[]> = {
  // Orders match the indexes' "desc nulls last", or PostgreSQL cannot use them (a full scan at 1M titles).
  'popularity.desc': [sql`${titles.popularity} desc nulls last`, asc(titles.id)],
  'release_date.desc': [sql`${titles.releaseDate} desc nulls last`, asc(titles.id)],
  'vote_average.desc': [sql`${titles.voteAverage} desc nulls last`, desc(titles.voteCount), asc(titles.id)],
  'title.asc': [asc(titles.title), asc(titles.id)],
  'title.desc': [desc(titles.title), asc(titles.id)],
};

function intArray(ids: number[]): SQL {
  return sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
}

/** A LIKE pattern's wildcards taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The default provider: SQL over the local catalogue tables. Search (local-search.ts) is
 * typo-tolerant: query words are corrected against the titles' vocabulary, then the matching
 * search texts are ranked by text relevance, an exact-title bonus, a matching year and popularity.
 */
/**
 * A rating filter as the database can compare it: vote_average is a `real`, and PostgreSQL reads
 * the bound as one too, refusing a value too close to 0 for a real (7.9e-157: "out of range") with
 * an error, not an empty page. Ratings have at most three decimals; four keep every bound exact.
 */
function voteAverageBound(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function createLocalCatalogue(db: Db): CatalogueProvider {
  async function findTitle(type: MediaType, id: number): Promise<TitleRow> {
    const [row] = await db
      .select()
      .from(titles)
      .where(and(eq(titles.mediaType, type), eq(titles.id, id)));
    if (!row) throw new AppError('not_found', `${type === 'movie' ? 'Movie' : 'Series'} ${id} not found`);
    return row;
  }

  function detailsBase(row: TitleRow) {
    const catalogue = genresFor(row.mediaType);
    return {
      id: row.id,
      overview: row.overview ?? '',
      ...artPaths(row.mediaType, row.id),
      vote_average: row.voteAverage ?? 0,
      vote_count: row.voteCount ?? 0,
      popularity: row.popularity,
      genres: row.genreIds.flatMap((id) => catalogue.find((genre) => genre.id === id) ?? []),
      genre_ids: row.genreIds,
      original_language: row.originalLanguage,
      status: row.status,
      homepage: row.homepage,
      production_countries: row.productionCountries.map((name) => ({ name })),
      spoken_languages: row.spokenLanguages.map((english_name) => ({ english_name })),
      certification: row.certification,
      credits: {
        crew: [
          ...row.directors.map((name) => ({ name, job: 'Director', department: 'Directing' })),
          ...row.creators.map((name) => ({ name, job: 'Creator', department: 'Writing' })),
        ],
      },
      trailer_key: null,
    };
  }

  /** Discover's filters and order, over the titles `among` keeps (all when undefined). */
  async function discoverWhere(params: DiscoverParams, among: SQL | undefined): Promise<Paged<TitleSummary>> {
    if (params.with_watch_providers) {
      throw new AppError(
        'invalid_input',
        'Invalid with_watch_providers: the local catalogue has no streaming availability data',
      );
    }
    const allowed = allowedCertifications(params.certification, params.type);
    const where = and(
      eq(titles.mediaType, params.type),
      among,
      genreCondition(params.with_genres),
      params.primary_release_year === undefined ? undefined : eq(titles.year, params.primary_release_year),
      params.vote_average_gte === undefined
        ? undefined
        : gte(titles.voteAverage, voteAverageBound(params.vote_average_gte)),
      params.vote_count_gte === undefined ? undefined : gte(titles.voteCount, params.vote_count_gte),
      params.with_original_language ? eq(titles.originalLanguage, params.with_original_language) : undefined,
      allowed ? inArray(titles.certification, allowed) : undefined,
    );
    const [rows, total] = await Promise.all([
      db
        .select(SUMMARY_COLUMNS)
        .from(titles)
        .where(where)
        .orderBy(...SORTS[params.sort_by])
        .limit(PAGE_SIZE)
        .offset((params.page - 1) * PAGE_SIZE),
      countCapped(db, where),
    ]);
    return paged(params.page, rows, total);
  }

  const catalogue: CatalogueProvider = {
    mode: 'local',
    capabilities: { watchProviders: false, trailers: false },

    // The database's own query time limit bounds each call; there is no upstream to share one for.
    withRequestDeadline: () => catalogue,

    discover: (params) => discoverWhere(params, undefined),

    // One bound array for the whole list: a Library of thousands of films is one parameter, not thousands.
    discoverAmong: (params, ids) => discoverWhere(params, sql`${titles.id} = any(${`{${ids.join(',')}}`}::integer[])`),

    async search(params: SearchParams) {
      const { rows, total } = await searchLocalTitles(db, params.q, params.page);
      return paged(params.page, rows, total);
    },

    async topRated(params: TopRatedParams, now = new Date()) {
      const start = periodStartDate(params.period, now);
      const where = and(
        eq(titles.mediaType, params.type),
        gte(titles.voteCount, params.vote_count_gte),
        sql`${titles.voteAverage} is not null`,
        start ? gte(titles.releaseDate, start) : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select(SUMMARY_COLUMNS)
          .from(titles)
          .where(where)
          .orderBy(sql`${titles.voteAverage} desc nulls last`, desc(titles.voteCount), asc(titles.id))
          .limit(PAGE_SIZE)
          .offset((params.page - 1) * PAGE_SIZE),
        countCapped(db, where),
      ]);
      return paged(params.page, rows, total);
    },

    async movie(id): Promise<MovieDetails> {
      const row = await findTitle('movie', id);
      return {
        ...detailsBase(row),
        media_type: 'movie',
        title: row.title,
        original_title: row.originalTitle,
        release_date: row.releaseDate,
        runtime: row.runtime,
        budget: row.budget ?? 0,
        revenue: row.revenue ?? 0,
        production_companies: row.productionCompanies.map((name) => ({ name })),
      };
    },

    async tv(id): Promise<TvDetails> {
      const row = await findTitle('tv', id);
      const seasonRows = await db
        .select()
        .from(seasons)
        .where(and(eq(seasons.seriesId, id), ne(seasons.seasonNumber, 0)))
        .orderBy(asc(seasons.seasonNumber));
      return {
        ...detailsBase(row),
        media_type: 'tv',
        name: row.title,
        original_name: row.originalTitle,
        first_air_date: row.releaseDate,
        last_air_date: row.lastAirDate,
        origin_country: row.originCountry,
        episode_run_time: row.runtime ? [row.runtime] : [],
        number_of_seasons: row.numberOfSeasons ?? seasonRows.length,
        number_of_episodes: row.numberOfEpisodes ?? 0,
        seasons: seasonRows.map((season) => ({
          id: id * 1000 + season.seasonNumber,
          season_number: season.seasonNumber,
          name: season.name ?? `Season ${season.seasonNumber}`,
          air_date: season.airDate,
          episode_count: season.episodeCount,
          poster_path: artPaths('tv', id).poster_path,
        })),
        created_by: row.creators.map((name) => ({ name })),
        networks: row.networks.map((name) => ({ name })),
        production_companies: row.networks.map((name) => ({ name })),
      };
    },

    async season(tvId, seasonNumber): Promise<SeasonDetails> {
      const series = await findTitle('tv', tvId);
      const [season] = await db
        .select()
        .from(seasons)
        .where(and(eq(seasons.seriesId, tvId), eq(seasons.seasonNumber, seasonNumber)));
      if (!season) throw new AppError('not_found', `Season ${seasonNumber} of series ${tvId} not found`);
      const rows = await db
        .select()
        .from(episodes)
        .where(and(eq(episodes.seriesId, tvId), eq(episodes.seasonNumber, seasonNumber)))
        .orderBy(asc(episodes.episodeNumber));
      return {
        id: tvId * 1000 + seasonNumber,
        season_number: seasonNumber,
        name: season.name ?? `Season ${seasonNumber}`,
        air_date: season.airDate,
        episodes: rows.map((episode): Episode => ({
          id: (tvId * 1000 + seasonNumber) * 1000 + episode.episodeNumber,
          episode_number: episode.episodeNumber,
          season_number: seasonNumber,
          name: episode.name ?? `Episode ${episode.episodeNumber}`,
          overview: episode.overview ?? '',
          still_path: `/still/tv/${tvId}/${seasonNumber}/${episode.episodeNumber}.svg`,
          runtime: episode.runtime ?? series.runtime,
          air_date: episode.airDate,
          vote_average: 0,
        })),
      };
    },

    async similar(type, id, limit = SIMILAR_LIMIT) {
      const row = await findTitle(type, id);
      if (row.genreIds.length === 0) return { results: [] };
      const genreIds = intArray(row.genreIds);
      // Weighted by the share of genres in common (Jaccard), then by how well liked and known a title is.
      const shared = sql<number>`cardinality(array(select unnest(${titles.genreIds}) intersect select unnest(${genreIds})))`;
      const union = sql<number>`cardinality(array(select unnest(${titles.genreIds}) union select unnest(${genreIds})))`;
      const rows = await db
        .select(SUMMARY_COLUMNS)
        .from(titles)
        .where(and(eq(titles.mediaType, type), ne(titles.id, id), sql`${titles.genreIds} && ${genreIds}`))
        .orderBy(
          sql`(${shared})::real / greatest(${union}, 1) * 2
            + coalesce(${titles.voteAverage}, 5) / 10
            + ln(1 + ${titles.popularity}) / ln(301) desc`,
          asc(titles.id),
        )
        .limit(Math.min(limit, SIMILAR_MAX));
      return { results: rows.map(toSummary) };
    },

    async genres(type) {
      return [...(type === 'movie' ? MOVIE_GENRES : TV_GENRES)];
    },

    async candidates(query) {
      const genres = intArray(query.genres);
      const keywordMatch = query.keywords.length
        ? sql.join(
            query.keywords.map(
              // Overviews name people ("directed by Rob Zombie"): subjects are matched in lower case.
              (keyword) =>
                sql`(${titles.overview} like ${`%${escapeLike(keyword)}%`} or ${titles.searchTitle} like ${`%${escapeLike(keyword)}%`})`,
            ),
            sql` or `,
          )
        : undefined;
      const genreMatch = query.genres.length ? sql`${titles.genreIds} && ${genres}` : undefined;
      const shared = query.genres.length
        ? [sql`cardinality(array(select unnest(${titles.genreIds}) intersect select unnest(${genres}))) desc`]
        : [];
      const rows = await db
        .select({
          ...SUMMARY_COLUMNS,
          runtime: titles.runtime,
          directors: titles.directors,
          creators: titles.creators,
        })
        .from(titles)
        .where(
          and(
            eq(titles.mediaType, query.type),
            genreMatch && keywordMatch ? sql`(${genreMatch} or ${keywordMatch})` : genreMatch,
            query.avoidGenres.length ? sql`not (${titles.genreIds} && ${intArray(query.avoidGenres)})` : undefined,
            query.yearFrom === null ? undefined : gte(titles.year, query.yearFrom),
            query.yearTo === null ? undefined : sql`${titles.year} <= ${query.yearTo}`,
            query.runtimeMin === null ? undefined : gte(titles.runtime, query.runtimeMin),
            query.runtimeMax === null ? undefined : sql`${titles.runtime} <= ${query.runtimeMax}`,
            query.language ? eq(titles.originalLanguage, query.language) : undefined,
          ),
        )
        // Most shared genres first, then how well liked and how widely seen.
        .orderBy(
          ...shared,
          sql`coalesce(${titles.voteAverage}, 5) + ln(1 + coalesce(${titles.voteCount}, 0)) / 3 desc`,
          asc(titles.id),
        )
        .limit(query.limit);
      return rows.map(({ runtime, directors, creators, ...row }) => ({
        summary: toSummary(row),
        runtime,
        people: row.mediaType === 'movie' ? directors : creators,
      }));
    },

    // The bundled sources carry no IMDb ids: imports match by title and year instead.
    async findByImdbId() {
      return { titles: [], episodes: [] };
    },
  };
  return catalogue;
}

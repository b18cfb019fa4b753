import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, real, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The local catalogue: one row per movie or series, in the movie database's vocabulary.
 * `search_title` is the lower-cased, accent-free title (+ original title) that the trigram and
 * full-text search run on; `year` is the release (or first air) year for the year filter.
 */
export const titles = pgTable(
  'titles',
  {
    mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
    id: integer('id').notNull(),
    title: text('title').notNull(),
    originalTitle: text('original_title').notNull(),
    originalLanguage: text('original_language').notNull(),
    originCountry: text('origin_country')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    overview: text('overview'),
    releaseDate: date('release_date', { mode: 'string' }),
    lastAirDate: date('last_air_date', { mode: 'string' }),
    year: smallint('year'),
    genreIds: integer('genre_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    runtime: integer('runtime'),
    status: text('status'),
    certification: text('certification').notNull().default('NR'),
    voteAverage: real('vote_average'),
    voteCount: integer('vote_count'),
    popularity: real('popularity').notNull().default(0),
    budget: bigint('budget', { mode: 'number' }),
    revenue: bigint('revenue', { mode: 'number' }),
    homepage: text('homepage'),
    directors: text('directors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    creators: text('creators')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productionCompanies: text('production_companies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    networks: text('networks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productionCountries: text('production_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    spokenLanguages: text('spoken_languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    numberOfSeasons: integer('number_of_seasons'),
    numberOfEpisodes: integer('number_of_episodes'),
    searchTitle: text('search_title').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mediaType, table.id] }),
    index('titles_popularity_idx').on(table.mediaType, table.popularity.desc()),
    index('titles_release_idx').on(table.mediaType, table.releaseDate.desc().nullsLast()),
    index('titles_vote_average_idx').on(table.mediaType, table.voteAverage.desc().nullsLast()),
    index('titles_title_idx').on(table.mediaType, table.title),
    index('titles_year_idx').on(table.mediaType, table.year),
    index('titles_language_idx').on(table.mediaType, table.originalLanguage),
    index('titles_genres_idx').using('gin', table.genreIds),
    index('titles_search_trgm_idx').using('gist', sql`${table.searchTitle} gist_trgm_ops`),
    index('titles_search_fts_idx').using('gin', sql`to_tsvector('simple', ${table.searchTitle})`),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    seriesId: integer('series_id').notNull(),
    seasonNumber: integer('season_number').notNull(),
    name: text('name'),
    airDate: date('air_date', { mode: 'string' }),
    episodeCount: integer('episode_count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.seasonNumber] })],
);

export const episodes = pgTable(
  'episodes',
  {
    seriesId: integer('series_id').notNull(),
    seasonNumber: integer('season_number').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    name: text('name'),
    airDate: date('air_date', { mode: 'string' }),
    runtime: integer('runtime'),
    overview: text('overview'),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.seasonNumber, table.episodeNumber] })],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, real, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The local catalogue: one row per movie or series, in the movie database's vocabulary.
 * `search_title` is the lower-cased, accent-free title (+ original title) that search runs on
 * (through `search_texts` and `title_words` below); `year` is the release (or first air) year for
 * the year filter.
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
    // Search reads the titles of one search text in ranking order (popularity, then id) from this
    // index alone: the year it may add a bonus for is in it too.
    index('titles_search_idx').on(table.searchTitle, table.popularity.desc(), table.id, table.mediaType, table.year),
  ],
);

/**
 * Every distinct search text of `titles` with how many titles share it. Search matches and scores
 * these texts (at 1,000,000 titles they are far fewer than the titles: remakes, sequels and series
 * share a name), then reads only as many titles of the best texts as the page needs. Kept in step
 * with `titles` by triggers (migration 0009), whatever writes the titles.
 */
export const searchTexts = pgTable(
  'search_texts',
  {
    searchTitle: text('search_title').primaryKey(),
    titles: integer('titles').notNull(),
  },
  // fastupdate off: new entries go straight into the index instead of a pending list that every
  // search would read whole until the next vacuum.
  (table) => [
    index('search_texts_fts_idx')
      .using('gin', sql`to_tsvector('simple', ${table.searchTitle})`)
      .with({ fastupdate: false }),
  ],
);

/**
 * The vocabulary: every word of the search texts (a lexeme of `to_tsvector('simple', ...)`) with
 * how many titles hold it. Kept by the same triggers. Search holds it in memory (vocabulary.ts) and
 * corrects each word of a query there (trigram neighbours, completions of the last word) before
 * looking anything up in the texts.
 */
export const titleWords = pgTable('title_words', {
  word: text('word').primaryKey(),
  titles: integer('titles').notNull(),
});

/**
 * One row: a number that every statement changing `title_words` raises (a trigger). A search
 * reads it with its results; when it is not the number of the vocabulary held in memory, the
 * vocabulary is read again and the search made again with it.
 */
export const titleWordsVersion = pgTable('title_words_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
});

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

import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  uniqueIndex,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/auth-schema.ts';

/**
 * The signed-in user's personal data (product.md §3, §7 Backend), one row per item. `item_key` is
 * the merge key of product.md §9 (a TV entry per season and episode, so that one series' episodes
 * do not overwrite each other). `changed_at` is the client time of the last change that won and
 * `deleted_at` marks a removal kept as a tombstone (DESIGN.md "Sync rules"). `version` is the
 * row's place in its account's stream of changes (`personal_sync`): an incremental sync answers
 * the rows whose version is past the device's cursor.
 */
const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * What every row of a list store carries for the sync: the client time of the change that won,
 * its tie-breaker (removals first, then by content), the tombstone's time, and its version.
 */
const syncColumns = () => ({
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'string' }).notNull(),
  fingerprint: text('fingerprint').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const viewingHistory = pgTable(
  'viewing_history',
  {
    userId: owner(),
    itemKey: text('item_key').notNull(),
    id: text('id').notNull(),
    movieId: integer('movie_id').notNull(),
    movieTitle: text('movie_title').notNull(),
    moviePoster: text('movie_poster'),
    contentType: text('content_type', { enum: ['movie', 'tv'] }).notNull(),
    watchedAt: timestamp('watched_at', { withTimezone: true, mode: 'string' }).notNull(),
    durationWatched: doublePrecision('duration_watched').notNull().default(0),
    totalDuration: doublePrecision('total_duration'),
    completed: boolean('completed').notNull().default(false),
    seasonNumber: integer('season_number'),
    episodeNumber: integer('episode_number'),
    episodeTitle: text('episode_title'),
    /** How the entry came: the player, marked by hand, an import, a media server's webhook. */
    source: text('source', { enum: ['player', 'manual', 'import', 'webhook'] })
      .notNull()
      .default('player'),
    /** How many times it was watched: watching again adds a play (DESIGN.md "Tracking"). */
    playCount: integer('play_count').notNull().default(1),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    ...syncColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemKey] }),
    index('viewing_history_user_watched_idx').on(table.userId, table.watchedAt.desc()),
    index('viewing_history_user_version_idx').on(table.userId, table.version),
    // A few series' live episode entries (Up Next recomputes only the series a change touched).
    index('viewing_history_user_series_idx')
      .on(table.userId, table.movieId)
      .where(sql`${table.contentType} = 'tv' and ${table.deletedAt} is null`),
  ],
);

export const watchLater = pgTable(
  'watch_later',
  {
    userId: owner(),
    itemKey: text('item_key').notNull(),
    id: text('id').notNull(),
    movieId: integer('movie_id').notNull(),
    movieTitle: text('movie_title').notNull(),
    moviePoster: text('movie_poster'),
    movieOverview: text('movie_overview'),
    movieReleaseDate: text('movie_release_date'),
    movieVoteAverage: doublePrecision('movie_vote_average'),
    contentType: text('content_type', { enum: ['movie', 'tv'] }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'string' }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ...syncColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemKey] }),
    index('watch_later_user_added_idx').on(table.userId, table.addedAt.desc()),
    index('watch_later_user_version_idx').on(table.userId, table.version),
  ],
);

/** The viewer's ratings (DESIGN.md "Sync stores": `ratings`), one per title, season or episode. */
export const userRatings = pgTable(
  'user_ratings',
  {
    userId: owner(),
    itemKey: text('item_key').notNull(),
    movieId: integer('movie_id').notNull(),
    contentType: text('content_type', { enum: ['movie', 'tv'] }).notNull(),
    seasonNumber: integer('season_number'),
    episodeNumber: integer('episode_number'),
    rating: integer('rating').notNull(),
    ratedAt: timestamp('rated_at', { withTimezone: true, mode: 'string' }).notNull(),
    ...syncColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemKey] }),
    index('user_ratings_user_version_idx').on(table.userId, table.version),
  ],
);

/** Titles the viewer is not interested in (DESIGN.md "Sync stores": `hidden`). */
export const hiddenTitles = pgTable(
  'hidden_titles',
  {
    userId: owner(),
    itemKey: text('item_key').notNull(),
    movieId: integer('movie_id').notNull(),
    contentType: text('content_type', { enum: ['movie', 'tv'] }).notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'string' }).notNull(),
    ...syncColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemKey] }),
    index('hidden_titles_user_version_idx').on(table.userId, table.version),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: owner().primaryKey(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull(),
  /** Breaks ties between settings saved at the same instant, by content. */
  fingerprint: text('fingerprint').notNull().default(''),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The last version handed out in each account's stream of changes. Every sync that writes locks
 * its account's row first: versions are then given in the order the writes commit, so a cursor
 * never skips a change committed after it was read.
 */
export const personalSync = pgTable('personal_sync', {
  userId: owner().primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** The time of the latest "clear all" of each list: an older change to it no longer counts. */
  historyClearedAt: timestamp('history_cleared_at', { withTimezone: true, mode: 'string' }),
  watchLaterClearedAt: timestamp('watch_later_cleared_at', { withTimezone: true, mode: 'string' }),
});

/**
 * An account's secret addresses (DESIGN.md API: webhooks and the iCal feed): the token is the
 * address's last part, shown again in Settings, so it is kept as it is; renewing replaces it.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    userId: owner(),
    purpose: text('purpose', { enum: ['webhooks', 'calendar'] }).notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.purpose] }),
    uniqueIndex('account_tokens_token_idx').on(table.token),
  ],
);

/**
 * What a media server reported watching that matched no title (DESIGN.md: "could not match"
 * list), kept with the reason until the viewer dismisses it.
 */
export const webhookUnmatched = pgTable(
  'webhook_unmatched',
  {
    id: text('id').primaryKey(),
    userId: owner(),
    provider: text('provider', { enum: ['jellyfin', 'emby', 'plex'] }).notNull(),
    title: text('title').notNull(),
    year: integer('year'),
    contentType: text('content_type', { enum: ['movie', 'tv'] }),
    seasonNumber: integer('season_number'),
    episodeNumber: integer('episode_number'),
    reason: text('reason').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (table) => [index('webhook_unmatched_user_received_idx').on(table.userId, table.receivedAt.desc())],
);

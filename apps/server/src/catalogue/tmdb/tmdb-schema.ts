import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of the movie database (TMDB), cached per request: the key is the path plus the sorted
 * query string, the body TMDB's JSON as it came (or pruned of fields we never read). A row past
 * expires_at is stale: it is refreshed on the next read, and served as it is while TMDB is down.
 */
export const tmdbCache = pgTable(
  'tmdb_cache',
  {
    key: text('key').primaryKey(),
    body: jsonb('body').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('tmdb_cache_expires_at_idx').on(table.expiresAt)],
);

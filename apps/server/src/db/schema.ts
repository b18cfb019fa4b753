import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export {
  titles,
  seasons,
  episodes,
  searchTexts,
  titleWords,
  titleWordsVersion,
} from '../catalogue/local/local-schema.ts';
export { tmdbCache } from '../catalogue/tmdb/tmdb-schema.ts';
export { user, session, account, verification, rateLimit, userProfiles } from '../modules/auth/auth-schema.ts';
export {
  viewingHistory,
  watchLater,
  userRatings,
  hiddenTitles,
  userSettings,
  personalSync,
  accountTokens,
  webhookUnmatched,
} from '../modules/me/me-schema.ts';
export { comments } from '../modules/comments/comments-schema.ts';
export { feedback } from '../modules/feedback/feedback-schema.ts';
export { movieLists, movieListItems } from '../modules/lists/lists-schema.ts';
export { analyticsEvents } from '../modules/events/events-schema.ts';

/**
 * Key/value facts about this database: catalogue import versions, seeds applied.
 * Lets start-up tasks run once and be skipped on every later start.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

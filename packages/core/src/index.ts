export * from './catalogue/genres.ts';
export * from './catalogue/providers.ts';
export * from './catalogue/types.ts';
export * from './catalogue/certification.ts';
export * from './catalogue/params.ts';
export * from './catalogue/sort-options.ts';
export * from './catalogue/calendar.ts';
export * from './catalogue/episode-stats.ts';
export { contentTypeSchema, isoTimestampSchema, movieIdSchema, movieTitleSchema } from './library/common-schema.ts';
export {
  canonicalJson,
  failFromIssues,
  isIsoTimestamp,
  type ContentType,
  type LibraryError,
  type LibraryResult,
  type ListChange,
} from './library/common.ts';
export * from './library/history.ts';
export * from './library/history-schema.ts';
export * from './library/watch-later.ts';
export * from './library/watch-later-schema.ts';
export * from './library/settings.ts';
export * from './library/settings-schema.ts';
export * from './library/sync-ops.ts';
export type { Parsed, Validator } from './library/validate.ts';
export * from './library/sync-request.ts';
export * from './library/list-keys.ts';
export * from './library/ratings.ts';
export * from './library/ratings-schema.ts';
export * from './library/hidden.ts';
export * from './library/hidden-schema.ts';
export * from './library/mark-watched.ts';
export * from './library/watched.ts';
export * from './library/avatar.ts';
export * from './auth/auth-validation.ts';
export * from './lists/lists.ts';
export * from './comments/comment.ts';
export * from './recommend/mood.ts';
export * from './recommend/recommend-params.ts';
export * from './library/progress.ts';
export * from './library/release-calendar.ts';
export * from './library/icalendar.ts';

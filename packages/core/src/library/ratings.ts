import type * as z from 'zod/mini';
import { contentType, isoTimestamp, MAX_STORED_INTEGER, movieId } from './common.ts';
import { ratingKey } from './list-keys.ts';
import type { ratingItemSchema, ratingRefSchema } from './ratings-schema.ts';
import type { SyncOperationFor } from './sync-ops.ts';
import {
  boolean,
  integer,
  literal,
  nullable,
  number,
  object,
  refuse,
  union,
  validator,
  withDefault,
} from './validate.ts';

/** The lowest and highest rating (DESIGN.md: 1–10, shown as five stars with halves). */
export const RATING_MIN = 1;
export const RATING_MAX = 10;

const INVALID_RATING = 'Invalid rating: must be a whole number from 1 to 10';
const part = withDefault(nullable(number(integer(1, MAX_STORED_INTEGER))), null);

/** What a removal needs to name a rating. */
const ratingRefShape = { movie_id: movieId, content_type: contentType, season_number: part, episode_number: part };

/**
 * The viewer's rating of a film, a series, a season or an episode (DESIGN.md "Sync stores":
 * `ratings`), checked as ratingItemSchema (ratings-schema.ts) does. A title's own rating has null
 * season and episode; an episode names both; a film names neither.
 */
const ratingItem = object<RatingItem>(
  {
    ...ratingRefShape,
    rating: number(integer(RATING_MIN, RATING_MAX), INVALID_RATING, INVALID_RATING),
    rated_at: isoTimestamp,
    synced: withDefault(boolean, false),
  },
  (item) => {
    refuse(
      item.content_type === 'tv' || (item.season_number === null && item.episode_number === null),
      'A film has no seasons or episodes',
      ['season_number'],
    );
    refuse(item.episode_number === null || item.season_number !== null, 'An episode needs its season', [
      'season_number',
    ]);
  },
);
export const ratingItemValidator = validator(ratingItem);
export type RatingItem = z.output<typeof ratingItemSchema>;
export type RatingRef = z.output<typeof ratingRefSchema>;

export { ratingKey } from './list-keys.ts';

/** A queued change to the ratings (see historyOperationValidator). */
export const ratingsOperationValidator = validator(
  union<SyncOperationFor<'ratings'>>('op', {
    upsert: object({ op: literal('upsert'), store: literal('ratings'), item: ratingItem, at: isoTimestamp }),
    remove: object({
      op: literal('remove'),
      store: literal('ratings'),
      item: object(ratingRefShape),
      at: isoTimestamp,
    }),
  }),
);

/** Reads stored ratings; invalid entries are dropped, one per key (the newest). Never throws. */
export function parseStoredRatings(value: unknown): RatingItem[] {
  if (!Array.isArray(value)) return [];
  return normalizeRatings(
    value.flatMap((entry) => {
      const parsed = ratingItemValidator.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** What {@link parseStoredRatings} does after validating (one per key, the newest; newest first), for valid items. */
export function normalizeRatings(items: readonly RatingItem[]): RatingItem[] {
  const byKey = new Map<string, RatingItem>();
  for (const item of items) {
    const current = byKey.get(ratingKey(item));
    if (!current || Date.parse(item.rated_at) >= Date.parse(current.rated_at)) byKey.set(ratingKey(item), item);
  }
  return [...byKey.values()].sort((a, b) => Date.parse(b.rated_at) - Date.parse(a.rated_at));
}

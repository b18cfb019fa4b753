import * as z from 'zod/mini';
import { contentTypeSchema, isoTimestampSchema, MAX_STORED_INTEGER, movieIdSchema } from './common.ts';
import { ratingKey } from './list-keys.ts';

/** The lowest and highest rating (DESIGN.md: 1–10, shown as five stars with halves). */
export const RATING_MIN = 1;
export const RATING_MAX = 10;

const part = z.number().check(z.int(), z.gte(1), z.lte(MAX_STORED_INTEGER));

/**
 * The viewer's rating of a film, a series, a season or an episode (DESIGN.md "Sync stores":
 * `ratings`). A title's own rating has null season and episode; an episode names both; a film
 * names neither.
 */
export const ratingItemSchema = z
  .object({
    movie_id: movieIdSchema,
    content_type: contentTypeSchema,
    season_number: z._default(z.nullable(part), null),
    episode_number: z._default(z.nullable(part), null),
    rating: z
      .number({ message: 'Invalid rating: must be a whole number from 1 to 10' })
      .check(
        z.int('Invalid rating: must be a whole number from 1 to 10'),
        z.gte(RATING_MIN, 'Invalid rating: must be a whole number from 1 to 10'),
        z.lte(RATING_MAX, 'Invalid rating: must be a whole number from 1 to 10'),
      ),
    rated_at: isoTimestampSchema,
    /** Local only: false until the server has this rating. */
    synced: z._default(z.boolean(), false),
  })
  .check(
    z.refine((item) => item.content_type === 'tv' || (item.season_number === null && item.episode_number === null), {
      message: 'A film has no seasons or episodes',
      path: ['season_number'],
    }),
    z.refine((item) => item.episode_number === null || item.season_number !== null, {
      message: 'An episode needs its season',
      path: ['season_number'],
    }),
  );
export type RatingItem = z.output<typeof ratingItemSchema>;

/** What a removal needs to name a rating. */
export const ratingRefSchema = z.object({
  movie_id: movieIdSchema,
  content_type: contentTypeSchema,
  season_number: z._default(z.nullable(part), null),
  episode_number: z._default(z.nullable(part), null),
});
export type RatingRef = z.output<typeof ratingRefSchema>;

export { ratingKey } from './list-keys.ts';

/** A queued change to the ratings (see historyOperationSchema). */
export const ratingsOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('upsert'), store: z.literal('ratings'), item: ratingItemSchema, at: isoTimestampSchema }),
  z.object({ op: z.literal('remove'), store: z.literal('ratings'), item: ratingRefSchema, at: isoTimestampSchema }),
]);

/** Reads stored ratings; invalid entries are dropped, one per key (the newest). Never throws. */
export function parseStoredRatings(value: unknown): RatingItem[] {
  if (!Array.isArray(value)) return [];
  const byKey = new Map<string, RatingItem>();
  for (const entry of value) {
    const parsed = ratingItemSchema.safeParse(entry);
    if (!parsed.success) continue;
    const current = byKey.get(ratingKey(parsed.data));
    if (!current || Date.parse(parsed.data.rated_at) >= Date.parse(current.rated_at)) {
      byKey.set(ratingKey(parsed.data), parsed.data);
    }
  }
  return [...byKey.values()].sort((a, b) => Date.parse(b.rated_at) - Date.parse(a.rated_at));
}

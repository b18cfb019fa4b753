import * as z from 'zod/mini';
import { MAX_STORED_INTEGER } from './common.ts';
import { contentTypeSchema, isoTimestampSchema, movieIdSchema } from './common-schema.ts';
import { RATING_MAX, RATING_MIN } from './ratings.ts';

// The server's zod schemas of a rating and its sync operations; the browser checks the same with
// ratings.ts's validators, which validators.test.ts holds to these.

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

/** What a removal needs to name a rating. */
export const ratingRefSchema = z.object({
  movie_id: movieIdSchema,
  content_type: contentTypeSchema,
  season_number: z._default(z.nullable(part), null),
  episode_number: z._default(z.nullable(part), null),
});

/** A queued change to the ratings (see historyOperationSchema). */
export const ratingsOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('upsert'), store: z.literal('ratings'), item: ratingItemSchema, at: isoTimestampSchema }),
  z.object({ op: z.literal('remove'), store: z.literal('ratings'), item: ratingRefSchema, at: isoTimestampSchema }),
]);

import * as z from 'zod/mini';
import { contentTypeSchema, isoTimestampSchema, movieIdSchema, movieTitleSchema } from './common-schema.ts';

// The server's zod schemas of a Watch Later entry and its sync operations; the browser checks the
// same with watch-later.ts's validators, which validators.test.ts holds to these.

/**
 * A Watch Later entry (product.md §3 "Watch-later item"). Descriptive fields an older or
 * hand-edited entry may lack default to null so the entry is kept; the identifying fields are
 * required and an entry without them is dropped on read.
 */
export const watchLaterItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  movie_id: movieIdSchema,
  movie_title: movieTitleSchema,
  movie_poster: z._default(z.nullable(z.string()), null),
  movie_overview: z._default(z.nullable(z.string()), null),
  movie_release_date: z._default(z.nullable(z.string()), null),
  movie_vote_average: z._default(z.nullable(z.number()), null),
  content_type: contentTypeSchema,
  added_at: isoTimestampSchema,
  /** Local only: false until the server has this entry. */
  synced: z._default(z.boolean(), false),
});

/** What a caller gives to save a title: id, added_at and synced are set by the rule. */
export const watchLaterAddInputSchema = z.omit(watchLaterItemSchema, { id: true, added_at: true, synced: true });

/** What a removal needs to name a Watch Later entry. */
export const watchLaterRefSchema = z.pick(watchLaterItemSchema, { movie_id: true, content_type: true });

/** A queued change to Watch Later (see historyOperationSchema). */
export const watchLaterOperationSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('upsert'),
    store: z.literal('watch_later'),
    item: watchLaterItemSchema,
    at: isoTimestampSchema,
  }),
  z.object({
    op: z.literal('remove'),
    store: z.literal('watch_later'),
    item: watchLaterRefSchema,
    at: isoTimestampSchema,
  }),
  z.object({ op: z.literal('remove_all'), store: z.literal('watch_later'), at: isoTimestampSchema }),
]);

import * as z from 'zod/mini';
import { contentTypeSchema, isoTimestampSchema, movieIdSchema } from './common-schema.ts';

// The server's zod schemas of a hidden title and its sync operations; the browser checks the same
// with hidden.ts's validators, which validators.test.ts holds to these.

/**
 * A title the viewer said "Not interested" to (DESIGN.md "Sync stores": `hidden`): it is left out
 * of Browse, rows and recommendations until brought back.
 */
export const hiddenItemSchema = z.object({
  movie_id: movieIdSchema,
  content_type: contentTypeSchema,
  hidden_at: isoTimestampSchema,
  /** Local only: false until the server has it. */
  synced: z._default(z.boolean(), false),
});

export const hiddenRefSchema = z.pick(hiddenItemSchema, { movie_id: true, content_type: true });

/** A queued change to the hidden titles (see historyOperationSchema). */
export const hiddenOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('upsert'), store: z.literal('hidden'), item: hiddenItemSchema, at: isoTimestampSchema }),
  z.object({ op: z.literal('remove'), store: z.literal('hidden'), item: hiddenRefSchema, at: isoTimestampSchema }),
]);

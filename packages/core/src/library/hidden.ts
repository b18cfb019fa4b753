import * as z from 'zod/mini';
import { contentTypeSchema, isoTimestampSchema, movieIdSchema } from './common.ts';
import { hiddenKey } from './list-keys.ts';

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
export type HiddenItem = z.output<typeof hiddenItemSchema>;

export const hiddenRefSchema = z.pick(hiddenItemSchema, { movie_id: true, content_type: true });
export type HiddenRef = z.output<typeof hiddenRefSchema>;

export { hiddenKey } from './list-keys.ts';

/** A queued change to the hidden titles (see historyOperationSchema). */
export const hiddenOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('upsert'), store: z.literal('hidden'), item: hiddenItemSchema, at: isoTimestampSchema }),
  z.object({ op: z.literal('remove'), store: z.literal('hidden'), item: hiddenRefSchema, at: isoTimestampSchema }),
]);

/** Reads stored hidden titles; invalid entries are dropped, one per title. Never throws. */
export function parseStoredHidden(value: unknown): HiddenItem[] {
  if (!Array.isArray(value)) return [];
  const byKey = new Map<string, HiddenItem>();
  for (const entry of value) {
    const parsed = hiddenItemSchema.safeParse(entry);
    if (parsed.success) byKey.set(hiddenKey(parsed.data), parsed.data);
  }
  return [...byKey.values()].sort((a, b) => Date.parse(b.hidden_at) - Date.parse(a.hidden_at));
}

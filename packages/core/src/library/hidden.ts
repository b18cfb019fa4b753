import type * as z from 'zod/mini';
import { contentType, isoTimestamp, movieId } from './common.ts';
import type { hiddenItemSchema, hiddenRefSchema } from './hidden-schema.ts';
import { hiddenKey } from './list-keys.ts';
import type { SyncOperationFor } from './sync-ops.ts';
import { boolean, literal, object, union, validator, withDefault } from './validate.ts';

const hiddenRef = object<HiddenRef>({ movie_id: movieId, content_type: contentType });

/**
 * A title the viewer said "Not interested" to (DESIGN.md "Sync stores": `hidden`): it is left out
 * of Browse, rows and recommendations until brought back. Checked as hiddenItemSchema
 * (hidden-schema.ts) does.
 */
const hiddenItem = object<HiddenItem>({
  movie_id: movieId,
  content_type: contentType,
  hidden_at: isoTimestamp,
  synced: withDefault(boolean, false),
});
export const hiddenItemValidator = validator(hiddenItem);
export type HiddenItem = z.output<typeof hiddenItemSchema>;
export type HiddenRef = z.output<typeof hiddenRefSchema>;

export { hiddenKey } from './list-keys.ts';

/** A queued change to the hidden titles (see historyOperationValidator). */
export const hiddenOperationValidator = validator(
  union<SyncOperationFor<'hidden'>>('op', {
    upsert: object({ op: literal('upsert'), store: literal('hidden'), item: hiddenItem, at: isoTimestamp }),
    remove: object({ op: literal('remove'), store: literal('hidden'), item: hiddenRef, at: isoTimestamp }),
  }),
);

/** Reads stored hidden titles; invalid entries are dropped, one per title. Never throws. */
export function parseStoredHidden(value: unknown): HiddenItem[] {
  if (!Array.isArray(value)) return [];
  return normalizeHidden(
    value.flatMap((entry) => {
      const parsed = hiddenItemValidator.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** What {@link parseStoredHidden} does after validating (one per title, the last; newest first), for valid items. */
export function normalizeHidden(items: readonly HiddenItem[]): HiddenItem[] {
  const byKey = new Map<string, HiddenItem>();
  for (const item of items) byKey.set(hiddenKey(item), item);
  return [...byKey.values()].sort((a, b) => Date.parse(b.hidden_at) - Date.parse(a.hidden_at));
}

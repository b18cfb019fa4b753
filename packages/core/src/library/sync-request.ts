import * as z from 'zod/mini';
import { hiddenOperationSchema, hiddenRefSchema } from './hidden-schema.ts';
import type { HiddenItem, HiddenRef } from './hidden.ts';
import { historyOperationSchema, historyRefSchema } from './history-schema.ts';
import { historyKey, type HistoryItem, type HistoryRef } from './history.ts';
import { hiddenKey, ratingKey } from './list-keys.ts';
import { ratingRefSchema, ratingsOperationSchema } from './ratings-schema.ts';
import type { RatingItem, RatingRef } from './ratings.ts';
import { settingsOperationSchema } from './settings-schema.ts';
import type { Settings } from './settings.ts';
import type { ListStore } from './sync-ops.ts';
import { watchLaterOperationSchema, watchLaterRefSchema } from './watch-later-schema.ts';
import { watchLaterKey, type WatchLaterItem, type WatchLaterRef } from './watch-later.ts';

/**
 * One queued change, as `POST /api/me/sync` takes it (DESIGN.md "HTTP API contract"): an upsert
 * carries the whole item (the whole settings object for settings), a removal the item's key
 * fields, a clear (`remove_all`, history and Watch Later) only its time; `at` is the client's time
 * of the change, which the server uses to let the newer change win and to keep removals as
 * tombstones (DESIGN.md "Sync rules"). Settings are never removed.
 */
export const syncOperationSchema = z.discriminatedUnion('store', [
  historyOperationSchema,
  watchLaterOperationSchema,
  ratingsOperationSchema,
  hiddenOperationSchema,
  settingsOperationSchema,
]);
/** Kept for callers of the first version of this module: every operation, clears included. */
export const anySyncOperationSchema = syncOperationSchema;

/** A position in an account's stream of changes, as the server hands it out: opaque to clients. */
export const syncCursorSchema = z.string().check(z.regex(/^\d{1,18}$/, 'Invalid cursor'));

/**
 * Body of `POST /api/me/sync`: the operations in the order they were made and, for an incremental
 * sync, the cursor of the last answer (null on a device's first sync). Without `cursor` the answer
 * is the whole state ({@link SyncStateAnswer}); with it, what changed since ({@link SyncChangesAnswer}).
 */
export const syncRequestSchema = z.object({
  operations: z.array(syncOperationSchema),
  cursor: z.optional(z.nullable(syncCursorSchema)),
});
export type SyncRequest = z.output<typeof syncRequestSchema>;

/**
 * The answer to an incremental sync (DESIGN.md "Sync rules"): every item changed since the cursor
 * (and every item the batch named, whether its change won or not), removals as the removed items'
 * keys, the settings when they changed, and the cursor to send next. `has_more`: ask again with
 * the new cursor for the next page.
 */
export interface SyncChangesAnswer {
  history: HistoryItem[];
  watch_later: WatchLaterItem[];
  ratings: RatingItem[];
  hidden: HiddenItem[];
  settings: Settings | null;
  removed: { history: HistoryRef[]; watch_later: WatchLaterRef[]; ratings: RatingRef[]; hidden: HiddenRef[] };
  cursor: string;
  has_more: boolean;
}

/** The answer without a cursor: the account's whole state. */
export interface SyncStateAnswer {
  history: HistoryItem[];
  watch_later: WatchLaterItem[];
  ratings: RatingItem[];
  hidden: HiddenItem[];
  settings: Settings;
}

/** The key of an item (or of a removal's reference) within its list store; null if it names none. */
export function listItemKey(store: ListStore, item: unknown): string | null {
  const parsed = {
    history: historyRefSchema,
    watch_later: watchLaterRefSchema,
    ratings: ratingRefSchema,
    hidden: hiddenRefSchema,
  }[store].safeParse(item);
  if (!parsed.success) return null;
  const ref = parsed.data as HistoryRef & WatchLaterRef & RatingRef & HiddenRef;
  switch (store) {
    case 'history':
      return historyKey(ref);
    case 'watch_later':
      return watchLaterKey(ref);
    case 'ratings':
      return ratingKey(ref);
    case 'hidden':
      return hiddenKey(ref);
  }
}

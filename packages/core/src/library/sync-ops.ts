import * as z from 'zod/mini';
import { canonicalJson, isoTimestampSchema } from './common.ts';
import { hiddenItemSchema, hiddenKey, hiddenRefSchema, type HiddenItem, type HiddenRef } from './hidden.ts';
import { historyItemSchema, historyKey, type HistoryItem } from './history.ts';
import { ratingItemSchema, ratingKey, ratingRefSchema, type RatingItem, type RatingRef } from './ratings.ts';
import { settingsSchema, type Settings } from './settings.ts';
import { watchLaterItemSchema, watchLaterKey, type WatchLaterItem } from './watch-later.ts';

export const SYNC_STORES = ['history', 'watch_later', 'ratings', 'hidden', 'settings'] as const;
export type SyncStore = (typeof SYNC_STORES)[number];
export type ListStore = Exclude<SyncStore, 'settings'>;

/**
 * How far ahead of the server's clock a change's time may be (DESIGN.md "Sync rules"): past it the
 * server takes its own time instead, so that no device's clock can pin an item forever.
 */
export const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;

/** What a removal needs to name a history entry: its merge key fields (product.md §9). */
export const historyRefSchema = z.pick(historyItemSchema, {
  movie_id: true,
  content_type: true,
  season_number: true,
  episode_number: true,
});
/** What a removal needs to name a Watch Later entry. */
export const watchLaterRefSchema = z.pick(watchLaterItemSchema, { movie_id: true, content_type: true });

/**
 * One queued change, as `POST /api/me/sync` takes it (DESIGN.md "HTTP API contract"): an upsert
 * carries the whole item (the whole settings object for settings), a removal the item's key
 * fields; `at` is the client's time of the change, which the server uses to let the newer change
 * win and to keep removals as tombstones (DESIGN.md "Sync rules"). Settings are never removed.
 */
export const syncOperationSchema = z.discriminatedUnion('store', [
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('upsert'), store: z.literal('history'), item: historyItemSchema, at: isoTimestampSchema }),
    z.object({ op: z.literal('remove'), store: z.literal('history'), item: historyRefSchema, at: isoTimestampSchema }),
  ]),
  z.discriminatedUnion('op', [
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
  ]),
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('upsert'), store: z.literal('ratings'), item: ratingItemSchema, at: isoTimestampSchema }),
    z.object({ op: z.literal('remove'), store: z.literal('ratings'), item: ratingRefSchema, at: isoTimestampSchema }),
  ]),
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('upsert'), store: z.literal('hidden'), item: hiddenItemSchema, at: isoTimestampSchema }),
    z.object({ op: z.literal('remove'), store: z.literal('hidden'), item: hiddenRefSchema, at: isoTimestampSchema }),
  ]),
  z.object({ op: z.literal('upsert'), store: z.literal('settings'), item: settingsSchema, at: isoTimestampSchema }),
]);
/**
 * Clearing a whole list (History's and Watch Later's "Clear all"): every entry changed before `at`
 * goes, including those this device never held (an account's history has no cap, the browser
 * keeps only its newest entries).
 */
export const clearOperationSchema = z.discriminatedUnion('store', [
  z.object({ op: z.literal('remove_all'), store: z.literal('history'), at: isoTimestampSchema }),
  z.object({ op: z.literal('remove_all'), store: z.literal('watch_later'), at: isoTimestampSchema }),
]);

/** Any operation a queue may hold or a request carry. */
export const anySyncOperationSchema = z.union([syncOperationSchema, clearOperationSchema]);
export type ClearOperation = z.output<typeof clearOperationSchema>;
export type SyncOperation = z.output<typeof syncOperationSchema> | ClearOperation;
export type SyncOperationFor<S extends SyncStore> = Extract<SyncOperation, { store: S }>;
export type ItemOperation = Exclude<SyncOperation, ClearOperation>;

/** A position in an account's stream of changes, as the server hands it out: opaque to clients. */
export const syncCursorSchema = z.string().check(z.regex(/^\d{1,18}$/, 'Invalid cursor'));

/**
 * Body of `POST /api/me/sync`: the operations in the order they were made and, for an incremental
 * sync, the cursor of the last answer (null on a device's first sync). Without `cursor` the answer
 * is the whole state ({@link SyncStateAnswer}); with it, what changed since ({@link SyncChangesAnswer}).
 */
export const syncRequestSchema = z.object({
  operations: z.array(anySyncOperationSchema),
  cursor: z.optional(z.nullable(syncCursorSchema)),
});
export type SyncRequest = z.output<typeof syncRequestSchema>;

export type HistoryRef = z.output<typeof historyRefSchema>;
export type WatchLaterRef = z.output<typeof watchLaterRefSchema>;

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

/** The key of an item (or of a removal's reference) within its list store. */
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

/** The key of the item an operation is about, within its store (settings has one item; a clear, all). */
export function syncItemKey(operation: SyncOperation): string {
  if (operation.op === 'remove_all') return '*';
  switch (operation.store) {
    case 'history':
      return historyKey(operation.item);
    case 'watch_later':
      return watchLaterKey(operation.item);
    case 'ratings':
      return ratingKey(operation.item);
    case 'hidden':
      return hiddenKey(operation.item);
    case 'settings':
      return 'settings';
  }
}

function queueKey(operation: SyncOperation): string {
  return `${operation.store}|${syncItemKey(operation)}`;
}

/**
 * Compacts a queue: a later operation on an item replaces the earlier ones, because the server
 * only needs the item's final state (an add then a remove is just the remove), and a clear
 * replaces every earlier operation of its store. Survivors keep the order in which they were made.
 */
export function compactQueue<T extends SyncOperation>(queue: readonly T[]): T[] {
  const lastIndex = new Map<string, number>();
  const lastClear = new Map<SyncStore, number>();
  queue.forEach((operation, index) => {
    lastIndex.set(queueKey(operation), index);
    if (operation.op === 'remove_all') lastClear.set(operation.store, index);
  });
  return queue.filter(
    (operation, index) =>
      lastIndex.get(queueKey(operation)) === index && index >= (lastClear.get(operation.store) ?? -1),
  );
}

/** Appends an operation to a queue, compacting it. */
export function enqueueOperation<T extends SyncOperation>(queue: readonly T[], operation: T): T[] {
  return compactQueue([...queue, operation]);
}

/** The queue without any operation on this item, e.g. once a never-synced item is removed. */
export function dropOperationsFor<T extends SyncOperation>(queue: readonly T[], itemKey: string): T[] {
  return queue.filter((operation) => syncItemKey(operation) !== itemKey);
}

/**
 * The queue without the operations that were sent, keeping those queued meanwhile: an operation
 * is removed only if an identical one was flushed, so a change made during a sync is not lost.
 */
export function removeFlushed<T extends SyncOperation>(queue: readonly T[], flushed: readonly SyncOperation[]): T[] {
  const sent = new Set(flushed.map(canonicalJson));
  return queue.filter((operation) => !sent.has(canonicalJson(operation)));
}

/** Keys of the items that still have a change waiting for the server ('*' for a waiting clear). */
export function pendingItemKeys(queue: readonly SyncOperation[]): Set<string> {
  return new Set(queue.map(syncItemKey));
}

/**
 * Where a change's time stands against the server's clock (DESIGN.md "Sync rules"): a time more
 * than {@link MAX_CLOCK_AHEAD_MS} ahead becomes the server's own, and every time is kept to the
 * millisecond, the precision of every clock that writes them, so that two changes compare the same
 * way in one batch (in JavaScript) as in two (in the database).
 */
export function boundedTime(iso: string, now: Date): string {
  const time = Date.parse(iso);
  if (time > now.getTime() + MAX_CLOCK_AHEAD_MS) return now.toISOString();
  return new Date(time).toISOString();
}

/** Reads a stored queue of one store: invalid or foreign operations are dropped. Never throws. */
export function parseStoredQueue<S extends SyncStore>(store: S, value: unknown): SyncOperationFor<S>[] {
  if (!Array.isArray(value)) return [];
  const operations = value.flatMap((entry) => {
    const parsed = anySyncOperationSchema.safeParse(entry);
    return parsed.success && parsed.data.store === store ? [parsed.data as SyncOperationFor<S>] : [];
  });
  return compactQueue(operations);
}

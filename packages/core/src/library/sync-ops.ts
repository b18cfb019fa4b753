import * as z from 'zod/mini';
import { canonicalJson, isoTimestampSchema } from './common.ts';
import { historyItemSchema, historyKey } from './history.ts';
import { settingsSchema } from './settings.ts';
import { watchLaterItemSchema, watchLaterKey } from './watch-later.ts';

export const SYNC_STORES = ['history', 'watch_later', 'settings'] as const;
export type SyncStore = (typeof SYNC_STORES)[number];

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
  z.object({ op: z.literal('upsert'), store: z.literal('settings'), item: settingsSchema, at: isoTimestampSchema }),
]);
export type SyncOperation = z.output<typeof syncOperationSchema>;
export type SyncOperationFor<S extends SyncStore> = Extract<SyncOperation, { store: S }>;

/** Body of `POST /api/me/sync`: the operations in the order they were made. */
export const syncRequestSchema = z.object({ operations: z.array(syncOperationSchema) });
export type SyncRequest = z.output<typeof syncRequestSchema>;

/** The key of the item an operation is about, within its store (settings has one item). */
export function syncItemKey(operation: SyncOperation): string {
  switch (operation.store) {
    case 'history':
      return historyKey(operation.item);
    case 'watch_later':
      return watchLaterKey(operation.item);
    case 'settings':
      return 'settings';
  }
}

function queueKey(operation: SyncOperation): string {
  return `${operation.store}|${syncItemKey(operation)}`;
}

/**
 * Compacts a queue: a later operation on an item replaces the earlier ones, because the server
 * only needs the item's final state (an add then a remove is just the remove). Survivors keep
 * the order in which they were made.
 */
export function compactQueue<T extends SyncOperation>(queue: readonly T[]): T[] {
  const lastIndex = new Map<string, number>();
  queue.forEach((operation, index) => lastIndex.set(queueKey(operation), index));
  return queue.filter((operation, index) => lastIndex.get(queueKey(operation)) === index);
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

/** Keys of the items that still have a change waiting for the server. */
export function pendingItemKeys(queue: readonly SyncOperation[]): Set<string> {
  return new Set(queue.map(syncItemKey));
}

/** Reads a stored queue of one store: invalid or foreign operations are dropped. Never throws. */
export function parseStoredQueue<S extends SyncStore>(store: S, value: unknown): SyncOperationFor<S>[] {
  if (!Array.isArray(value)) return [];
  const operations = value.flatMap((entry) => {
    const parsed = syncOperationSchema.safeParse(entry);
    return parsed.success && parsed.data.store === store ? [parsed.data as SyncOperationFor<S>] : [];
  });
  return compactQueue(operations);
}

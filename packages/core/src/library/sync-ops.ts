import type * as z from 'zod/mini';
import { canonicalJson } from './common.ts';
import { historyKey } from './history.ts';
import { hiddenKey, ratingKey } from './list-keys.ts';
import type { syncOperationSchema } from './sync-request.ts';
import type { Validator } from './validate.ts';
import { watchLaterKey } from './watch-later.ts';

export const SYNC_STORES = ['history', 'watch_later', 'ratings', 'hidden', 'settings'] as const;
export type SyncStore = (typeof SYNC_STORES)[number];
export type ListStore = Exclude<SyncStore, 'settings'>;

/**
 * How far ahead of the server's clock a change's time may be (DESIGN.md "Sync rules"): past it the
 * server takes its own time instead, so that no device's clock can pin an item forever.
 */
export const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;

/**
 * One queued change, as `POST /api/me/sync` takes it (DESIGN.md "HTTP API contract"); its schema
 * is in sync-request.ts, each store's part beside the store's items (history.ts, ...), so that a
 * page holding only some stores builds only their schemas.
 */
export type SyncOperation = z.output<typeof syncOperationSchema>;
export type ClearOperation = Extract<SyncOperation, { op: 'remove_all' }>;
export type SyncOperationFor<S extends SyncStore> = Extract<SyncOperation, { store: S }>;
export type ItemOperation = Exclude<SyncOperation, ClearOperation>;

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
  // Serialising every operation cost a large queue (an import's thousands) most of a sync's time:
  // only an operation on an item that was sent can be identical to one sent, and the very object
  // sent (the queue's own, as getQueue() gave it) is identical without serialising.
  const sentByItem = new Map<string, SyncOperation[]>();
  for (const operation of flushed) {
    const key = queueKey(operation);
    const same = sentByItem.get(key);
    if (same) same.push(operation);
    else sentByItem.set(key, [operation]);
  }
  let sentJson: Map<string, Set<string>> | undefined;
  const wasSent = (operation: T): boolean => {
    const key = queueKey(operation);
    const same = sentByItem.get(key);
    if (!same) return false;
    if (same.includes(operation)) return true;
    sentJson ??= new Map();
    let json = sentJson.get(key);
    if (!json) sentJson.set(key, (json = new Set(same.map(canonicalJson))));
    return json.has(canonicalJson(operation));
  };
  return queue.filter((operation) => !wasSent(operation));
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

/**
 * Reads a stored queue of one store with that store's operation validator
 * (historyOperationValidator, ...): invalid or foreign operations are dropped. Never throws.
 */
export function parseStoredQueue<S extends SyncStore>(
  schema: Validator<SyncOperationFor<S>>,
  value: unknown,
): SyncOperationFor<S>[] {
  if (!Array.isArray(value)) return [];
  const operations = value.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return compactQueue(operations);
}

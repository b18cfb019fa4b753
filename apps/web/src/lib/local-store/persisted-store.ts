import {
  isIsoTimestamp,
  parseStoredQueue,
  pendingItemKeys,
  removeFlushed,
  type SyncOperation,
  type SyncOperationFor,
  type SyncStore,
  type Validator,
} from '@marquee/core';
import { createCell, storeKeys, type MarqueeStorage, type StoredCell } from './storage.ts';

export interface LocalStoreOptions {
  storage?: MarqueeStorage;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
}

/** What the sync step reports back once `POST /api/me/sync` answered. */
export interface SyncCompletion {
  /** The operations that were sent (taken from getQueue() before sending). */
  flushed: readonly SyncOperation[];
  /**
   * For a list: the server's changes to it, by item key: the item as the server holds it (validated
   * here like any stored data), or null where the server holds a removal.
   * For the settings: the server's settings, when they changed. Omit it to only mark the flushed
   * changes as synced.
   */
  server?: unknown;
  /**
   * The changes are the server's whole state (a device's first sync with this account): an item
   * the server does not hold and no queued change names goes.
   */
  full?: boolean;
  at: Date;
}

/**
 * What the history, Watch Later and settings stores share: their value, their sync queue and
 * their last-sync time, each kept in its own key (product.md §9), and one change notification
 * for React's useSyncExternalStore, fired whatever tab or wrapper made the change.
 */
export interface PersistedStore<T, S extends SyncStore> {
  /** The same object until the value changes. */
  getSnapshot(): T;
  /**
   * What a page rendered on the server showed: nothing stored (the defaults). React hydrates
   * with it, then re-renders with the browser's own data.
   */
  getServerSnapshot(): T;
  subscribe(listener: () => void): () => void;
  /** Operations not yet sent to the server, oldest first (product.md §4). */
  getQueue(): SyncOperationFor<S>[];
  /** When the queue was last flushed, ISO-8601; null if never. */
  getLastSync(): string | null;
  /** Saves a new value and queue at once and tells the subscribers. */
  commit(value: T, queue: SyncOperationFor<S>[]): void;
  /**
   * Like commit, but all or nothing: when the browser refuses to store either (its quota), both
   * stay as they were, in storage and in memory, and it answers false.
   */
  tryCommit(value: T, queue: SyncOperationFor<S>[]): boolean;
  setLastSync(at: Date): void;
  /** Stops listening to storage; for tests and hot reload. */
  dispose(): void;
}

function parseLastSync(value: unknown): string | null {
  return isIsoTimestamp(value) ? value : null;
}

export function createPersistedStore<T, S extends SyncStore>(
  storage: MarqueeStorage,
  store: S,
  parse: (value: unknown) => T,
  /** The store's own operation validator (historyOperationValidator, ...), for its stored queue. */
  operationValidator: Validator<SyncOperationFor<S>>,
): PersistedStore<T, S> {
  const keys = storeKeys(store);
  const value = createCell(storage, keys.items, parse);
  const queue = createCell(storage, keys.queue, (stored) => parseStoredQueue(operationValidator, stored));
  const lastSync = createCell(storage, keys.lastSync, parseLastSync);
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const cells = new Map<string, StoredCell<unknown>>([
    [keys.items, value],
    [keys.queue, queue],
    [keys.lastSync, lastSync],
  ]);
  // Only the key that changed is read again: a store's list may be megabytes.
  const stopWatching = storage.subscribe([keys.items, keys.queue, keys.lastSync], (key, text) => {
    if (cells.get(key)?.refresh(text)) notify();
  });

  // The defaults, as the server rendered the page with them. When this browser's value equals
  // them (a visitor with nothing stored), it is the very same object: React then sees no change
  // after hydrating, where a merely equal object re-rendered every reader of the store at once.
  let serverSnapshot: { value: T } | null = null;
  const serverValue = () => {
    const defaults = parse(undefined);
    const current = value.get();
    return JSON.stringify(current) === JSON.stringify(defaults) ? current : defaults;
  };

  return {
    getSnapshot: value.get,
    getServerSnapshot: () => (serverSnapshot ??= { value: serverValue() }).value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getQueue: queue.get,
    getLastSync: lastSync.get,
    commit(next, nextQueue) {
      value.set(next);
      queue.set(nextQueue);
      notify();
    },
    tryCommit(next, nextQueue) {
      const [previous, previousQueue] = [value.get(), queue.get()];
      if (value.set(next) && queue.set(nextQueue)) {
        notify();
        return true;
      }
      // A cell keeps a value it could not save in memory; the old list and queue were stored
      // together before, so they fit again.
      value.set(previous);
      queue.set(previousQueue);
      return false;
    },
    setLastSync(at) {
      lastSync.set(at.toISOString());
      notify();
    },
    dispose() {
      stopWatching();
      listeners.clear();
    },
  };
}

/** How a list store (history, Watch Later) reads and keys its items. */
export interface ListRules<I extends { synced: boolean }> {
  parse(value: unknown): I[];
  /** What `parse` does after validating (one item per key, order, cap), for items valid already. */
  normalize(items: readonly I[]): I[];
  key(item: I): string;
  /** The time the item was last changed, as its upsert carries it. */
  changedAt(item: I): string;
}

/**
 * The end of a sync for a list store (DESIGN.md "Sync rules": the server is the truth across
 * devices). The flushed operations leave the queue; then the list becomes the server's state plus
 * this device's changes the server has not acknowledged: each item the server changed takes the
 * server's version (or goes, for a removal) unless a queued change names it, and after a full
 * answer nothing else is kept. Items are marked synced unless a change to them still waits.
 */
export function completeListSync<I extends { synced: boolean }, S extends SyncStore>(
  base: PersistedStore<readonly I[], S>,
  { flushed, server, full = false, at }: SyncCompletion,
  rules: ListRules<I>,
): void {
  const queued = base.getQueue();
  const queue = removeFlushed(queued, flushed);
  const pending = pendingItemKeys(queue);
  const current = base.getSnapshot();
  let list: readonly I[] = current;
  if (server instanceof Map) {
    // A clear still waiting for the server: what the server holds from before it is gone here.
    const clear = queue.find((operation) => operation.op === 'remove_all');
    const clearedAt = clear ? Date.parse(clear.at) : -Infinity;
    const byKey = new Map(
      current.filter((item) => !full || pending.has(rules.key(item))).map((item) => [rules.key(item), item]),
    );
    for (const [key, raw] of server as ReadonlyMap<string, unknown>) {
      if (pending.has(key)) continue;
      const [item] = raw === null ? [] : rules.parse([raw]);
      if (item && Date.parse(rules.changedAt(item)) > clearedAt) byKey.set(key, { ...item, synced: true });
      else byKey.delete(key);
    }
    // Only the server's items are validated (just above): the stored ones were when they came in,
    // and validating the whole list again, once per batch of a sync, froze the page on large lists.
    list = rules.normalize([...byKey.values()]);
  }
  list = list.map((item) => {
    const synced = !pending.has(rules.key(item));
    return item.synced === synced ? item : { ...item, synced };
  });
  // Nothing sent, nothing changed: the list and queue stay as stored (a batch of another store's
  // changes would otherwise save this store's whole list again).
  const isUnchanged =
    queue.length === queued.length && list.length === current.length && list.every((item, at) => item === current[at]);
  if (!isUnchanged) base.commit(list, queue);
  base.setLastSync(at);
}

/**
 * How an import (issue 31) reaches a list store's internals: the store hands its persisted value and
 * rules to the merge, which the import brings along (import-upserts.ts), so that pages that import
 * nothing do not load it.
 */
export type ListImportMerge<I extends { synced: boolean }, S extends SyncStore> = (
  base: PersistedStore<readonly I[], S>,
  rules: ListRules<I> & { store: S },
) => number;

import {
  addToHistory,
  dropOperationsFor,
  enqueueOperation,
  historyKey,
  historyOperationValidator,
  parseStoredHistory,
  normalizeHistory,
  removeFromHistory,
  updateProgress,
  type HistoryAddInput,
  type HistoryItem,
  type HistoryKeyFields,
  type LibraryResult,
  type ListChange,
  type SyncOperationFor,
} from '@marquee/core';
import {
  completeListSync,
  createPersistedStore,
  type ListImportMerge,
  type LocalStoreOptions,
  type SyncCompletion,
} from './persisted-store.ts';
import { createStorage } from './storage.ts';

type HistoryOperation = SyncOperationFor<'history'>;

export interface HistoryStore {
  getSnapshot(): readonly HistoryItem[];
  /** The defaults, for a page rendered on the server (see PersistedStore). */
  getServerSnapshot(): readonly HistoryItem[];
  subscribe(listener: () => void): () => void;
  /**
   * product.md §4 "History add"; fails with the §5 validation messages. `watchedAt`: a day the
   * title was watched before now (marked watched); the change itself is made now.
   */
  add(input: HistoryAddInput, options?: { watchedAt?: Date }): LibraryResult<HistoryItem>;
  /** Playback progress in seconds; completes the entry at 90 % (product.md §9). */
  updateProgress(key: string, position: number, duration: number | null): LibraryResult<HistoryItem>;
  /** Removes by merge key (`historyKey(item)`); "Item not found in history" if absent. */
  remove(key: string): LibraryResult<HistoryItem>;
  /**
   * Removes entries whether this browser holds them or not (an account's older entries, the
   * episodes of a series it never loaded): each removal is queued for the server like any other,
   * so it is kept while offline. Entries it does not hold exist only for a browser that has
   * synced with an account; a guest's are all here ("Item not found in history" otherwise).
   */
  removeEntries(refs: readonly HistoryKeyFields[]): LibraryResult<number>;
  clear(): void;
  /** Runs an import's merge (import-upserts.ts) on this store; how many items it took. */
  importWith(merge: ListImportMerge<HistoryItem, 'history'>): number;
  getQueue(): HistoryOperation[];
  getLastSync(): string | null;
  /** Drops the flushed operations, merges the server's list and marks what is settled as synced. */
  completeSync(completion: SyncCompletion): void;
  dispose(): void;
}

/**
 * The viewing history kept in the browser (product.md §4 "History and Watch Later sync"): every
 * change applies the core rules, is saved at once with synced false and queued for the server.
 */
export function createHistoryStore({
  storage = createStorage(),
  now = () => new Date(),
}: LocalStoreOptions = {}): HistoryStore {
  const base = createPersistedStore(storage, 'history', parseStoredHistory, historyOperationValidator);

  /** The change's time is when it was made, whatever day the entry says it was watched. */
  function upserted(result: LibraryResult<ListChange<HistoryItem>>, at: Date): LibraryResult<HistoryItem> {
    if (!result.ok) return result;
    const { list, item } = result.value;
    base.commit(
      list,
      enqueueOperation(base.getQueue(), { op: 'upsert', store: 'history', item, at: at.toISOString() }),
    );
    return { ok: true, value: item };
  }

  /**
   * The spec queues a removal only for an item already synced. An entry edited since its last
   * sync is unsynced yet known to the server, so once anything was ever synced a removal is
   * queued anyway: a removal the server did not need is harmless, a missing one brings the entry
   * back on the next merge. A guest's never-synced entry just loses its pending upsert.
   */
  function queueRemoval(queue: HistoryOperation[], item: HistoryItem, at: Date): HistoryOperation[] {
    if (!item.synced && base.getLastSync() === null) return dropOperationsFor(queue, historyKey(item));
    const { movie_id, content_type, season_number, episode_number } = item;
    const ref = { movie_id, content_type, season_number, episode_number };
    return enqueueOperation(queue, { op: 'remove', store: 'history', item: ref, at: at.toISOString() });
  }

  return {
    getSnapshot: base.getSnapshot,
    getServerSnapshot: base.getServerSnapshot,
    subscribe: base.subscribe,
    getQueue: base.getQueue,
    getLastSync: base.getLastSync,
    dispose: base.dispose,

    add: (input, options = {}) => {
      const at = now();
      return upserted(addToHistory(base.getSnapshot(), input, at, options.watchedAt ?? at), at);
    },

    updateProgress: (key, position, duration) => {
      const at = now();
      return upserted(updateProgress(base.getSnapshot(), key, position, duration, at), at);
    },

    remove(key) {
      const result = removeFromHistory(base.getSnapshot(), key);
      if (!result.ok) return result;
      const { list, item } = result.value;
      base.commit(list, queueRemoval(base.getQueue(), item, now()));
      return { ok: true, value: item };
    },

    removeEntries(refs) {
      const at = now();
      const keys = new Set(refs.map(historyKey));
      const held = base.getSnapshot().filter((item) => keys.has(historyKey(item)));
      const heldKeys = new Set(held.map(historyKey));
      const elsewhere = refs.filter((ref) => !heldKeys.has(historyKey(ref)));
      if (elsewhere.length > 0 && base.getLastSync() === null) {
        return { ok: false, error: { code: 'not_found', message: 'Item not found in history' } };
      }
      let queue = base.getQueue();
      for (const item of held) queue = queueRemoval(queue, item, at);
      for (const { movie_id, content_type, season_number = null, episode_number = null } of elsewhere) {
        const item = { movie_id, content_type, season_number, episode_number };
        queue = enqueueOperation(queue, { op: 'remove', store: 'history', item, at: at.toISOString() });
      }
      base.commit(
        base.getSnapshot().filter((item) => !heldKeys.has(historyKey(item))),
        queue,
      );
      return { ok: true, value: keys.size };
    },

    clear() {
      const at = now();
      // A list never synced is a guest's: nothing to tell the server. Otherwise one operation
      // clears it there too, entries this browser does not hold included.
      const queue: HistoryOperation[] =
        base.getLastSync() === null
          ? []
          : enqueueOperation(base.getQueue(), { op: 'remove_all', store: 'history', at: at.toISOString() });
      base.commit([], queue);
    },

    importWith: (merge) =>
      merge(base, {
        store: 'history',
        parse: parseStoredHistory,
        normalize: normalizeHistory,
        changedAt: (item) => item.watched_at,
        key: historyKey,
      }),

    completeSync(completion) {
      completeListSync<HistoryItem, 'history'>(base, completion, {
        parse: parseStoredHistory,
        normalize: normalizeHistory,
        changedAt: (item) => item.watched_at,
        key: historyKey,
      });
    },
  };
}

let defaultStore: HistoryStore | undefined;

/** The app's history store over window.localStorage, created on first use. */
export function getHistoryStore(): HistoryStore {
  return (defaultStore ??= createHistoryStore());
}

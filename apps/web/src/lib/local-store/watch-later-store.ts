import {
  addToWatchLater,
  dropOperationsFor,
  enqueueOperation,
  isInWatchLater,
  parseStoredWatchLater,
  normalizeWatchLater,
  removeFromWatchLater,
  toggleWatchLater,
  watchLaterKey,
  watchLaterOperationValidator,
  type ContentType,
  type LibraryResult,
  type SyncOperationFor,
  type WatchLaterAddInput,
  type WatchLaterItem,
} from '@marquee/core';
import { trackEvent } from '../analytics/track.ts';
import {
  completeListSync,
  createPersistedStore,
  type ListImportMerge,
  type LocalStoreOptions,
  type SyncCompletion,
} from './persisted-store.ts';
import { createStorage } from './storage.ts';

type WatchLaterOperation = SyncOperationFor<'watch_later'>;

export interface WatchLaterStore {
  getSnapshot(): readonly WatchLaterItem[];
  /** The defaults, for a page rendered on the server (see PersistedStore). */
  getServerSnapshot(): readonly WatchLaterItem[];
  subscribe(listener: () => void): () => void;
  /** Fails with "Item already in watch later" for a saved title (product.md §5). */
  add(input: WatchLaterAddInput): LibraryResult<WatchLaterItem>;
  /** Removes by `watchLaterKey(item)`; "Item not found in watch later" if absent. */
  remove(key: string): LibraryResult<WatchLaterItem>;
  /** Adds or removes (product.md §4); `added` tells which. */
  toggle(input: WatchLaterAddInput): LibraryResult<{ item: WatchLaterItem; added: boolean }>;
  has(movieId: number, contentType: ContentType): boolean;
  clear(): void;
  /** Runs an import's merge (import-upserts.ts) on this store; how many items it took. */
  importWith(merge: ListImportMerge<WatchLaterItem, 'watch_later'>): number;
  getQueue(): WatchLaterOperation[];
  getLastSync(): string | null;
  completeSync(completion: SyncCompletion): void;
  dispose(): void;
}

/** watchlist_add / watchlist_remove (product.md §7): the user's own additions and removals, not sync. */
function trackWatchlist(name: 'watchlist_add' | 'watchlist_remove', item: WatchLaterItem): void {
  trackEvent(name, { content_id: item.movie_id, content_type: item.content_type });
}

/**
 * The Watch Later list kept in the browser (product.md §4): changes apply the core rules, are
 * saved at once with synced false and queued for the server.
 */
export function createWatchLaterStore({
  storage = createStorage(),
  now = () => new Date(),
}: LocalStoreOptions = {}): WatchLaterStore {
  const base = createPersistedStore(storage, 'watch_later', parseStoredWatchLater, watchLaterOperationValidator);

  function queueUpsert(queue: WatchLaterOperation[], item: WatchLaterItem): WatchLaterOperation[] {
    return enqueueOperation(queue, { op: 'upsert', store: 'watch_later', item, at: item.added_at });
  }

  /** Same rule and reason as the history store's: see `queueRemoval` there. */
  function queueRemoval(queue: WatchLaterOperation[], item: WatchLaterItem, at: Date): WatchLaterOperation[] {
    if (!item.synced && base.getLastSync() === null) return dropOperationsFor(queue, watchLaterKey(item));
    const ref = { movie_id: item.movie_id, content_type: item.content_type };
    return enqueueOperation(queue, { op: 'remove', store: 'watch_later', item: ref, at: at.toISOString() });
  }

  return {
    getSnapshot: base.getSnapshot,
    getServerSnapshot: base.getServerSnapshot,
    subscribe: base.subscribe,
    getQueue: base.getQueue,
    getLastSync: base.getLastSync,
    dispose: base.dispose,

    add(input) {
      const result = addToWatchLater(base.getSnapshot(), input, now());
      if (!result.ok) return result;
      base.commit(result.value.list, queueUpsert(base.getQueue(), result.value.item));
      trackWatchlist('watchlist_add', result.value.item);
      return { ok: true, value: result.value.item };
    },

    remove(key) {
      const result = removeFromWatchLater(base.getSnapshot(), key);
      if (!result.ok) return result;
      base.commit(result.value.list, queueRemoval(base.getQueue(), result.value.item, now()));
      trackWatchlist('watchlist_remove', result.value.item);
      return { ok: true, value: result.value.item };
    },

    toggle(input) {
      const at = now();
      const result = toggleWatchLater(base.getSnapshot(), input, at);
      if (!result.ok) return result;
      const { list, item, added } = result.value;
      base.commit(list, added ? queueUpsert(base.getQueue(), item) : queueRemoval(base.getQueue(), item, at));
      trackWatchlist(added ? 'watchlist_add' : 'watchlist_remove', item);
      return { ok: true, value: { item, added } };
    },

    has: (movieId, contentType) => isInWatchLater(base.getSnapshot(), movieId, contentType),

    clear() {
      const at = now();
      // A list never synced is a guest's: nothing to tell the server. Otherwise one operation
      // clears it there too, entries this browser does not hold included.
      const queue: WatchLaterOperation[] =
        base.getLastSync() === null
          ? []
          : enqueueOperation(base.getQueue(), { op: 'remove_all', store: 'watch_later', at: at.toISOString() });
      base.commit([], queue);
    },

    importWith: (merge) =>
      merge(base, {
        store: 'watch_later',
        parse: parseStoredWatchLater,
        normalize: normalizeWatchLater,
        changedAt: (item) => item.added_at,
        key: watchLaterKey,
      }),

    completeSync(completion) {
      completeListSync<WatchLaterItem, 'watch_later'>(base, completion, {
        parse: parseStoredWatchLater,
        normalize: normalizeWatchLater,
        changedAt: (item) => item.added_at,
        key: watchLaterKey,
      });
    },
  };
}

let defaultStore: WatchLaterStore | undefined;

/** The app's Watch Later store over window.localStorage, created on first use. */
export function getWatchLaterStore(): WatchLaterStore {
  return (defaultStore ??= createWatchLaterStore());
}

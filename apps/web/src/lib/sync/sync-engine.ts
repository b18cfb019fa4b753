import {
  historyKey,
  pendingItemKeys,
  watchLaterKey,
  type HistoryItem,
  type Settings,
  type SyncOperation,
  type SyncStore,
  type WatchLaterItem,
} from '@marquee/core';
import { ApiError } from '../api-client.ts';
import type { HistoryStore } from '../local-store/history-store.ts';
import type { SettingsStore } from '../local-store/settings-store.ts';
import type { WatchLaterStore } from '../local-store/watch-later-store.ts';

/** What `POST /api/me/sync` answers: the merged state after the batch (DESIGN.md). */
export interface SyncAnswer {
  history: unknown[];
  watch_later: unknown[];
  settings: unknown;
}

export type SyncStatus = 'synced' | 'syncing' | 'failed' | 'offline';

export interface SyncState {
  status: SyncStatus;
  /** When the last successful exchange with the server ended, ISO-8601. */
  lastSyncedAt: string | null;
}

export interface SyncTransport {
  send(operations: SyncOperation[]): Promise<SyncAnswer>;
  /** Whether the server holds settings for the user yet (`updated_at` null when not). */
  fetchSettingsUpdatedAt(): Promise<string | null>;
}

/** Who the local data was last synced with: the user's id, or null for a guest's data. */
export interface OwnerCell {
  get(): string | null;
  set(userId: string | null): void;
}

export interface SyncEngineDeps {
  history: HistoryStore;
  watchLater: WatchLaterStore;
  settings: SettingsStore;
  transport: SyncTransport;
  owner: OwnerCell;
  isOnline?: () => boolean;
  now?: () => Date;
  /** The server said the session is gone (401). */
  onUnauthorized?: () => void;
}

export interface SyncEngine {
  /** The signed-in user's id, or null: a guest's data stays local (product.md §4). */
  setUser(userId: string | null): void;
  /**
   * Flushes the queues and pulls the server's state now; resolves to whether it succeeded (never
   * rejects). `manual` also sends the lists whose auto-save setting is off.
   */
  syncNow(options?: { manual?: boolean }): Promise<boolean>;
  getState(): SyncState;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/** The server takes at most 500 operations a request (SYNC_BATCH_LIMIT). */
export const SYNC_BATCH_SIZE = 500;
/** Changes are sent together when made in quick succession. */
export const CHANGE_DEBOUNCE_MS = 300;
/** product.md §4: sync 100 ms after load. */
export const LOAD_DELAY_MS = 100;
/** product.md §9: settings sync interval; also how often another device's changes are pulled. */
export const PULL_INTERVAL_MS = 5 * 60 * 1000;
const RETRY_BASE_MS = 1000;
const RETRY_CAP_MS = 60_000;

/** Delay before the n-th retry (1-based): doubling from 1 s, capped at a minute. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

function upsertsOfUnqueued<T extends HistoryItem | WatchLaterItem>(
  store: Exclude<SyncStore, 'settings'>,
  items: readonly T[],
  queued: ReadonlySet<string>,
  keyOf: (item: T) => string,
  timeOf: (item: T) => string,
): SyncOperation[] {
  return items
    .filter((item) => !queued.has(keyOf(item)))
    .map((item) => ({ op: 'upsert', store, item, at: timeOf(item) }) as SyncOperation);
}

/**
 * Moves the local stores' queued changes to the server and the server's state back (product.md
 * §4 "History and Watch Later sync", "Settings"). The local stores stay the source of truth for
 * the screens: a failed sync leaves them as they are and is retried with backoff. Every
 * operation is idempotent on the server, so a batch retried after a lost answer changes nothing
 * twice.
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { history, watchLater, settings, transport, owner } = deps;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const now = deps.now ?? (() => new Date());

  let userId: string | null = null;
  let state: SyncState = { status: 'synced', lastSyncedAt: null };
  let running: Promise<boolean> | null = null;
  let rerun = false;
  let failures = 0;
  /** The engine's own writes into the stores are not changes to send. */
  let applying = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function setState(patch: Partial<SyncState>): void {
    const next = { ...state, ...patch };
    if (next.status === state.status && next.lastSyncedAt === state.lastSyncedAt) return;
    state = next;
    listeners.forEach((listener) => listener());
  }

  function schedule(delay: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => void syncNow(), delay);
  }

  /**
   * A list's queued changes that may go out now: with its auto-save setting off they wait for a
   * sync the user asks for (or the next login).
   */
  function sendable(store: 'history' | 'watch_later', manual: boolean): SyncOperation[] {
    const { autoSaveHistory, autoSaveWatchLater } = settings.getSnapshot();
    if (store === 'history') return manual || autoSaveHistory ? history.getQueue() : [];
    return manual || autoSaveWatchLater ? watchLater.getQueue() : [];
  }

  function hasQueuedChanges(): boolean {
    return settings.getQueue().length + sendable('watch_later', false).length + sendable('history', false).length > 0;
  }

  /**
   * The operations to send. Data first synced for someone else, or kept from a guest session,
   * is offered whole to this account (product.md §4: on login the local and server lists are
   * merged); the server's newer-wins rule keeps it from undoing anything done elsewhere.
   */
  async function collectOperations(adopting: boolean, manual: boolean): Promise<SyncOperation[]> {
    const settingsQueue = settings.getQueue();
    const operations: SyncOperation[] = [
      ...settingsQueue,
      ...sendable('watch_later', manual),
      ...sendable('history', manual),
    ];
    if (!adopting) return operations;
    // product.md §4 On login: upload local settings when the server has none or a change is
    // queued; otherwise the server's settings are taken (the queue is empty).
    if (settingsQueue.length === 0 && (await transport.fetchSettingsUpdatedAt()) === null) {
      const item: Settings = settings.getSnapshot();
      operations.unshift({ op: 'upsert', store: 'settings', item, at: now().toISOString() });
    }
    operations.push(
      ...upsertsOfUnqueued(
        'watch_later',
        watchLater.getSnapshot(),
        pendingItemKeys(watchLater.getQueue()),
        watchLaterKey,
        (item) => item.added_at,
      ),
      ...upsertsOfUnqueued(
        'history',
        history.getSnapshot(),
        pendingItemKeys(history.getQueue()),
        historyKey,
        (item) => item.watched_at,
      ),
    );
    return operations;
  }

  async function exchange(user: string, manual: boolean): Promise<void> {
    const operations = await collectOperations(owner.get() !== user, manual);
    // An empty batch still pulls what other devices changed.
    const batches = operations.length === 0 ? [[]] : chunk(operations, SYNC_BATCH_SIZE);
    for (const batch of batches) {
      const answer = await transport.send(batch);
      // Signed out (or another account) while the request was out: that answer is not ours.
      if (userId !== user) return;
      const at = now();
      const sent = (store: SyncStore) => batch.filter((operation) => operation.store === store);
      applying = true;
      try {
        settings.completeSync({ flushed: sent('settings'), server: answer.settings, at });
        watchLater.completeSync({ flushed: sent('watch_later'), server: answer.watch_later, at });
        history.completeSync({ flushed: sent('history'), server: answer.history, at });
      } finally {
        applying = false;
      }
    }
    owner.set(user);
    setState({ lastSyncedAt: now().toISOString() });
  }

  function syncNow({ manual = false }: { manual?: boolean } = {}): Promise<boolean> {
    clearTimeout(timer);
    const user = userId;
    if (!user) return Promise.resolve(false);
    if (!isOnline()) {
      setState({ status: 'offline' });
      return Promise.resolve(false);
    }
    if (running) {
      rerun = true;
      return running;
    }
    setState({ status: 'syncing' });
    running = (async () => {
      try {
        do {
          rerun = false;
          await exchange(user, manual);
        } while (rerun && userId === user);
        failures = 0;
        if (userId === user) setState({ status: 'synced' });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          setState({ status: 'synced' });
          deps.onUnauthorized?.();
          return false;
        }
        console.warn('Sync failed; local data stays in use and the sync is retried.', error);
        failures += 1;
        if (userId === user) {
          setState({ status: isOnline() ? 'failed' : 'offline' });
          schedule(retryDelay(failures));
        }
        return false;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const onStoreChange = () => {
    if (applying) return;
    if (userId && hasQueuedChanges() && !running) schedule(CHANGE_DEBOUNCE_MS);
    else if (userId && hasQueuedChanges()) rerun = true;
  };
  const unsubscribers = [history, watchLater, settings].map((store) => store.subscribe(onStoreChange));

  const onOnline = () => void syncNow();
  const onOffline = () => userId && setState({ status: 'offline' });
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || !userId) return;
    const last = state.lastSyncedAt ? Date.parse(state.lastSyncedAt) : 0;
    if (now().getTime() - last > 30_000) void syncNow();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
  }
  const interval = setInterval(() => {
    if (userId && (typeof document === 'undefined' || document.visibilityState === 'visible')) void syncNow();
  }, PULL_INTERVAL_MS);

  return {
    setUser(next) {
      if (next === userId) return;
      userId = next;
      failures = 0;
      clearTimeout(timer);
      if (!next) {
        setState({ status: 'synced' });
        return;
      }
      // product.md §4: 100 ms after load, sync runs if no sync happened in the last 5 minutes or
      // changes are pending (or the data is not this account's yet); otherwise local data is used.
      const lastSync = Math.max(
        ...[history, watchLater, settings].map((store) => Date.parse(store.getLastSync() ?? '') || 0),
      );
      const isFresh = now().getTime() - lastSync < PULL_INTERVAL_MS;
      if (owner.get() === next && isFresh && !hasQueuedChanges()) {
        setState({ lastSyncedAt: new Date(lastSync).toISOString() });
        return;
      }
      schedule(LOAD_DELAY_MS);
    },
    syncNow,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      clearTimeout(timer);
      clearInterval(interval);
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      listeners.clear();
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        document.removeEventListener('visibilitychange', onVisible);
      }
    },
  };
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

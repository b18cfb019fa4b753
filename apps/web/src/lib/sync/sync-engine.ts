import {
  canonicalJson,
  hiddenKey,
  historyKey,
  listItemKey,
  ratingKey,
  type HiddenItem,
  type RatingItem,
  pendingItemKeys,
  watchLaterKey,
  type HistoryItem,
  type ListStore,
  type Settings,
  type SyncOperation,
  type SyncStore,
  type WatchLaterItem,
} from '@marquee/core';
import { ApiError } from '../api-client.ts';
import type { HiddenStore } from '../local-store/hidden-store.ts';
import type { HistoryStore } from '../local-store/history-store.ts';
import type { RatingsStore } from '../local-store/ratings-store.ts';
import type { SettingsStore } from '../local-store/settings-store.ts';
import type { WatchLaterStore } from '../local-store/watch-later-store.ts';

/**
 * What `POST /api/me/sync` answers when sent a cursor (`SyncChangesAnswer` in core, DESIGN.md
 * "Sync rules"), as it arrives: every part is checked before use.
 */
export interface SyncAnswer {
  history?: unknown;
  ratings?: unknown;
  hidden?: unknown;
  watch_later?: unknown;
  settings?: unknown;
  removed?: { history?: unknown; watch_later?: unknown; ratings?: unknown; hidden?: unknown };
  cursor?: unknown;
  has_more?: unknown;
}

export type SyncStatus = 'synced' | 'syncing' | 'failed' | 'offline';

export interface SyncState {
  status: SyncStatus;
  /** When the last successful exchange with the server ended, ISO-8601. */
  lastSyncedAt: string | null;
}

export interface SyncTransport {
  /** Sends a batch with the cursor of the last answer (null: this device's first sync). */
  send(operations: SyncOperation[], cursor: string | null): Promise<SyncAnswer>;
  /** Whether the server holds settings for the user yet (`updated_at` null when not). */
  fetchSettingsUpdatedAt(): Promise<string | null>;
}

/**
 * Who the local data was last synced with (the user's id, or null for a guest's data), and where
 * in that account's stream of changes this device stands.
 */
export interface OwnerCell {
  get(): string | null;
  set(userId: string | null): void;
  getCursor(): string | null;
  setCursor(cursor: string | null): void;
}

export interface SyncEngineDeps {
  history: HistoryStore;
  watchLater: WatchLaterStore;
  ratings: RatingsStore;
  hidden: HiddenStore;
  settings: SettingsStore;
  transport: SyncTransport;
  owner: OwnerCell;
  isOnline?: () => boolean;
  now?: () => Date;
  /** The timers of the debounce, the retries and the periodic pull; tests pass their own. */
  timers?: SyncTimers;
  /** The server said the session is gone (401). */
  onUnauthorized?: () => void;
  /** The server refused one change for good (a 400 naming it); the others were sent again. */
  onRefused?: (operation: SyncOperation, message: string) => void;
}

export interface SyncTimers {
  setTimeout(run: () => void, delay: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, every: number): unknown;
  clearInterval(handle: unknown): void;
}

const GLOBAL_TIMERS: SyncTimers = {
  setTimeout: (run, delay) => setTimeout(run, delay),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (run, every) => setInterval(run, every),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

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
/** Refused changes dropped in one run at most; past that the run fails and is retried later. */
const REFUSALS_PER_RUN = SYNC_BATCH_SIZE;
const RETRY_BASE_MS = 1000;
const RETRY_CAP_MS = 60_000;

/** Delay before the n-th retry (1-based): doubling from 1 s, capped at a minute. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

function upsertsOfUnqueued<T extends HistoryItem | WatchLaterItem | RatingItem | HiddenItem>(
  store: ListStore,
  items: readonly T[],
  queued: ReadonlySet<string>,
  keyOf: (item: T) => string,
  timeOf: (item: T) => string,
): SyncOperation[] {
  return items
    .filter((item) => !queued.has(keyOf(item)))
    .map((item) => ({ op: 'upsert', store, item, at: timeOf(item) }) as SyncOperation);
}

const LIST_STORES: readonly ListStore[] = ['history', 'watch_later', 'ratings', 'hidden'];

/** One answer's changes, by store and item key: the item, or null for a removal. */
type Changes = Record<ListStore, Map<string, unknown>> & { settings: unknown };

function emptyChanges(): Changes {
  return { history: new Map(), watch_later: new Map(), ratings: new Map(), hidden: new Map(), settings: undefined };
}

/** Adds an answer's changes to `into`; a later answer's change to an item replaces an earlier one. */
function addChanges(into: Changes, answer: SyncAnswer): void {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  for (const store of LIST_STORES) {
    for (const raw of list(answer.removed?.[store])) {
      const key = listItemKey(store, raw);
      if (key) into[store].set(key, null);
    }
    for (const raw of list(answer[store])) {
      const key = listItemKey(store, raw);
      if (key) into[store].set(key, raw);
    }
  }
  if (answer.settings != null) into.settings = answer.settings;
}

/** The server refused a batch because of one of its operations (a 400 naming its index). */
class RefusedOperation extends Error {
  constructor(
    readonly operation: SyncOperation,
    message: string,
  ) {
    super(message);
  }
}

/** The operation a 400 to `batch` names (`error.operation`: its index, sync-refusal.ts), if any. */
function refusedIn(error: unknown, batch: readonly SyncOperation[]): RefusedOperation | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const index = error.details.operation;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= batch.length) return null;
  return new RefusedOperation(batch[index]!, error.message);
}

function cursorOf(answer: SyncAnswer): string {
  if (typeof answer.cursor !== 'string' || !/^\d+$/.test(answer.cursor))
    throw new Error('The sync answer has no cursor');
  return answer.cursor;
}

/**
 * Moves the local stores' queued changes to the server and the server's state back (product.md
 * §4 "History and Watch Later sync", "Settings"). The local stores stay the source of truth for
 * the screens: a failed sync leaves them as they are and is retried with backoff. Every
 * operation is idempotent on the server, so a batch retried after a lost answer changes nothing
 * twice.
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { history, watchLater, ratings, hidden, settings, transport, owner } = deps;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const now = deps.now ?? (() => new Date());
  const timers = deps.timers ?? GLOBAL_TIMERS;

  let userId: string | null = null;
  let state: SyncState = { status: 'synced', lastSyncedAt: null };
  let running: Promise<boolean> | null = null;
  let rerun = false;
  let failures = 0;
  /** The engine's own writes into the stores are not changes to send. */
  let applying = false;
  /** Changes the server refused for good (canonical JSON), never offered again to this account. */
  let refused = new Set<string>();
  let timer: unknown;
  const listeners = new Set<() => void>();

  function setState(patch: Partial<SyncState>): void {
    const next = { ...state, ...patch };
    if (next.status === state.status && next.lastSyncedAt === state.lastSyncedAt) return;
    state = next;
    listeners.forEach((listener) => listener());
  }

  function schedule(delay: number): void {
    timers.clearTimeout(timer);
    timer = timers.setTimeout(() => void syncNow(), delay);
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
    return (
      settings.getQueue().length +
        sendable('watch_later', false).length +
        sendable('history', false).length +
        ratings.getQueue().length +
        hidden.getQueue().length >
      0
    );
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
      ...ratings.getQueue(),
      ...hidden.getQueue(),
    ];
    if (!adopting) return operations.filter((operation) => !refused.has(canonicalJson(operation)));
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
      ...upsertsOfUnqueued(
        'ratings',
        ratings.getSnapshot(),
        pendingItemKeys(ratings.getQueue()),
        ratingKey,
        (item) => item.rated_at,
      ),
      ...upsertsOfUnqueued(
        'hidden',
        hidden.getSnapshot(),
        pendingItemKeys(hidden.getQueue()),
        hiddenKey,
        (item) => item.hidden_at,
      ),
    );
    return operations.filter((operation) => !refused.has(canonicalJson(operation)));
  }

  /**
   * A change the server refused for good (a rating of 11, a watch dated in 3000, an episode the
   * catalogue does not have): it leaves the queue and is never sent again, the rest of its batch
   * goes again at once, and the next exchange reads the account's whole state, so this device
   * shows what the server holds for that item instead of the refused change.
   */
  function drop({ operation, message }: RefusedOperation): void {
    refused.add(canonicalJson(operation));
    const store = { settings, watch_later: watchLater, history, ratings, hidden }[operation.store];
    applying = true;
    try {
      store.completeSync({ flushed: [operation], at: now() });
    } finally {
      applying = false;
    }
    owner.setCursor(null);
    console.warn('The server refused a change; it is dropped and the others are sent again.', message);
    deps.onRefused?.(operation, message);
  }

  /** Hands the server's changes to the stores, with the operations they answer. */
  function complete(sent: readonly SyncOperation[], changes: Changes, full: boolean): void {
    const at = now();
    const of = (store: SyncStore) => sent.filter((operation) => operation.store === store);
    applying = true;
    try {
      settings.completeSync({ flushed: of('settings'), server: changes.settings, at });
      watchLater.completeSync({ flushed: of('watch_later'), server: changes.watch_later, full, at });
      history.completeSync({ flushed: of('history'), server: changes.history, full, at });
      ratings.completeSync({ flushed: of('ratings'), server: changes.ratings, full, at });
      hidden.completeSync({ flushed: of('hidden'), server: changes.hidden, full, at });
    } finally {
      applying = false;
    }
  }

  /**
   * Sends the queue in batches and takes in what changed since this device's cursor, page by page
   * (DESIGN.md "Sync rules": incremental). A first sync with an account pages through its whole
   * state and applies it at once, so that the lists never show half of it.
   */
  async function exchange(user: string, manual: boolean): Promise<void> {
    const adopting = owner.get() !== user;
    let cursor = adopting ? null : owner.getCursor();
    const full = cursor === null;
    const operations = await collectOperations(adopting, manual);
    const batches = chunk(operations, SYNC_BATCH_SIZE);
    const gathered = emptyChanges();
    const sentAll: SyncOperation[] = [];
    let index = 0;
    let more = false;
    do {
      const batch = batches[index++] ?? [];
      const answer = await transport.send(batch, cursor).catch((error: unknown) => {
        throw refusedIn(error, batch) ?? error;
      });
      // Signed out (or another account) while the request was out: that answer is not ours.
      if (userId !== user) return;
      const next = cursorOf(answer);
      more = answer.has_more === true && next !== cursor;
      cursor = next;
      if (full) {
        addChanges(gathered, answer);
        sentAll.push(...batch);
      } else {
        const changes = emptyChanges();
        addChanges(changes, answer);
        complete(batch, changes, false);
        owner.setCursor(cursor);
      }
    } while (index < batches.length || more);
    if (full) {
      complete(sentAll, gathered, true);
      owner.set(user);
      owner.setCursor(cursor);
    }
    setState({ lastSyncedAt: now().toISOString() });
  }

  function syncNow({ manual = false }: { manual?: boolean } = {}): Promise<boolean> {
    timers.clearTimeout(timer);
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
        let refusals = 0;
        do {
          rerun = false;
          try {
            await exchange(user, manual);
          } catch (error) {
            if (!(error instanceof RefusedOperation) || userId !== user || ++refusals > REFUSALS_PER_RUN) throw error;
            drop(error);
            rerun = true;
          }
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
  const unsubscribers = [history, watchLater, ratings, hidden, settings].map((store) => store.subscribe(onStoreChange));

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
  const interval = timers.setInterval(() => {
    if (userId && (typeof document === 'undefined' || document.visibilityState === 'visible')) void syncNow();
  }, PULL_INTERVAL_MS);

  return {
    setUser(next) {
      if (next === userId) return;
      userId = next;
      failures = 0;
      refused = new Set();
      timers.clearTimeout(timer);
      if (!next) {
        setState({ status: 'synced' });
        return;
      }
      // product.md §4: 100 ms after load, sync runs if no sync happened in the last 5 minutes or
      // changes are pending (or the data is not this account's yet); otherwise local data is used.
      const lastSync = Math.max(
        ...[history, watchLater, ratings, hidden, settings].map((store) => Date.parse(store.getLastSync() ?? '') || 0),
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
      timers.clearTimeout(timer);
      timers.clearInterval(interval);
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
  if (items.length === 0) return [[]];
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

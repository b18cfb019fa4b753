import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { lastWatchedEpisode, type ContentType, type LastWatchedEpisode, type Settings } from '@marquee/core';
import { getHistoryStore, type HistoryStore } from './history-store.ts';
import { getSettingsStore, type SettingsStore } from './settings-store.ts';
import { getWatchLaterStore, type WatchLaterStore } from './watch-later-store.ts';

// Each hook takes the store as an optional last argument so that tests (and stories) can give a
// store over their own storage; the app uses the default ones over window.localStorage.

/** The viewing history, newest first, and its actions (product.md §4 "History add"). */
export function useHistory(store: HistoryStore = getHistoryStore()) {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return {
    items,
    add: store.add,
    updateProgress: store.updateProgress,
    remove: store.remove,
    clear: store.clear,
  };
}

/** Where the viewer left a series off, or null (product.md §4). */
export function useLastWatchedEpisode(
  seriesId: number,
  store: HistoryStore = getHistoryStore(),
): LastWatchedEpisode | null {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return useMemo(() => lastWatchedEpisode(items, seriesId), [items, seriesId]);
}

/** The Watch Later list, newest first, and its actions (product.md §4 "Watch later add and toggle"). */
export function useWatchLater(store: WatchLaterStore = getWatchLaterStore()) {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return { items, add: store.add, remove: store.remove, toggle: store.toggle, clear: store.clear };
}

const notSaved = () => false;

/** Whether a title is in Watch Later; re-renders only when that answer changes. */
export function useIsInWatchLater(
  movieId: number,
  contentType: ContentType,
  store: WatchLaterStore = getWatchLaterStore(),
): boolean {
  const isSaved = useCallback(() => store.has(movieId, contentType), [store, movieId, contentType]);
  return useSyncExternalStore(store.subscribe, isSaved, notSaved);
}

/** All settings and the settings actions (product.md §4 "Settings"). */
export function useSettings(store: SettingsStore = getSettingsStore()) {
  const settings = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return {
    settings,
    update: store.update,
    set: store.set,
    reset: store.reset,
    importFile: store.importFile,
    exportData: store.exportData,
  };
}

/** One setting and its setter, like useState; re-renders only when that setting changes. */
export function useSetting<K extends keyof Settings>(key: K, store: SettingsStore = getSettingsStore()) {
  const read = useCallback(() => store.getSnapshot()[key], [store, key]);
  const readServer = useCallback(() => store.getServerSnapshot()[key], [store, key]);
  const value = useSyncExternalStore(store.subscribe, read, readServer);
  const set = useCallback((next: Settings[K]) => store.set(key, next), [store, key]);
  return [value, set] as const;
}

/**
 * Whether any history or Watch Later entry still waits for the server: what the sync indicator
 * shows as Syncing... for a signed-in user (product.md §4 "Sync indicator").
 */
export function useHasUnsyncedChanges(
  history: HistoryStore = getHistoryStore(),
  watchLater: WatchLaterStore = getWatchLaterStore(),
): boolean {
  const historyItems = useSyncExternalStore(history.subscribe, history.getSnapshot, history.getServerSnapshot);
  const watchLaterItems = useSyncExternalStore(
    watchLater.subscribe,
    watchLater.getSnapshot,
    watchLater.getServerSnapshot,
  );
  return historyItems.some((item) => !item.synced) || watchLaterItems.some((item) => !item.synced);
}

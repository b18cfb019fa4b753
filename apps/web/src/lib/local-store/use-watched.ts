import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { historyKey, isWatchedEntry, watchedEpisodesOf, type ContentType } from '@marquee/core';
import { getHistoryStore, type HistoryStore } from './history-store.ts';

const notWatched = () => false;
const none = () => 0;

/**
 * Whether the viewer watched a film (an entry marked, or played to the end) or any episode of a
 * series; re-renders only when that answer changes.
 */
export function useIsWatched(
  movieId: number,
  contentType: ContentType,
  store: HistoryStore = getHistoryStore(),
): boolean {
  const read = useCallback(() => {
    if (contentType === 'tv') return watchedEpisodesOf(store.getSnapshot(), movieId).size > 0;
    const entry = store
      .getSnapshot()
      .find((item) => historyKey(item) === historyKey({ movie_id: movieId, content_type: contentType }));
    return entry !== undefined && isWatchedEntry(entry);
  }, [store, movieId, contentType]);
  return useSyncExternalStore(store.subscribe, read, notWatched);
}

/** How many episodes of a series the viewer watched. */
export function useWatchedEpisodeCount(seriesId: number, store: HistoryStore = getHistoryStore()): number {
  const read = useCallback(() => watchedEpisodesOf(store.getSnapshot(), seriesId).size, [store, seriesId]);
  return useSyncExternalStore(store.subscribe, read, none);
}

const EMPTY: ReadonlySet<string> = new Set();

/** The watched episodes of a series as `s{season}e{episode}` keys (see episodeWatchKey). */
export function useWatchedEpisodes(seriesId: number, store: HistoryStore = getHistoryStore()): ReadonlySet<string> {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return useMemo(() => {
    const keys = watchedEpisodesOf(items, seriesId);
    return keys.size === 0 ? EMPTY : keys;
  }, [items, seriesId]);
}

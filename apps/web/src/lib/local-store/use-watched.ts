import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { historyKey, isWatchedEntry, watchedEpisodesOf, type ContentType, type HistoryItem } from '@marquee/core';
import { getHistoryStore, type HistoryStore } from './history-store.ts';

const none = () => 0;

/**
 * How much of a title the viewer watched: for a film 1 once watched (an entry marked, imported or
 * played to the end), else 0; for a series the number of its watched episodes. Re-renders only
 * when that number changes; a page rendered on the server shows 0 (the browser's data comes after).
 */
export function useWatchedCount(
  movieId: number,
  contentType: ContentType,
  store: HistoryStore = getHistoryStore(),
): number {
  const read = useCallback(() => {
    const items = store.getSnapshot();
    if (contentType === 'tv') return watchedEpisodesOf(items, movieId).size;
    const entry = filmEntry(items, movieId);
    return entry !== undefined && isWatchedEntry(entry) ? 1 : 0;
  }, [store, movieId, contentType]);
  return useSyncExternalStore(store.subscribe, read, none);
}

function filmEntry(items: readonly HistoryItem[], movieId: number): HistoryItem | undefined {
  const key = historyKey({ movie_id: movieId, content_type: 'movie' });
  return items.find((item) => historyKey(item) === key);
}

/** How many times the viewer watched a film (its entry's play count), 0 when not watched. */
export function useFilmPlays(movieId: number, store: HistoryStore = getHistoryStore()): number {
  const read = useCallback(() => {
    const entry = filmEntry(store.getSnapshot(), movieId);
    return entry !== undefined && isWatchedEntry(entry) ? entry.play_count : 0;
  }, [store, movieId]);
  return useSyncExternalStore(store.subscribe, read, none);
}

const EMPTY: ReadonlyMap<string, number> = new Map();

/** The watched episodes of a series as `s{season}e{episode}` keys (see episodeWatchKey), each with its plays. */
export function useWatchedEpisodes(
  seriesId: number,
  store: HistoryStore = getHistoryStore(),
): ReadonlyMap<string, number> {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return useMemo(() => {
    const keys = watchedEpisodesOf(items, seriesId);
    return keys.size === 0 ? EMPTY : keys;
  }, [items, seriesId]);
}

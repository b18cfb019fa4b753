import { watchedKeysOf, type MarkWatchedScope, type MarkWatchedTitle } from '@marquee/core';
import { getHistoryStore } from '../local-store/history-store.ts';

/** Marks a film, a series, a season or an episode unwatched: its history entries go. Returns how many. */
export function unmarkWatched(title: Pick<MarkWatchedTitle, 'id' | 'media_type'>, target: MarkWatchedScope): number {
  const history = getHistoryStore();
  const keys = watchedKeysOf(history.getSnapshot(), title, target);
  for (const key of keys) history.remove(key);
  return keys.length;
}

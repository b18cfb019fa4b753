import type { SyncStore } from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { forgetLocalData } from '@/lib/local-store/forget.ts';
import { storeKeys } from '@/lib/local-store/storage.ts';
import { getWatchLaterStore } from '@/lib/local-store/watch-later-store.ts';

const STORES: SyncStore[] = ['history', 'watch_later', 'settings'];

/**
 * Data Management's "Clear all data" (product.md §2): history and Watch Later emptied, settings
 * back to their defaults, and every other Marquee key removed. A guest's data lives only here,
 * so nothing of it is left. Once anything has reached the server, the removals the stores just
 * queued must still reach it (or the next sync would bring everything back), so their own keys
 * stay.
 */
export function clearAllData(): void {
  const history = getHistoryStore();
  const watchLater = getWatchLaterStore();
  const settings = getSettingsStore();
  const hasSynced = [history, watchLater, settings].some((store) => store.getLastSync() !== null);
  history.clear();
  watchLater.clear();
  settings.reset();
  const kept = new Set<string>(hasSynced ? STORES.flatMap((store) => Object.values(storeKeys(store))) : []);
  forgetLocalData(kept);
}

/** Saves text as a file through a temporary link to a Blob. */
export function downloadText(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns; the URL must live until then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

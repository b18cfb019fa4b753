import { canonicalJson, mergeSettings, type SyncOperation } from '@marquee/core';
import { getHiddenStore } from '@/lib/local-store/hidden-store.ts';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { importOperations } from '@/lib/local-store/import-upserts.ts';
import { getRatingsStore } from '@/lib/local-store/ratings-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { getWatchLaterStore } from '@/lib/local-store/watch-later-store.ts';

/** What an import changed, store by store. */
export interface AppliedImport {
  history: number;
  watch_later: number;
  ratings: number;
  hidden: number;
  settings: number;
}

/**
 * Applies an import's operations through the app's own stores (issue 31): they are stored in this
 * browser and queued like any change, so the sync sends a signed-in viewer's to the account and a
 * guest's stay here. Items no newer than what is stored are left out: importing the same file
 * again changes nothing.
 */
export function applyImport(operations: readonly SyncOperation[]): AppliedImport {
  const applied: AppliedImport = {
    history: importOperations(getHistoryStore(), operations),
    watch_later: importOperations(getWatchLaterStore(), operations),
    ratings: importOperations(getRatingsStore(), operations),
    hidden: importOperations(getHiddenStore(), operations),
    settings: 0,
  };
  const settings = operations.find((operation) => operation.store === 'settings');
  if (settings?.op === 'upsert') {
    const store = getSettingsStore();
    const wanted = mergeSettings(settings.item);
    if (canonicalJson(wanted) !== canonicalJson(store.getSnapshot()) && store.update(wanted).ok) applied.settings = 1;
  }
  return applied;
}

export function appliedCount(applied: AppliedImport): number {
  return applied.history + applied.watch_later + applied.ratings + applied.hidden + applied.settings;
}

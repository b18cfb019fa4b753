import { canonicalJson, mergeSettings, type SyncOperation } from '@marquee/core';
import { getHiddenStore } from '@/lib/local-store/hidden-store.ts';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { importIntoStores, importOperations } from '@/lib/local-store/import-upserts.ts';
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
 * again changes nothing. Throws ImportNotStoredError, having stored nothing, when this browser's
 * storage cannot hold the import.
 */
export function applyImport(operations: readonly SyncOperation[]): AppliedImport {
  // All or nothing: a browser that cannot store the whole import keeps none of it.
  const lists = importIntoStores(operations, {
    history: (undo) => importOperations(getHistoryStore(), operations, undo),
    watch_later: (undo) => importOperations(getWatchLaterStore(), operations, undo),
    ratings: (undo) => importOperations(getRatingsStore(), operations, undo),
    hidden: (undo) => importOperations(getHiddenStore(), operations, undo),
  });
  const applied: AppliedImport = { ...lists, settings: 0 };
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

/**
 * Operations an account's import takes into the stores at a time. A browser keeps about 5 MB for a
 * site, some 10,000 queued operations: a larger import queued whole could not be stored, and would
 * be lost if the page closed before the sync sent it.
 */
export const IMPORT_FLUSH_SIZE = 2_000;

/**
 * Applies a signed-in viewer's import a part at a time (IMPORT_FLUSH_SIZE operations): each part is
 * stored and queued, then `flush` (the sync) sends it before the next is taken, so the queue never
 * holds more than a part and the page gets the main thread back between parts. A flush that fails
 * stops nothing: what it did not send stays queued, and the sync retries it.
 */
export async function applyImportInParts(
  operations: readonly SyncOperation[],
  flush: () => Promise<unknown>,
  onProgress: (applied: number, total: number) => void = () => {},
): Promise<AppliedImport> {
  const applied: AppliedImport = { history: 0, watch_later: 0, ratings: 0, hidden: 0, settings: 0 };
  for (let start = 0; start < operations.length; start += IMPORT_FLUSH_SIZE) {
    const part = applyImport(operations.slice(start, start + IMPORT_FLUSH_SIZE));
    for (const store of Object.keys(applied) as Array<keyof AppliedImport>) applied[store] += part[store];
    await flush();
    onProgress(Math.min(operations.length, start + IMPORT_FLUSH_SIZE), operations.length);
  }
  return applied;
}

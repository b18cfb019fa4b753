import { compactQueue, type SyncOperation, type SyncOperationFor, type SyncStore } from '@marquee/core';
import type { ListImportMerge, ListRules, PersistedStore } from './persisted-store.ts';

/**
 * Takes in upserts made elsewhere (an import, issue 31): each item newer than the one stored under
 * its key (by its own time) is stored and queued for the server as it came; an item no newer is
 * left out. Applying the same operations again therefore changes nothing. Returns how many were taken.
 */
export function importListUpserts<I extends { synced: boolean }, S extends SyncStore>(
  operations: readonly SyncOperation[],
  base: PersistedStore<readonly I[], S>,
  rules: ListRules<I> & { store: S },
): number {
  const byKey = new Map(base.getSnapshot().map((item) => [rules.key(item), item]));
  const queued: SyncOperationFor<S>[] = [];
  for (const operation of operations) {
    if (operation.op !== 'upsert' || operation.store !== rules.store) continue;
    const [item] = rules.parse([{ ...operation.item, synced: false }]);
    if (!item) continue;
    const key = rules.key(item);
    const current = byKey.get(key);
    if (current && Date.parse(rules.changedAt(current)) >= Date.parse(rules.changedAt(item))) continue;
    byKey.set(key, item);
    queued.push({ ...operation, item } as unknown as SyncOperationFor<S>);
  }
  // One commit: thousands of rows are one change for the screens and the sync.
  // Each item was validated above, and the stored ones when they came in: no need to again.
  if (queued.length > 0)
    base.commit(rules.normalize([...byKey.values()]), compactQueue([...base.getQueue(), ...queued]));
  return queued.length;
}

/** Takes an import's operations into a list store (history, Watch Later, ratings, hidden). */
export function importOperations<I extends { synced: boolean }, S extends SyncStore>(
  store: { importWith(merge: ListImportMerge<I, S>): number },
  operations: readonly SyncOperation[],
): number {
  return store.importWith((base, rules) => importListUpserts(operations, base, rules));
}

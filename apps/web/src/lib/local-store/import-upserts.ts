import { compactQueue, type SyncOperation, type SyncOperationFor, type SyncStore } from '@marquee/core';
import type { ListImportMerge, ListRules, PersistedStore } from './persisted-store.ts';

/**
 * The browser refused to store an import (its quota, about 5 MB a site in Chromium): nothing of it
 * was kept. `items` is how many the import would have stored.
 */
export class ImportNotStoredError extends Error {
  constructor(readonly items: number) {
    super(`This browser could not store the ${items} items of this import`);
    this.name = 'ImportNotStoredError';
  }
}

/** What an import did to one store, to be undone if a later store cannot take its part. */
export type Undo = () => void;

/**
 * Takes in upserts made elsewhere (an import, issue 31): each item newer than the one stored under
 * its key (by its own time) is stored and queued for the server as it came; an item no newer is
 * left out. Applying the same operations again therefore changes nothing. Returns how many were taken.
 */
export function importListUpserts<I extends { synced: boolean }, S extends SyncStore>(
  operations: readonly SyncOperation[],
  base: PersistedStore<readonly I[], S>,
  rules: ListRules<I> & { store: S },
  undo: Undo[] = [],
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
  if (queued.length === 0) return 0;
  const [list, queue] = [base.getSnapshot(), base.getQueue()];
  if (!base.tryCommit(rules.normalize([...byKey.values()]), compactQueue([...queue, ...queued]))) {
    throw new ImportNotStoredError(queued.length);
  }
  undo.push(() => void base.tryCommit(list, queue));
  return queued.length;
}

/** Takes an import's operations into a list store (history, Watch Later, ratings, hidden). */
export function importOperations<I extends { synced: boolean }, S extends SyncStore>(
  store: { importWith(merge: ListImportMerge<I, S>): number },
  operations: readonly SyncOperation[],
  undo: Undo[] = [],
): number {
  return store.importWith((base, rules) => importListUpserts(operations, base, rules, undo));
}

/**
 * Takes an import's operations into several list stores, all or nothing: each step takes them into
 * one store (importOperations with the undo list it is given). When a store cannot store its part
 * (the browser's quota), the stores done before it are put back as they were and an
 * {@link ImportNotStoredError} counting every item of the import is thrown, so that no list holds
 * half an import and each list stays consistent with its queue.
 */
export function importIntoStores<K extends string>(
  operations: readonly SyncOperation[],
  steps: Record<K, (undo: Undo[]) => number>,
): Record<K, number> {
  const undo: Undo[] = [];
  const taken = {} as Record<K, number>;
  try {
    for (const name of Object.keys(steps) as K[]) taken[name] = steps[name](undo);
  } catch (error) {
    undo.reverse().forEach((step) => step());
    if (!(error instanceof ImportNotStoredError)) throw error;
    const listed = new Set<string>(Object.keys(steps));
    const items = operations.filter((operation) => operation.op === 'upsert' && listed.has(operation.store));
    throw new ImportNotStoredError(items.length);
  }
  return taken;
}

import {
  dropOperationsFor,
  enqueueOperation,
  failFromIssues,
  type LibraryResult,
  type SyncOperationFor,
  type Validator,
} from '@marquee/core';
import {
  completeListSync,
  createPersistedStore,
  type ListImportMerge,
  type LocalStoreOptions,
  type SyncCompletion,
} from './persisted-store.ts';
import { createStorage } from './storage.ts';

type KeyedStore = 'ratings' | 'hidden';

/** A list of items with one per key that the user sets and unsets: ratings, hidden titles. */
export interface KeyedListStore<I extends { synced: boolean }, R, S extends KeyedStore> {
  getSnapshot(): readonly I[];
  getServerSnapshot(): readonly I[];
  subscribe(listener: () => void): () => void;
  /** Saves (or replaces) the item for its key; fails naming the field when invalid, nothing stored. */
  put(input: unknown): LibraryResult<I>;
  /** Removes the item with this reference's key; false when there was none. */
  remove(ref: R): boolean;
  find(ref: R): I | undefined;
  /** Runs an import's merge (import-upserts.ts) on this store; how many items it took. */
  importWith(merge: ListImportMerge<I, S>): number;
  getQueue(): SyncOperationFor<S>[];
  getLastSync(): string | null;
  completeSync(completion: SyncCompletion): void;
  dispose(): void;
}

export interface KeyedListRules<I extends { synced: boolean }, R> {
  store: KeyedStore;
  validator: Validator<I>;
  /** The store's operation validator (ratingsOperationValidator, ...), for its stored queue. */
  operationValidator: Validator<SyncOperationFor<KeyedStore>>;
  parse(value: unknown): I[];
  normalize(items: readonly I[]): I[];
  key(item: R | I): string;
  ref(item: I): R;
  /** The item's time, as its upsert carries it. */
  changedAt(item: I): string;
}

/**
 * A store of keyed items kept like the other personal data (DESIGN.md "Sync rules"): every change
 * saved at once and queued for the server; a removal of something never synced just unqueues it.
 */
export function createKeyedListStore<I extends { synced: boolean }, R, S extends KeyedStore>(
  rules: KeyedListRules<I, R>,
  { storage = createStorage(), now = () => new Date() }: LocalStoreOptions = {},
): KeyedListStore<I, R, S> {
  const base = createPersistedStore(
    storage,
    rules.store as S,
    rules.parse,
    rules.operationValidator as Validator<SyncOperationFor<S>>,
  );
  type Operation = SyncOperationFor<S>;

  return {
    getSnapshot: base.getSnapshot,
    getServerSnapshot: base.getServerSnapshot,
    subscribe: base.subscribe,
    getQueue: base.getQueue,
    getLastSync: base.getLastSync,
    dispose: base.dispose,

    put(input) {
      const parsed = rules.validator.safeParse({ ...(input as object), synced: false });
      if (!parsed.success) return failFromIssues('invalid_item', parsed.error);
      const item = parsed.data;
      const key = rules.key(item);
      const list = rules.parse([item, ...base.getSnapshot().filter((other) => rules.key(other) !== key)]);
      const operation = { op: 'upsert', store: rules.store, item, at: rules.changedAt(item) } as Operation;
      base.commit(list, enqueueOperation(base.getQueue(), operation));
      return { ok: true, value: item };
    },

    remove(ref) {
      const key = rules.key(ref);
      const item = base.getSnapshot().find((entry) => rules.key(entry) === key);
      if (!item) return false;
      const list = base.getSnapshot().filter((entry) => entry !== item);
      const queue =
        !item.synced && base.getLastSync() === null
          ? dropOperationsFor(base.getQueue(), key)
          : enqueueOperation(base.getQueue(), {
              op: 'remove',
              store: rules.store,
              item: rules.ref(item),
              at: now().toISOString(),
            } as Operation);
      base.commit(list, queue);
      return true;
    },

    find: (ref) => base.getSnapshot().find((entry) => rules.key(entry) === rules.key(ref)),

    importWith: (merge) => merge(base, { ...rules, store: rules.store as S }),

    completeSync(completion) {
      completeListSync<I, S>(base, completion, rules);
    },
  };
}

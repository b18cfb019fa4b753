import {
  hiddenOperationValidator,
  hiddenItemValidator,
  hiddenKey,
  parseStoredHidden,
  normalizeHidden,
  type HiddenItem,
  type HiddenRef,
  type LibraryResult,
} from '@marquee/core';
import { createKeyedListStore, type KeyedListStore } from './keyed-list-store.ts';
import type { LocalStoreOptions } from './persisted-store.ts';

export interface HiddenStore extends KeyedListStore<HiddenItem, HiddenRef, 'hidden'> {
  /** "Not interested": the title is left out everywhere until brought back. */
  hide(ref: HiddenRef): LibraryResult<HiddenItem>;
  isHidden(ref: HiddenRef): boolean;
}

/** Titles the viewer is not interested in (DESIGN.md "Sync stores": `hidden`). */
export function createHiddenStore(options: LocalStoreOptions = {}): HiddenStore {
  const now = options.now ?? (() => new Date());
  const store = createKeyedListStore<HiddenItem, HiddenRef, 'hidden'>(
    {
      store: 'hidden',
      validator: hiddenItemValidator,
      operationValidator: hiddenOperationValidator,
      parse: parseStoredHidden,
      normalize: normalizeHidden,
      key: hiddenKey,
      ref: ({ movie_id, content_type }) => ({ movie_id, content_type }),
      changedAt: (item) => item.hidden_at,
    },
    { ...options, now },
  );
  return {
    ...store,
    hide: (ref) => store.put({ ...ref, hidden_at: now().toISOString() }),
    isHidden: (ref) => store.find(ref) !== undefined,
  };
}

let defaultStore: HiddenStore | undefined;

/** The app's hidden titles over window.localStorage, created on first use. */
export function getHiddenStore(): HiddenStore {
  return (defaultStore ??= createHiddenStore());
}

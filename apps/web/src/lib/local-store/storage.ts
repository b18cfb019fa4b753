import type { SyncStore } from '@marquee/core';

/** Every key Marquee writes starts with this, so its data can be told apart and cleared. */
export const STORAGE_PREFIX = 'marquee:';

/**
 * The keys of one personal store (product.md §9 "Local storage holds history, Watch Later and
 * settings plus a sync queue for each and a last-sync time"), without the prefix.
 */
export function storeKeys(store: SyncStore) {
  return { items: store, queue: `${store}:queue`, lastSync: `${store}:last-sync` } as const;
}

/** The part of the Web Storage API the wrapper uses; tests may pass their own. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * localStorage seen through Marquee's prefix. Nothing here throws: disabled storage, a full
 * quota and hand-edited JSON are logged with console.warn and read as "nothing stored", so a
 * broken browser store can cost the user their saved data but never the app.
 */
export interface MarqueeStorage {
  /** The stored JSON under `key`, given to `parse`; `parse(undefined)` when absent or unreadable. */
  read<T>(key: string, parse: (value: unknown) => T): T;
  /** The raw stored text, or null. */
  readRaw(key: string): string | null;
  /** Stores `value` as JSON; false (and a warning) if the browser refused. */
  write(key: string, value: unknown): boolean;
  /** Stores text already serialised as JSON (a cell that keeps it); false (and a warning) if refused. */
  writeRaw(key: string, text: string): boolean;
  remove(key: string): void;
  /**
   * Calls `listener` with the key whenever one of `keys` may have changed: written through any
   * wrapper on the same storage in this tab, or in another tab (the `storage` event). A write in
   * this tab also gives the text it stored, so that the listener need not read it back.
   */
  subscribe(keys: readonly string[], listener: (key: string, text?: string) => void): () => void;
  /** Bytes (UTF-16, as browsers count them) used by Marquee's keys, for Data Management. */
  usedBytes(): number;
}

/** Stored text as JSON; undefined when absent or not JSON (hand-edited, truncated by a full disk). */
function decode(key: string, raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch (error) {
    console.warn(`Ignoring unreadable ${STORAGE_PREFIX + key}`, error);
    return undefined;
  }
}

type KeyListener = (key: string | null, text?: string) => void;

// Writes in this tab fire no `storage` event here, so wrappers over the same storage tell each
// other directly.
const inTabListeners = new WeakMap<object, Set<KeyListener>>();
const NO_STORAGE = {};

function defaultBackend(): StorageBackend | null {
  try {
    // Merely reading window.localStorage throws a SecurityError when the user has disabled it.
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch (error) {
    console.warn('Local storage is unavailable; changes will not be kept.', error);
    return null;
  }
}

export interface StorageOptions {
  /** Defaults to window.localStorage; null means storage is unavailable. */
  backend?: StorageBackend | null;
  /** Where `storage` events from other tabs arrive; defaults to window. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export function createStorage(options: StorageOptions = {}): MarqueeStorage {
  const backend = options.backend === undefined ? defaultBackend() : options.backend;
  const events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
  const channelKey = backend ?? NO_STORAGE;

  function readRaw(key: string): string | null {
    if (!backend) return null;
    try {
      return backend.getItem(STORAGE_PREFIX + key);
    } catch (error) {
      console.warn(`Could not read ${STORAGE_PREFIX + key}`, error);
      return null;
    }
  }

  function notifyInTab(key: string, text?: string) {
    for (const listener of inTabListeners.get(channelKey) ?? []) listener(key, text);
  }

  function writeRaw(key: string, text: string): boolean {
    if (!backend) return false;
    try {
      backend.setItem(STORAGE_PREFIX + key, text);
    } catch (error) {
      // Most often the quota; the change stays in memory for this visit.
      console.warn(`Could not save ${STORAGE_PREFIX + key}`, error);
      return false;
    }
    notifyInTab(key, text);
    return true;
  }

  return {
    readRaw,

    read(key, parse) {
      return parse(decode(key, readRaw(key)));
    },

    write(key, value) {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch (error) {
        console.warn(`Could not save ${STORAGE_PREFIX + key}`, error);
        return false;
      }
      return writeRaw(key, text);
    },
    writeRaw,

    remove(key) {
      if (!backend) return;
      try {
        backend.removeItem(STORAGE_PREFIX + key);
      } catch (error) {
        console.warn(`Could not remove ${STORAGE_PREFIX + key}`, error);
        return;
      }
      notifyInTab(key);
    },

    subscribe(keys, listener) {
      const watched = new Set(keys);
      const onKey: KeyListener = (key, text) => {
        // A null key means the whole storage was cleared (Storage#clear in another tab).
        if (key === null) watched.forEach((each) => listener(each));
        else if (watched.has(key)) listener(key, text);
      };
      const onStorageEvent = (event: Event) => {
        const { key, storageArea } = event as StorageEvent;
        if (storageArea && backend && storageArea !== backend) return;
        if (key === null) onKey(null);
        else if (key.startsWith(STORAGE_PREFIX)) onKey(key.slice(STORAGE_PREFIX.length));
      };
      let listeners = inTabListeners.get(channelKey);
      if (!listeners) inTabListeners.set(channelKey, (listeners = new Set()));
      listeners.add(onKey);
      events?.addEventListener('storage', onStorageEvent);
      return () => {
        listeners.delete(onKey);
        events?.removeEventListener('storage', onStorageEvent);
      };
    },

    usedBytes() {
      if (!backend) return 0;
      try {
        let bytes = 0;
        for (let index = 0; index < backend.length; index++) {
          const key = backend.key(index);
          if (key?.startsWith(STORAGE_PREFIX)) bytes += (key.length + (backend.getItem(key)?.length ?? 0)) * 2;
        }
        return bytes;
      } catch (error) {
        console.warn('Could not measure local storage', error);
        return 0;
      }
    },
  };
}

/**
 * One stored value with an in-memory copy: `get()` returns the same object until the stored text
 * changes, as React's useSyncExternalStore requires of snapshots.
 */
export interface StoredCell<T> {
  get(): T;
  /** Keeps the value in memory and saves it; false if saving failed (the value is kept anyway). */
  set(value: T): boolean;
  /** Re-reads the stored text (or takes `text`, just stored in this tab); true if the value changed. */
  refresh(text?: string): boolean;
}

export function createCell<T>(storage: MarqueeStorage, key: string, parse: (value: unknown) => T): StoredCell<T> {
  // The text last seen in storage, to tell a change made elsewhere from our own echo.
  let stored = storage.readRaw(key);
  let value = parse(decode(key, stored));
  return {
    get: () => value,
    set(next) {
      const previous = stored;
      value = next;
      // Set before writing: the write echoes back to this cell's own refresh, which must see no change
      // (the very same string, compared at once however long).
      stored = JSON.stringify(next);
      const saved = storage.writeRaw(key, stored);
      // After a failed save the storage still holds the old text; remembering that keeps the
      // in-memory value from being "refreshed" back to it.
      if (!saved) stored = previous;
      return saved;
    },
    refresh(text) {
      const current = text ?? storage.readRaw(key);
      if (current === stored) return false;
      stored = current;
      value = parse(decode(key, current));
      return true;
    },
  };
}

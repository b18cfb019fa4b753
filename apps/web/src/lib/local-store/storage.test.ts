import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCell, createStorage, STORAGE_PREFIX, storeKeys, type StorageBackend } from './storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const asArray = (value: unknown) => (Array.isArray(value) ? value : []);

/** A storage that refuses everything, like Safari's private mode of old or a full quota. */
function brokenBackend(): StorageBackend {
  const refuse = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse, key: refuse, length: 0 };
}

describe('createStorage', () => {
  it('keeps its keys under the marquee: prefix, as JSON', () => {
    const storage = createStorage();
    expect(storage.write('history', [1])).toBe(true);
    expect(window.localStorage.getItem(`${STORAGE_PREFIX}history`)).toBe('[1]');
    expect(storage.read('history', asArray)).toEqual([1]);
    expect(storeKeys('watch_later')).toEqual({
      items: 'watch_later',
      queue: 'watch_later:queue',
      lastSync: 'watch_later:last-sync',
    });
  });

  it('reads unreadable JSON as nothing, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('marquee:history', '{');
    expect(createStorage().read('history', (value) => value ?? 'empty')).toBe('empty');
    expect(warn).toHaveBeenCalled();
  });

  it('never throws when the browser refuses to store', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = createStorage({ backend: brokenBackend() });
    expect(storage.write('settings', { a: 1 })).toBe(false);
    expect(storage.read('settings', (value) => value ?? 'empty')).toBe('empty');
    expect(() => storage.remove('settings')).not.toThrow();
    expect(storage.usedBytes()).toBe(0);
    expect(warn).toHaveBeenCalled();
  });

  it('works without any storage', () => {
    const storage = createStorage({ backend: null });
    expect(storage.write('x', 1)).toBe(false);
    expect(storage.read('x', (value) => value)).toBeUndefined();
  });

  it('tells wrappers in this tab and other tabs about changes to watched keys', () => {
    const listener = vi.fn();
    const unsubscribe = createStorage().subscribe(['settings'], listener);
    createStorage().write('settings', {});
    createStorage().write('history', []);
    expect(listener).toHaveBeenCalledTimes(1);

    // Another tab: the browser only fires the storage event.
    window.dispatchEvent(new StorageEvent('storage', { key: 'marquee:settings', storageArea: window.localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'settings', storageArea: window.localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: window.localStorage }));
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    createStorage().write('settings', {});
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('counts the bytes of its own keys only', () => {
    window.localStorage.setItem('other', 'x'.repeat(100));
    const storage = createStorage();
    storage.write('a', 'b');
    expect(storage.usedBytes()).toBe(('marquee:a'.length + '"b"'.length) * 2);
  });
});

describe('createCell', () => {
  it('keeps the same snapshot until the stored text changes', () => {
    const storage = createStorage();
    storage.write('list', [1]);
    const cell = createCell(storage, 'list', asArray);
    const first = cell.get();
    expect(cell.refresh()).toBe(false);
    expect(cell.get()).toBe(first);
    window.localStorage.setItem('marquee:list', '[2]');
    expect(cell.refresh()).toBe(true);
    expect(cell.get()).toEqual([2]);
  });

  it('keeps a value it could not save for the rest of the visit', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const backend = brokenBackend();
    const cell = createCell(createStorage({ backend }), 'list', asArray);
    expect(cell.set([3])).toBe(false);
    expect(cell.refresh()).toBe(false);
    expect(cell.get()).toEqual([3]);
  });
});

import type { StorageBackend } from '@/lib/local-store/storage.ts';

/** A localStorage of the test's own, in memory: stores made on it share nothing with the page's. */
export function memoryBackend(): StorageBackend {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

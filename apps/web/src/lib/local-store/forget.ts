import { createStorage, STORAGE_PREFIX } from './storage.ts';

/** Marquee's keys in local storage, without the prefix. */
export function marqueeKeys(): string[] {
  try {
    const keys: string[] = [];
    for (let index = 0; index < window.localStorage.length; index++) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(STORAGE_PREFIX)) keys.push(key.slice(STORAGE_PREFIX.length));
    }
    return keys;
  } catch (error) {
    console.warn('Could not list local storage', error);
    return [];
  }
}

/**
 * Removes everything Marquee keeps in this browser, queues included, without telling the server:
 * the data stays in the account, only this device forgets it. The stores hear the removals and
 * show empty lists and default settings at once.
 */
export function forgetLocalData(except: ReadonlySet<string> = new Set()): void {
  const storage = createStorage();
  for (const key of marqueeKeys()) if (!except.has(key)) storage.remove(key);
}

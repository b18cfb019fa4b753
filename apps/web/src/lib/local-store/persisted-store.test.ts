import {
  historyKey,
  historyOperationValidator,
  normalizeHistory,
  parseStoredHistory,
  type HistoryItem,
  type SyncOperationFor,
} from '@marquee/core';
import { describe, expect, it } from 'vitest';
import { completeListSync, createPersistedStore, type ListRules } from './persisted-store.ts';
import { createStorage, type StorageBackend } from './storage.ts';

/** A storage that counts what is read and written, by key. */
function countingBackend() {
  const map = new Map<string, string>();
  const reads: string[] = [];
  const writes: string[] = [];
  const backend: StorageBackend = {
    getItem: (key) => (reads.push(key), map.get(key) ?? null),
    setItem: (key, value) => void (writes.push(key), map.set(key, value)),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
  return { backend, reads, writes };
}

function entry(index: number, synced: boolean): HistoryItem {
  return {
    id: `tv:9:s1:e${index + 1}`,
    movie_id: 9,
    movie_title: 'A Series',
    movie_poster: null,
    content_type: 'tv',
    watched_at: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
    duration_watched: 0,
    total_duration: null,
    completed: true,
    synced,
    season_number: 1,
    episode_number: index + 1,
    episode_title: null,
    source: 'import',
    play_count: 1,
  };
}

/** The history store's rules, counting the items each whole-list or single parse validates. */
function countingRules() {
  const parsed = { items: 0 };
  const rules: ListRules<HistoryItem> = {
    parse(value) {
      parsed.items += Array.isArray(value) ? value.length : 0;
      return parseStoredHistory(value);
    },
    normalize: normalizeHistory,
    key: historyKey,
    changedAt: (item) => item.watched_at,
  };
  return { rules, parsed };
}

/** 1,000 episodes imported and queued, not yet sent. */
function importedStore() {
  const counting = countingBackend();
  const storage = createStorage({ backend: counting.backend, events: null });
  const store = createPersistedStore(storage, 'history', parseStoredHistory, historyOperationValidator);
  const items = Array.from({ length: 1000 }, (_, index) => entry(index, false));
  const queue = items.map((item) => ({ op: 'upsert', store: 'history', item, at: item.watched_at }) as const);
  store.commit(normalizeHistory(items), queue as SyncOperationFor<'history'>[]);
  counting.reads.length = 0;
  counting.writes.length = 0;
  return { store, ...counting };
}

describe('completing a sync of a large list (issue 31: a big import froze the page)', () => {
  it('validates only the server’s items, reads nothing back and saves each key once', () => {
    const { store, reads, writes } = importedStore();
    const { rules, parsed } = countingRules();
    // The first batch of 100 was sent; the server's answer echoes those items back.
    const flushed = store.getQueue().slice(0, 100);
    const server = new Map(
      flushed.map((operation) => {
        const { item } = operation as Extract<typeof operation, { op: 'upsert' }>;
        return [historyKey(item), JSON.parse(JSON.stringify(item)) as unknown];
      }),
    );
    completeListSync(store, { flushed, server, at: new Date('2024-02-01T00:00:00.000Z') }, rules);

    expect(parsed.items).toBe(100);
    expect(reads).toEqual([]);
    expect(writes.sort()).toEqual(['marquee:history', 'marquee:history:last-sync', 'marquee:history:queue']);
    // What it stored is what the whole-list parse made of it before.
    expect(store.getQueue()).toHaveLength(900);
    expect(store.getSnapshot()).toEqual(parseStoredHistory(store.getSnapshot()));
    expect(
      store
        .getSnapshot()
        .filter((item) => item.synced)
        .map((item) => item.episode_number)
        .sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
  });

  it('leaves a list and queue that nothing changed as they are stored (a batch of another store)', () => {
    const { store, writes } = importedStore();
    const { rules, parsed } = countingRules();
    const before = store.getSnapshot();
    completeListSync(store, { flushed: [], server: new Map(), at: new Date('2024-02-01T00:00:00.000Z') }, rules);
    expect(parsed.items).toBe(0);
    expect(writes).toEqual(['marquee:history:last-sync']);
    expect(store.getSnapshot()).toBe(before);
  });
});

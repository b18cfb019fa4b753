import type { SyncOperation } from '@marquee/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importedWatch } from '@/test/import-fixtures.ts';
import { createHistoryStore } from './history-store.ts';
import { importIntoStores, importOperations, ImportNotStoredError } from './import-upserts.ts';
import { createRatingsStore } from './ratings-store.ts';
import { createStorage, type StorageBackend } from './storage.ts';
import { createWatchLaterStore } from './watch-later-store.ts';

afterEach(() => localStorage.clear());

const watched = importedWatch;

describe("the stores' importOperations (issue 31)", () => {
  it('stores and queues an import once: the same operations again change nothing', () => {
    const history = createHistoryStore({ storage: createStorage() });
    const operations = [watched(1, '2021-01-09T12:00:00.000Z', 2), watched(2, '2022-05-31T12:00:00.000Z')];
    expect(importOperations(history, operations)).toBe(2);
    expect(history.getSnapshot().map((item) => [item.movie_id, item.play_count, item.source])).toEqual([
      [2, 1, 'import'],
      [1, 2, 'import'],
    ]);
    expect(history.getQueue()).toHaveLength(2);
    const snapshot = history.getSnapshot();
    const queue = history.getQueue();
    expect(importOperations(history, operations)).toBe(0);
    expect(history.getSnapshot()).toBe(snapshot);
    expect(history.getQueue()).toEqual(queue);
  });

  it('keeps a newer entry of the same title (watched since in the player)', () => {
    const history = createHistoryStore({ storage: createStorage(), now: () => new Date('2026-11-20T10:00:00Z') });
    history.add({ movie_id: 1, movie_title: 'Film 1', content_type: 'movie', source: 'player' });
    expect(importOperations(history, [watched(1, '2021-01-09T12:00:00.000Z', 3)])).toBe(0);
    expect(history.getSnapshot()[0]).toMatchObject({ source: 'player', watched_at: '2026-11-20T10:00:00.000Z' });
  });

  it('takes only its own store’s operations: Watch Later and ratings alike', () => {
    const storage = createStorage();
    const watchLater = createWatchLaterStore({ storage });
    const ratings = createRatingsStore({ storage });
    const operations: SyncOperation[] = [
      watched(1, '2021-01-09T12:00:00.000Z'),
      {
        op: 'upsert',
        store: 'watch_later',
        at: '2020-12-24T12:00:00.000Z',
        item: {
          id: 'movie:2',
          movie_id: 2,
          movie_title: 'Film 2',
          movie_poster: null,
          movie_overview: null,
          movie_release_date: null,
          movie_vote_average: null,
          content_type: 'movie',
          added_at: '2020-12-24T12:00:00.000Z',
          synced: false,
        },
      },
      {
        op: 'upsert',
        store: 'ratings',
        at: '2022-06-01T12:00:00.000Z',
        item: {
          movie_id: 1,
          content_type: 'movie',
          season_number: null,
          episode_number: null,
          rating: 10,
          rated_at: '2022-06-01T12:00:00.000Z',
          synced: false,
        },
      },
    ];
    expect(importOperations(watchLater, operations)).toBe(1);
    expect(importOperations(ratings, operations)).toBe(1);
    expect(watchLater.getSnapshot().map((item) => item.movie_title)).toEqual(['Film 2']);
    expect(ratings.ratingOf({ movie_id: 1, content_type: 'movie', season_number: null, episode_number: null })).toBe(
      10,
    );
    expect(importOperations(ratings, operations)).toBe(0);
  });
});

/** A storage that refuses, as browsers do past their quota, to hold more than `limit` characters. */
function quotaBackend(limit: number): StorageBackend {
  const map = new Map<string, string>();
  const used = () => [...map].reduce((sum, [key, value]) => sum + key.length + value.length, 0);
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem(key, value) {
      if (used() - (map.get(key)?.length ?? 0) + value.length > limit) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

const saved = (id: number, at: string): SyncOperation => ({
  op: 'upsert',
  store: 'watch_later',
  at,
  item: {
    id: `movie:${id}`,
    movie_id: id,
    movie_title: `Film ${id}`,
    movie_poster: null,
    movie_overview: null,
    movie_release_date: null,
    movie_vote_average: null,
    content_type: 'movie',
    added_at: at,
    synced: false,
  },
});

describe('an import larger than the browser can store (issue 31)', () => {
  it('stores none of it, names how many items, and leaves earlier data and queues as they were', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const backend = quotaBackend(40_000);
    const storage = createStorage({ backend, events: null });
    const history = createHistoryStore({ storage });
    const watchLater = createWatchLaterStore({ storage });
    const earlier = '2020-01-01T00:00:00.000Z';
    importOperations(history, [watched(1, earlier)]);
    importOperations(watchLater, [saved(1, earlier)]);
    const stored = () =>
      Object.fromEntries(
        Array.from({ length: backend.length }, (_, index) => backend.key(index)!).map((key) => [
          key,
          backend.getItem(key),
        ]),
      );
    const before = { stored: stored(), history: history.getSnapshot(), watchLater: watchLater.getSnapshot() };

    // History fits; Watch Later, taken after it, does not: history must not keep its part.
    const at = (index: number) => new Date(Date.UTC(2021, 0, 1) + index * 60_000).toISOString();
    const operations = [
      ...Array.from({ length: 20 }, (_, index) => watched(100 + index, at(index))),
      ...Array.from({ length: 200 }, (_, index) => saved(100 + index, at(index))),
    ];
    let error: unknown;
    try {
      importIntoStores(operations, {
        history: (undo) => importOperations(history, operations, undo),
        watch_later: (undo) => importOperations(watchLater, operations, undo),
      });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ImportNotStoredError);
    expect((error as ImportNotStoredError).items).toBe(220);
    expect(stored()).toEqual(before.stored);
    expect(history.getSnapshot()).toEqual(before.history);
    expect(watchLater.getSnapshot()).toEqual(before.watchLater);
    expect(history.getQueue().map((operation) => operation.at)).toEqual([earlier]);
    expect(watchLater.getQueue().map((operation) => operation.at)).toEqual([earlier]);
    // What fits is taken, once the user imports less.
    expect(
      importIntoStores(operations.slice(0, 25), {
        history: (undo) => importOperations(history, operations.slice(0, 25), undo),
        watch_later: (undo) => importOperations(watchLater, operations.slice(0, 25), undo),
      }),
    ).toEqual({ history: 20, watch_later: 5 });
  });
});

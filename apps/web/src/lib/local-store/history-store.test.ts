import { historyKey, type HistoryAddInput } from '@marquee/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHistoryStore, type HistoryStore } from './history-store.ts';
import { createStorage } from './storage.ts';

const T0 = Date.parse('2024-05-01T12:00:00.000Z');
const stores: HistoryStore[] = [];

/** A store over window.localStorage with a clock that ticks a minute per call. */
function makeStore() {
  let tick = 0;
  const store = createHistoryStore({ storage: createStorage(), now: () => new Date(T0 + tick++ * 60_000) });
  stores.push(store);
  return store;
}

afterEach(() => {
  stores.splice(0).forEach((store) => store.dispose());
  vi.restoreAllMocks();
});

function movie(overrides: Partial<HistoryAddInput> = {}): HistoryAddInput {
  return { movie_id: 603, movie_title: 'The Matrix', content_type: 'movie', ...overrides };
}

describe('history store', () => {
  it('saves an added entry at once, unsynced, and queues it', () => {
    const store = makeStore();
    const result = store.add(movie());
    expect(result.ok).toBe(true);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ movie_id: 603, synced: false })]);
    expect(JSON.parse(window.localStorage.getItem('marquee:history')!)).toEqual(store.getSnapshot());
    expect(store.getQueue()).toEqual([
      { op: 'upsert', store: 'history', item: store.getSnapshot()[0], at: store.getSnapshot()[0]!.watched_at },
    ]);
    expect(JSON.parse(window.localStorage.getItem('marquee:history:queue')!)).toHaveLength(1);
  });

  it('passes validation failures on without saving anything', () => {
    const store = makeStore();
    expect(store.add(movie({ movie_id: 0 }))).toEqual({
      ok: false,
      error: { code: 'invalid_item', message: 'Invalid movie_id provided', field: 'movie_id' },
    });
    expect(store.getSnapshot()).toEqual([]);
    expect(store.getQueue()).toEqual([]);
  });

  it('records progress and completes at 90 %', () => {
    const store = makeStore();
    store.add(movie());
    const result = store.updateProgress('movie:603', 5400, 6000);
    expect(result).toMatchObject({ ok: true, value: { completed: true, duration_watched: 5400 } });
    expect(store.getQueue()).toHaveLength(1);
  });

  it('does not queue the removal of an entry that never reached the server', () => {
    const store = makeStore();
    store.add(movie());
    store.add(movie({ movie_id: 2, movie_title: 'Two' }));
    expect(store.remove('movie:603')).toMatchObject({ ok: true, value: { movie_id: 603 } });
    expect(store.getQueue().map((operation) => [operation.op, 'item' in operation && operation.item.movie_id])).toEqual(
      [['upsert', 2]],
    );
    expect(store.remove('movie:603')).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Item not found in history' },
    });
  });

  it('queues the removal of a synced entry, with its key fields', () => {
    const store = makeStore();
    store.add({ ...movie({ content_type: 'tv', movie_id: 1399 }), season_number: 1, episode_number: 2 });
    store.completeSync({ flushed: store.getQueue(), at: new Date(T0 + 3_600_000) });
    expect(store.getSnapshot()[0]!.synced).toBe(true);
    expect(store.getQueue()).toEqual([]);
    expect(store.getLastSync()).toBe(new Date(T0 + 3_600_000).toISOString());

    store.remove('tv:1399:s1:e2');
    expect(store.getQueue()).toEqual([
      {
        op: 'remove',
        store: 'history',
        item: { movie_id: 1399, content_type: 'tv', season_number: 1, episode_number: 2 },
        at: expect.any(String),
      },
    ]);
  });

  it('removes entries it does not hold by queueing their removal, once it has synced with an account', () => {
    const store = makeStore();
    store.add(movie());
    const older = { movie_id: 1399, content_type: 'tv', season_number: 1, episode_number: 1 } as const;
    // A guest's history is all in the browser: there is nothing elsewhere to remove.
    expect(store.removeEntries([older])).toMatchObject({ ok: false, error: { message: 'Item not found in history' } });
    expect(store.getSnapshot()).toHaveLength(1);

    store.completeSync({ flushed: store.getQueue(), at: new Date(T0) });
    expect(store.removeEntries([{ movie_id: 603, content_type: 'movie' }, older])).toEqual({ ok: true, value: 2 });
    expect(store.getSnapshot()).toEqual([]);
    expect(store.getQueue()).toEqual([
      {
        op: 'remove',
        store: 'history',
        item: { movie_id: 603, content_type: 'movie', season_number: null, episode_number: null },
        at: expect.any(String),
      },
      { op: 'remove', store: 'history', item: older, at: expect.any(String) },
    ]);
    // Kept while offline: the queue is saved with the list.
    expect(JSON.parse(window.localStorage.getItem('marquee:history:queue')!)).toHaveLength(2);
  });

  it('clears the list with one operation once anything was synced, entries it never held included', () => {
    const store = makeStore();
    store.add(movie());
    store.add(movie({ movie_id: 2, movie_title: 'Two' }));
    store.clear();
    // A guest's history: nothing to tell a server.
    expect(store.getQueue()).toEqual([]);
    store.add(movie());
    store.completeSync({ flushed: store.getQueue(), at: new Date(T0) });
    store.add(movie({ movie_id: 2, movie_title: 'Two' }));
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(store.getQueue().map((operation) => operation.op)).toEqual(['remove_all']);
  });

  it("shows the server's changes plus its own unacknowledged ones after a sync", () => {
    const store = makeStore();
    store.add(movie());
    store.add(movie({ movie_id: 4, movie_title: 'Four' }));
    store.completeSync({ flushed: store.getQueue(), at: new Date(T0) });
    const flushed = store.getQueue();
    store.add(movie({ movie_id: 2, movie_title: 'Added meanwhile' }));
    const serverOnly = { ...store.getSnapshot()[1]!, id: 'srv-9', movie_id: 9, movie_title: 'From phone' };
    const changes = new Map<string, unknown>([
      ['movie:9', serverOnly],
      // Removed on another device: it goes here too.
      ['movie:4', null],
      // The server's version of an entry with a change still queued here does not overwrite it.
      ['movie:2', { ...serverOnly, id: 'movie:2', movie_id: 2, movie_title: 'Older' }],
      ['movie:77', { junk: true }],
    ]);
    store.completeSync({ flushed, server: changes, at: new Date(T0 + 600_000) });
    const shown = store.getSnapshot().map((item) => [item.movie_id, item.movie_title, item.synced]);
    expect(shown.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [2, 'Added meanwhile', false],
      [9, 'From phone', true],
      [603, 'The Matrix', true],
    ]);
    expect(store.getQueue().map((operation) => ('item' in operation ? operation.item.movie_id : null))).toEqual([2]);
  });

  it('after a full answer keeps only what the server holds and what is queued', () => {
    const store = makeStore();
    store.add(movie());
    store.completeSync({ flushed: store.getQueue(), at: new Date(T0) });
    store.add(movie({ movie_id: 2, movie_title: 'Queued' }));
    store.completeSync({ flushed: [], server: new Map(), full: true, at: new Date(T0) });
    expect(store.getSnapshot().map((item) => item.movie_id)).toEqual([2]);
  });

  it('dates an entry marked watched on an earlier day with that day, and its change with now', () => {
    const store = makeStore();
    const earlier = new Date(T0 - 5 * 86_400_000);
    const result = store.add(movie(), { watchedAt: earlier });
    expect(result.ok && result.value.watched_at).toBe(earlier.toISOString());
    const [operation] = store.getQueue();
    // The sync orders changes by when they were made: a back-dated mark is still the newest change.
    expect(Date.parse(operation!.at)).toBeGreaterThan(earlier.getTime());
  });

  it('reads corrupted storage as a clean history', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const stored of ['{', '[1,2]', '{"a":1}', 'null', '[{"movie_id":5}]']) {
      window.localStorage.setItem('marquee:history', stored);
      window.localStorage.setItem('marquee:history:queue', stored);
      window.localStorage.setItem('marquee:history:last-sync', stored);
      const store = makeStore();
      expect(store.getSnapshot()).toEqual([]);
      expect(store.getQueue()).toEqual([]);
      expect(store.getLastSync()).toBeNull();
    }
  });

  it('keeps the valid entries of a hand-edited list', () => {
    const good = {
      id: 'x',
      movie_id: 5,
      movie_title: 'Five',
      content_type: 'movie',
      watched_at: '2024-01-01T00:00:00Z',
    };
    window.localStorage.setItem('marquee:history', JSON.stringify([good, { ...good, movie_id: 'five' }, 7]));
    expect(makeStore().getSnapshot()).toEqual([
      expect.objectContaining({ movie_id: 5, synced: false, completed: false }),
    ]);
  });

  it("sees another tab's change through the storage event", () => {
    const here = makeStore();
    const listener = vi.fn();
    here.subscribe(listener);
    const elsewhere = [
      {
        id: 'movie:7',
        movie_id: 7,
        movie_title: 'Seven',
        content_type: 'movie',
        watched_at: '2024-01-01T00:00:00.000Z',
      },
    ];
    window.localStorage.setItem('marquee:history', JSON.stringify(elsewhere));
    window.dispatchEvent(new StorageEvent('storage', { key: 'marquee:history', storageArea: window.localStorage }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(here.getSnapshot().map(historyKey)).toEqual(['movie:7']);
  });

  it('sees changes of another store instance in the same tab', () => {
    const one = makeStore();
    const two = makeStore();
    const snapshot = two.getSnapshot();
    one.add(movie());
    expect(two.getSnapshot()).not.toBe(snapshot);
    expect(two.getSnapshot()).toEqual(one.getSnapshot());
    const unchanged = two.getSnapshot();
    one.add(movie({ content_type: 'person' } as never));
    expect(two.getSnapshot()).toBe(unchanged);
  });
});

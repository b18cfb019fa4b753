import type { WatchLaterAddInput } from '@marquee/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStorage } from './storage.ts';
import { createWatchLaterStore, type WatchLaterStore } from './watch-later-store.ts';

const T0 = Date.parse('2024-05-01T12:00:00.000Z');
const stores: WatchLaterStore[] = [];

function makeStore() {
  let tick = 0;
  const store = createWatchLaterStore({ storage: createStorage(), now: () => new Date(T0 + tick++ * 60_000) });
  stores.push(store);
  return store;
}

afterEach(() => {
  stores.splice(0).forEach((store) => store.dispose());
  vi.restoreAllMocks();
});

function title(overrides: Partial<WatchLaterAddInput> = {}): WatchLaterAddInput {
  return {
    movie_id: 603,
    movie_title: 'The Matrix',
    content_type: 'movie',
    movie_release_date: '1999-03-31',
    ...overrides,
  };
}

const queued = (store: WatchLaterStore) =>
  store.getQueue().map((operation) => [operation.op, 'item' in operation && operation.item.movie_id]);

describe('watch later store', () => {
  it('saves, queues and refuses duplicates', () => {
    const store = makeStore();
    expect(store.add(title())).toMatchObject({ ok: true, value: { movie_id: 603, synced: false } });
    expect(store.add(title())).toEqual({
      ok: false,
      error: { code: 'already_exists', message: 'Item already in watch later' },
    });
    expect(store.has(603, 'movie')).toBe(true);
    expect(store.has(603, 'tv')).toBe(false);
    expect(queued(store)).toEqual([['upsert', 603]]);
    expect(JSON.parse(window.localStorage.getItem('marquee:watch_later:queue')!)).toHaveLength(1);
  });

  it('toggles, and an unsynced title removed again leaves nothing queued', () => {
    const store = makeStore();
    expect(store.toggle(title())).toMatchObject({ ok: true, value: { added: true } });
    expect(store.toggle(title())).toMatchObject({ ok: true, value: { added: false } });
    expect(store.getSnapshot()).toEqual([]);
    expect(store.getQueue()).toEqual([]);
  });

  it('queues the removal of a synced title', () => {
    const store = makeStore();
    store.add(title());
    store.completeSync({ flushed: store.getQueue(), server: [], at: new Date(T0) });
    expect(store.getSnapshot()[0]!.synced).toBe(true);
    expect(store.remove('movie:603')).toMatchObject({ ok: true });
    expect(store.getQueue()).toEqual([
      { op: 'remove', store: 'watch_later', item: { movie_id: 603, content_type: 'movie' }, at: expect.any(String) },
    ]);
    expect(store.remove('movie:603')).toMatchObject({ ok: false, error: { message: 'Item not found in watch later' } });
  });

  it('keeps a title removed during a sync removed, whatever the server answered', () => {
    const store = makeStore();
    store.add(title());
    store.completeSync({ flushed: store.getQueue(), at: new Date(T0) });
    const flushed = store.getQueue();
    const serverCopy = { ...store.getSnapshot()[0]!, synced: true };
    store.remove('movie:603');
    store.completeSync({ flushed, server: [serverCopy], at: new Date(T0 + 1) });
    expect(store.getSnapshot()).toEqual([]);
    expect(queued(store)).toEqual([['remove', 603]]);
  });

  it('clears the list', () => {
    const store = makeStore();
    store.add(title());
    store.add(title({ movie_id: 2 }));
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(store.getQueue()).toEqual([]);
  });

  it('reads corrupted storage as a clean list', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const stored of ['{', '[1,2]', '{"movie_id": 1}', '[{"movie_title": "No id"}]']) {
      window.localStorage.setItem('marquee:watch_later', stored);
      expect(makeStore().getSnapshot()).toEqual([]);
    }
  });

  it('two instances sharing one storage see each other', () => {
    const one = makeStore();
    const two = makeStore();
    one.add(title());
    expect(two.has(603, 'movie')).toBe(true);
    two.remove('movie:603');
    expect(one.getSnapshot()).toEqual([]);
  });
});

describe('the server snapshot', () => {
  it('is the empty list whatever this browser saved, the same object every time', () => {
    const store = makeStore();
    store.add(title());
    expect(store.getSnapshot()).toHaveLength(1);
    // A page rendered on the server showed a guest's empty list; hydration must start from it.
    expect(store.getServerSnapshot()).toEqual([]);
    expect(store.getServerSnapshot()).toBe(store.getServerSnapshot());
  });

  it("is this browser's own list when that is still the empty one: hydrating changes nothing", () => {
    const store = makeStore();
    expect(store.getServerSnapshot()).toBe(store.getSnapshot());
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SETTINGS,
  listItemKey,
  type ListStore,
  watchLaterKey,
  type Settings,
  type SyncOperation,
  type WatchLaterAddInput,
} from '@marquee/core';
import { ApiError } from '../api-client.ts';
import { createHiddenStore } from '../local-store/hidden-store.ts';
import { createHistoryStore } from '../local-store/history-store.ts';
import { createRatingsStore } from '../local-store/ratings-store.ts';
import { createSettingsStore } from '../local-store/settings-store.ts';
import { createStorage } from '../local-store/storage.ts';
import { createWatchLaterStore } from '../local-store/watch-later-store.ts';
import { createSyncEngine, type SyncAnswer, type SyncEngine } from './sync-engine.ts';
import { memoryBackend } from '@/test/memory-backend.ts';

/**
 * A server with the design's rules: newer change wins, removals kept as tombstones, each change a
 * version in the account's stream, answers holding what changed since the device's cursor.
 */
function fakeServer() {
  type Row = { at: string; item: Record<string, unknown> | null; ref: Record<string, unknown>; version: number };
  const rows = { history: new Map(), watch_later: new Map(), ratings: new Map(), hidden: new Map() } as Record<
    ListStore,
    Map<string, Row>
  >;
  let settings: { value: Settings; at: string; version: number } | null = null;
  let version = 0;
  const requests: SyncOperation[][] = [];
  return {
    requests,
    rows,
    get settings() {
      return settings;
    },
    seedSettings(value: Settings) {
      settings = { value, at: '2024-01-01T00:00:00.000Z', version: ++version };
    },
    async send(operations: SyncOperation[], cursor: string | null = null): Promise<SyncAnswer> {
      requests.push(operations);
      const touched = {
        history: new Set<string>(),
        watch_later: new Set<string>(),
        ratings: new Set<string>(),
        hidden: new Set<string>(),
      };
      for (const operation of operations) {
        if (operation.op === 'remove_all') continue;
        if (operation.store === 'settings') {
          if (!settings || operation.at >= settings.at) {
            settings = { value: operation.item, at: operation.at, version: ++version };
          }
          continue;
        }
        const key = listItemKey(operation.store, operation.item)!;
        touched[operation.store].add(key);
        const current = rows[operation.store].get(key);
        if (current && current.at > operation.at) continue;
        rows[operation.store].set(key, {
          at: operation.at,
          item: operation.op === 'upsert' ? { ...operation.item, synced: true } : null,
          ref: operation.item,
          version: ++version,
        });
      }
      const since = cursor === null ? -1 : Number(cursor);
      const changed = (store: ListStore) =>
        [...rows[store].entries()].filter(([key, row]) => row.version > since || touched[store].has(key));
      return {
        history: changed('history').flatMap(([, row]) => (row.item ? [row.item] : [])),
        watch_later: changed('watch_later').flatMap(([, row]) => (row.item ? [row.item] : [])),
        removed: {
          history: changed('history').flatMap(([, row]) => (row.item ? [] : [row.ref])),
          watch_later: changed('watch_later').flatMap(([, row]) => (row.item ? [] : [row.ref])),
        },
        settings: settings && settings.version > since ? settings.value : null,
        cursor: String(version),
        has_more: false,
      };
    },
    async fetchSettingsUpdatedAt() {
      return settings?.at ?? null;
    },
  };
}

function title(id: number, overrides: Partial<WatchLaterAddInput> = {}): WatchLaterAddInput {
  return {
    movie_id: id,
    movie_title: `Film ${id}`,
    content_type: 'movie',
    movie_release_date: '1999-03-31',
    ...overrides,
  };
}

let clock = Date.parse('2024-05-01T12:00:00.000Z');
const now = () => new Date((clock += 1000));

function setup(options: { online?: () => boolean } = {}) {
  const storage = createStorage({ backend: memoryBackend(), events: null });
  const history = createHistoryStore({ storage, now });
  const watchLater = createWatchLaterStore({ storage, now });
  const ratings = createRatingsStore({ storage, now });
  const hidden = createHiddenStore({ storage, now });
  const settings = createSettingsStore({ storage, now });
  const server = fakeServer();
  let owner: string | null = null;
  let cursor: string | null = null;
  const ownerCell = {
    get: () => owner,
    set: (id: string | null) => void (owner = id),
    getCursor: () => cursor,
    setCursor: (next: string | null) => void (cursor = next),
  };
  const onUnauthorized = vi.fn();
  const transport = { send: vi.fn(server.send), fetchSettingsUpdatedAt: server.fetchSettingsUpdatedAt };
  const engine = createSyncEngine({
    history,
    watchLater,
    ratings,
    hidden,
    settings,
    transport,
    owner: ownerCell,
    isOnline: options.online,
    now,
    onUnauthorized,
  });
  engines.push(engine);
  return {
    engine,
    history,
    watchLater,
    ratings,
    hidden,
    settings,
    server,
    transport,
    onUnauthorized,
    owner: () => owner,
    ownerCell,
  };
}

const engines: SyncEngine[] = [];
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  engines.splice(0).forEach((engine) => engine.dispose());
  vi.useRealTimers();
});

describe('sync engine', () => {
  it('keeps a guest local: nothing is sent without a user', async () => {
    const { engine, watchLater, transport } = setup();
    watchLater.add(title(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await engine.syncNow()).toBe(false);
    expect(transport.send).not.toHaveBeenCalled();
    expect(watchLater.getSnapshot()[0]!.synced).toBe(false);
  });

  it('offers a guest’s lists to the account at sign-in and merges the server’s', async () => {
    const { engine, watchLater, history, server, owner } = setup();
    watchLater.add(title(1));
    history.add({ movie_id: 7, movie_title: 'Film 7', content_type: 'movie' });
    await server.send([
      {
        op: 'upsert',
        store: 'watch_later',
        item: { ...watchLater.getSnapshot()[0]!, movie_id: 2, movie_title: 'Film 2' },
        at: '2024-01-01T00:00:00.000Z',
      },
    ]);
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);

    expect(server.rows.watch_later.has(watchLaterKey({ movie_id: 1, content_type: 'movie' }))).toBe(true);
    expect(server.rows.history.size).toBe(1);
    expect(
      watchLater
        .getSnapshot()
        .map((item) => [item.movie_id, item.synced])
        .sort(),
    ).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(watchLater.getQueue()).toEqual([]);
    expect(owner()).toBe('user-a');
    expect(engine.getState().status).toBe('synced');
  });

  it('sends a change made while signed in after a short pause, once', async () => {
    const { engine, watchLater, transport } = setup();
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    transport.send.mockClear();
    watchLater.add(title(3));
    watchLater.add(title(4));
    expect(transport.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(transport.send).toHaveBeenCalledTimes(1);
    expect(
      transport.send.mock.calls[0]![0].map(
        (operation) => ('item' in operation ? operation.item : null) as { movie_id: number },
      ).map((item) => item.movie_id),
    ).toEqual([3, 4]);
    expect(watchLater.getSnapshot().every((item) => item.synced)).toBe(true);
  });

  it('keeps local data on failure and retries with backoff until it goes through', async () => {
    const { engine, watchLater, transport, server } = setup();
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    transport.send.mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down'));
    transport.send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    watchLater.add(title(5));
    await vi.advanceTimersByTimeAsync(400);
    expect(engine.getState().status).toBe('failed');
    expect(watchLater.getSnapshot()).toHaveLength(1);
    expect(watchLater.getQueue()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000); // first retry after 1 s fails too
    expect(engine.getState().status).toBe('failed');
    await vi.advanceTimersByTimeAsync(2000); // second retry after 2 s
    expect(engine.getState().status).toBe('synced');
    expect(server.rows.watch_later.size).toBe(1);
    expect(watchLater.getQueue()).toEqual([]);
  });

  it('drops a change the server refuses for good and sends the rest again, never the same batch forever', async () => {
    const { engine, watchLater, transport, server, ownerCell } = setup();
    // The server refuses any change to film 13, naming it in the batch (as sync-refusal.ts does).
    const refuse13 = (operations: SyncOperation[], cursor: string | null = null) => {
      const index = operations.findIndex(
        (operation) =>
          operation.store === 'watch_later' && operation.op !== 'remove_all' && operation.item.movie_id === 13,
      );
      if (index < 0) return server.send(operations, cursor);
      const message = `Invalid operations.${index}.item.movie_id: no such film`;
      return Promise.reject(new ApiError(400, 'invalid_input', message, { operation: index, field: 'item.movie_id' }));
    };
    transport.send.mockImplementation(refuse13);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A guest's film 13 is offered at sign-in, then refused: the sign-in's sync still completes.
    watchLater.add(title(13));
    watchLater.add(title(11));
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    expect(engine.getState().status).toBe('synced');
    expect([...server.rows.watch_later.keys()]).toEqual([watchLaterKey({ movie_id: 11, content_type: 'movie' })]);
    expect(watchLater.getSnapshot().map((item) => item.movie_id)).toEqual([11]);

    // A refused change among good ones, once signed in: the good ones go, the device shows the server's.
    watchLater.add(title(12));
    watchLater.add(title(13));
    watchLater.add(title(14));
    await vi.advanceTimersByTimeAsync(400);
    expect(engine.getState().status).toBe('synced');
    expect(server.rows.watch_later.size).toBe(3);
    expect(
      watchLater
        .getSnapshot()
        .map((item) => item.movie_id)
        .sort(),
    ).toEqual([11, 12, 14]);
    expect(watchLater.getQueue()).toEqual([]);
    expect(ownerCell.getCursor()).not.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/refused/), expect.stringMatching(/no such film/));
    const sent = transport.send.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(transport.send.mock.calls.length).toBe(sent);
  });

  it('retries a refused batch that names no operation with backoff', async () => {
    const { engine, watchLater, transport } = setup();
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    transport.send.mockRejectedValueOnce(new ApiError(400, 'invalid_input', 'Invalid operations: too many'));
    watchLater.add(title(5));
    await vi.advanceTimersByTimeAsync(400);
    expect(engine.getState().status).toBe('failed');
    expect(watchLater.getQueue()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.getState().status).toBe('synced');
    expect(watchLater.getQueue()).toEqual([]);
  });

  it('reports a lost session instead of retrying', async () => {
    const { engine, transport, onUnauthorized } = setup();
    transport.send.mockRejectedValueOnce(new ApiError(401, 'unauthorized', 'Sign in to use this'));
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(transport.send).toHaveBeenCalledTimes(1);
  });

  it('uploads local settings at login when the server has none', async () => {
    const { engine, settings, server } = setup();
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    expect(server.settings?.value).toEqual(settings.getSnapshot());
  });

  it('takes the server’s settings at login when nothing changed here (product.md §4)', async () => {
    const { engine, settings, server } = setup();
    server.seedSettings({ ...DEFAULT_SETTINGS, gridColumns: 8 });
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    expect(settings.getSnapshot().gridColumns).toBe(8);
  });

  it('uploads settings changed here before login over the server’s', async () => {
    const { engine, settings, server } = setup();
    server.seedSettings({ ...DEFAULT_SETTINGS, gridColumns: 8 });
    settings.set('gridColumns', 5);
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    expect(server.settings?.value.gridColumns).toBe(5);
    expect(settings.getSnapshot().gridColumns).toBe(5);
  });

  it('holds Watch Later changes while its auto-save is off, until a sync is asked for', async () => {
    const { engine, settings, watchLater, server } = setup();
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    settings.set('autoSaveWatchLater', false);
    watchLater.add(title(6));
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.rows.watch_later.size).toBe(0);
    expect(await engine.syncNow({ manual: true })).toBe(true);
    expect(server.rows.watch_later.size).toBe(1);
  });

  it('says Offline and sends nothing while the browser is offline', async () => {
    let online = false;
    const { engine, transport } = setup({ online: () => online });
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    expect(engine.getState().status).toBe('offline');
    expect(transport.send).not.toHaveBeenCalled();
    online = true;
    expect(await engine.syncNow()).toBe(true);
    expect(engine.getState().status).toBe('synced');
  });

  it('ignores an answer that arrives after sign-out', async () => {
    const { engine, watchLater, transport, server } = setup();
    let release: () => void = () => {};
    transport.send.mockImplementationOnce(
      (operations, cursor) => new Promise((resolve) => (release = () => resolve(server.send(operations, cursor)))),
    );
    watchLater.add(title(8));
    engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    engine.setUser(null);
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(watchLater.getSnapshot()[0]!.synced).toBe(false);
    expect(watchLater.getQueue()).toHaveLength(1);
  });

  it('uses local data at load when this account synced in the last 5 minutes and nothing is pending', async () => {
    const first = setup();
    first.engine.setUser('user-a');
    await vi.advanceTimersByTimeAsync(150);
    expect(first.transport.send).toHaveBeenCalledTimes(1);
    // A reload: a new engine over the same stores and owner.
    const reload = () => {
      const engine = createSyncEngine({
        history: first.history,
        watchLater: first.watchLater,
        ratings: first.ratings,
        hidden: first.hidden,
        settings: first.settings,
        transport: first.transport,
        owner: first.ownerCell,
        now,
      });
      engines.push(engine);
      engine.setUser('user-a');
    };
    reload();
    await vi.advanceTimersByTimeAsync(150);
    expect(first.transport.send).toHaveBeenCalledTimes(1);
    clock += 5 * 60 * 1000;
    reload();
    await vi.advanceTimersByTimeAsync(150);
    expect(first.transport.send).toHaveBeenCalledTimes(2);
  });
});

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  canonicalJson,
  dropSeries,
  historyKey,
  isWatchedEntry,
  listItemKey,
  syncItemKey,
  undropSeries,
  watchLaterKey,
  type ListStore,
  type SyncOperation,
  type SyncStateAnswer,
} from '@marquee/core';
// The web app's own stores and sync engine, not a model of them (issue: "a property test drives
// the app's own client code against the real server").
import { createHiddenStore, type HiddenStore } from '../../../web/src/lib/local-store/hidden-store.ts';
import { createHistoryStore, type HistoryStore } from '../../../web/src/lib/local-store/history-store.ts';
import { createRatingsStore, type RatingsStore } from '../../../web/src/lib/local-store/ratings-store.ts';
import { createSettingsStore, type SettingsStore } from '../../../web/src/lib/local-store/settings-store.ts';
import { createStorage, type StorageBackend } from '../../../web/src/lib/local-store/storage.ts';
import { createWatchLaterStore, type WatchLaterStore } from '../../../web/src/lib/local-store/watch-later-store.ts';
import {
  createSyncEngine,
  type SyncAnswer,
  type SyncEngine,
  type SyncTimers,
} from '../../../web/src/lib/sync/sync-engine.ts';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
let quiet: MockInstance;
beforeAll(async () => {
  t = await createTestApp();
  // A lost answer makes the engine warn that it will retry: expected here, hundreds of times.
  quiet = vi
    .spyOn(console, 'warn')
    .mockImplementation((...args) => process.env.CONVERGENCE_DEBUG && console.info(...args));
});
afterAll(async () => {
  quiet.mockRestore();
  await t.close();
});

function memoryBackend(): StorageBackend {
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

/** Timers that never fire by themselves: the test decides when a device syncs. */
const STILL_TIMERS: SyncTimers = {
  setTimeout: () => 0,
  clearTimeout: () => {},
  setInterval: () => 0,
  clearInterval: () => {},
};

const TITLES = [11, 12, 13];
const SERIES = 1396;

/** What a device's next request does on the way: arrives, arrives and loses its answer, arrives twice, or waits. */
type Delivery = 'normal' | 'lost-answer' | 'twice' | 'held';

interface Device {
  name: string;
  skewMs: number;
  online: boolean;
  history: HistoryStore;
  watchLater: WatchLaterStore;
  ratings: RatingsStore;
  hidden: HiddenStore;
  settings: SettingsStore;
  engine: SyncEngine;
  delivery: Delivery;
  held: Array<() => Promise<void>>;
  running: Promise<boolean> | null;
}

class NetworkError extends Error {}

/** Every operation the server received, in order: the model of what the final state must be. */
function createDevice(name: string, skewMs: number, clock: { now: number }, cookie: string, sent: SyncOperation[]) {
  const storage = createStorage({ backend: memoryBackend(), events: null });
  const now = () => new Date(clock.now + skewMs);
  const device = {
    name,
    skewMs,
    online: true,
    history: createHistoryStore({ storage, now }),
    watchLater: createWatchLaterStore({ storage, now }),
    ratings: createRatingsStore({ storage, now }),
    hidden: createHiddenStore({ storage, now }),
    settings: createSettingsStore({ storage, now }),
    delivery: 'normal',
    held: [],
    running: null,
  } as unknown as Device;

  const post = async (operations: SyncOperation[], cursor: string | null): Promise<SyncAnswer> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/sync',
      payload: { operations, cursor },
      headers: { cookie, origin: TEST_ORIGIN },
    });
    if (response.statusCode !== 200) throw new Error(`sync answered ${response.statusCode}: ${response.body}`);
    sent.push(...operations);
    return response.json();
  };

  let owner: string | null = null;
  let cursor: string | null = null;
  device.engine = createSyncEngine({
    history: device.history,
    watchLater: device.watchLater,
    ratings: device.ratings,
    hidden: device.hidden,
    settings: device.settings,
    owner: {
      get: () => owner,
      set: (id) => void (owner = id),
      getCursor: () => cursor,
      setCursor: (next) => void (cursor = next),
    },
    isOnline: () => device.online,
    now,
    timers: STILL_TIMERS,
    transport: {
      async send(operations, at) {
        const delivery = device.delivery;
        device.delivery = 'normal';
        if (delivery === 'lost-answer') {
          await post(operations, at);
          throw new NetworkError('the answer was lost on the way back');
        }
        if (delivery === 'twice') {
          await post(operations, at);
          return post(operations, at);
        }
        if (delivery === 'held') {
          return new Promise<SyncAnswer>((resolve, reject) =>
            device.held.push(() => post(operations, at).then(resolve, reject)),
          );
        }
        return post(operations, at);
      },
      async fetchSettingsUpdatedAt() {
        const response = await t.app.inject({ url: '/api/me/settings', headers: { cookie } });
        return response.json().updated_at;
      },
    },
  });
  return device;
}

const action = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'watch-later-toggle',
        'watch-later-add',
        'watch-later-remove',
        'history-watch',
        'history-progress',
        'history-remove',
        'history-mark-earlier',
        'history-watch-again',
        'rate',
        'unrate',
        'hide',
        'unhide',
      ),
      device: fc.nat(2),
      title: fc.constantFrom(...TITLES, SERIES),
      episode: fc.integer({ min: 1, max: 3 }),
      amount: fc.integer({ min: 0, max: 1000 }),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('sync'), device: fc.nat(2) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'settings',
        'hide-watched',
        'drop-series',
        'clear-watch-later',
        'clear-history',
        'offline',
        'online',
        'release',
      ),
      device: fc.nat(2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deliver'),
      device: fc.nat(2),
      delivery: fc.constantFrom<Delivery>('lost-answer', 'twice', 'held'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick'), ms: fc.integer({ min: 1, max: 1500 }) }) },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

async function perform(devices: Device[], clock: { now: number }, step: Action): Promise<void> {
  if (step.kind === 'tick') {
    clock.now += step.ms;
    return;
  }
  const device = devices[step.device % devices.length]!;
  clock.now += 7;
  const isTv = 'title' in step && step.title === SERIES;
  const input =
    'title' in step
      ? {
          movie_id: step.title,
          movie_title: `Title ${step.title} by ${device.name}`,
          content_type: isTv ? ('tv' as const) : ('movie' as const),
          season_number: isTv ? 1 : null,
          episode_number: isTv ? step.episode : null,
          total_duration: 1000,
        }
      : null;
  switch (step.kind) {
    case 'watch-later-toggle':
      device.watchLater.toggle(input!);
      return;
    case 'watch-later-add':
      device.watchLater.add(input!);
      return;
    case 'watch-later-remove':
      device.watchLater.remove(watchLaterKey(input!));
      return;
    case 'history-watch':
      device.history.add({ ...input!, duration_watched: step.amount / 10 });
      return;
    case 'history-progress':
      device.history.updateProgress(historyKey(input!), step.amount, 1000);
      return;
    case 'history-remove':
      device.history.remove(historyKey(input!));
      return;
    case 'history-mark-earlier':
      // Marked watched on an earlier day: the entry says that day, the change is made now.
      device.history.add(
        { ...input!, completed: true, source: 'manual' },
        { watchedAt: new Date(clock.now - 86_400_000) },
      );
      return;
    case 'history-watch-again': {
      // Watched again (record-watched.ts): a watched entry gains a play, dated now; else a first one.
      const existing = device.history.getSnapshot().find((item) => historyKey(item) === historyKey(input!));
      const plays = existing && isWatchedEntry(existing) ? existing.play_count + 1 : 1;
      device.history.add({ ...input!, completed: true, source: 'manual', play_count: plays });
      return;
    }
    case 'rate':
      device.ratings.rate(input!, 1 + (step.amount % 10));
      return;
    case 'unrate':
      device.ratings.remove(input!);
      return;
    case 'hide':
      device.hidden.hide(input!);
      return;
    case 'unhide':
      device.hidden.remove(input!);
      return;
    case 'settings':
      device.settings.set('gridColumns', 4 + ((Math.round(clock.now / 7) + step.device) % 5));
      return;
    case 'hide-watched':
      device.settings.set('hideWatched', !device.settings.getSnapshot().hideWatched);
      return;
    case 'drop-series': {
      // Up Next's drop and its undo (use-progress.ts), of one of two series.
      const series = SERIES + (Math.round(clock.now / 7) % 2);
      const dropped = device.settings.getSnapshot().droppedSeries;
      device.settings.set(
        'droppedSeries',
        dropped.some((entry) => entry.id === series)
          ? undropSeries(dropped, series)
          : dropSeries(dropped, series, new Date(clock.now + device.skewMs)),
      );
      return;
    }
    case 'clear-watch-later':
      device.watchLater.clear();
      return;
    case 'clear-history':
      device.history.clear();
      return;
    case 'offline':
      device.online = false;
      return;
    case 'online':
      device.online = true;
      return;
    case 'deliver':
      device.delivery = step.delivery;
      return;
    case 'sync':
      await syncDevice(device);
      return;
    case 'release':
      await release(device);
      return;
  }
}

/** Starts a sync; a sync whose request is held goes on in the background until it is released. */
async function syncDevice(device: Device): Promise<void> {
  const waiting = device.held.length > 0;
  const running = device.engine.syncNow({ manual: true });
  // A device whose request is held is mid-sync: asking again only makes it go round once more.
  if (waiting) return;
  device.running = running;
  await endOrHold(device, device.held.length);
}

async function release(device: Device): Promise<void> {
  const next = device.held.shift();
  if (!next) return;
  const heldBefore = device.held.length;
  await next();
  await endOrHold(device, heldBefore);
}

/** Waits until the device's sync has ended or its next request is held: its readiness signals. */
async function endOrHold(device: Device, heldBefore: number): Promise<void> {
  const running = device.running;
  if (!running) return;
  let ended = false;
  void running.finally(() => (ended = true));
  while (!ended && device.held.length <= heldBefore) await new Promise((resolve) => setImmediate(resolve));
}

/** The state a correct server must hold: per item, the latest change it received (removals win ties). */
function expectedKeys(sent: readonly SyncOperation[]): Record<ListStore, string[]> {
  type Change = { at: number; removal: boolean; fingerprint: string };
  const winners = Object.fromEntries(LIST_STORES.map((store) => [store, new Map<string, Change>()])) as Record<
    ListStore,
    Map<string, Change>
  >;
  const clears = Object.fromEntries(LIST_STORES.map((store) => [store, [] as number[]])) as Record<ListStore, number[]>;
  const newer = (a: Change, b: Change) =>
    a.at !== b.at ? a.at > b.at : a.removal !== b.removal ? a.removal : a.fingerprint > b.fingerprint;
  for (const operation of sent) {
    if (operation.store === 'settings') continue;
    if (operation.op === 'remove_all') {
      clears[operation.store].push(Date.parse(operation.at));
      continue;
    }
    const key = syncItemKey(operation);
    const change: Change = {
      at: Date.parse(operation.at),
      removal: operation.op === 'remove',
      fingerprint: createHash('sha1').update(canonicalJson(operation.item)).digest('hex'),
    };
    const current = winners[operation.store].get(key);
    if (!current || newer(change, current)) winners[operation.store].set(key, change);
  }
  const live = (store: ListStore) =>
    [...winners[store].entries()]
      .filter(([, change]) => !change.removal && clears[store].every((at) => change.at > at))
      .map(([key]) => key)
      .sort();
  return Object.fromEntries(LIST_STORES.map((store) => [store, live(store)])) as Record<ListStore, string[]>;
}

const LIST_STORES: readonly ListStore[] = ['history', 'watch_later', 'ratings', 'hidden'];

const withoutSynced = <T extends { synced: boolean }>(items: readonly T[]) =>
  items.map(({ synced: _synced, ...rest }) => rest);

async function serverState(cookie: string) {
  // The whole state, as the contract's answer without a cursor gives it.
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/me/sync',
    payload: { operations: [] },
    headers: { cookie, origin: TEST_ORIGIN },
  });
  return response.json() as SyncStateAnswer;
}

describe('the web client converges on the server (DESIGN.md "Sync rules")', () => {
  const runs = Number(process.env.CONVERGENCE_RUNS ?? 100);
  const totals = { sequences: 0, lost: 0, resurrected: 0, diverged: 0 };

  it(`${runs} seeded sequences of three devices end with every device showing the server's lists`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 5, maxLength: 40 }),
        fc.array(fc.integer({ min: -4000, max: 4000 }), { minLength: 3, maxLength: 3 }),
        async (steps, skews) => {
          const { cookie } = await signedInUser(t.app);
          const clock = { now: Date.now() };
          const sent: SyncOperation[] = [];
          const devices = skews.map((skew, index) => createDevice(`device ${index}`, skew, clock, cookie, sent));
          try {
            for (const device of devices) device.engine.setUser('account');
            for (const step of steps) await perform(devices, clock, step);

            // Everyone back online; every held request arrives; then each device syncs twice over.
            for (const device of devices) {
              device.online = true;
              device.delivery = 'normal';
            }
            for (const device of devices) {
              while (device.held.length > 0) await release(device);
              if (device.running) await device.running;
            }
            for (let round = 0; round < 2; round++) {
              for (const device of devices) expect(await device.engine.syncNow({ manual: true })).toBe(true);
            }

            const server = await serverState(cookie);
            const expected = expectedKeys(sent);
            const serverKeys = Object.fromEntries(
              LIST_STORES.map((store) => [
                store,
                (server[store] as unknown[]).map((item) => listItemKey(store, item)!).sort(),
              ]),
            ) as Record<ListStore, string[]>;
            totals.sequences += 1;
            for (const store of LIST_STORES) {
              totals.lost += expected[store].filter((key) => !serverKeys[store].includes(key)).length;
              totals.resurrected += serverKeys[store].filter((key) => !expected[store].includes(key)).length;
            }
            expect(serverKeys).toEqual(expected);
            const byKey = <T>(store: ListStore, items: readonly T[]) =>
              [...items].sort((a, b) => (listItemKey(store, a)! < listItemKey(store, b)! ? -1 : 1));
            for (const device of devices) {
              const shown = {
                history: withoutSynced(device.history.getSnapshot()),
                watchLater: withoutSynced(device.watchLater.getSnapshot()),
                ratings: byKey('ratings', withoutSynced(device.ratings.getSnapshot())),
                hidden: byKey('hidden', withoutSynced(device.hidden.getSnapshot())),
                settings: device.settings.getSnapshot(),
                queued: [device.history, device.watchLater, device.ratings, device.hidden].reduce(
                  (sum, store) => sum + store.getQueue().length,
                  0,
                ),
              };
              const truth = {
                history: withoutSynced(server.history),
                watchLater: withoutSynced(server.watch_later),
                ratings: byKey('ratings', withoutSynced(server.ratings)),
                hidden: byKey('hidden', withoutSynced(server.hidden)),
                settings: server.settings,
                queued: 0,
              };
              if (canonicalJson(shown) !== canonicalJson(truth)) totals.diverged += 1;
              expect(shown, device.name).toEqual(truth);
            }
          } finally {
            devices.forEach((device) => device.engine.dispose());
          }
        },
      ),
      { numRuns: runs, seed: Number(process.env.CONVERGENCE_SEED ?? 20261127), endOnFailure: true },
    );
    expect(totals).toEqual({ sequences: runs, lost: 0, resurrected: 0, diverged: 0 });
  }, 600_000);
});

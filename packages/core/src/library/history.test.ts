import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToHistory,
  COMPLETION_THRESHOLD,
  LOCAL_HISTORY_LIMIT,
  historyKey,
  lastWatchedEpisode,
  mergeHistory,
  parseStoredHistory,
  removeFromHistory,
  updateProgress,
  type HistoryAddInput,
  type HistoryItem,
} from './history.ts';
import { historyItemSchema } from './history-schema.ts';
import type { LibraryResult } from './common.ts';

const T0 = new Date('2024-05-01T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

function movie(overrides: Partial<HistoryAddInput> = {}): HistoryAddInput {
  return { movie_id: 603, movie_title: 'The Matrix', movie_poster: '/matrix.jpg', content_type: 'movie', ...overrides };
}

function episode(season: number, number: number, overrides: Partial<HistoryAddInput> = {}): HistoryAddInput {
  return {
    movie_id: 1399,
    movie_title: 'Game of Thrones',
    movie_poster: null,
    content_type: 'tv',
    season_number: season,
    episode_number: number,
    episode_title: `Episode ${number}`,
    ...overrides,
  };
}

function value<T>(result: LibraryResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.message}`);
  return result.value;
}

/** Adds inputs one minute apart, oldest first. */
function historyOf(...inputs: HistoryAddInput[]): HistoryItem[] {
  return inputs.reduce<HistoryItem[]>((list, input, index) => value(addToHistory(list, input, at(index))).list, []);
}

/** The invariants every stored history keeps (product.md §9). */
function expectValidHistory(list: readonly HistoryItem[]) {
  expect(list.length).toBeLessThanOrEqual(LOCAL_HISTORY_LIMIT);
  for (const item of list) expect(historyItemSchema.parse(item)).toEqual(item);
  expect(new Set(list.map(historyKey)).size).toBe(list.length);
  for (let index = 1; index < list.length; index++) {
    expect(Date.parse(list[index - 1]!.watched_at)).toBeGreaterThanOrEqual(Date.parse(list[index]!.watched_at));
  }
}

describe('addToHistory', () => {
  it('adds a validated, unsynced entry on top', () => {
    const { list, item } = value(addToHistory(historyOf(movie({ movie_id: 1 })), movie(), at(5)));
    expect(list[0]).toBe(item);
    expect(item).toMatchObject({
      movie_id: 603,
      movie_title: 'The Matrix',
      content_type: 'movie',
      watched_at: at(5).toISOString(),
      synced: false,
      completed: false,
      duration_watched: 0,
      total_duration: null,
      season_number: null,
      episode_number: null,
    });
    expect(historyItemSchema.safeParse(item).success).toBe(true);
  });

  it.each([
    [{ movie_id: 0 }, 'Invalid movie_id provided', 'movie_id'],
    [{ movie_id: -4 }, 'Invalid movie_id provided', 'movie_id'],
    [{ movie_id: 1.5 }, 'Invalid movie_id provided', 'movie_id'],
    [{ movie_id: '603' }, 'Invalid movie_id provided', 'movie_id'],
    [{ movie_id: 2_147_483_648 }, 'Invalid movie_id provided', 'movie_id'],
    [{ movie_title: '' }, 'Invalid movie_title provided', 'movie_title'],
    [{ movie_title: '   ' }, 'Invalid movie_title provided', 'movie_title'],
    [{ movie_title: undefined }, 'Invalid movie_title provided', 'movie_title'],
    [{ content_type: 'person' }, 'Invalid content_type provided', 'content_type'],
    [{ content_type: undefined }, 'Invalid content_type provided', 'content_type'],
  ])('refuses %o with "%s"', (overrides, message, field) => {
    const result = addToHistory([], { ...movie(), ...overrides } as HistoryAddInput, T0);
    expect(result).toEqual({ ok: false, error: { code: 'invalid_item', message, field } });
  });

  it('moves a re-watched episode to the top and updates it, keeping what was not given', () => {
    let list = historyOf(episode(1, 1), movie());
    list = value(updateProgress(list, historyKey(list[1]!), 600, 3000, at(2))).list;
    const { list: after, item } = value(
      addToHistory(list, episode(1, 1, { episode_title: 'Winter Is Coming' }), at(3)),
    );
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(item);
    expect(item).toMatchObject({ episode_title: 'Winter Is Coming', duration_watched: 600, total_duration: 3000 });
    expect(item.watched_at).toBe(at(3).toISOString());
  });

  it('keeps each episode of a series as an entry of its own (merge keys)', () => {
    const list = historyOf(episode(1, 1), episode(1, 2), episode(2, 1));
    expect(list.map((item) => [item.season_number, item.episode_number])).toEqual([
      [2, 1],
      [1, 2],
      [1, 1],
    ]);
  });

  it('replaces a re-added movie', () => {
    let list = historyOf(movie(), movie({ movie_id: 2, movie_title: 'Other' }));
    list = value(updateProgress(list, 'movie:603', 100, 1000, at(3))).list;
    const { list: after } = value(addToHistory(list, movie({ movie_title: 'The Matrix (1999)' }), at(4)));
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ movie_title: 'The Matrix (1999)', duration_watched: 0, total_duration: null });
  });

  it('keeps the count of plays when the player adds the film again, and takes a count given', () => {
    let list = value(addToHistory([], movie({ play_count: 3 }), at(1))).list;
    expect(list[0]?.play_count).toBe(3);
    list = value(addToHistory(list, movie(), at(2))).list;
    expect(list[0]?.play_count).toBe(3);
    list = value(addToHistory(list, movie({ play_count: 4 }), at(3))).list;
    expect(list[0]?.play_count).toBe(4);
    expect(addToHistory([], movie({ play_count: 0 }), at(1)).ok).toBe(false);
  });

  it('tells a movie and a series with the same id apart', () => {
    const list = historyOf(movie({ movie_id: 7 }), episode(1, 1, { movie_id: 7 }));
    expect(list).toHaveLength(2);
  });

  it('ignores season and episode given for a movie', () => {
    const { item } = value(addToHistory([], movie({ season_number: 1, episode_number: 2 }), T0));
    expect(item).toMatchObject({ season_number: null, episode_number: null, episode_title: null });
  });

  it(`keeps the newest ${LOCAL_HISTORY_LIMIT}`, () => {
    // A full list, then five more: the five oldest go.
    const full = parseStoredHistory(
      Array.from({ length: LOCAL_HISTORY_LIMIT }, (_, index) => ({
        ...value(addToHistory([], movie({ movie_id: index + 1 }), T0)).item,
        watched_at: new Date(T0.getTime() - (LOCAL_HISTORY_LIMIT - index) * 1000).toISOString(),
      })),
    );
    expect(full).toHaveLength(LOCAL_HISTORY_LIMIT);
    const list = [1, 2, 3, 4, 5].reduce(
      (current, offset) => value(addToHistory(current, movie({ movie_id: LOCAL_HISTORY_LIMIT + offset }), T0)).list,
      full,
    );
    expect(list).toHaveLength(LOCAL_HISTORY_LIMIT);
    expect(list.at(-1)!.movie_id).toBe(6);
  });
});

describe('updateProgress', () => {
  const list = historyOf(movie());

  it(`completes an entry at ${COMPLETION_THRESHOLD * 100} % of its duration`, () => {
    expect(value(updateProgress(list, 'movie:603', 899, 1000, at(1))).item.completed).toBe(false);
    const { item } = value(updateProgress(list, 'movie:603', 900, 1000, at(1)));
    expect(item).toMatchObject({ completed: true, duration_watched: 900, total_duration: 1000, synced: false });
  });

  it('keeps completion when the viewer goes back to the start', () => {
    const done = value(updateProgress(list, 'movie:603', 950, 1000, at(1))).list;
    expect(value(updateProgress(done, 'movie:603', 10, 1000, at(2))).item.completed).toBe(true);
  });

  it('keeps the known duration when none is given, and never completes without one', () => {
    const known = value(updateProgress(list, 'movie:603', 100, 1000, at(1))).list;
    expect(value(updateProgress(known, 'movie:603', 950, null, at(2))).item).toMatchObject({
      total_duration: 1000,
      completed: true,
    });
    expect(value(updateProgress(list, 'movie:603', 5000, Number.NaN, at(1))).item.completed).toBe(false);
  });

  it('moves the entry to the top', () => {
    const two = historyOf(movie(), movie({ movie_id: 2, movie_title: 'Two' }));
    expect(value(updateProgress(two, 'movie:603', 5, 10, at(9))).list[0]!.movie_id).toBe(603);
  });

  it('says what went wrong', () => {
    expect(updateProgress(list, 'movie:1', 5, 10, T0)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Item not found in history' },
    });
    expect(updateProgress(list, 'movie:603', -1, 10, T0)).toMatchObject({
      ok: false,
      error: { message: 'Failed to update progress' },
    });
  });
});

describe('removeFromHistory', () => {
  it('removes by merge key and returns the removed entry', () => {
    const list = historyOf(episode(1, 1), episode(1, 2));
    const { list: after, item } = value(removeFromHistory(list, historyKey({ ...episode(1, 1) } as HistoryItem)));
    expect(item.episode_number).toBe(1);
    expect(after.map((entry) => entry.episode_number)).toEqual([2]);
  });

  it('reports an unknown entry', () => {
    expect(removeFromHistory([], 'movie:1')).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Item not found in history' },
    });
  });
});

describe('lastWatchedEpisode', () => {
  it('is the newest entry of the series', () => {
    const list = historyOf(episode(1, 1), episode(2, 3), episode(1, 2), movie({ movie_id: 1399 }));
    expect(lastWatchedEpisode(list, 1399)).toEqual({
      season_number: 1,
      episode_number: 2,
      episode_title: 'Episode 2',
      watched_at: at(2).toISOString(),
    });
    expect(lastWatchedEpisode(list, 42)).toBeNull();
  });

  it('counts only if the newest entry has both season and episode', () => {
    const list = historyOf(episode(1, 1), episode(1, 1, { season_number: null, episode_number: null }));
    expect(lastWatchedEpisode(list, 1399)).toBeNull();
  });
});

describe('parseStoredHistory', () => {
  const valid = historyOf(movie())[0]!;

  it.each([undefined, null, '{', 42, { items: [] }])('reads %o as an empty history', (stored) => {
    expect(parseStoredHistory(stored)).toEqual([]);
  });

  it('drops invalid entries and keeps the rest', () => {
    const stored = [
      valid,
      1,
      null,
      { ...valid, id: 'x', movie_id: -1 },
      { ...valid, movie_title: ' ' },
      { ...valid, content_type: 'person' },
      { ...valid, watched_at: 'yesterday' },
      { movie_id: 5 },
    ];
    expect(parseStoredHistory(stored)).toEqual([valid]);
  });

  it('fills fields an older entry lacks', () => {
    const { id, movie_id, movie_title, content_type, watched_at } = valid;
    expect(parseStoredHistory([{ id, movie_id, movie_title, content_type, watched_at }])).toEqual([
      { ...valid, movie_poster: null },
    ]);
  });

  it('merges duplicates and restores order and cap', () => {
    const older = { ...valid, movie_title: 'Old', watched_at: at(-10).toISOString() };
    const many = Array.from({ length: LOCAL_HISTORY_LIMIT + 50 }, (_, index) => ({
      ...valid,
      id: `m${index}`,
      movie_id: index + 1000,
    }));
    expect(parseStoredHistory([older, valid])).toEqual([valid]);
    expectValidHistory(parseStoredHistory(many));
    expect(parseStoredHistory(many)).toHaveLength(LOCAL_HISTORY_LIMIT);
  });
});

describe('mergeHistory', () => {
  it('keeps the newer version of an entry', () => {
    const local = historyOf(movie(), episode(1, 1));
    const server = [{ ...local[1]!, movie_title: 'Server title', watched_at: at(30).toISOString(), synced: true }];
    const merged = mergeHistory(local, server);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toEqual(server[0]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const date = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2035-01-01T00:00:00Z'),
  noInvalidDate: true,
});
/** Few ids and episodes, so that collisions on merge keys are common. */
const addInput: fc.Arbitrary<HistoryAddInput> = fc.record({
  movie_id: fc.integer({ min: 1, max: 6 }),
  movie_title: fc.string({ minLength: 1 }).filter((title) => title.trim() !== ''),
  movie_poster: fc.option(fc.string(), { nil: null }),
  content_type: fc.constantFrom('movie' as const, 'tv' as const),
  season_number: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
  episode_number: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  duration_watched: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
  total_duration: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
});
const storedItem: fc.Arbitrary<HistoryItem> = fc
  .tuple(addInput, date, fc.boolean(), fc.boolean())
  .map(([input, when, completed, synced]) => ({ ...value(addToHistory([], input, when)).item, completed, synced }));
const wideItem = fc
  .tuple(storedItem, fc.integer({ min: 1, max: 400 }))
  .map(([item, movie_id]) => ({ ...item, movie_id, id: String(movie_id) }));
const storedHistory = fc.array(fc.oneof(storedItem, wideItem), { maxLength: 160 }).map(parseStoredHistory);

type Operation =
  | { kind: 'add'; input: HistoryAddInput; when: Date }
  | { kind: 'progress'; pick: number; position: number; duration: number | null; when: Date }
  | { kind: 'remove'; pick: number }
  | { kind: 'merge'; other: HistoryItem[] };
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), input: addInput, when: date }),
  fc.record({
    kind: fc.constant('progress' as const),
    pick: fc.nat(),
    position: fc.double({ min: 0, max: 10_000, noNaN: true }),
    duration: fc.option(fc.double({ min: -10, max: 10_000, noNaN: true }), { nil: null }),
    when: date,
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('merge' as const), other: storedHistory }),
);

function apply(list: HistoryItem[], op: Operation): HistoryItem[] {
  const keyAt = (pick: number) => (list.length ? historyKey(list[pick % list.length]!) : 'movie:1');
  switch (op.kind) {
    case 'add':
      return value(addToHistory(list, op.input, op.when)).list;
    case 'progress': {
      const result = updateProgress(list, keyAt(op.pick), op.position, op.duration, op.when);
      return result.ok ? result.value.list : list;
    }
    case 'remove': {
      const result = removeFromHistory(list, keyAt(op.pick));
      return result.ok ? result.value.list : list;
    }
    case 'merge':
      return mergeHistory(list, op.other);
  }
}

describe('history properties', () => {
  it('no sequence of valid operations produces an invalid history', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        let list: HistoryItem[] = [];
        for (const op of operations) {
          list = apply(list, op);
          expectValidHistory(list);
        }
      }),
    );
  });

  it(`never holds more than ${LOCAL_HISTORY_LIMIT} entries, the newest ones`, () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 250 }), (ids) => {
        const list = historyOf(...ids.map((movie_id) => movie({ movie_id })));
        expect(list).toHaveLength(Math.min(LOCAL_HISTORY_LIMIT, new Set(ids).size));
        expect(list[0]?.movie_id).toBe(ids.at(-1));
      }),
    );
  });

  it('re-adding the same thing at the same time changes nothing', () => {
    fc.assert(
      fc.property(storedHistory, addInput, date, (list, input, when) => {
        const once = value(addToHistory(list, input, when)).list;
        expect(value(addToHistory(once, input, when)).list).toEqual(once);
      }),
    );
  });

  it('an added entry is the only one with its key, and a changed one is unsynced', () => {
    fc.assert(
      fc.property(storedHistory, addInput, date, (list, input, when) => {
        const { list: after, item } = value(addToHistory(list, input, when));
        const same = after.filter((entry) => historyKey(entry) === historyKey(item));
        expect(same.length).toBeLessThanOrEqual(1);
        if (same.length) expect(same[0]).toBe(item);
        expect(item.synced).toBe(false);
      }),
    );
  });

  it('merging is commutative and idempotent', () => {
    fc.assert(
      fc.property(storedHistory, storedHistory, (a, b) => {
        const merged = mergeHistory(a, b);
        expect(mergeHistory(b, a)).toEqual(merged);
        expect(mergeHistory(a, a)).toEqual(a);
        expect(mergeHistory(merged, b)).toEqual(merged);
        expectValidHistory(merged);
      }),
    );
  });
});

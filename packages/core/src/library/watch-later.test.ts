import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LibraryResult } from './common.ts';
import {
  addToWatchLater,
  isInWatchLater,
  mergeWatchLater,
  parseStoredWatchLater,
  removeFromWatchLater,
  toggleWatchLater,
  watchLaterKey,
  type WatchLaterAddInput,
  type WatchLaterItem,
} from './watch-later.ts';
import { watchLaterItemSchema } from './watch-later-schema.ts';

const T0 = new Date('2024-05-01T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

function title(overrides: Partial<WatchLaterAddInput> = {}): WatchLaterAddInput {
  return {
    movie_id: 603,
    movie_title: 'The Matrix',
    movie_poster: '/matrix.jpg',
    movie_overview: 'A hacker learns the truth.',
    movie_release_date: '1999-03-31',
    movie_vote_average: 8.2,
    content_type: 'movie',
    ...overrides,
  };
}

function value<T>(result: LibraryResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.message}`);
  return result.value;
}

function listOf(...inputs: WatchLaterAddInput[]): WatchLaterItem[] {
  return inputs.reduce<WatchLaterItem[]>(
    (list, input, index) => value(addToWatchLater(list, input, at(index))).list,
    [],
  );
}

function expectValidList(list: readonly WatchLaterItem[]) {
  for (const item of list) expect(watchLaterItemSchema.parse(item)).toEqual(item);
  expect(new Set(list.map(watchLaterKey)).size).toBe(list.length);
  for (let index = 1; index < list.length; index++) {
    expect(Date.parse(list[index - 1]!.added_at)).toBeGreaterThanOrEqual(Date.parse(list[index]!.added_at));
  }
}

describe('addToWatchLater', () => {
  it('saves an unsynced entry, newest first', () => {
    const list = listOf(title({ movie_id: 1 }), title());
    expect(list.map((item) => item.movie_id)).toEqual([603, 1]);
    expect(list[0]).toMatchObject({ id: 'movie:603', added_at: at(1).toISOString(), synced: false });
  });

  it('refuses a duplicate with "Item already in watch later"', () => {
    expect(addToWatchLater(listOf(title()), title({ movie_title: 'Again' }), at(5))).toEqual({
      ok: false,
      error: { code: 'already_exists', message: 'Item already in watch later' },
    });
  });

  it('keeps a movie and a series with the same id apart', () => {
    expect(listOf(title(), title({ content_type: 'tv' }))).toHaveLength(2);
  });

  it.each([
    [{ movie_id: 0 }, 'Invalid movie_id provided'],
    [{ movie_title: ' ' }, 'Invalid movie_title provided'],
    [{ content_type: 'episode' }, 'Invalid content_type provided'],
  ])('refuses %o with "%s"', (overrides, message) => {
    const result = addToWatchLater([], { ...title(), ...overrides } as WatchLaterAddInput, T0);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_item', message } });
  });

  it('has no cap', () => {
    const list = listOf(...Array.from({ length: 250 }, (_, index) => title({ movie_id: index + 1 })));
    expect(list).toHaveLength(250);
  });
});

describe('remove, toggle and lookup', () => {
  it('removes by key, or says "Item not found in watch later"', () => {
    const list = listOf(title(), title({ movie_id: 2 }));
    const { list: after, item } = value(removeFromWatchLater(list, 'movie:603'));
    expect(item.movie_id).toBe(603);
    expect(after.map((entry) => entry.movie_id)).toEqual([2]);
    expect(removeFromWatchLater(after, 'movie:603')).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Item not found in watch later' },
    });
  });

  it('toggles presence', () => {
    const added = value(toggleWatchLater([], title(), T0));
    expect(added.added).toBe(true);
    expect(isInWatchLater(added.list, 603, 'movie')).toBe(true);
    expect(isInWatchLater(added.list, 603, 'tv')).toBe(false);
    const removed = value(toggleWatchLater(added.list, title(), at(1)));
    expect(removed).toMatchObject({ added: false, list: [] });
    expect(removed.item).toBe(added.item);
  });

  it('validates a toggled title', () => {
    expect(toggleWatchLater([], title({ movie_id: -1 }), T0)).toMatchObject({
      ok: false,
      error: { message: 'Invalid movie_id provided' },
    });
  });
});

describe('parseStoredWatchLater', () => {
  it('drops invalid entries, fills missing descriptive fields and merges duplicates', () => {
    const [valid] = listOf(title());
    const { id, movie_id, movie_title, content_type, added_at } = valid!;
    expect(parseStoredWatchLater('nope')).toEqual([]);
    expect(parseStoredWatchLater([valid, { ...valid, movie_id: 'x' }, [], { ...valid, added_at: 5 }])).toEqual([valid]);
    expect(parseStoredWatchLater([{ id, movie_id, movie_title, content_type, added_at }])).toEqual([
      {
        ...valid,
        movie_poster: null,
        movie_overview: null,
        movie_release_date: null,
        movie_vote_average: null,
      },
    ]);
  });
});

const date = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2035-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const addInput: fc.Arbitrary<WatchLaterAddInput> = fc.record({
  movie_id: fc.integer({ min: 1, max: 8 }),
  movie_title: fc.string({ minLength: 1 }).filter((text) => text.trim() !== ''),
  content_type: fc.constantFrom('movie' as const, 'tv' as const),
  movie_vote_average: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null }),
});
const storedList = fc
  .array(
    fc
      .tuple(addInput, date, fc.boolean())
      .map(([input, when, synced]) => ({ ...value(addToWatchLater([], input, when)).item, synced })),
    { maxLength: 30 },
  )
  .map(parseStoredWatchLater);

describe('watch later properties', () => {
  it('no sequence of adds, toggles, removals and merges produces an invalid list', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), input: addInput, when: date }),
      fc.record({ kind: fc.constant('toggle' as const), input: addInput, when: date }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('merge' as const), other: storedList }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let list: WatchLaterItem[] = [];
        for (const op of steps) {
          if (op.kind === 'add') {
            const result = addToWatchLater(list, op.input, op.when);
            if (result.ok) list = result.value.list;
            else expect(isInWatchLater(list, op.input.movie_id, op.input.content_type)).toBe(true);
          } else if (op.kind === 'toggle') {
            const before = isInWatchLater(list, op.input.movie_id, op.input.content_type);
            list = value(toggleWatchLater(list, op.input, op.when)).list;
            expect(isInWatchLater(list, op.input.movie_id, op.input.content_type)).toBe(!before);
          } else if (op.kind === 'remove') {
            const target = list[op.pick % Math.max(list.length, 1)];
            if (target) list = value(removeFromWatchLater(list, watchLaterKey(target))).list;
          } else {
            list = mergeWatchLater(list, op.other);
          }
          expectValidList(list);
        }
      }),
    );
  });

  it('merging is commutative and idempotent', () => {
    fc.assert(
      fc.property(storedList, storedList, (a, b) => {
        const merged = mergeWatchLater(a, b);
        expect(mergeWatchLater(b, a)).toEqual(merged);
        expect(mergeWatchLater(a, a)).toEqual(a);
        expect(mergeWatchLater(merged, a)).toEqual(merged);
        expectValidList(merged);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToHistory, historyOperationValidator, type HistoryItem } from './history.ts';
import { mergeSettings } from './settings.ts';
import {
  compactQueue,
  dropOperationsFor,
  enqueueOperation,
  parseStoredQueue,
  pendingItemKeys,
  removeFlushed,
  syncItemKey,
  type SyncOperation,
} from './sync-ops.ts';
import { syncOperationSchema, syncRequestSchema } from './sync-request.ts';
import { addToWatchLater } from './watch-later.ts';

const AT = '2024-05-01T12:00:00.000Z';

function historyItem(movie_id: number, episode: number | null = null): HistoryItem {
  const result = addToHistory(
    [],
    {
      movie_id,
      movie_title: 'Title',
      content_type: episode === null ? 'movie' : 'tv',
      season_number: episode === null ? null : 1,
      episode_number: episode,
    },
    new Date(AT),
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.value.item;
}

const upsert = (item: HistoryItem, at = AT): SyncOperation => ({ op: 'upsert', store: 'history', item, at });
const remove = (item: HistoryItem, at = AT): SyncOperation => ({
  op: 'remove',
  store: 'history',
  item: {
    movie_id: item.movie_id,
    content_type: item.content_type,
    season_number: item.season_number,
    episode_number: item.episode_number,
  },
  at,
});

describe('syncOperationSchema (DESIGN.md "HTTP API contract")', () => {
  it('accepts upserts and removals of each store', () => {
    const watchLater = addToWatchLater([], { movie_id: 1, movie_title: 'A', content_type: 'tv' }, new Date(AT));
    if (!watchLater.ok) throw new Error('setup');
    const operations = [
      upsert(historyItem(1)),
      remove(historyItem(2, 3)),
      { op: 'upsert', store: 'watch_later', item: watchLater.value.item, at: AT },
      { op: 'remove', store: 'watch_later', item: { movie_id: 1, content_type: 'tv' }, at: AT },
      { op: 'upsert', store: 'settings', item: mergeSettings(), at: '2024-05-01T12:00:00+02:00' },
    ];
    expect(syncRequestSchema.safeParse({ operations }).success).toBe(true);
  });

  it.each([
    ['an unknown store', { op: 'upsert', store: 'ratings', item: {}, at: AT }],
    ['an unknown op', { op: 'patch', store: 'history', item: {}, at: AT }],
    ['a removal of settings', { op: 'remove', store: 'settings', item: mergeSettings(), at: AT }],
    ['an invalid item', { op: 'upsert', store: 'history', item: { movie_id: -1 }, at: AT }],
    [
      'a time that is not ISO-8601',
      { op: 'remove', store: 'watch_later', item: { movie_id: 1, content_type: 'tv' }, at: 'now' },
    ],
  ])('refuses %s', (_, operation) => {
    expect(syncOperationSchema.safeParse(operation).success).toBe(false);
  });
});

describe('queue helpers', () => {
  const a = historyItem(1);
  const b = historyItem(2, 1);
  const b2 = historyItem(2, 2);

  it('keys operations by their item', () => {
    expect(syncItemKey(upsert(b))).toBe('tv:2:s1:e1');
    expect(syncItemKey({ op: 'upsert', store: 'settings', item: mergeSettings(), at: AT })).toBe('settings');
  });

  it('keeps only the last operation on an item, in the order made', () => {
    const queue = [upsert(a), upsert(b), upsert(b2), remove(a, '2024-05-01T12:05:00.000Z')];
    expect(compactQueue(queue)).toEqual([upsert(b), upsert(b2), remove(a, '2024-05-01T12:05:00.000Z')]);
    expect(enqueueOperation([upsert(a)], upsert(a, '2024-05-02T00:00:00.000Z'))).toEqual([
      upsert(a, '2024-05-02T00:00:00.000Z'),
    ]);
  });

  it('drops every operation on an item', () => {
    expect(dropOperationsFor([upsert(a), upsert(b)], 'movie:1')).toEqual([upsert(b)]);
  });

  it('removes flushed operations but keeps those queued during the flush', () => {
    const flushed = [upsert(a), upsert(b)];
    const later = upsert(a, '2024-05-01T12:01:00.000Z');
    expect(removeFlushed([upsert(b), later], flushed)).toEqual([later]);
    expect(pendingItemKeys([later])).toEqual(new Set(['movie:1']));
  });

  it('removes the very operations sent without serialising the queue (an import queues thousands)', () => {
    let reads = 0;
    const counted = (id: number): SyncOperation => {
      const item = { ...historyItem(id) };
      Object.defineProperty(item, 'movie_title', {
        enumerable: true,
        get: () => (reads++, 'Title'),
      });
      return upsert(item);
    };
    const queue = Array.from({ length: 50 }, (_, index) => counted(index + 1));
    expect(removeFlushed(queue, queue.slice(0, 20))).toEqual(queue.slice(20));
    expect(reads).toBe(0);
    // A copy of a sent operation (the queue read again from storage meanwhile) is still known.
    expect(removeFlushed([upsert(a), upsert(b)], [JSON.parse(JSON.stringify(upsert(b)))])).toEqual([upsert(a)]);
  });

  it('reads a stored queue, dropping invalid and foreign operations', () => {
    const stored = JSON.parse(
      JSON.stringify([
        upsert(a),
        { op: 'upsert' },
        'x',
        { op: 'remove', store: 'watch_later', item: { movie_id: 1, content_type: 'movie' }, at: AT },
        upsert(a),
      ]),
    );
    expect(parseStoredQueue(historyOperationValidator, stored)).toEqual([upsert(a)]);
    expect(parseStoredQueue(historyOperationValidator, '{')).toEqual([]);
  });

  it('compacting keeps one operation per item, the last one, and is idempotent', () => {
    const operation = fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.boolean(), fc.integer({ min: 0, max: 1000 }))
      .map(([id, isRemove, minute]) => {
        const at = new Date(Date.parse(AT) + minute * 60_000).toISOString();
        return isRemove ? remove(historyItem(id), at) : upsert(historyItem(id), at);
      });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), (queue) => {
        const compacted = compactQueue(queue);
        expect(compactQueue(compacted)).toEqual(compacted);
        expect(new Set(compacted.map(syncItemKey)).size).toBe(compacted.length);
        for (const kept of compacted) {
          expect(queue.findLast((op) => syncItemKey(op) === syncItemKey(kept))).toBe(kept);
        }
      }),
    );
  });
});

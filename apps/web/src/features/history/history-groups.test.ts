import { describe, expect, it } from 'vitest';
import { historyItemSchema, historyKey, type HistoryItem } from '@marquee/core';
import {
  firstServerPage,
  groupHistory,
  olderOnServerCount,
  olderServerEntries,
  pendingRemovals,
} from './history-groups.ts';

function entry(overrides: Partial<HistoryItem> & { day: number }): HistoryItem {
  const { day, ...rest } = overrides;
  const fields = { movie_id: 1, movie_title: 'One', content_type: 'movie' as const, ...rest };
  return historyItemSchema.parse({
    id: historyKey(fields),
    watched_at: new Date(Date.UTC(2024, 0, day)).toISOString(),
    ...fields,
  });
}

const episode = (movie_id: number, season_number: number, episode_number: number, day: number) =>
  entry({ movie_id, movie_title: `Series ${movie_id}`, content_type: 'tv', season_number, episode_number, day });

const NONE = { keys: new Set<string>(), clearedAt: null };

describe('groupHistory', () => {
  it('makes one group per series and per film, ordered by the latest watch', () => {
    const groups = groupHistory([
      episode(7, 1, 1, 1),
      entry({ movie_id: 3, movie_title: 'Film', day: 3 }),
      episode(7, 2, 1, 4),
      episode(7, 1, 2, 2),
      // A film and a series may share an id: they are different titles.
      entry({ movie_id: 7, movie_title: 'Film Seven', day: 5 }),
    ]);
    expect(groups.map((group) => group.key)).toEqual(['movie:7', 'tv:7', 'movie:3']);
    const series = groups[1]!;
    expect(series.latest.season_number).toBe(2);
    expect(series.entries.map((item) => `S${item.season_number}E${item.episode_number}`)).toEqual([
      'S2E1',
      'S1E2',
      'S1E1',
    ]);
  });
});

describe('olderServerEntries', () => {
  const local = [entry({ movie_id: 10, day: 10 }), entry({ movie_id: 9, day: 9 })];

  it('adds only what is older than the browser holds', () => {
    const server = [
      entry({ movie_id: 11, day: 11 }), // newer: arrives with the next sync, not from here
      entry({ movie_id: 10, day: 10 }),
      entry({ movie_id: 8, day: 9 }), // within the browser's span but not held: removed here
      entry({ movie_id: 5, day: 5 }),
      episode(4, 1, 1, 4),
    ];
    expect(olderServerEntries(local, server, NONE).map(historyKey)).toEqual(['movie:5', 'tv:4:s1:e1']);
  });

  it('leaves out what this browser removed or cleared and the server may not know yet', () => {
    const server = [entry({ movie_id: 5, day: 5 }), entry({ movie_id: 4, day: 4 }), entry({ movie_id: 3, day: 3 })];
    const pending = pendingRemovals([
      {
        op: 'remove',
        store: 'history',
        item: { movie_id: 5, content_type: 'movie', season_number: null, episode_number: null },
        at: '2024-02-01T00:00:00.000Z',
      },
    ]);
    expect(olderServerEntries(local, server, pending, new Set(['movie:3'])).map(historyKey)).toEqual(['movie:4']);
    const cleared = pendingRemovals([{ op: 'remove_all', store: 'history', at: '2024-02-01T00:00:00.000Z' }]);
    expect(olderServerEntries([], server, cleared)).toEqual([]);
  });

  it('takes everything when the browser holds nothing yet', () => {
    const server = [entry({ movie_id: 5, day: 5 })];
    expect(olderServerEntries([], server, NONE)).toEqual(server);
  });
});

describe('olderOnServerCount', () => {
  const local = Array.from({ length: 60 }, (_, index) => ({
    ...entry({ movie_id: 200 - index, day: 200 - index }),
    synced: true,
  }));

  it('counts from the first older entry once a loaded page reaches it', () => {
    // Page 2 of 130: entries 50 to 99, of which the first ten are the browser's.
    const server = Array.from({ length: 50 }, (_, index) => entry({ movie_id: 150 - index, day: 150 - index }));
    expect(olderOnServerCount({ local, server, firstIndex: 50, totalResults: 130, shown: 40 })).toBe(70);
  });

  it('counts from where the synced entries end before the pages reach it', () => {
    const server = local.slice(0, 50);
    expect(olderOnServerCount({ local, server, firstIndex: 0, totalResults: 130, shown: 0 })).toBe(70);
  });
});

describe('firstServerPage', () => {
  it('starts a page before the end of the synced entries', () => {
    const synced = (count: number) => Array.from({ length: count }, () => ({ ...entry({ day: 1 }), synced: true }));
    expect(firstServerPage([])).toBe(1);
    expect(firstServerPage(synced(60))).toBe(1);
    expect(firstServerPage(synced(2000))).toBe(40);
  });
});

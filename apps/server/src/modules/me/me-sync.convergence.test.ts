import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemOperation as SyncOperation } from '@marquee/core';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { user } from '../auth/auth-schema.ts';
import { applySync } from './me.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function newUser(): Promise<string> {
  const id = randomUUID();
  await database.db.insert(user).values({ id, name: '', email: `${id}@example.org`, emailVerified: true });
  return id;
}

const TITLES = [550, 603, 680, 1396];
const BASE = Date.parse('2026-11-01T00:00:00.000Z');

/** One change a device makes offline: add, remove or re-add a title, or progress an episode. */
const change = fc.record({
  kind: fc.constantFrom('watch-later-add', 'watch-later-remove', 'history-progress', 'history-remove'),
  title: fc.constantFrom(...TITLES),
  episode: fc.integer({ min: 1, max: 2 }),
  minute: fc.integer({ min: 0, max: 500 }),
  progress: fc.integer({ min: 0, max: 1000 }),
});
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function toOperation(device: string, c: Change): SyncOperation {
  const at = new Date(BASE + c.minute * 60_000).toISOString();
  const isTv = c.title === 1396;
  switch (c.kind) {
    case 'watch-later-add':
      return {
        op: 'upsert',
        store: 'watch_later',
        at,
        item: {
          id: `movie:${c.title}`,
          movie_id: c.title,
          movie_title: `Title ${c.title} (${device})`,
          movie_poster: null,
          movie_overview: null,
          movie_release_date: null,
          movie_vote_average: null,
          content_type: 'movie',
          added_at: at,
          synced: false,
        },
      };
    case 'watch-later-remove':
      return { op: 'remove', store: 'watch_later', at, item: { movie_id: c.title, content_type: 'movie' } };
    case 'history-progress':
      return {
        op: 'upsert',
        store: 'history',
        at,
        item: {
          id: isTv ? `tv:${c.title}:s1:e${c.episode}` : `movie:${c.title}`,
          movie_id: c.title,
          movie_title: `Title ${c.title}`,
          movie_poster: null,
          content_type: isTv ? 'tv' : 'movie',
          watched_at: at,
          duration_watched: c.progress,
          total_duration: 1000,
          completed: c.progress >= 900,
          synced: false,
          season_number: isTv ? 1 : null,
          episode_number: isTv ? c.episode : null,
          episode_title: null,
          source: 'player',
          play_count: 1,
        },
      };
    case 'history-remove':
      return {
        op: 'remove',
        store: 'history',
        at,
        item: {
          movie_id: c.title,
          content_type: isTv ? 'tv' : 'movie',
          season_number: isTv ? 1 : null,
          episode_number: isTv ? c.episode : null,
        },
      };
  }
}

/** The state a correct merge must reach: per item, the change with the latest time (removals win ties). */
function expectedKeys(operations: SyncOperation[]) {
  const winners = new Map<string, SyncOperation>();
  const key = (op: SyncOperation) =>
    op.store === 'watch_later'
      ? `wl:${op.item.movie_id}`
      : op.store === 'history'
        ? `h:${op.item.content_type}:${op.item.movie_id}:${op.item.episode_number ?? ''}`
        : 'settings';
  for (const op of operations) {
    const current = winners.get(key(op));
    const newer =
      !current || op.at > current.at || (op.at === current.at && op.op === 'remove' && current.op !== 'remove');
    if (newer) winners.set(key(op), op);
  }
  const live = [...winners.entries()].filter(([, op]) => op.op === 'upsert').map(([k]) => k);
  return {
    watchLater: live.filter((k) => k.startsWith('wl:')).sort(),
    history: live.filter((k) => k.startsWith('h:')).sort(),
  };
}

describe('sync convergence (DESIGN.md "Sync rules")', () => {
  it('two offline devices of one account end with identical lists, whatever the sync order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { maxLength: 12 }),
        fc.array(change, { maxLength: 12 }),
        fc.integer({ min: 0, max: 12 }),
        async (a, b, split) => {
          const opsA = a.map((c) => toOperation('A', c));
          const opsB = b.map((c) => toOperation('B', c));
          // Same changes, three ways of reaching the server: A then B, B then A, interleaved in batches.
          const [u1, u2, u3] = [await newUser(), await newUser(), await newUser()];
          await applySync(database.db, u1, opsA);
          const s1 = await applySync(database.db, u1, opsB);
          await applySync(database.db, u2, opsB);
          const s2 = await applySync(database.db, u2, opsA);
          await applySync(database.db, u3, opsA.slice(0, split));
          await applySync(database.db, u3, opsB.slice(0, split));
          await applySync(database.db, u3, opsA.slice(split));
          await applySync(database.db, u3, opsB.slice(split));
          const s3 = await applySync(database.db, u3, opsA); // a retried batch changes nothing twice

          const shape = (state: typeof s1) => ({
            watchLater: state.watch_later.map((item) => ({ ...item })),
            history: state.history.map((item) => ({ ...item })),
          });
          expect(shape(s2)).toEqual(shape(s1));
          expect(shape(s3)).toEqual(shape(s1));

          // No lost change, no resurrected removal.
          const expected = expectedKeys([...opsA, ...opsB]);
          expect(s1.watch_later.map((item) => `wl:${item.movie_id}`).sort()).toEqual(expected.watchLater);
          expect(
            s1.history.map((item) => `h:${item.content_type}:${item.movie_id}:${item.episode_number ?? ''}`).sort(),
          ).toEqual(expected.history);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

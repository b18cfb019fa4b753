import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  progressList,
  type DroppedSeries,
  type HistoryItem,
  type ProgressEpisode,
  type SyncOperation,
} from '@marquee/core';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { user } from '../auth/auth-schema.ts';
import { episodes as episodesTable } from '../../catalogue/local/local-schema.ts';
import { applySync, listHistory } from '../me/me.repository.ts';
import { listDroppedSeries, listLocalProgress } from './progress.repository.ts';
import { answerProgress, ProgressCache, type ProgressDeps } from './progress.service.ts';
import { seededRandom as random } from '@marquee/core/seeded-random';

// After a change, `GET /api/me/progress` computes again only the series the change touched and
// merges them into the answer it held (progress.service.ts answerProgress). Whatever the changes
// (entries watched, begun, marked again, removed, losing to a newer change, the history cleared,
// series dropped and brought back, films), the merged answer must be the one computed from
// nothing: the database's whole statement, and core's rule over the stored history.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const FIRST_SERIES = 910_000;
const TODAY = '2025-06-15';
const NOW = new Date('2025-06-15T12:00:00Z');
const catalogue: ProgressDeps['catalogue'] = {
  mode: 'local',
  tv: () => Promise.reject(new Error('the local catalogue reads its episodes from the database')),
  season: () => Promise.reject(new Error('the local catalogue reads its episodes from the database')),
};

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function day(offset: number): string {
  return new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Series of seasons 0-3 of up to 6 episodes, dated around today, some undated or unnamed. */
function makeSeries(rand: () => number, count: number): Map<number, ProgressEpisode[]> {
  const series = new Map<number, ProgressEpisode[]>();
  for (let index = 0; index < count; index++) {
    const list: ProgressEpisode[] = [];
    const seasons = Math.floor(rand() * 4);
    for (let season = 0; season <= seasons; season++) {
      const size = 1 + Math.floor(rand() * 6);
      for (let episode = 1; episode <= size; episode++) {
        const roll = rand();
        list.push({
          season_number: season,
          episode_number: episode,
          name: roll < 0.1 ? '' : `S${season}E${episode}`,
          air_date: roll > 0.93 ? null : day(Math.floor(rand() * 120) - 90),
        });
      }
    }
    series.set(FIRST_SERIES + index, list);
  }
  return series;
}

/** A time of the last 90 days to the millisecond, sometimes one already used (ties break by key). */
function pastTime(rand: () => number, used: string[]): string {
  if (used.length > 0 && rand() < 0.1) return pick(rand, used);
  const at = new Date(NOW.getTime() - 1 - Math.floor(rand() * 90 * 86_400_000)).toISOString();
  used.push(at);
  return at;
}

function entry(rand: () => number, seriesId: number, season: number, episode: number, at: string): HistoryItem {
  const sources = ['player', 'manual', 'import', 'webhook'] as const;
  return {
    id: `tv:${seriesId}:s${season}:e${episode}`,
    movie_id: seriesId,
    movie_title: `Series ${seriesId} (${Math.floor(rand() * 1000)})`,
    movie_poster: rand() < 0.3 ? null : `/p${seriesId}-${Math.floor(rand() * 5)}.jpg`,
    content_type: 'tv',
    watched_at: at,
    duration_watched: 100,
    total_duration: 1000,
    completed: rand() < 0.5,
    synced: false,
    season_number: season,
    episode_number: episode,
    episode_title: null,
    source: pick(rand, sources),
    play_count: 1,
  };
}

function film(rand: () => number, at: string): HistoryItem {
  const id = FIRST_SERIES + Math.floor(rand() * 12);
  return {
    ...entry(rand, id, 0, 0, at),
    id: `movie:${id}`,
    content_type: 'movie',
    season_number: null,
    episode_number: null,
  };
}

/** A batch of changes a device could send: `clock` is the time of the changes, moving forward. */
function batch(rand: () => number, series: Map<number, ProgressEpisode[]>, clock: () => string, used: string[]) {
  const operations: SyncOperation[] = [];
  const ids = [...series.keys()];
  const size = 1 + Math.floor(rand() * (rand() < 0.2 ? 40 : 4));
  for (let n = 0; n < size; n++) {
    const roll = rand();
    const seriesId = pick(rand, ids);
    const list = series.get(seriesId)!;
    const episode = rand() < 0.1 ? { season_number: 9, episode_number: 1 } : pick(rand, list);
    const ref = {
      movie_id: seriesId,
      content_type: 'tv' as const,
      season_number: episode.season_number,
      episode_number: episode.episode_number,
    };
    if (roll < 0.6) {
      const item = entry(rand, seriesId, episode.season_number, episode.episode_number, pastTime(rand, used));
      operations.push({ op: 'upsert', store: 'history', item, at: clock() });
    } else if (roll < 0.7) {
      // An older change: it loses to whatever the entry holds.
      const item = entry(rand, seriesId, episode.season_number, episode.episode_number, pastTime(rand, used));
      operations.push({ op: 'upsert', store: 'history', item, at: '2020-01-01T00:00:00.000Z' });
    } else if (roll < 0.85) {
      operations.push({ op: 'remove', store: 'history', item: ref, at: clock() });
    } else if (roll < 0.92) {
      const dropped: DroppedSeries[] = ids
        .filter(() => rand() < 0.25)
        .map((id) => ({ id, dropped_at: pastTime(rand, used) }));
      operations.push({
        op: 'upsert',
        store: 'settings',
        item: { ...DEFAULT_SETTINGS, droppedSeries: dropped },
        at: clock(),
      });
    } else if (roll < 0.995) {
      operations.push({ op: 'upsert', store: 'history', item: film(rand, pastTime(rand, used)), at: clock() });
    } else {
      operations.push({ op: 'remove_all', store: 'history', at: clock() });
    }
  }
  return operations;
}

async function newUser(): Promise<string> {
  const id = randomUUID();
  await database.db.insert(user).values({ id, name: '', email: `${id}@example.org`, emailVerified: true });
  return id;
}

/** The answer computed from nothing, twice: by the database's statement and by core's rule. */
async function fromNothing(userId: string, series: Map<number, ProgressEpisode[]>) {
  const computed = await listLocalProgress(database.db, userId, TODAY);
  const [history, dropped] = await Promise.all([
    listHistory(database.db, userId),
    listDroppedSeries(database.db, userId),
  ]);
  expect(computed).toEqual(progressList(history, (id) => series.get(id) ?? [], TODAY, dropped));
  return computed;
}

describe('progress after a change', () => {
  it('merges the changed series into the held answer and equals the answer computed from nothing', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const rand = random(seed);
      const series = makeSeries(rand, 12);
      await database.db.execute(sql`delete from episodes where series_id >= ${FIRST_SERIES}`);
      await database.db.insert(episodesTable).values(
        [...series].flatMap(([seriesId, list]) =>
          list.map((episode) => ({
            seriesId,
            seasonNumber: episode.season_number,
            episodeNumber: episode.episode_number,
            name: episode.name || null,
            airDate: episode.air_date,
          })),
        ),
      );
      const userId = await newUser();
      const cache = new ProgressCache();
      const deps = { db: database.db, catalogue, cache };
      let tick = 0;
      const clock = () => new Date(NOW.getTime() - 3_600_000 + ++tick).toISOString();
      const used: string[] = [];
      const computations: string[] = [];

      for (let step = 0; step < 25; step++) {
        await applySync(database.db, userId, batch(rand, series, clock, used), { now: NOW });
        const answer = await answerProgress(deps, userId, NOW);
        computations.push(answer.computed);
        const results = JSON.parse(answer.json).results;
        expect(results, `seed ${seed}, step ${step}`).toEqual(await fromNothing(userId, series));
        // Asked again without a change: the same answer, held.
        const again = await answerProgress(deps, userId, NOW);
        expect(again).toMatchObject({ json: answer.json, computed: 'cached' });
      }
      // The first answer computes everything, every later one only what changed (every batch
      // changes the account's version, even one whose changes all lose).
      expect(computations, `seed ${seed}`).toEqual(['full', ...Array<string>(24).fill('changed')]);
    }
  });

  it('computes everything again on a new day, when episodes air', async () => {
    const userId = await newUser();
    await database.db.execute(sql`delete from episodes where series_id >= ${FIRST_SERIES}`);
    await database.db.insert(episodesTable).values([
      { seriesId: FIRST_SERIES, seasonNumber: 1, episodeNumber: 1, name: 'One', airDate: TODAY },
      { seriesId: FIRST_SERIES, seasonNumber: 1, episodeNumber: 2, name: 'Two', airDate: day(1) },
    ]);
    const item = entry(random(9), FIRST_SERIES, 1, 1, '2025-06-15T10:00:00.000Z');
    await applySync(
      database.db,
      userId,
      [{ op: 'upsert', store: 'history', item: { ...item, completed: true }, at: item.watched_at }],
      {
        now: NOW,
      },
    );
    const deps = { db: database.db, catalogue, cache: new ProgressCache() };
    const today = await answerProgress(deps, userId, NOW);
    expect(JSON.parse(today.json).results[0]).toMatchObject({ aired_episodes: 1, next_episode: null });
    const tomorrow = await answerProgress(deps, userId, new Date(NOW.getTime() + 86_400_000));
    expect(tomorrow.computed).toBe('full');
    expect(JSON.parse(tomorrow.json).results[0]).toMatchObject({
      aired_episodes: 2,
      next_episode: { season_number: 1, episode_number: 2, name: 'Two' },
    });
  });
});

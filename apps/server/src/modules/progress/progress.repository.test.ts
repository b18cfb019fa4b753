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
import { applySync } from '../me/me.repository.ts';
import { listLocalProgress } from './progress.repository.ts';
import { seededRandom as random } from '@marquee/core/seeded-random';

// The database's progress (the SQL of progress.repository.ts) and core's rule (a guest's browser,
// the TMDB catalogue) must agree: generated accounts over generated series, compared whole.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const TODAY = '2025-06-15';
const NOW = new Date('2025-06-15T12:00:00Z');

function day(offset: number): string {
  return new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Series 900000+: seasons 0-3 of up to 6 episodes, dated around today, some undated or unnamed. */
function makeSeries(rand: () => number, count: number): Map<number, ProgressEpisode[]> {
  const catalogue = new Map<number, ProgressEpisode[]>();
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
    catalogue.set(900_000 + index, list);
  }
  return catalogue;
}

function historyEntry(seriesId: number, season: number, episode: number, rand: () => number): HistoryItem {
  const sources = ['player', 'manual', 'import', 'webhook'] as const;
  const watchedAt = new Date(NOW.getTime() - Math.floor(rand() * 90 * 86_400_000)).toISOString();
  return {
    id: `tv:${seriesId}:s${season}:e${episode}`,
    movie_id: seriesId,
    movie_title: `Series ${seriesId} ${watchedAt}`,
    movie_poster: rand() < 0.5 ? null : `/p${seriesId}.jpg`,
    content_type: 'tv',
    watched_at: watchedAt,
    duration_watched: 100,
    total_duration: 1000,
    completed: rand() < 0.5,
    synced: false,
    season_number: season,
    episode_number: episode,
    episode_title: null,
    source: sources[Math.floor(rand() * sources.length)]!,
    play_count: 1,
  };
}

async function newUser(): Promise<string> {
  const id = randomUUID();
  await database.db.insert(user).values({ id, name: '', email: `${id}@example.org`, emailVerified: true });
  return id;
}

describe('progress in the database', () => {
  it('answers what core progressList answers, on generated accounts', async () => {
    const rand = random(30);
    const catalogue = makeSeries(rand, 12);
    await database.db.execute(sql`delete from episodes where series_id >= 900000`);
    await database.db.insert(episodesTable).values(
      [...catalogue].flatMap(([seriesId, list]) =>
        list.map((episode) => ({
          seriesId,
          seasonNumber: episode.season_number,
          episodeNumber: episode.episode_number,
          name: episode.name || null,
          airDate: episode.air_date,
        })),
      ),
    );

    for (let account = 0; account < 8; account++) {
      const userId = await newUser();
      const history: HistoryItem[] = [];
      for (const [seriesId, list] of catalogue) {
        if (rand() < 0.4) continue;
        for (const episode of list)
          if (rand() < 0.5) history.push(historyEntry(seriesId, episode.season_number, episode.episode_number, rand));
        // An entry of an episode the catalogue does not know starts the series too.
        if (rand() < 0.2) history.push(historyEntry(seriesId, 9, 1, rand));
      }
      const started = [...new Set(history.map((entry) => entry.movie_id))];
      const dropped: DroppedSeries[] = started
        .filter(() => rand() < 0.3)
        .map((id) => ({
          id,
          dropped_at: new Date(NOW.getTime() - Math.floor(rand() * 60 * 86_400_000)).toISOString(),
        }));
      const at = NOW.toISOString();
      const operations: SyncOperation[] = [
        ...history.map((item) => ({ op: 'upsert' as const, store: 'history' as const, item, at })),
        { op: 'upsert', store: 'settings', item: { ...DEFAULT_SETTINGS, droppedSeries: dropped }, at },
      ];
      await applySync(database.db, userId, operations, { now: NOW });

      const newestFirst = [...history].sort((a, b) => Date.parse(b.watched_at) - Date.parse(a.watched_at));
      const expected = progressList(newestFirst, (id) => catalogue.get(id) ?? [], TODAY, dropped);
      const actual = await listLocalProgress(database.db, userId, TODAY);
      expect(actual, `account ${account}`).toEqual(expected);
      expect(actual.length).toBeGreaterThan(0);
    }
  });

  it('lists nothing for an account without series, and leaves out deleted entries', async () => {
    const userId = await newUser();
    expect(await listLocalProgress(database.db, userId, TODAY)).toEqual([]);
    const rand = random(2);
    const item = historyEntry(900_001, 1, 1, rand);
    await applySync(database.db, userId, [{ op: 'upsert', store: 'history', item, at: NOW.toISOString() }], {
      now: NOW,
    });
    expect(await listLocalProgress(database.db, userId, TODAY)).toHaveLength(1);
    const ref = { movie_id: 900_001, content_type: 'tv' as const, season_number: 1, episode_number: 1 };
    await applySync(database.db, userId, [{ op: 'remove', store: 'history', item: ref, at: NOW.toISOString() }], {
      now: NOW,
    });
    expect(await listLocalProgress(database.db, userId, TODAY)).toEqual([]);
  });
});

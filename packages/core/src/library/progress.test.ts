import { describe, expect, it } from 'vitest';
import type { HistoryItem } from './history.ts';
import {
  dropSeries,
  isDroppedSeries,
  progressList,
  seriesProgress,
  undropSeries,
  upNext,
  type ProgressEpisode,
} from './progress.ts';
import { episodeWatchKey } from './watched.ts';

const TODAY = '2025-06-15';

/** Two seasons of three weekly episodes from 2025-05-01, a special, and one episode not aired yet. */
function episodes(): ProgressEpisode[] {
  const list: ProgressEpisode[] = [{ season_number: 0, episode_number: 1, name: 'Special', air_date: '2025-01-01' }];
  let day = Date.parse('2025-05-01');
  for (const season of [1, 2]) {
    for (let episode = 1; episode <= 3; episode++) {
      list.push({
        season_number: season,
        episode_number: episode,
        name: `S${season} E${episode}`,
        air_date: new Date(day).toISOString().slice(0, 10),
      });
      day += 7 * 86_400_000;
    }
  }
  list.push({ season_number: 2, episode_number: 4, name: 'Soon', air_date: '2025-07-01' });
  list.push({ season_number: 3, episode_number: 1, name: 'Undated', air_date: null });
  // The catalogue's order is not the rule's.
  return list.reverse();
}

const keys = (...pairs: Array<[number, number]>) => new Set(pairs.map(([s, e]) => episodeWatchKey(s, e)));

function entry(overrides: Partial<HistoryItem>): HistoryItem {
  return {
    id: 'x',
    movie_id: 1,
    movie_title: 'Series',
    movie_poster: null,
    content_type: 'tv',
    watched_at: '2025-06-01T10:00:00.000Z',
    duration_watched: 0,
    total_duration: null,
    completed: false,
    synced: false,
    season_number: 1,
    episode_number: 1,
    episode_title: null,
    source: 'player',
    play_count: 1,
    ...overrides,
  };
}

describe('seriesProgress', () => {
  it('counts regular aired episodes and offers the first one when nothing is watched', () => {
    expect(seriesProgress(episodes(), new Set(), TODAY)).toEqual({
      watched_episodes: 0,
      aired_episodes: 6,
      next_episode: { season_number: 1, episode_number: 1, name: 'S1 E1', air_date: '2025-05-01' },
    });
  });

  it('offers the episode after the furthest watched one, across seasons', () => {
    const progress = seriesProgress(episodes(), keys([1, 1], [1, 2], [1, 3]), TODAY);
    expect(progress.watched_episodes).toBe(3);
    expect(progress.next_episode).toMatchObject({ season_number: 2, episode_number: 1 });
  });

  it('goes back to a skipped episode once everything after the furthest is watched', () => {
    const progress = seriesProgress(episodes(), keys([1, 1], [2, 1], [2, 2], [2, 3]), TODAY);
    expect(progress.next_episode).toMatchObject({ season_number: 1, episode_number: 2 });
    expect(progress.watched_episodes).toBe(4);
  });

  it('skips a gap before the furthest watched episode while later ones wait', () => {
    expect(seriesProgress(episodes(), keys([1, 1], [1, 3]), TODAY).next_episode).toMatchObject({
      season_number: 2,
      episode_number: 1,
    });
  });

  it('has no next episode when every aired one is watched, and never counts specials, unaired or unknown ones', () => {
    const all = keys([1, 1], [1, 2], [1, 3], [2, 1], [2, 2], [2, 3], [2, 4], [0, 1], [9, 9]);
    expect(seriesProgress(episodes(), all, TODAY)).toEqual({
      watched_episodes: 6,
      aired_episodes: 6,
      next_episode: null,
    });
  });

  it('counts an episode airing today as aired', () => {
    expect(seriesProgress(episodes(), new Set(), '2025-07-01').aired_episodes).toBe(7);
    expect(seriesProgress(episodes(), new Set(), '2025-06-30').aired_episodes).toBe(6);
  });
});

describe('progressList', () => {
  const catalogue = new Map([
    [1, episodes()],
    [2, episodes()],
  ]);
  const history = [
    entry({ movie_id: 1, season_number: 1, episode_number: 1, completed: true, watched_at: '2025-06-01T10:00:00Z' }),
    // Begun in the player, not finished: the series is started, the episode is not watched.
    entry({ movie_id: 1, season_number: 1, episode_number: 2, watched_at: '2025-06-02T10:00:00Z' }),
    entry({ movie_id: 2, movie_title: 'Other', season_number: 1, episode_number: 1, source: 'manual' }),
    entry({ movie_id: 2, movie_title: 'Other', season_number: 1, episode_number: 2, source: 'import' }),
    entry({ movie_id: 2, movie_title: 'Other', season_number: 1, episode_number: 3, source: 'webhook' }),
    entry({ movie_id: 3, content_type: 'movie', season_number: null, episode_number: null }),
  ];

  it('lists started series, most recently watched first, with marked and imported episodes as watched', () => {
    const list = progressList(history, (id) => catalogue.get(id), TODAY);
    expect(list.map((item) => [item.series.name, item.watched_episodes, item.next_episode?.episode_number])).toEqual([
      ['Series', 1, 2],
      ['Other', 2, 3],
    ]);
    expect(list[0]!.last_watched_at).toBe('2025-06-02T10:00:00Z');
  });

  it('leaves out a dropped series until it is watched again', () => {
    const dropped = dropSeries([], 1, new Date('2025-06-03T00:00:00Z'));
    expect(progressList(history, (id) => catalogue.get(id), TODAY, dropped).map((item) => item.series.id)).toEqual([2]);
    const later = [entry({ movie_id: 1, season_number: 1, episode_number: 3, watched_at: '2025-06-04T00:00:00Z' })];
    expect(progressList([...later, ...history], (id) => catalogue.get(id), TODAY, dropped)).toHaveLength(2);
    expect(isDroppedSeries(1, '2025-06-02T10:00:00Z', undropSeries(dropped, 1))).toBe(false);
  });

  it('keeps a series whose episodes are not known yet out of the list, and Up Next keeps only series with a next episode', () => {
    expect(progressList(history, (id) => (id === 2 ? catalogue.get(id) : undefined), TODAY)).toHaveLength(1);
    const list = progressList(history, (id) => catalogue.get(id), TODAY);
    const finished = { ...list[0]!, next_episode: null };
    expect(upNext([finished, list[1]!], 8).map((item) => item.series.id)).toEqual([2]);
    expect(upNext(list, 1)).toHaveLength(1);
  });
});

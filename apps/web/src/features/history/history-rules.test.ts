import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '@marquee/core';
import {
  historyHeading,
  historyLink,
  lastWatchedLabel,
  sortByWatchedAt,
  timeAgo,
  watchProgress,
} from './history-rules.ts';

function entry(overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    id: 'movie:1',
    movie_id: 1,
    movie_title: 'One',
    movie_poster: null,
    content_type: 'movie',
    watched_at: '2024-05-01T12:00:00.000Z',
    source: 'player',
    play_count: 1,
    duration_watched: 0,
    total_duration: null,
    completed: false,
    synced: false,
    season_number: null,
    episode_number: null,
    episode_title: null,
    ...overrides,
  };
}

const episode = (overrides: Partial<HistoryItem> = {}) =>
  entry({ id: 'tv:7:s2:e5', movie_id: 7, content_type: 'tv', season_number: 2, episode_number: 5, ...overrides });

describe('history rules', () => {
  it('sorts by watched_at, newest first', () => {
    const items = [
      entry({ id: 'a', watched_at: '2024-01-01T00:00:00.000Z' }),
      entry({ id: 'b', watched_at: '2024-03-01T00:00:00+00:00' }),
      entry({ id: 'c', watched_at: '2024-02-01T00:00:00.000Z' }),
    ];
    expect(sortByWatchedAt(items).map((item) => item.id)).toEqual(['b', 'c', 'a']);
  });

  it('links films to /movie and series to /series with the episode to resume', () => {
    expect(historyLink(entry())).toEqual({ to: '/movie/1' });
    expect(historyLink(episode())).toEqual({
      to: '/series/7',
      state: { lastWatchedSeason: 2, lastWatchedEpisode: 5 },
    });
    expect(historyLink(episode({ season_number: null }))).toEqual({ to: '/series/7', state: undefined });
  });

  it('says which episode was watched last, for TV only', () => {
    expect(lastWatchedLabel(episode())).toBe('Last watched: S2 · E5');
    expect(lastWatchedLabel(episode({ episode_number: null }))).toBeNull();
    expect(lastWatchedLabel(entry())).toBeNull();
  });

  it('knows the progress only with a duration, and a completed entry is whole', () => {
    expect(watchProgress(entry({ duration_watched: 30, total_duration: 120 }))).toBe(0.25);
    expect(watchProgress(entry({ duration_watched: 30 }))).toBeNull();
    expect(watchProgress(entry({ completed: true }))).toBe(1);
  });

  it('tells how long ago in words', () => {
    const now = Date.parse('2024-05-10T12:00:00.000Z');
    expect(timeAgo('2024-05-10T11:59:40.000Z', now)).toBe('just now');
    expect(timeAgo('2024-05-10T11:00:00.000Z', now)).toBe('1 hour ago');
    expect(timeAgo('2024-05-09T12:00:00.000Z', now)).toBe('yesterday');
    expect(timeAgo('2024-04-10T12:00:00.000Z', now)).toBe('last month');
  });

  it('counts in the heading', () => {
    expect(historyHeading(3)).toBe('Watch History (3)');
    expect(historyHeading(0)).toBe('Watch History');
  });
});

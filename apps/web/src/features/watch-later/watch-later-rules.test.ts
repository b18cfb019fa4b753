import { describe, expect, it } from 'vitest';
import type { WatchLaterItem } from '@marquee/core';
import {
  newestSavedFirst,
  watchLaterHeading,
  watchLaterLink,
  watchLaterWatchPath,
  watchLaterYear,
} from './watch-later-rules.ts';

function saved(overrides: Partial<WatchLaterItem> = {}): WatchLaterItem {
  return {
    id: 'movie:1',
    movie_id: 1,
    movie_title: 'One',
    movie_poster: null,
    movie_overview: null,
    movie_release_date: '1999-10-15',
    movie_vote_average: 8,
    content_type: 'movie',
    added_at: '2024-05-01T12:00:00.000Z',
    synced: false,
    ...overrides,
  };
}

describe('watch later rules', () => {
  it('links by the release-date rule of product.md §2', () => {
    expect(watchLaterLink(saved())).toBe('/movie/1');
    expect(watchLaterLink(saved({ movie_release_date: null, content_type: 'tv' }))).toBe('/series/1');
    // The spec's rule, even for a film the catalogue gave no date.
    expect(watchLaterLink(saved({ movie_release_date: '' }))).toBe('/series/1');
  });

  it('plays through the player route of its type', () => {
    expect(watchLaterWatchPath(saved())).toBe('/watch/movie/1');
    expect(watchLaterWatchPath(saved({ content_type: 'tv' }))).toBe('/watch/series/1');
  });

  it('takes the year from the release date', () => {
    expect(watchLaterYear(saved())).toBe('1999');
    expect(watchLaterYear(saved({ movie_release_date: null }))).toBe('');
    expect(watchLaterYear(saved({ movie_release_date: 'soon' }))).toBe('');
  });

  it('orders newest first and counts in the heading', () => {
    const older = saved({ id: 'a', added_at: '2024-01-01T00:00:00.000Z' });
    const newer = saved({ id: 'b', added_at: '2024-06-01T00:00:00.000Z' });
    expect(newestSavedFirst([older, newer]).map((item) => item.id)).toEqual(['b', 'a']);
    expect(watchLaterHeading(2)).toBe('Watch Later (2)');
    expect(watchLaterHeading(0)).toBe('Watch Later');
  });
});

import { describe, expect, it } from 'vitest';
import type { HistoryItem, TitleSummary } from '@marquee/core';
import {
  allGenresFavoritesFirst,
  continueWatchingItems,
  episodeBadge,
  genreRowQuery,
  genreStrip,
  pickHeroTitles,
  watchProgress,
} from './home-rules.ts';

function title(overrides: Partial<TitleSummary> = {}): TitleSummary {
  return {
    id: 1,
    media_type: 'movie',
    title: 'A Film',
    overview: '',
    poster_path: '/poster.svg',
    backdrop_path: '/backdrop.svg',
    vote_average: 7,
    vote_count: 1000,
    popularity: 10,
    genre_ids: [],
    original_language: 'en',
    ...overrides,
  };
}

function entry(overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    id: 'movie:1',
    movie_id: 1,
    movie_title: 'A Film',
    movie_poster: null,
    content_type: 'movie',
    watched_at: '2026-01-01T00:00:00.000Z',
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

describe('pickHeroTitles', () => {
  it('keeps the first five titles that have a backdrop, in popularity order', () => {
    const items = [
      title({ id: 1 }),
      title({ id: 2, backdrop_path: null }),
      ...[3, 4, 5, 6, 7].map((id) => title({ id })),
    ];
    expect(pickHeroTitles(items).map((item) => item.id)).toEqual([1, 3, 4, 5, 6]);
  });
});

describe('genreStrip', () => {
  it('is the five default genres without favourites', () => {
    expect(genreStrip([]).map((genre) => genre.name)).toEqual([
      'Action',
      'Comedy',
      'Drama',
      'Science Fiction',
      'Horror',
    ]);
  });

  it('puts favourite genres first, in the order chosen, without repeating a default', () => {
    expect(genreStrip([16, 35]).map((genre) => genre.name)).toEqual([
      'Animation',
      'Comedy',
      'Action',
      'Drama',
      'Science Fiction',
    ]);
  });

  it('stays at five genres and skips ids that are not movie genres', () => {
    const strip = genreStrip([99, 10765, 14, 10749, 53, 80, 10751]);
    expect(strip.map((genre) => genre.id)).toEqual([99, 14, 10749, 53, 80]);
  });
});

describe('allGenresFavoritesFirst', () => {
  it('lists every movie genre once, favourites first and marked', () => {
    const genres = allGenresFavoritesFirst([27, 16]);
    expect(genres).toHaveLength(19);
    expect(genres.slice(0, 2).map((genre) => [genre.name, genre.isFavorite])).toEqual([
      ['Animation', true],
      ['Horror', true],
    ]);
    expect(genres[2]).toMatchObject({ name: 'Action', isFavorite: false });
  });
});

describe('genreRowQuery', () => {
  it('asks for popular, well-rated films of the genre (product.md §7)', () => {
    expect(genreRowQuery(28, 'pg13')).toEqual({
      type: 'movie',
      with_genres: '28',
      sort_by: 'popularity.desc',
      vote_count_gte: 400,
      vote_average_gte: 6.5,
      certification: 'pg13',
    });
  });
});

describe('continueWatchingItems', () => {
  it('orders newest first and stops at the limit', () => {
    const items = [1, 2, 3, 4, 5, 6].map((id) =>
      entry({ id: `movie:${id}`, movie_id: id, watched_at: `2026-01-0${id}T00:00:00.000Z` }),
    );
    expect(continueWatchingItems(items, 4).map((item) => item.movie_id)).toEqual([6, 5, 4, 3]);
  });

  it('shows a series once, at its newest episode', () => {
    const items = [
      entry({
        id: 'tv:9:s1:e1',
        movie_id: 9,
        content_type: 'tv',
        season_number: 1,
        episode_number: 1,
        watched_at: '2026-01-01T00:00:00.000Z',
      }),
      entry({
        id: 'tv:9:s1:e2',
        movie_id: 9,
        content_type: 'tv',
        season_number: 1,
        episode_number: 2,
        watched_at: '2026-01-03T00:00:00.000Z',
      }),
      entry({ id: 'movie:9', movie_id: 9, watched_at: '2026-01-02T00:00:00.000Z' }),
    ];
    expect(continueWatchingItems(items, 8).map((item) => item.id)).toEqual(['tv:9:s1:e2', 'movie:9']);
  });
});

describe('watchProgress and episodeBadge', () => {
  it('is the share watched when the length is known, full when completed, else unknown', () => {
    expect(watchProgress(entry({ duration_watched: 30, total_duration: 120 }))).toBe(0.25);
    expect(watchProgress(entry({ duration_watched: 30, total_duration: null }))).toBeNull();
    expect(watchProgress(entry({ completed: true }))).toBe(1);
  });

  it('labels TV entries SxEy and nothing else', () => {
    expect(episodeBadge(entry({ content_type: 'tv', season_number: 2, episode_number: 5 }))).toBe('S2E5');
    expect(episodeBadge(entry({ content_type: 'tv', season_number: null, episode_number: 5 }))).toBeNull();
    expect(episodeBadge(entry())).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ratingKey, type HistoryItem } from '@marquee/core';
import type { HistoryGroup } from './history-groups.ts';
import { arrangeByRating } from './history-rating.ts';

function group(movieId: number, contentType: 'movie' | 'tv' = 'movie'): HistoryGroup {
  const latest = { movie_id: movieId, content_type: contentType, movie_title: `Title ${movieId}` } as HistoryItem;
  return { key: `${contentType}:${movieId}`, latest, entries: [latest] };
}

const rated = (entries: Array<[number, 'movie' | 'tv', number]>) =>
  new Map(
    entries.map(([id, type, rating]) => [
      ratingKey({ movie_id: id, content_type: type, season_number: null, episode_number: null }),
      rating,
    ]),
  );

// Newest first, as the screen holds them.
const groups = [group(1), group(2, 'tv'), group(3), group(4), group(5)];
const ratings = rated([
  [1, 'movie', 6],
  [2, 'tv', 9],
  [4, 'movie', 6],
  [5, 'movie', 3],
  // An episode's rating is not its series'.
]);
const ids = (list: HistoryGroup[]) => list.map((entry) => entry.latest.movie_id);

describe('arrangeByRating', () => {
  it('keeps the order for Recently watched and Any rating', () => {
    expect(ids(arrangeByRating(groups, ratings, 'recent', 'all'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('sorts by the viewer rating, highest or lowest first, ties newest first and unrated last', () => {
    expect(ids(arrangeByRating(groups, ratings, 'rating-high', 'all'))).toEqual([2, 1, 4, 5, 3]);
    expect(ids(arrangeByRating(groups, ratings, 'rating-low', 'all'))).toEqual([5, 1, 4, 2, 3]);
  });

  it('filters rated, not rated and at least so many stars', () => {
    expect(ids(arrangeByRating(groups, ratings, 'recent', 'rated'))).toEqual([1, 2, 4, 5]);
    expect(ids(arrangeByRating(groups, ratings, 'recent', 'unrated'))).toEqual([3]);
    expect(ids(arrangeByRating(groups, ratings, 'recent', '4'))).toEqual([2]);
    expect(ids(arrangeByRating(groups, ratings, 'rating-low', '3'))).toEqual([1, 4, 2]);
    expect(ids(arrangeByRating(groups, ratings, 'recent', '5'))).toEqual([]);
  });

  it("does not take an episode's rating for its series'", () => {
    const episodeOnly = new Map([
      [ratingKey({ movie_id: 2, content_type: 'tv', season_number: 1, episode_number: 1 }), 10],
    ]);
    expect(ids(arrangeByRating(groups, episodeOnly, 'recent', 'rated'))).toEqual([]);
  });
});

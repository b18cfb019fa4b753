import { ratingKey } from '@marquee/core';
import type { HistoryGroup } from './history-groups.ts';

/** How the History screen orders its cards (issue 30: sorting by your rating). */
export type RatingSort = 'recent' | 'rating-high' | 'rating-low';
/** Which cards it shows by the viewer's rating: all, rated or not, or at least so many stars. */
export type RatingFilter = 'all' | 'rated' | 'unrated' | '5' | '4' | '3' | '2' | '1';

export const RATING_SORTS: ReadonlyArray<{ value: RatingSort; label: string }> = [
  { value: 'recent', label: 'Recently watched' },
  { value: 'rating-high', label: 'Your rating: highest first' },
  { value: 'rating-low', label: 'Your rating: lowest first' },
];

export const RATING_FILTERS: ReadonlyArray<{ value: RatingFilter; label: string }> = [
  { value: 'all', label: 'Any rating' },
  { value: 'rated', label: 'Rated' },
  { value: 'unrated', label: 'Not rated' },
  { value: '5', label: '5 stars' },
  { value: '4', label: '4 stars and up' },
  { value: '3', label: '3 stars and up' },
  { value: '2', label: '2 stars and up' },
  { value: '1', label: '1 star and up' },
];

/** The viewer's rating (1–10) of a card's film or series, or null. */
export function groupRating(group: HistoryGroup, ratings: ReadonlyMap<string, number>): number | null {
  const { movie_id, content_type } = group.latest;
  return ratings.get(ratingKey({ movie_id, content_type, season_number: null, episode_number: null })) ?? null;
}

function keeps(filter: RatingFilter, rating: number | null): boolean {
  if (filter === 'all') return true;
  if (filter === 'rated') return rating !== null;
  if (filter === 'unrated') return rating === null;
  // N stars and up: a rating of 2N or more (4.5 stars counts as 4 and up).
  return rating !== null && rating >= Number(filter) * 2;
}

/**
 * The cards in the order and with the filter asked for. Sorted by rating, unrated cards come last
 * and cards of equal rating keep their order (newest first).
 */
export function arrangeByRating(
  groups: readonly HistoryGroup[],
  ratings: ReadonlyMap<string, number>,
  sort: RatingSort,
  filter: RatingFilter,
): HistoryGroup[] {
  const rated = groups
    .map((group, index) => ({ group, index, rating: groupRating(group, ratings) }))
    .filter(({ rating }) => keeps(filter, rating));
  if (sort !== 'recent') {
    const direction = sort === 'rating-high' ? -1 : 1;
    rated.sort((a, b) => {
      if (a.rating === null || b.rating === null) {
        if (a.rating === b.rating) return a.index - b.index;
        return a.rating === null ? 1 : -1;
      }
      return (a.rating - b.rating) * direction || a.index - b.index;
    });
  }
  return rated.map(({ group }) => group);
}

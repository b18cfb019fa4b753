import type { LibraryResult } from '@marquee/core';
import type { applyRating } from './ratings-store.ts';
import type { RatingSubject } from './use-ratings.ts';

type SetRating = (subject: RatingSubject, rating: number | null) => Promise<LibraryResult<unknown>>;
type RatingsModule = { applyRating: typeof applyRating };

/**
 * setRating over a store that loads at the first change. Every change waits for the one load: the
 * waiters of one promise go on in the order they came, so quick key presses land in order. Each
 * call's own import() did not: in Chromium, presses made while the module loaded were applied last
 * one first, and the stars ended on the first. A failed load (a dropped connection) fails the
 * changes that waited for it and is tried again by the next change, rather than leaving ratings
 * broken until the page is loaded again.
 */
export function createRatingSetter(load: () => Promise<RatingsModule>): SetRating {
  let loading: Promise<RatingsModule> | undefined;
  return async (subject, rating) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading).applyRating(subject, rating);
  };
}

/** Rates (1–10) or, with null, clears the viewer's rating of a title or an episode, through the ratings store. */
export const setRating: SetRating = createRatingSetter(() => import('./ratings-store.ts'));

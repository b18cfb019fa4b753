import type { LibraryResult } from '@marquee/core';
import { lazy } from '../lazy.ts';
import type { applyRating } from './ratings-store.ts';
import type { RatingSubject } from './use-ratings.ts';

type SetRating = (subject: RatingSubject, rating: number | null) => Promise<LibraryResult<unknown>>;

/**
 * setRating over a store that loads at the first change. Every change waits for the one load: the
 * waiters of one promise go on in the order they came, so quick key presses land in order. Each
 * call's own import() did not: in Chromium, presses made while the module loaded were applied last
 * one first, and the stars ended on the first. (A failed load stays failed until the page is
 * loaded again, as with the app's other lazily loaded parts: the detail page's JavaScript has no
 * room for more.)
 */
export function createRatingSetter(load: () => Promise<{ applyRating: typeof applyRating }>): SetRating {
  const loaded = lazy(load);
  return async (subject, rating) => (await loaded()).applyRating(subject, rating);
}

/** Rates (1–10) or, with null, clears the viewer's rating of a title or an episode, through the ratings store. */
export const setRating: SetRating = createRatingSetter(() => import('./ratings-store.ts'));

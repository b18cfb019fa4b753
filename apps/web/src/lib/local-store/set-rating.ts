import type { LibraryResult } from '@marquee/core';
import type { RatingsStore } from './ratings-store.ts';
import { refOf, type RatingSubject } from './use-ratings.ts';

type SetRating = (subject: RatingSubject, rating: number | null) => Promise<LibraryResult<unknown>>;

/**
 * setRating over a store that loads at the first change. Every change waits for the one load: the
 * waiters of one promise go on in the order they came, so quick key presses land in order. Each
 * call's own import() did not: in Chromium, presses made while the module loaded were applied last
 * one first, and the stars ended on the first. A failed load is tried again by the next change.
 */
export function createRatingSetter(load: () => Promise<() => RatingsStore>): SetRating {
  let loading: Promise<() => RatingsStore> | undefined;
  return async (subject, rating) => {
    const current = (loading ??= load());
    current.catch(() => {
      if (loading === current) loading = undefined;
    });
    const store = (await current)();
    if (rating === null) {
      store.remove(refOf(subject));
      return { ok: true, value: null };
    }
    return store.rate(refOf(subject), rating);
  };
}

/** Rates (1–10) or, with null, clears the viewer's rating of a title or an episode, through the ratings store. */
export const setRating: SetRating = createRatingSetter(() =>
  import('./ratings-store.ts').then((module) => module.getRatingsStore),
);

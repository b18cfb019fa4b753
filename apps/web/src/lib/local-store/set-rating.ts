import type { LibraryResult } from '@marquee/core';
import { refOf, type RatingSubject } from './use-ratings.ts';

/** Rates (1–10) or, with null, clears the viewer's rating of a title or an episode, through the ratings store. */
export async function setRating(subject: RatingSubject, rating: number | null): Promise<LibraryResult<unknown>> {
  const { getRatingsStore } = await import('./ratings-store.ts');
  if (rating === null) {
    getRatingsStore().remove(refOf(subject));
    return { ok: true, value: null };
  }
  return getRatingsStore().rate(refOf(subject), rating);
}

import { useCallback, useSyncExternalStore } from 'react';
import type { ContentType } from '@marquee/core';
import { getRatingsStore, type RatingsStore } from './ratings-store.ts';

/** What a rating is of: a film or series (no season, no episode), or one episode of a series. */
export interface RatingSubject {
  movie_id: number;
  content_type: ContentType;
  season_number?: number | null;
  episode_number?: number | null;
}

const notRated = () => null;

function refOf(subject: RatingSubject) {
  return {
    movie_id: subject.movie_id,
    content_type: subject.content_type,
    season_number: subject.season_number ?? null,
    episode_number: subject.episode_number ?? null,
  };
}

/**
 * The viewer's rating (1–10) of a title or an episode, or null; re-renders only when it changes.
 * A page rendered on the server shows no rating (the browser's own data comes after hydration).
 */
export function useRating(subject: RatingSubject, store: RatingsStore = getRatingsStore()): number | null {
  const { movie_id, content_type, season_number = null, episode_number = null } = subject;
  const read = useCallback(
    () => store.ratingOf({ movie_id, content_type, season_number, episode_number }),
    [store, movie_id, content_type, season_number, episode_number],
  );
  return useSyncExternalStore(store.subscribe, read, notRated);
}

/** Rates (1–10) or, with null, clears the viewer's rating of a title or an episode. */
export function setRating(subject: RatingSubject, rating: number | null, store: RatingsStore = getRatingsStore()) {
  if (rating === null) {
    store.remove(refOf(subject));
    return { ok: true as const };
  }
  return store.rate(refOf(subject), rating);
}

import {
  ratingsOperationValidator,
  parseStoredRatings,
  normalizeRatings,
  ratingItemValidator,
  ratingKey,
  type LibraryResult,
  type RatingItem,
  type RatingRef,
} from '@marquee/core';
import { createKeyedListStore, type KeyedListStore } from './keyed-list-store.ts';
import type { LocalStoreOptions } from './persisted-store.ts';
import { refOf, type RatingSubject } from './use-ratings.ts';

export interface RatingsStore extends KeyedListStore<RatingItem, RatingRef, 'ratings'> {
  /** Rates a film, series, season or episode 1–10; a bad rating or reference fails, naming the field. */
  rate(ref: RatingRef, rating: number): LibraryResult<RatingItem>;
  /** The viewer's rating, or null. */
  ratingOf(ref: RatingRef): number | null;
}

/** The viewer's ratings (DESIGN.md "Sync stores": `ratings`), kept and synced like the other lists. */
export function createRatingsStore(options: LocalStoreOptions = {}): RatingsStore {
  const now = options.now ?? (() => new Date());
  const store = createKeyedListStore<RatingItem, RatingRef, 'ratings'>(
    {
      store: 'ratings',
      validator: ratingItemValidator,
      operationValidator: ratingsOperationValidator,
      parse: parseStoredRatings,
      normalize: normalizeRatings,
      key: ratingKey,
      ref: ({ movie_id, content_type, season_number, episode_number }) => ({
        movie_id,
        content_type,
        season_number,
        episode_number,
      }),
      changedAt: (item) => item.rated_at,
    },
    { ...options, now },
  );
  return {
    ...store,
    rate: (ref, rating) => store.put({ ...ref, rating, rated_at: now().toISOString() }),
    ratingOf: (ref) => store.find(ref)?.rating ?? null,
  };
}

let defaultStore: RatingsStore | undefined;

/** The app's ratings over window.localStorage, created on first use. */
export function getRatingsStore(): RatingsStore {
  return (defaultStore ??= createRatingsStore());
}

/** Rates (1–10) or, with null, clears the viewer's rating of a title or an episode (in the app's store unless another is given). */
export function applyRating(
  subject: RatingSubject,
  rating: number | null,
  store: RatingsStore = getRatingsStore(),
): LibraryResult<unknown> {
  const ref = refOf(subject);
  if (rating !== null) return store.rate(ref, rating);
  store.remove(ref);
  return { ok: true, value: null };
}

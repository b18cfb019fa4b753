import { useCallback, useSyncExternalStore } from 'react';
import { ratingKey, type ContentType, type RatingItem } from '@marquee/core';
import { lazy } from '../lazy.ts';
import { createStorage } from './storage.ts';

/** What a rating is of: a film or series (no season, no episode), or one episode of a series. */
export interface RatingSubject {
  movie_id: number;
  content_type: ContentType;
  season_number?: number | null;
  episode_number?: number | null;
}

export function refOf(subject: RatingSubject) {
  return {
    movie_id: subject.movie_id,
    content_type: subject.content_type,
    season_number: subject.season_number ?? null,
    episode_number: subject.episode_number ?? null,
  };
}

// Cards on every first page show the viewer's ratings. Reading them through the ratings store
// would put its schemas in the first page's JavaScript, which has no room for them (its budget,
// e2e/budget.test.ts): the stored list, which only that store writes, is read here as it is kept,
// and the store itself loads at the first change.
const storage = lazy(() => createStorage());
let read: { raw: string | null; ratings: ReadonlyMap<string, number> } = { raw: null, ratings: new Map() };

/** RATING_MIN to RATING_MAX of core, whose module would bring the ratings schemas along. */
function isRating(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 10;
}

function storedRatings(): ReadonlyMap<string, number> {
  const raw = storage().readRaw('ratings');
  if (raw === read.raw) return read.ratings;
  const ratings = new Map<string, number>();
  let list: unknown;
  try {
    list = raw === null ? [] : JSON.parse(raw);
  } catch {
    list = [];
  }
  for (const entry of Array.isArray(list) ? (list as Partial<RatingItem>[]) : []) {
    if (entry && typeof entry.movie_id === 'number' && typeof entry.content_type === 'string' && isRating(entry.rating))
      ratings.set(ratingKey(entry as RatingItem), entry.rating);
  }
  read = { raw, ratings };
  return ratings;
}

const subscribe = (listener: () => void) => storage().subscribe(['ratings'], () => listener());
const notRated = () => null;
const NO_RATINGS: ReadonlyMap<string, number> = new Map();
const noRatings = () => NO_RATINGS;

/** Every rating of the viewer by `ratingKey`: the same map until one changes (none on the server). */
export function useRatings(): ReadonlyMap<string, number> {
  return useSyncExternalStore(subscribe, storedRatings, noRatings);
}

/**
 * The viewer's rating (1–10) of a title or an episode, or null; re-renders only when it changes.
 * A page rendered on the server shows no rating (the browser's own data comes after hydration).
 */
export function useRating(subject: RatingSubject): number | null {
  const key = ratingKey(refOf(subject));
  const readRating = useCallback(() => storedRatings().get(key) ?? null, [key]);
  return useSyncExternalStore(subscribe, readRating, notRated);
}

import { afterEach, describe, expect, it } from 'vitest';
import { createHiddenStore } from './hidden-store.ts';
import { createRatingsStore } from './ratings-store.ts';
import { createStorage } from './storage.ts';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
let tick = 0;
const now = () => new Date(T0 + tick++ * 60_000);
afterEach(() => window.localStorage.clear());

const film = { movie_id: 550, content_type: 'movie', season_number: null, episode_number: null } as const;
const episode = { movie_id: 1396, content_type: 'tv', season_number: 1, episode_number: 2 } as const;

describe('ratings store', () => {
  it('rates a film and an episode apart, changes and clears a rating, and queues each change', () => {
    const store = createRatingsStore({ storage: createStorage(), now });
    expect(store.rate(film, 8).ok).toBe(true);
    expect(store.rate(episode, 6).ok).toBe(true);
    expect(store.rate(film, 9).ok).toBe(true);
    expect(store.ratingOf(film)).toBe(9);
    expect(store.ratingOf(episode)).toBe(6);
    expect(store.getQueue().map((operation) => operation.op)).toEqual(['upsert', 'upsert']);
    store.remove(film);
    expect(store.ratingOf(film)).toBeNull();
    // Never synced: the removal just takes the upsert back.
    expect(store.getQueue()).toHaveLength(1);
  });

  it('refuses a rating outside 1–10 and a season of a film, storing nothing', () => {
    const store = createRatingsStore({ storage: createStorage(), now });
    for (const [ref, rating, field] of [
      [film, 11, 'rating'],
      [film, 0, 'rating'],
      [film, 7.5, 'rating'],
      [{ ...film, season_number: 2 }, 7, 'season_number'],
    ] as const) {
      const result = store.rate(ref, rating);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.field).toBe(field);
    }
    expect(store.getSnapshot()).toEqual([]);
    expect(store.getQueue()).toEqual([]);
  });
});

describe('hidden store', () => {
  it('hides a title once and brings it back', () => {
    const store = createHiddenStore({ storage: createStorage(), now });
    store.hide({ movie_id: 680, content_type: 'movie' });
    store.hide({ movie_id: 680, content_type: 'movie' });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.isHidden({ movie_id: 680, content_type: 'movie' })).toBe(true);
    expect(store.isHidden({ movie_id: 680, content_type: 'tv' })).toBe(false);
    store.remove({ movie_id: 680, content_type: 'movie' });
    expect(store.isHidden({ movie_id: 680, content_type: 'movie' })).toBe(false);
  });
});

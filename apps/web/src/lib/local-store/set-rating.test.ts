import { describe, expect, it, vi } from 'vitest';
import { applyRating, createRatingsStore, type RatingsStore } from './ratings-store.ts';
import { createRatingSetter } from './set-rating.ts';
import { createStorage } from './storage.ts';
import { memoryBackend } from '@/test/memory-backend.ts';

const FILM = { movie_id: 550, content_type: 'movie' } as const;
const REF = { ...FILM, season_number: null, episode_number: null };

function memoryStore(): RatingsStore {
  return createRatingsStore({ storage: createStorage({ backend: memoryBackend(), events: null }) });
}

describe('setRating', () => {
  it('waits for one load of the store however many changes come meanwhile, and applies them in order', async () => {
    const store = memoryStore();
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const load = vi.fn(async () => {
      await arrived;
      return { applyRating: (...[ref, rating]: Parameters<typeof applyRating>) => applyRating(ref, rating, store) };
    });
    const setRating = createRatingSetter(load);
    // Key presses made before the store's module is in.
    const changes = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((rating) => setRating(FILM, rating));
    arrive();
    const results = await Promise.all(changes);
    expect(load).toHaveBeenCalledTimes(1);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(store.ratingOf(REF)).toBe(9);

    await Promise.all([setRating(FILM, 4), setRating(FILM, null), setRating(FILM, 6)]);
    expect(store.ratingOf(REF)).toBe(6);
    await setRating(FILM, null);
    expect(store.ratingOf(REF)).toBeNull();
  });
});

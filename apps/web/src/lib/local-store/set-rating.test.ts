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

  it('loads the store again at the next change after a failed load, and applies the changes in order', async () => {
    const store = memoryStore();
    const module = {
      applyRating: (...[ref, rating]: Parameters<typeof applyRating>) => applyRating(ref, rating, store),
    };
    const loads: Array<{ resolve: (value: typeof module) => void; reject: (error: Error) => void }> = [];
    const load = vi.fn(() => new Promise<typeof module>((resolve, reject) => loads.push({ resolve, reject })));
    const setRating = createRatingSetter(load);

    // The first download of the store's code fails (the connection dropped): the changes made
    // meanwhile fail with it, and nothing is stored.
    const failed = [setRating(FILM, 3), setRating(FILM, 4)];
    expect(load).toHaveBeenCalledTimes(1);
    loads[0]!.reject(new TypeError('Failed to fetch dynamically imported module'));
    for (const change of failed) await expect(change).rejects.toThrow('Failed to fetch');
    expect(store.ratingOf(REF)).toBeNull();

    // The next change downloads it again; the changes made while that load is out wait for it,
    // and are applied in the order they were made.
    const changes = [setRating(FILM, 6), setRating(FILM, null), setRating(FILM, 8)];
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]!.resolve(module);
    expect((await Promise.all(changes)).every((result) => result.ok)).toBe(true);
    expect(store.ratingOf(REF)).toBe(8);

    await setRating(FILM, 2);
    expect(load).toHaveBeenCalledTimes(2);
    expect(store.ratingOf(REF)).toBe(2);
  });
});

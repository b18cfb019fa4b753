import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../plugins/errors.ts';
import { withAnswerCache } from './cached-catalogue.ts';
import type { CatalogueProvider } from './provider.ts';

function fakeProvider() {
  const movie = vi.fn(async (id: number) => {
    if (id === 404) throw new AppError('not_found', 'Movie 404 not found');
    return { id, title: `Film ${id}` };
  });
  return {
    provider: {
      mode: 'local',
      capabilities: { watchProviders: false, trailers: false },
      movie,
    } as unknown as CatalogueProvider,
    movie,
  };
}

describe('the answer cache', () => {
  it('answers repeated reads from memory until they expire', async () => {
    let clock = 0;
    const { provider, movie } = fakeProvider();
    const cached = withAnswerCache(provider, { ttlMs: 1000, now: () => clock });
    await cached.movie(1);
    await cached.movie(1);
    await Promise.all([cached.movie(2), cached.movie(2)]);
    expect(movie).toHaveBeenCalledTimes(2);
    clock = 1001;
    await cached.movie(1);
    expect(movie).toHaveBeenCalledTimes(3);
  });

  it('never caches a failure', async () => {
    const { provider, movie } = fakeProvider();
    const cached = withAnswerCache(provider);
    await expect(cached.movie(404)).rejects.toMatchObject({ code: 'not_found' });
    await expect(cached.movie(404)).rejects.toMatchObject({ code: 'not_found' });
    expect(movie).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const { provider, movie } = fakeProvider();
    const cached = withAnswerCache(provider, { maxEntries: 2 });
    await cached.movie(1);
    await cached.movie(2);
    await cached.movie(1); // 1 is now the most recent
    await cached.movie(3); // evicts 2
    await cached.movie(1);
    expect(movie).toHaveBeenCalledTimes(3);
    await cached.movie(2);
    expect(movie).toHaveBeenCalledTimes(4);
  });
});

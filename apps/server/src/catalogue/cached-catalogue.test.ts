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
    } as unknown as CatalogueProvider & { withRequestDeadline: () => CatalogueProvider },
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

  it('under a request deadline: answers what it holds, does not join a read still under way, and keeps its own answers', async () => {
    const { provider, movie } = fakeProvider();
    const withDeadline = vi.fn(async (id: number) => ({ id, title: `Film ${id}` }));
    provider.withRequestDeadline = () => ({ ...provider, movie: withDeadline }) as unknown as CatalogueProvider;
    const cached = withAnswerCache(provider);
    await cached.movie(1);
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    movie.mockImplementationOnce(async (id: number) => {
      await slow;
      return { id, title: `Film ${id}` };
    });
    const underWay = cached.movie(2); // another request's read, still waiting

    const request = cached.withRequestDeadline();
    expect(request.withRequestDeadline()).toBe(request);
    await request.movie(1);
    expect(withDeadline).not.toHaveBeenCalled();
    // Not the other request's read, which may end later than this request may wait.
    await request.movie(2);
    expect(withDeadline).toHaveBeenCalledTimes(1);
    await request.movie(3);
    release();
    await underWay;
    await cached.movie(3);
    expect(movie).toHaveBeenCalledTimes(2);
    expect(withDeadline).toHaveBeenCalledTimes(2);
  });

  it('under a request deadline: lends out no failure', async () => {
    const { provider, movie } = fakeProvider();
    const withDeadline = vi.fn(async () => {
      throw new AppError('unavailable', 'time is up');
    });
    provider.withRequestDeadline = () => ({ ...provider, movie: withDeadline }) as unknown as CatalogueProvider;
    const cached = withAnswerCache(provider);
    await expect(cached.withRequestDeadline().movie(7)).rejects.toMatchObject({ code: 'unavailable' });
    expect(await cached.movie(7)).toEqual({ id: 7, title: 'Film 7' });
    expect(movie).toHaveBeenCalledTimes(1);
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

import { describe, expect, it } from 'vitest';
import { crumbsFor } from './breadcrumbs.tsx';

describe('breadcrumb labels (product.md §2 Shared layout)', () => {
  it('names numeric segments by what they belong to', () => {
    expect(crumbsFor('/movie/550').map((crumb) => crumb.label)).toEqual(['Movies', 'Movie Details']);
    expect(crumbsFor('/series/1399').at(-1)?.label).toBe('Series Details');
    expect(crumbsFor('/tv/1399').at(-1)?.label).toBe('Series Details');
    expect(crumbsFor('/list/12').at(-1)?.label).toBe('List Details');
    expect(crumbsFor('/genre/28').at(-1)?.label).toBe('Genre Movies');
  });

  it('titles other segments and links each crumb to its path', () => {
    expect(crumbsFor('/browse/tv')).toEqual([
      { label: 'Browse', to: '/browse' },
      { label: 'TV Shows', to: '/browse/tv' },
    ]);
    expect(crumbsFor('/genre/science-fiction').at(-1)?.label).toBe('Science Fiction');
  });

  it('lets a page override its own label', () => {
    expect(crumbsFor('/movie/550', { '/movie/550': 'Fight Club' }).at(-1)?.label).toBe('Fight Club');
  });

  it('links every crumb before the last to a page that exists, or to nothing', () => {
    // The pages of the router a crumb may lead to (src/app/router.tsx).
    const pages = [/^\/browse(\/(movie|tv))?$/, /^\/lists$/, /^\/genre\/[\w-]+$/, /^\/(movie|series|tv|list)\/\w+$/];
    for (const path of [
      '/movie/550',
      '/series/1399',
      '/tv/1399',
      '/list/most-voted-films',
      '/genre/27',
      '/genre/horror',
      '/browse/tv',
      '/watch/movie/2292',
      '/watch/series/1',
      '/watch/tv/1',
      '/watch/movie',
    ]) {
      for (const crumb of crumbsFor(path).slice(0, -1))
        if (crumb.to !== null)
          expect(
            pages.some((page) => page.test(crumb.to!)),
            `${path}: ${crumb.to}`,
          ).toBe(true);
    }
    expect(crumbsFor('/movie/550')[0]).toEqual({ label: 'Movies', to: '/browse/movie' });
    expect(crumbsFor('/series/1399')[0]).toEqual({ label: 'Series', to: '/browse/tv' });
    expect(crumbsFor('/list/most-voted-films')[0]).toEqual({ label: 'Lists', to: '/lists' });
    expect(crumbsFor('/genre/27')[0]).toEqual({ label: 'Genre', to: '/browse' });
    expect(crumbsFor('/watch/movie/2292').slice(0, 2)).toEqual([
      { label: 'Watch', to: null },
      { label: 'Movies', to: '/browse/movie' },
    ]);
  });

  it('keys a page override by the crumb of its own path', () => {
    expect(crumbsFor('/watch/movie/2292', { '/watch/movie/2292': 'Heat' }).map((crumb) => crumb.label)).toEqual([
      'Watch',
      'Movies',
      'Heat',
    ]);
  });
});

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
});

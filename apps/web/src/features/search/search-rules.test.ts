import { describe, expect, it } from 'vitest';
import { cutOverview, typeLabel } from './search-rules.ts';

describe('search dropdown rules (product.md §2, §9)', () => {
  it('cuts overviews at 80 characters', () => {
    const long = 'x'.repeat(120);
    expect(cutOverview(long)).toBe(`${'x'.repeat(80)}...`);
    expect(cutOverview('short')).toBe('short');
    expect(cutOverview('y'.repeat(80))).toBe('y'.repeat(80));
  });

  it('labels types MOVIE, TV Show or other', () => {
    expect([typeLabel('movie'), typeLabel('tv'), typeLabel('person')]).toEqual(['MOVIE', 'TV Show', 'person']);
  });
});

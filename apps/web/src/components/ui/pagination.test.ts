import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampPage, NARROW_PAGE_COUNT, pageWindow, responsivePageWindow } from './pagination.tsx';

/** Any current page and number of pages up to 500, and the button counts Marquee uses. */
const anyPage = fc.integer({ min: 1, max: 500 });
const anyTotal = fc.integer({ min: 1, max: 500 });
const anyCount = fc.constantFrom(3, 5, 7);

describe('pageWindow (product.md §2 Browse pagination)', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(2, 5, 7)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first and last pages with ellipses around the current one', () => {
    expect(pageWindow(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(pageWindow(10, 20, 7)).toEqual([1, 'start-ellipsis', 9, 10, 11, 'end-ellipsis', 20]);
    expect(pageWindow(20, 20, 7)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
  });

  it('shows 3 numbers on narrow screens', () => {
    expect(pageWindow(1, 20, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20, 3)).toEqual([9, 10, 11]);
    expect(pageWindow(20, 20, 3)).toEqual([18, 19, 20]);
  });

  it('never shows more numbers than asked, always the current page, in order', () => {
    fc.assert(
      fc.property(anyPage, anyTotal, anyCount, (page, total, count) => {
        const items = pageWindow(page, total, count);
        const numbers = items.filter((item): item is number => typeof item === 'number');
        expect(items.length).toBeLessThanOrEqual(count);
        expect(numbers).toContain(clampPage(page, total));
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers.every((number) => number >= 1 && number <= total)).toBe(true);
      }),
    );
  });

  it('clamps pages between 1 and the total', () => {
    expect([clampPage(0, 5), clampPage(9, 5), clampPage(3, 5), clampPage(Number.NaN, 5), clampPage(4, 0)]).toEqual([
      1, 5, 3, 1, 1,
    ]);
  });
});

describe('responsivePageWindow (both widths in one row, CSS picks one)', () => {
  it('marks the wide and the narrow windows, in order', () => {
    expect(responsivePageWindow(10, 20, 7)).toEqual([
      { item: 1, wide: true, narrow: false },
      { item: 'start-ellipsis', wide: true, narrow: false },
      { item: 9, wide: true, narrow: true },
      { item: 10, wide: true, narrow: true },
      { item: 11, wide: true, narrow: true },
      { item: 'end-ellipsis', wide: true, narrow: false },
      { item: 20, wide: true, narrow: false },
    ]);
    // Five buttons leave only the current page between the ellipses: its neighbours are narrow only.
    expect(responsivePageWindow(50, 100, 5).map(({ item, wide }) => `${item}${wide ? '' : '(narrow)'}`)).toEqual([
      '1',
      'start-ellipsis',
      '49(narrow)',
      '50',
      '51(narrow)',
      'end-ellipsis',
      '100',
    ]);
  });

  it('shows each width exactly its own window', () => {
    fc.assert(
      fc.property(anyPage, anyTotal, anyCount, (page, total, count) => {
        const items = responsivePageWindow(page, total, count);
        expect(items.filter(({ wide }) => wide).map(({ item }) => item)).toEqual(pageWindow(page, total, count));
        expect(items.filter(({ narrow }) => narrow).map(({ item }) => item)).toEqual(
          pageWindow(page, total, NARROW_PAGE_COUNT),
        );
      }),
    );
  });
});

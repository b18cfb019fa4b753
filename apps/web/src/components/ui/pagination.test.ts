import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampPage, pageWindow } from './pagination.tsx';

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
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(3, 5, 7),
        (page, total, count) => {
          const items = pageWindow(page, total, count);
          const numbers = items.filter((item): item is number => typeof item === 'number');
          expect(items.length).toBeLessThanOrEqual(count);
          expect(numbers).toContain(clampPage(page, total));
          expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
          expect(new Set(numbers).size).toBe(numbers.length);
          expect(numbers.every((number) => number >= 1 && number <= total)).toBe(true);
        },
      ),
    );
  });

  it('clamps pages between 1 and the total', () => {
    expect([clampPage(0, 5), clampPage(9, 5), clampPage(3, 5), clampPage(Number.NaN, 5), clampPage(4, 0)]).toEqual([
      1, 5, 3, 1, 1,
    ]);
  });
});

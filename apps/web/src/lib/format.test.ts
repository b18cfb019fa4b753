import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDay, formatDecimal, groupDigits } from './format.ts';

/** What the browser's Intl prints, which these formats stand in for. */
const intlNumber = (value: number, decimals: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

describe('groupDigits', () => {
  it('groups digits in threes and rounds to a whole number', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(382470)).toBe('382,470');
    expect(groupDigits(1234567.5)).toBe('1,234,568');
    expect(groupDigits(-1234)).toBe('-1,234');
    expect(groupDigits(Number.NaN)).toBe('NaN');
  });

  it('prints what Intl prints, for any whole or fractional number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ min: -1e15, max: 1e15, noNaN: true })), (value) => {
        expect(groupDigits(value)).toBe(intlNumber(value, 0));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatDecimal', () => {
  it('rounds a tie away from zero on the number as written', () => {
    expect(formatDecimal(63.05, 1)).toBe('63.1');
    expect(formatDecimal(1.005, 2)).toBe('1.01');
    expect(formatDecimal(1234.54, 1)).toBe('1,234.5');
    expect(formatDecimal(-0.04, 1)).toBe('-0.0');
    expect(formatDecimal(2.5, 0)).toBe('3');
  });

  it('prints what Intl prints, for one to three decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e12, max: 1e12, noNaN: true }),
          // Ties: a whole number of hundredths and thousandths.
          fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 100),
          fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
        ),
        fc.integer({ min: 1, max: 3 }),
        (value, decimals) => {
          expect(formatDecimal(value, decimals)).toBe(intlNumber(value, decimals));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('formatDay', () => {
  it('prints long and short en-US days', () => {
    const day = new Date('1999-10-15T00:00:00Z');
    expect(formatDay(day, 'long', 'UTC')).toBe('October 15, 1999');
    expect(formatDay(new Date('2008-09-02T00:00:00Z'), 'short', 'UTC')).toBe('Sep 2, 2008');
    expect(formatDay(new Date('not a date'), 'long', 'local')).toBe('Unknown date');
  });

  it('prints what Intl prints, in UTC and in the local time zone', () => {
    const options = { month: 'long', day: 'numeric', year: 'numeric' } as const;
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('long' as const, 'short' as const),
        (date, month) => {
          expect(formatDay(date, month, 'UTC')).toBe(
            new Intl.DateTimeFormat('en-US', { ...options, month, timeZone: 'UTC' }).format(date),
          );
          expect(formatDay(date, month, 'local')).toBe(
            new Intl.DateTimeFormat('en-US', { ...options, month }).format(date),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});

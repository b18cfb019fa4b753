import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { popularity } from './popularity.ts';

const NOW = new Date('2025-01-01T00:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** The YYYY-MM-DD day `days` days before NOW (negative: after it). */
function daysBefore(days: number): string {
  return new Date(NOW.getTime() - days * DAY_MS).toISOString().slice(0, 10);
}

const votes = fc.integer({ min: 0, max: 2_000_000 });
const rating = fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null });
/** From 1900 to five years after NOW. */
const ageDays = fc.integer({ min: -5 * 365, max: 125 * 365 });
const releaseDate = fc.option(ageDays.map(daysBefore), { nil: null });

describe('popularity', () => {
  it('gives concrete values of the documented formula', () => {
    // No votes, no rating, no date: the floor.
    expect(popularity({ voteCount: null, voteAverage: null, releaseDate: null }, NOW)).toBe(0.5);
    expect(popularity({ voteCount: 0, voteAverage: null, releaseDate: null }, NOW)).toBe(0.5);
    // 999 votes: 0.5 + 3² = 9.5, no date so no boost.
    expect(popularity({ voteCount: 999, voteAverage: null, releaseDate: null }, NOW)).toBe(9.5);
    // 99 votes rated 5: 0.5 + 2² + 0.5 = 5; released exactly 4 years (1,461 days) ago: × (1 + 7/4).
    expect(popularity({ voteCount: 99, voteAverage: 5, releaseDate: '2021-01-01' }, NOW)).toBe(13.75);
    // On release day the boost is × 8.
    expect(popularity({ voteCount: 99, voteAverage: 5, releaseDate: '2025-01-01' }, NOW)).toBe(40);
    // A future release counts as released today.
    expect(popularity({ voteCount: 99, voteAverage: 5, releaseDate: '2026-06-01' }, NOW)).toBe(40);
  });

  it('scores real films of the dataset like TMDB does', () => {
    // The Dark Knight (465,000 IMDb votes, 8.9, July 2008) seen from 2025: a classic, ~30.
    const darkKnight = popularity({ voteCount: 465000, voteAverage: 8.9, releaseDate: '2008-07-18' }, NOW);
    expect(darkKnight).toBeGreaterThan(30);
    expect(darkKnight).toBeLessThan(35);
    // The same film in its release week: ~270.
    const atRelease = popularity(
      { voteCount: 465000, voteAverage: 8.9, releaseDate: '2008-07-18' },
      new Date('2008-07-20T00:00:00Z'),
    );
    expect(atRelease).toBeGreaterThan(250);
    expect(atRelease).toBeLessThan(300);
    // An obscure film: a few points.
    const obscure = popularity({ voteCount: 207, voteAverage: 6.9, releaseDate: '1998-08-07' }, NOW);
    expect(obscure).toBeGreaterThan(5);
    expect(obscure).toBeLessThan(7);
  });

  it('ignores malformed input instead of failing', () => {
    const base = popularity({ voteCount: 0, voteAverage: null, releaseDate: null }, NOW);
    expect(popularity({ voteCount: -5, voteAverage: Number.NaN, releaseDate: 'Jun 12 1998' }, NOW)).toBe(base);
    expect(popularity({ voteCount: Number.NaN, voteAverage: -1, releaseDate: '1998-02-30' }, NOW)).toBe(base);
    expect(popularity({ voteCount: 0, voteAverage: 42, releaseDate: null }, NOW)).toBe(1.5); // rating capped at 10
    expect(() => popularity({ voteCount: 1, voteAverage: 1, releaseDate: null }, new Date('nope'))).toThrow(RangeError);
  });

  it('is positive, finite, TMDB-sized and rounded to 3 decimals', () => {
    fc.assert(
      fc.property(votes, rating, releaseDate, (voteCount, voteAverage, date) => {
        const score = popularity({ voteCount, voteAverage, releaseDate: date }, NOW);
        expect(Number.isFinite(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0.5);
        expect(score).toBeLessThanOrEqual(330); // 2M votes on release day
        expect(Number(score.toFixed(3))).toBe(score);
      }),
    );
  });

  it('never decreases with more votes, and grows when they double', () => {
    fc.assert(
      fc.property(votes, votes, rating, releaseDate, (a, b, voteAverage, date) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        const low = popularity({ voteCount: fewer, voteAverage, releaseDate: date }, NOW);
        const high = popularity({ voteCount: more, voteAverage, releaseDate: date }, NOW);
        expect(high).toBeGreaterThanOrEqual(low);
        if (more >= 2 * fewer + 1) expect(high).toBeGreaterThan(low);
      }),
    );
  });

  it('never decreases for a more recent release, and grows within the last years', () => {
    fc.assert(
      fc.property(votes, rating, ageDays, ageDays, (voteCount, voteAverage, a, b) => {
        const [newer, older] = a <= b ? [a, b] : [b, a];
        const recent = popularity({ voteCount, voteAverage, releaseDate: daysBefore(newer) }, NOW);
        const old = popularity({ voteCount, voteAverage, releaseDate: daysBefore(older) }, NOW);
        expect(recent).toBeGreaterThanOrEqual(old);
        // Visible at 3 decimals: within 8 years of NOW and a month apart.
        if (newer >= 0 && older <= 8 * 365 && older - newer >= 30) expect(recent).toBeGreaterThan(old);
      }),
    );
  });

  it('never decreases with a better rating', () => {
    fc.assert(
      fc.property(votes, rating, rating, releaseDate, (voteCount, a, b, date) => {
        const [worse, better] = (a ?? 0) <= (b ?? 0) ? [a, b] : [b, a];
        expect(popularity({ voteCount, voteAverage: better, releaseDate: date }, NOW)).toBeGreaterThanOrEqual(
          popularity({ voteCount, voteAverage: worse, releaseDate: date }, NOW),
        );
      }),
    );
  });

  it('gives an undated title no recency boost', () => {
    fc.assert(
      fc.property(votes, rating, ageDays, (voteCount, voteAverage, age) => {
        const undated = popularity({ voteCount, voteAverage, releaseDate: null }, NOW);
        expect(popularity({ voteCount, voteAverage, releaseDate: daysBefore(age) }, NOW)).toBeGreaterThanOrEqual(
          undated,
        );
      }),
    );
  });
});

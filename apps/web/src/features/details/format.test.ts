import { describe, expect, it } from 'vitest';
import {
  episodeLabel,
  formatCount,
  formatEpisodes,
  formatHours,
  formatLongDate,
  formatMillions,
  formatMinutes,
  formatRating,
  formatSeasons,
  formatShortDate,
} from './format.ts';

describe('detail formatting', () => {
  it('prints release dates in long US form, and TBA when missing or unreadable', () => {
    expect(formatLongDate('1999-10-15')).toBe('October 15, 1999');
    expect(formatLongDate('2008-01-20')).toBe('January 20, 2008');
    expect(formatLongDate(null)).toBe('TBA');
    expect(formatLongDate(undefined)).toBe('TBA');
    expect(formatLongDate('')).toBe('TBA');
    expect(formatLongDate('soon')).toBe('TBA');
  });

  it('keeps the calendar day whatever the time zone (dates are read as UTC days)', () => {
    // The first of the month is where a local-time parse west of UTC would slip to the day before.
    expect(formatLongDate('2024-03-01')).toBe('March 1, 2024');
    expect(formatShortDate('2024-01-01')).toBe('Jan 1, 2024');
  });

  it('prints episode air dates as short month, day and year', () => {
    expect(formatShortDate('2008-01-20')).toBe('Jan 20, 2008');
    expect(formatShortDate(null)).toBeNull();
  });

  it('prints runtimes in minutes and totals in hours, nothing for unknown', () => {
    expect(formatMinutes(139)).toBe('139 min');
    expect(formatMinutes(0)).toBeNull();
    expect(formatMinutes(null)).toBeNull();
    expect(formatHours(3011)).toBe('50.2 h');
    expect(formatHours(120)).toBe('2 h');
    expect(formatHours(0)).toBeNull();
  });

  it('prints budget and revenue in millions of dollars only above 0', () => {
    expect(formatMillions(63_000_000)).toBe('$63.0M');
    expect(formatMillions(100_853_753)).toBe('$100.9M');
    expect(formatMillions(2_799_439_100)).toBe('$2,799.4M');
    expect(formatMillions(0)).toBeNull();
    expect(formatMillions(-5)).toBeNull();
    expect(formatMillions(null)).toBeNull();
  });

  it('pluralises seasons and episodes', () => {
    expect(formatSeasons(1)).toBe('1 Season');
    expect(formatSeasons(5)).toBe('5 Seasons');
    expect(formatEpisodes(1)).toBe('1 episode');
    expect(formatEpisodes(13)).toBe('13 episodes');
  });

  it('prints ratings to one decimal and hides a title without votes', () => {
    expect(formatRating(8.8)).toBe('8.8');
    expect(formatRating(7)).toBe('7.0');
    expect(formatRating(8.25)).toBe('8.3');
    expect(formatRating(0)).toBeNull();
  });

  it('groups counts and labels episodes like the history card', () => {
    expect(formatCount(382470)).toBe('382,470');
    expect(formatCount(32.564)).toBe('33');
    expect(episodeLabel(2, 5)).toBe('S2 · E5');
  });
});

import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '@marquee/core';
import { calendarSections, dayHeading } from './calendar-rules.ts';

const entry = (date: string): CalendarEntry => ({
  date,
  type: 'movie',
  title: { id: 1, media_type: 'movie', title: 'Film', poster_path: null },
});

describe('calendarSections', () => {
  it('puts the chosen week first, then the weeks after, then the days before, latest first', () => {
    const sections = calendarSections(
      ['2026-11-10', '2026-11-20', '2026-11-23', '2026-11-29', '2026-11-30'].map(entry),
      '2026-11-23',
      '2026-11-29',
    );
    expect(sections.map((section) => [section.id, section.days.map((day) => day.date)])).toEqual([
      ['week', ['2026-11-23', '2026-11-29']],
      ['later', ['2026-11-30']],
      ['earlier', ['2026-11-20', '2026-11-10']],
    ]);
  });
});

describe('dayHeading', () => {
  it('names the weekday, and the year when it is not this one', () => {
    expect(dayHeading('2026-11-27', '2026-11-27')).toBe('Friday, November 27');
    expect(dayHeading('2008-01-20', '2026-11-27')).toBe('Sunday, January 20, 2008');
  });
});

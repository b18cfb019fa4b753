import { entriesByDay, MONTH_NAMES, type CalendarEntry } from '@marquee/core';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Monday, November 24": a day's heading (the year is shown where it is not this one). */
export function dayHeading(day: string, today: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const text = `${WEEKDAYS[date.getUTCDay()]}, ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return day.slice(0, 4) === today.slice(0, 4) ? text : `${text}, ${day.slice(0, 4)}`;
}

/** "November 24, 2026": a day in running text. */
export function dayText(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export interface CalendarSection {
  id: 'week' | 'later' | 'earlier';
  days: Array<{ date: string; entries: CalendarEntry[] }>;
}

/**
 * The screen's sections, the chosen week first: its days, then the weeks after it, then the two
 * weeks before it (what aired lately).
 */
export function calendarSections(entries: readonly CalendarEntry[], week: string, weekEnd: string): CalendarSection[] {
  const days = entriesByDay(entries);
  return [
    { id: 'week' as const, days: days.filter((day) => day.date >= week && day.date <= weekEnd) },
    { id: 'later' as const, days: days.filter((day) => day.date > weekEnd) },
    { id: 'earlier' as const, days: days.filter((day) => day.date < week).reverse() },
  ];
}

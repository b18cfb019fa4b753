import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarEntries,
  calendarQuerySchema,
  entriesByDay,
  isWaitingEpisode,
  weekStart,
  type CalendarSeries,
} from './release-calendar.ts';
import { episodeWatchKey } from './watched.ts';

const show: CalendarSeries = {
  title: { id: 7, media_type: 'tv', name: 'Severance', poster_path: '/s.jpg' },
  episodes: [
    { season_number: 0, episode_number: 1, name: 'Special', air_date: '2025-03-02' },
    { season_number: 2, episode_number: 1, name: 'Hello, Ms. Cobel', air_date: '2025-01-17' },
    { season_number: 2, episode_number: 2, name: 'Goodbye, Mrs. Selvig', air_date: '2025-01-24' },
    { season_number: 2, episode_number: 3, name: '', air_date: '2025-01-31' },
    { season_number: 2, episode_number: 4, name: 'Undated', air_date: null },
  ],
  watched: new Set([episodeWatchKey(2, 1)]),
};
const film = {
  title: { id: 3, media_type: 'movie' as const, title: 'Anora', poster_path: null },
  release_date: '2025-01-24',
};

describe('calendarEntries', () => {
  it('lists regular episodes and films of the range by day, watched ones said so', () => {
    const entries = calendarEntries({ series: [show], films: [film] }, { from: '2025-01-17', to: '2025-01-31' });
    expect(
      entries.map((entry) => [entry.date, entry.type, entry.episode_number ?? null, entry.watched ?? null]),
    ).toEqual([
      ['2025-01-17', 'episode', 1, true],
      ['2025-01-24', 'movie', null, null],
      ['2025-01-24', 'episode', 2, false],
      ['2025-01-31', 'episode', 3, false],
    ]);
    // An episode without a name is still named.
    expect(entries[3]!.name).toBe('Episode 3');
    expect(entriesByDay(entries).map((day) => [day.date, day.entries.length])).toEqual([
      ['2025-01-17', 1],
      ['2025-01-24', 2],
      ['2025-01-31', 1],
    ]);
  });

  it('keeps the range inclusive and leaves out specials and undated episodes', () => {
    const entries = calendarEntries({ series: [show], films: [] }, { from: '2025-01-24', to: '2025-03-31' });
    expect(entries.map((entry) => entry.episode_number)).toEqual([2, 3]);
  });

  it('marks aired, unwatched episodes of the last two weeks as waiting', () => {
    const [first, second] = calendarEntries({ series: [show], films: [] }, { from: '2025-01-17', to: '2025-01-24' });
    expect(isWaitingEpisode(second!, '2025-01-30')).toBe(true);
    expect(isWaitingEpisode(second!, '2025-01-23')).toBe(false); // not aired yet
    expect(isWaitingEpisode(second!, '2025-03-01')).toBe(false); // long ago
    expect(isWaitingEpisode(first!, '2025-01-20')).toBe(false); // watched
  });
});

describe('calendarQuerySchema', () => {
  const refusal = (query: unknown) => {
    const result = calendarQuerySchema.safeParse(query);
    return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('takes a range of up to 92 days', () => {
    expect(refusal({ from: '2025-01-01', to: '2025-01-01' })).toBeNull();
    expect(refusal({ from: '2025-01-01', to: addDays('2025-01-01', 92) })).toBeNull();
  });

  it('refuses a reversed range, one too wide, a far year and garbage, naming the field', () => {
    expect(refusal({ from: '2025-02-01', to: '2025-01-01' })).toEqual(['to: must not be before from']);
    expect(refusal({ from: '2025-01-01', to: addDays('2025-01-01', 93) })).toEqual([
      'to: must be at most 92 days after from',
    ]);
    expect(refusal({ from: '3000-01-01', to: '3000-01-02' })?.[0]).toBe(
      'from: must be between 1900-01-01 and 2099-12-31',
    );
    expect(refusal({ from: '2025-02-30', to: '2025-03-01' })?.[0]).toBe('from: must be a date (YYYY-MM-DD)');
    expect(refusal({ from: 'soon', to: '2025-03-01' })?.[0]).toBe('from: must be a date (YYYY-MM-DD)');
    expect(refusal({ from: '2025-01-01' })?.[0]).toMatch(/^to: /);
  });
});

describe('weekStart', () => {
  it('is the Monday of the week', () => {
    expect(weekStart('2026-11-27')).toBe('2026-11-23'); // a Friday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
  });
});

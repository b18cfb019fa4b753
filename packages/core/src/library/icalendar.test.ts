import { describe, expect, it } from 'vitest';
import { buildICalendar, escapeText, foldLine } from './icalendar.ts';
import type { CalendarEntry } from './release-calendar.ts';

const episode: CalendarEntry = {
  date: '2025-01-24',
  type: 'episode',
  title: { id: 7, media_type: 'tv', name: 'Severance', poster_path: null },
  season_number: 2,
  episode_number: 2,
  name: 'Goodbye, Mrs. Selvig; part\\two',
  watched: false,
};
const film: CalendarEntry = {
  date: '2025-12-31',
  type: 'movie',
  title: { id: 3, media_type: 'movie', title: 'Anora', poster_path: null },
};
const octets = (text: string) => unescape(encodeURIComponent(text)).length;

describe('buildICalendar', () => {
  const feed = buildICalendar([episode, film], {
    name: 'Marquee',
    now: new Date('2025-01-20T08:09:10.123Z'),
    domain: 'marquee.example',
  });

  it('ends every line with CRLF and gives each event a UID, a DTSTAMP and an all-day date', () => {
    expect(feed.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(feed).toContain('UID:tv-7-s2e2@marquee.example\r\n');
    expect(feed).toContain('UID:movie-3@marquee.example\r\n');
    expect(feed.match(/DTSTAMP:20250120T080910Z\r\n/g)).toHaveLength(2);
    expect(feed).toContain('DTSTART;VALUE=DATE:20250124\r\nDTEND;VALUE=DATE:20250125\r\n');
    // The last day of a year ends on the first of the next.
    expect(feed).toContain('DTSTART;VALUE=DATE:20251231\r\nDTEND;VALUE=DATE:20260101\r\n');
    expect(feed).toContain('SUMMARY:Severance S2E2: Goodbye\\, Mrs. Selvig\\; part\\\\two\r\n');
  });
});

describe('escapeText and foldLine', () => {
  it('escapes what RFC 5545 asks for', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}${'🎬'.repeat(10)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });
});

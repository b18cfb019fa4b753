import type { CalendarEntry } from './release-calendar.ts';

/**
 * The calendar as an iCalendar feed (RFC 5545) that calendar apps subscribe to (issue 30; DESIGN.md
 * `GET /api/calendar/:token.ics`): one all-day event per episode or film, lines ended by CRLF and
 * folded at 75 octets, text escaped, every event with a stable UID (a calendar app updates the
 * event when a date moves instead of adding a second one) and the feed's DTSTAMP.
 */

export interface ICalendarOptions {
  /** The calendar's name, shown by the app that subscribes. */
  name: string;
  /** When the feed was made (DTSTAMP of every event). */
  now: Date;
  /** The host part of the events' UIDs, e.g. the server's host name. */
  domain: string;
  /** A page to link each event to (the title's page), when known. */
  linkOf?: (entry: CalendarEntry) => string | undefined;
}

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** The octets of a character in UTF-8. */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * RFC 5545 §3.1: a content line longer than 75 octets is split, each following part starting
 * with a space. Splits fall between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  if (line.length <= 25 || [...line].reduce((sum, char) => sum + utf8Length(char), 0) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const octets = utf8Length(char);
    // The first line holds 75 octets; the next ones 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + octets > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += octets;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDay = (day: string) => day.replaceAll('-', '');

function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** What an event is called: "Series S1E2: Episode name", or the film's title. */
export function calendarEntrySummary(entry: CalendarEntry): string {
  if (entry.type === 'movie') return entry.title.title ?? entry.title.name ?? '';
  const code = `S${entry.season_number}E${entry.episode_number}`;
  const series = entry.title.name ?? entry.title.title ?? '';
  return entry.name ? `${series} ${code}: ${entry.name}` : `${series} ${code}`;
}

function uidOf(entry: CalendarEntry, domain: string): string {
  return entry.type === 'movie'
    ? `movie-${entry.title.id}@${domain}`
    : `tv-${entry.title.id}-s${entry.season_number}e${entry.episode_number}@${domain}`;
}

/** The feed: a VCALENDAR with one all-day VEVENT per entry. */
export function buildICalendar(entries: readonly CalendarEntry[], options: ICalendarOptions): string {
  const dtstamp = stamp(options.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marquee//Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ];
  for (const entry of entries) {
    const link = options.linkOf?.(entry);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uidOf(entry, options.domain)}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${compactDay(entry.date)}`,
      `DTEND;VALUE=DATE:${compactDay(nextDay(entry.date))}`,
      `SUMMARY:${escapeText(calendarEntrySummary(entry))}`,
      ...(entry.type === 'movie' ? ['DESCRIPTION:Release date'] : []),
      ...(link ? [`URL:${link}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

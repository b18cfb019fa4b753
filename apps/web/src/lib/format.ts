import { MONTH_NAMES } from '@marquee/core';

/**
 * Numbers and calendar days as en-US prints them ("382,470", "October 15, 1999"), without Intl.
 * The first Intl call of a page loads the browser's locale data: 13–20 ms on a desktop CPU, four
 * times that on Lighthouse's phone, inside the task that hydrates the page. Marquee's text is
 * en-US only, so these few formats are written out instead.
 */

/** Commas between groups of three digits of a string of digits. */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * `value` (not negative) rounded to `decimals` places, a tie away from zero, as Intl rounds: the
 * tie is judged on the shortest decimal that reads back as the number, so 63.05 (stored as
 * 63.04999…) rounds to 63.1, where toFixed alone would say 63.0.
 */
function roundHalfUp(value: number, decimals: number): number {
  const shortest = String(value);
  if (shortest.includes('e')) return value;
  return Number(`${Math.round(Number(`${shortest}e${decimals}`))}e-${decimals}`);
}

/** "382,470": rounded to a whole number, digits grouped in threes (as toLocaleString('en-US')). */
export function groupDigits(value: number): string {
  return formatDecimal(value, 0);
}

/** "1,234.5" for formatDecimal(1234.54, 1): fixed decimals, digits grouped in threes. */
export function formatDecimal(value: number, decimals: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const fixed = roundHalfUp(Math.abs(value), decimals).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  // As Intl: -0.04 to one decimal is "-0.0".
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${group(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * "October 15, 1999" (month 'long') or "Oct 15, 1999" ('short') for a day: read in UTC for a
 * calendar day from the catalogue, in the viewer's time zone for a moment (timeZone 'local').
 * A date that could not be read prints as "Unknown date" (Intl would throw).
 */
export function formatDay(date: Date, month: 'long' | 'short', timeZone: 'UTC' | 'local'): string {
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  const utc = timeZone === 'UTC';
  const name = MONTH_NAMES[utc ? date.getUTCMonth() : date.getMonth()]!;
  const day = utc ? date.getUTCDate() : date.getDate();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  return `${month === 'long' ? name : name.slice(0, 3)} ${day}, ${year}`;
}

/** "48.6 h" (one decimal, whole hours without it); null when unknown or zero. */
export function formatHours(minutes: number | null | undefined): string | null {
  if (!minutes || minutes <= 0) return null;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

import type { HistoryItem } from './history.ts';

// Apart from mark-watched.ts: every card reads these, and the first page's JavaScript has no room
// for the marking rules, which only the Mark watched dialog needs.

/**
 * Whether the viewer watched a film (an entry completed or marked) or an episode. The player's
 * and a media server's (webhook) entries count once completed (90 %, or reported played); one
 * marked by hand or imported from another tracker always is: both say "I watched this".
 */
export function isWatchedEntry(item: Pick<HistoryItem, 'completed' | 'source'>): boolean {
  return item.completed || item.source === 'manual' || item.source === 'import';
}

/** The watched episodes of a series, as `s{season}e{episode}` keys, each with its plays. */
export function watchedEpisodesOf(list: readonly HistoryItem[], seriesId: number): Map<string, number> {
  const plays = new Map<string, number>();
  for (const item of list) {
    if (item.content_type !== 'tv' || item.movie_id !== seriesId || !isWatchedEntry(item)) continue;
    if (item.season_number != null && item.episode_number != null) {
      plays.set(episodeWatchKey(item.season_number, item.episode_number), item.play_count);
    }
  }
  return plays;
}

export function episodeWatchKey(season: number, episode: number): string {
  return `s${season}e${episode}`;
}

// The day rules below are here rather than with the marking rules: episode lists on first pages
// show which episodes have aired.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The viewer's calendar day of an instant, YYYY-MM-DD, in the runtime's time zone. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A YYYY-MM-DD day that exists (no 31 February), or null. */
export function parseDay(day: string): { year: number; month: number; date: number } | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(year, month - 1, date);
  if (probe.getFullYear() !== year || probe.getMonth() !== month - 1 || probe.getDate() !== date) return null;
  return { year, month, date };
}

/**
 * Whether an episode has aired: its air date is today or earlier, in the viewer's day. An episode
 * without an air date has not (DESIGN.md: aired episodes only).
 */
export function isAired(airDate: string | null | undefined, now: Date): boolean {
  const day = airDate?.slice(0, 10);
  if (!day || !parseDay(day)) return false;
  return day <= localDay(now);
}

import type { HistoryItem } from '@marquee/core';
import { paths } from '@/config/paths.ts';

/** How many entries the compact modes show (product.md §2 History screen, §9). */
export const COMPACT_COUNTS = { grid: 6, strip: 12 } as const;
export type CompactVariant = keyof typeof COMPACT_COUNTS;

/** Navigation state the detail page reads to resume a series (product.md §2 Detail screen). */
export interface ResumeState {
  lastWatchedSeason: number;
  lastWatchedEpisode: number;
}

/** Newest first by watched_at (product.md §2); entries with the same time keep their order. */
export function sortByWatchedAt(items: readonly HistoryItem[]): HistoryItem[] {
  return [...items].sort((a, b) => Date.parse(b.watched_at) - Date.parse(a.watched_at));
}

/**
 * Where a history entry leads: /movie/{id}, or /series/{id} passing the last-watched season and
 * episode so the detail page can resume (product.md §2 History screen).
 */
export function historyLink(item: HistoryItem): { to: string; state?: ResumeState } {
  if (item.content_type === 'movie') return { to: paths.movie(item.movie_id) };
  const state =
    item.season_number != null && item.episode_number != null
      ? { lastWatchedSeason: item.season_number, lastWatchedEpisode: item.episode_number }
      : undefined;
  return { to: paths.series(item.movie_id), state };
}

/** "Last watched: S{season} · E{episode}" for a TV entry that knows its episode, else null. */
export function lastWatchedLabel(item: Pick<HistoryItem, 'content_type' | 'season_number' | 'episode_number'>) {
  if (item.content_type !== 'tv' || item.season_number == null || item.episode_number == null) return null;
  return `Last watched: S${item.season_number} · E${item.episode_number}`;
}

/** How far an entry has been watched, 0 to 1; null when the length is unknown. */
export function watchProgress(item: Pick<HistoryItem, 'duration_watched' | 'total_duration' | 'completed'>) {
  if (item.completed) return 1;
  if (!item.total_duration || item.total_duration <= 0) return null;
  return Math.min(Math.max(item.duration_watched / item.total_duration, 0), 1);
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function watchedAgo(watchedAt: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(watchedAt) - now) / 1000);
  if (!Number.isFinite(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

const FULL_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** "May 1, 2024 at 2:00 PM", for the tooltip of the relative time. */
export function watchedOn(watchedAt: string): string {
  const time = Date.parse(watchedAt);
  return Number.isFinite(time) ? FULL_DATE.format(time) : '';
}

/** The heading of the screen: "Watch History (n)"; just "Watch History" while it is empty. */
export function historyHeading(count: number): string {
  return count > 0 ? `Watch History (${count})` : 'Watch History';
}

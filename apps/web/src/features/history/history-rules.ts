import type { HistoryItem } from '@marquee/core';
export { historyLink, watchProgress, type ResumeState } from '@/lib/history-display.ts';
export { timeAgo } from '@/lib/time-ago.ts';
import { lazy } from '@/lib/lazy.ts';

/** How many entries the compact modes show (product.md §2 History screen, §9). */
export const COMPACT_COUNTS = { grid: 6, strip: 12 } as const;
export type CompactVariant = keyof typeof COMPACT_COUNTS;

/** Newest first by watched_at (product.md §2); entries with the same time keep their order. */
export function sortByWatchedAt(items: readonly HistoryItem[]): HistoryItem[] {
  return [...items].sort((a, b) => Date.parse(b.watched_at) - Date.parse(a.watched_at));
}

/** "Last watched: S{season} · E{episode}" for a TV entry that knows its episode, else null. */
export function lastWatchedLabel(item: Pick<HistoryItem, 'content_type' | 'season_number' | 'episode_number'>) {
  if (item.content_type !== 'tv' || item.season_number == null || item.episode_number == null) return null;
  return `Last watched: S${item.season_number} · E${item.episode_number}`;
}

const fullDate = lazy(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }));

/** "May 1, 2024 at 2:00 PM", for the tooltip of the relative time. */
export function watchedOn(watchedAt: string): string {
  const time = Date.parse(watchedAt);
  return Number.isFinite(time) ? fullDate().format(time) : '';
}

/** The heading of the screen: "Watch History (n)"; just "Watch History" while it is empty. */
export function historyHeading(count: number): string {
  return count > 0 ? `Watch History (${count})` : 'Watch History';
}

import type { WatchLaterItem } from '@marquee/core';
import { paths } from '@/config/paths.ts';

/** How many titles the compact modes show (product.md §2 Watch Later screen, §9). */
export const COMPACT_COUNTS = { grid: 6, strip: 12 } as const;
export type CompactVariant = keyof typeof COMPACT_COUNTS;

/**
 * Where a Watch Later card leads (product.md §2): /movie/{id} if the item has a release date,
 * else /series/{id}. Saved series keep no release date, so this tells the two apart.
 */
export function watchLaterLink(item: Pick<WatchLaterItem, 'movie_id' | 'movie_release_date'>): string {
  return item.movie_release_date ? paths.movie(item.movie_id) : paths.series(item.movie_id);
}

/** The player route of a saved title. */
export function watchLaterWatchPath(item: Pick<WatchLaterItem, 'movie_id' | 'content_type'>): string {
  return paths.watch(item.content_type === 'movie' ? 'movie' : 'series', item.movie_id);
}

/** The year of a saved title: the first four characters of its release date, or ''. */
export function watchLaterYear(item: Pick<WatchLaterItem, 'movie_release_date'>): string {
  return /^\d{4}/.test(item.movie_release_date ?? '') ? item.movie_release_date!.slice(0, 4) : '';
}

/** Newest first by added_at (the store keeps this order; sorting again keeps the screen honest). */
export function newestSavedFirst(items: readonly WatchLaterItem[]): WatchLaterItem[] {
  return [...items].sort((a, b) => Date.parse(b.added_at) - Date.parse(a.added_at));
}

/** The heading of the screen: "Watch Later (n)"; just "Watch Later" while the list is empty. */
export function watchLaterHeading(count: number): string {
  return count > 0 ? `Watch Later (${count})` : 'Watch Later';
}

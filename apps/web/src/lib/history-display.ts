import type { HistoryItem } from '@marquee/core';
import { paths } from '@/config/paths.ts';

/*
 * How a history entry is shown wherever it appears (the History screen, Continue Watching on
 * the home page): where it leads, how far it was watched, and when.
 */

/** Navigation state the detail page reads to resume a series (product.md §2 Detail screen). */
export interface ResumeState {
  lastWatchedSeason: number;
  lastWatchedEpisode: number;
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

/** How far an entry has been watched, 0 to 1; null when the length is unknown. */
export function watchProgress(item: Pick<HistoryItem, 'duration_watched' | 'total_duration' | 'completed'>) {
  if (item.completed) return 1;
  if (!item.total_duration || item.total_duration <= 0) return null;
  return Math.min(Math.max(item.duration_watched / item.total_duration, 0), 1);
}

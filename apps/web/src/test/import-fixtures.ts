import type { SyncOperation } from '@marquee/core';

/** An import's history upsert of film `id` watched at `at` (`play_count` plays), as the server's answer carries it. */
export const importedWatch = (id: number, at: string, playCount = 1): SyncOperation => ({
  op: 'upsert',
  store: 'history',
  at,
  item: {
    id: `movie:${id}`,
    movie_id: id,
    movie_title: `Film ${id}`,
    movie_poster: null,
    content_type: 'movie',
    watched_at: at,
    duration_watched: 0,
    total_duration: null,
    completed: true,
    synced: false,
    season_number: null,
    episode_number: null,
    episode_title: null,
    source: 'import',
    play_count: playCount,
  },
});

/**
 * The keys of ratings and hidden titles, apart from their schemas: the sync queue's code needs
 * them, and the first page's JavaScript need not build the schemas of stores it does not use.
 */

/** One rating per title, season or episode. */
export function ratingKey(item: {
  movie_id: number;
  content_type: string;
  season_number?: number | null;
  episode_number?: number | null;
}): string {
  return `${item.content_type}:${item.movie_id}:s${item.season_number ?? '-'}:e${item.episode_number ?? '-'}`;
}

/** One entry per hidden title. */
export function hiddenKey(item: { movie_id: number; content_type: string }): string {
  return `${item.content_type}:${item.movie_id}`;
}

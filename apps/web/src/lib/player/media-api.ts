import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import type { LibraryFile } from './sources.ts';

export interface TitleMedia {
  enabled: boolean;
  scanning: boolean;
  results: LibraryFile[];
}

/** How often a title's files are asked for again while the server indexes MEDIA_DIR. */
export const LIBRARY_SCAN_POLL_MS = 3000;

/** GET /api/media/title/:type/:id: the Library's files of a title (its episodes for a series). */
export function titleMediaQueryOptions(type: 'movie' | 'tv', id: number) {
  return queryOptions({
    queryKey: ['media', 'title', type, id],
    queryFn: ({ signal }) => apiFetch<TitleMedia>(`/api/media/title/${type}/${id}`, { signal }),
    staleTime: 60_000,
    // During the first scan a file may not be indexed yet: ask again until the scan is over.
    refetchInterval: (query) => (query.state.data?.scanning ? LIBRARY_SCAN_POLL_MS : false),
  });
}

export const useTitleMedia = (type: 'movie' | 'tv', id: number) => useQuery(titleMediaQueryOptions(type, id));

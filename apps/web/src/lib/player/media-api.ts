import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import type { LibraryFile } from './sources.ts';

export interface TitleMedia {
  enabled: boolean;
  scanning: boolean;
  results: LibraryFile[];
}

/** GET /api/media/title/:type/:id: the Library's files of a title (its episodes for a series). */
export function titleMediaQueryOptions(type: 'movie' | 'tv', id: number) {
  return queryOptions({
    queryKey: ['media', 'title', type, id],
    queryFn: ({ signal }) => apiFetch<TitleMedia>(`/api/media/title/${type}/${id}`, { signal }),
    staleTime: 60_000,
  });
}

export const useTitleMedia = (type: 'movie' | 'tv', id: number) => useQuery(titleMediaQueryOptions(type, id));

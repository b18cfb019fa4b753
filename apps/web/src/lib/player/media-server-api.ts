import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import type { MediaServerFile } from './sources.ts';

/** GET /api/media-servers/title/:type/:id, shaped like the Library's title answer. */
export interface TitleMediaServer {
  enabled: boolean;
  kind: 'jellyfin' | 'emby' | null;
  name: string | null;
  state: 'off' | 'indexing' | 'ready' | 'unreachable' | 'unauthorized';
  message: string | null;
  scanning: boolean;
  results: MediaServerFile[];
}

/** How often a title is asked for again while the server indexes its media server. */
export const MEDIA_SERVER_INDEXING_POLL_MS = 3000;
/** How often the player asks again while the media server is not reachable (it may come back). */
export const MEDIA_SERVER_DOWN_POLL_MS = 30_000;

/** A title's films or episodes on the server's Jellyfin/Emby; asked only when the server has one. */
export function titleMediaServerQueryOptions(type: 'movie' | 'tv', id: number) {
  return queryOptions({
    queryKey: ['media-server', 'title', type, id],
    queryFn: ({ signal }) => apiFetch<TitleMediaServer>(`/api/media-servers/title/${type}/${id}`, { signal }),
    staleTime: 60_000,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      if (state === 'indexing') return MEDIA_SERVER_INDEXING_POLL_MS;
      if (state === 'unreachable') return MEDIA_SERVER_DOWN_POLL_MS;
      return false;
    },
  });
}

export const useTitleMediaServer = (type: 'movie' | 'tv', id: number, enabled: boolean) =>
  useQuery({ ...titleMediaServerQueryOptions(type, id), enabled });

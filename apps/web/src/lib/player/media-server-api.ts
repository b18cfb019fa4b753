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

/**
 * The address that stops the transcode of an HLS play session, from a variant playlist's URL
 * (/api/media-servers/hls/{item}/main.m3u8?...&PlaySessionId=...); null when it names none.
 */
export function stopSessionUrl(variantUrl: string | undefined): string | null {
  if (!variantUrl) return null;
  const url = new URL(variantUrl, 'http://marquee.invalid');
  const item = /^\/api\/media-servers\/hls\/([^/]+)\//.exec(url.pathname)?.[1];
  const session = [...url.searchParams].find(([name]) => name.toLowerCase() === 'playsessionid')?.[1];
  return item && session && /^[0-9a-f]{32}$/.test(session)
    ? `/api/media-servers/hls/${item}/sessions/${session}`
    : null;
}

/** Tells the server the viewer left an HLS stream, so the media server stops its transcode now. */
export function stopHlsSession(variantUrl: string | undefined): void {
  const url = stopSessionUrl(variantUrl);
  // keepalive: the request outlives a page the viewer is leaving.
  if (url) void apiFetch(url, { method: 'DELETE', keepalive: true }).catch(() => undefined);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export type MediaServer = 'jellyfin' | 'emby' | 'plex';

/** What a media server reported that matched no title (GET /api/me/webhooks `unmatched`). */
export interface UnmatchedReport {
  id: string;
  provider: MediaServer;
  title: string;
  year: number | null;
  content_type: 'movie' | 'tv' | null;
  season_number: number | null;
  episode_number: number | null;
  reason: string;
  received_at: string;
}

/** The account's webhook addresses, one per media server, and what could not be matched. */
export interface Webhooks extends Record<MediaServer, string> {
  unmatched: UnmatchedReport[];
}

/** GET /api/me/webhooks (issue 29: what you watched elsewhere lands in your history). */
export function getWebhooks({ signal }: { signal?: AbortSignal } = {}) {
  return apiFetch<Webhooks>('/api/me/webhooks', { signal });
}

export function webhooksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['me', 'webhooks', userId],
    queryFn: ({ signal }) => getWebhooks({ signal }),
  });
}

export function useWebhooks(userId: string) {
  return useQuery(webhooksQueryOptions(userId));
}

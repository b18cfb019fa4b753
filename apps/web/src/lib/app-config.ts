import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

/** What GET /api/config answers (image host and sizes, catalogue mode, operator links). */
export interface AppConfig {
  images: {
    base_url: string;
    secure_base_url: string;
    poster_sizes: string[];
    backdrop_sizes: string[];
    still_sizes: string[];
  };
  catalogue: 'local' | 'tmdb';
  features: Record<string, boolean>;
  /** The Jellyfin or Emby server that is a video source; null when the server has none. */
  media_server?: { kind: 'jellyfin' | 'emby'; name: string } | null;
  /** Browse filters the active catalogue can apply (the provider filter needs availability data). */
  filters: Record<string, boolean>;
  /** Social sign-in providers configured on the server. */
  auth_providers: Array<{ id: 'github' | 'google' | 'oidc'; name: string }>;
  community_url: string | null;
  public_url: string;
  version: string;
}

export const appConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: () => apiFetch<AppConfig>('/api/config'),
  staleTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}

interface Health {
  status: 'ok' | 'unavailable';
}

/** The server's health, polled every minute for the footer's status label. */
export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: () => apiFetch<Health>('/api/health'),
    refetchInterval: 60_000,
    retry: 1,
  });
}

import { useMutation } from '@tanstack/react-query';
import type { HistoryItem, RecommendAnswer, Settings } from '@marquee/core';
import { apiFetch } from '@/lib/api-client.ts';
import { readExcludedTitles } from '@/lib/catalogue/excluded-titles.ts';

export interface RecommendRequest {
  query: string;
  /** The viewer's history: never recommended back. */
  history: readonly Pick<HistoryItem, 'content_type' | 'movie_id'>[];
  settings: Pick<Settings, 'enablePersonalizedRecs' | 'favoriteGenres' | 'privacySettings'>;
}

/** Whether the viewer allows their genres and history to shape recommendations (product.md §6). */
export function allowsPersonalRecommendations(settings: RecommendRequest['settings']): boolean {
  return settings.enablePersonalizedRecs && settings.privacySettings.allowRecommendations;
}

/** The query of GET /api/recommend for a request: favourite genres leave the browser only with consent. */
export function recommendSearchParams({ query, history, settings }: RecommendRequest): URLSearchParams {
  const params = new URLSearchParams({ q: query.trim() });
  const watched = [...new Set(history.map((item) => `${item.content_type}:${item.movie_id}`))];
  if (watched.length) params.set('watched', watched.join(','));
  // Titles the viewer is not interested in (and, with hideWatched, watched ones): never picked.
  const excluded = readExcludedTitles()
    .split(',')
    .filter((token) => token && !watched.includes(token))
    .slice(0, 200);
  if (excluded.length) params.set('exclude', excluded.join(','));
  if (allowsPersonalRecommendations(settings)) {
    if (settings.favoriteGenres.length) params.set('genres', settings.favoriteGenres.join(','));
  } else {
    params.set('personalize', 'false');
  }
  return params;
}

export function getRecommendations(request: RecommendRequest, { signal }: { signal?: AbortSignal } = {}) {
  return apiFetch<RecommendAnswer>(`/api/recommend?${recommendSearchParams(request)}`, { signal });
}

/** The mood box's request: sent on submit, not as you type. */
export function useRecommendations() {
  return useMutation({
    mutationKey: ['recommend'],
    mutationFn: (request: RecommendRequest) => getRecommendations(request),
  });
}

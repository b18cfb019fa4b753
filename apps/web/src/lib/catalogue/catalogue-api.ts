import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DiscoverParams,
  Genre,
  MediaType,
  MovieDetails,
  Paged,
  SeasonDetails,
  TitleSummary,
  TopRatedPeriod,
  TvDetails,
} from '@marquee/core';
import { apiFetch } from '../api-client.ts';

/**
 * The catalogue requests of /api/catalogue/*: each exports its fetcher's queryOptions and hook.
 * Shared by several features (home, browse, search, details), so they live in lib/.
 */
const STALE_MS = 5 * 60 * 1000;

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export type DiscoverQuery = Partial<DiscoverParams>;

export const catalogueKeys = {
  all: ['catalogue'] as const,
  discover: (params: DiscoverQuery) => ['catalogue', 'discover', params] as const,
  search: (q: string, page: number) => ['catalogue', 'search', q, page] as const,
  topRated: (type: MediaType, period: TopRatedPeriod, voteCountGte: number) =>
    ['catalogue', 'top-rated', type, period, voteCountGte] as const,
  details: (type: MediaType, id: number) => ['catalogue', type, id] as const,
  season: (id: number, season: number) => ['catalogue', 'tv', id, 'season', season] as const,
  similar: (type: MediaType, id: number) => ['catalogue', type, id, 'similar'] as const,
  genres: (type: MediaType) => ['catalogue', 'genres', type] as const,
};

export function discoverQueryOptions(params: DiscoverQuery) {
  return queryOptions({
    queryKey: catalogueKeys.discover(params),
    queryFn: ({ signal }) => apiFetch<Paged<TitleSummary>>(`/api/catalogue/discover${query(params)}`, { signal }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}
export const useDiscover = (params: DiscoverQuery, enabled = true) =>
  useQuery({ ...discoverQueryOptions(params), enabled });

export function searchQueryOptions(q: string, page = 1) {
  return queryOptions({
    queryKey: catalogueKeys.search(q, page),
    queryFn: ({ signal }) => apiFetch<Paged<TitleSummary>>(`/api/catalogue/search${query({ q, page })}`, { signal }),
    staleTime: STALE_MS,
    enabled: q.trim().length > 0,
  });
}
export const useSearch = (q: string, page = 1) => useQuery(searchQueryOptions(q, page));

export function topRatedQueryOptions(type: MediaType, period: TopRatedPeriod, voteCountGte = 100) {
  return queryOptions({
    queryKey: catalogueKeys.topRated(type, period, voteCountGte),
    queryFn: ({ signal }) =>
      apiFetch<Paged<TitleSummary>>(
        `/api/catalogue/top-rated${query({ type, period, vote_count_gte: voteCountGte })}`,
        { signal },
      ),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}
export const useTopRated = (type: MediaType, period: TopRatedPeriod, voteCountGte = 100) =>
  useQuery(topRatedQueryOptions(type, period, voteCountGte));

export function movieQueryOptions(id: number) {
  return queryOptions({
    queryKey: catalogueKeys.details('movie', id),
    queryFn: ({ signal }) => apiFetch<MovieDetails>(`/api/catalogue/movie/${id}`, { signal }),
    staleTime: STALE_MS,
  });
}
export const useMovie = (id: number, enabled = true) => useQuery({ ...movieQueryOptions(id), enabled });

export function tvQueryOptions(id: number) {
  return queryOptions({
    queryKey: catalogueKeys.details('tv', id),
    queryFn: ({ signal }) => apiFetch<TvDetails>(`/api/catalogue/tv/${id}`, { signal }),
    staleTime: STALE_MS,
  });
}
export const useTv = (id: number, enabled = true) => useQuery({ ...tvQueryOptions(id), enabled });

export function seasonQueryOptions(id: number, season: number) {
  return queryOptions({
    queryKey: catalogueKeys.season(id, season),
    queryFn: ({ signal }) => apiFetch<SeasonDetails>(`/api/catalogue/tv/${id}/season/${season}`, { signal }),
    staleTime: STALE_MS,
  });
}
export const useSeason = (id: number, season: number | null) =>
  useQuery({ ...seasonQueryOptions(id, season ?? 0), enabled: season !== null && season > 0 });

export function similarQueryOptions(type: MediaType, id: number) {
  return queryOptions({
    queryKey: catalogueKeys.similar(type, id),
    queryFn: ({ signal }) => apiFetch<{ results: TitleSummary[] }>(`/api/catalogue/${type}/${id}/similar`, { signal }),
    staleTime: STALE_MS,
  });
}
export const useSimilar = (type: MediaType, id: number) => useQuery(similarQueryOptions(type, id));

export function genresQueryOptions(type: MediaType) {
  return queryOptions({
    queryKey: catalogueKeys.genres(type),
    queryFn: ({ signal }) => apiFetch<{ genres: Genre[] }>(`/api/catalogue/genres${query({ type })}`, { signal }),
    staleTime: Infinity,
  });
}
export const useGenres = (type: MediaType) => useQuery(genresQueryOptions(type));

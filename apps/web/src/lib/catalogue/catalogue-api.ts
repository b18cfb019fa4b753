import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
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
import { useExcludedTitles, type ExcludedTitles } from './excluded-titles.ts';

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

/** `available: '1'`: only titles the server can play (Browse's Available to watch). */
export type DiscoverQuery = Partial<DiscoverParams> & { available?: '1' };

/** What a list request leaves out (excluded-titles.ts); part of its query key. */
type Exclusion = ExcludedTitles['params'];
const NONE: Exclusion = {};

export const catalogueKeys = {
  all: ['catalogue'] as const,
  discover: (params: DiscoverQuery, exclusion: Exclusion = NONE) =>
    ['catalogue', 'discover', params, exclusion] as const,
  search: (q: string, page: number) => ['catalogue', 'search', q, page] as const,
  topRated: (type: MediaType, period: TopRatedPeriod, voteCountGte: number, exclusion: Exclusion = NONE) =>
    ['catalogue', 'top-rated', type, period, voteCountGte, exclusion] as const,
  details: (type: MediaType, id: number) => ['catalogue', type, id] as const,
  season: (id: number, season: number) => ['catalogue', 'tv', id, 'season', season] as const,
  similar: (type: MediaType, id: number, exclusion: Exclusion = NONE) =>
    ['catalogue', type, id, 'similar', exclusion] as const,
  genres: (type: MediaType) => ['catalogue', 'genres', type] as const,
};

/**
 * A list's answer without the excluded titles: the server leaves them out of new answers, and the
 * one on screen (kept while the next loads) loses a title the moment it is hidden.
 */
function useWithout<T extends { results: TitleSummary[] }>(
  result: UseQueryResult<T>,
  excluded: ReadonlySet<string>,
): UseQueryResult<T> {
  const { data } = result;
  const results = useMemo(
    () =>
      data && excluded.size
        ? data.results.filter((item) => !excluded.has(`${item.media_type}:${item.id}`))
        : data?.results,
    [data, excluded],
  );
  return useMemo(
    () =>
      data && results !== data.results ? ({ ...result, data: { ...data, results } } as UseQueryResult<T>) : result,
    [result, data, results],
  );
}

export function discoverQueryOptions(params: DiscoverQuery, exclusion: Exclusion = NONE) {
  return queryOptions({
    queryKey: catalogueKeys.discover(params, exclusion),
    queryFn: ({ signal }) =>
      apiFetch<Paged<TitleSummary>>(`/api/catalogue/discover${query({ ...params, ...exclusion })}`, { signal }),
    // What the server can play changes when a file is added: the filtered list is not kept long.
    staleTime: params.available ? 10_000 : STALE_MS,
    placeholderData: keepPreviousData,
  });
}
export function useDiscover(params: DiscoverQuery, enabled = true) {
  const excluded = useExcludedTitles();
  return useWithout(useQuery({ ...discoverQueryOptions(params, excluded.params), enabled }), excluded.set);
}

export function searchQueryOptions(q: string, page = 1) {
  return queryOptions({
    queryKey: catalogueKeys.search(q, page),
    queryFn: ({ signal }) => apiFetch<Paged<TitleSummary>>(`/api/catalogue/search${query({ q, page })}`, { signal }),
    staleTime: STALE_MS,
    enabled: q.trim().length > 0,
  });
}
export const useSearch = (q: string, page = 1) => useQuery(searchQueryOptions(q, page));

export function topRatedQueryOptions(
  type: MediaType,
  period: TopRatedPeriod,
  voteCountGte = 100,
  exclusion: Exclusion = NONE,
) {
  return queryOptions({
    queryKey: catalogueKeys.topRated(type, period, voteCountGte, exclusion),
    queryFn: ({ signal }) =>
      apiFetch<Paged<TitleSummary>>(
        `/api/catalogue/top-rated${query({ type, period, vote_count_gte: voteCountGte, ...exclusion })}`,
        { signal },
      ),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}
export function useTopRated(type: MediaType, period: TopRatedPeriod, voteCountGte = 100) {
  const excluded = useExcludedTitles();
  return useWithout(useQuery(topRatedQueryOptions(type, period, voteCountGte, excluded.params)), excluded.set);
}

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

export function similarQueryOptions(type: MediaType, id: number, exclusion: Exclusion = NONE) {
  return queryOptions({
    queryKey: catalogueKeys.similar(type, id, exclusion),
    queryFn: ({ signal }) =>
      apiFetch<{ results: TitleSummary[] }>(`/api/catalogue/${type}/${id}/similar${query(exclusion)}`, { signal }),
    staleTime: STALE_MS,
    // The same title's row stays while a hidden title is taken out; another title's never shows.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === type && previousQuery.queryKey[2] === id ? previous : undefined,
  });
}
export function useSimilar(type: MediaType, id: number) {
  const excluded = useExcludedTitles();
  return useWithout(useQuery(similarQueryOptions(type, id, excluded.params)), excluded.set);
}

export function genresQueryOptions(type: MediaType) {
  return queryOptions({
    queryKey: catalogueKeys.genres(type),
    queryFn: ({ signal }) => apiFetch<{ genres: Genre[] }>(`/api/catalogue/genres${query({ type })}`, { signal }),
    staleTime: Infinity,
  });
}
export const useGenres = (type: MediaType) => useQuery(genresQueryOptions(type));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MovieList, Paged } from '@marquee/core';
import { ApiError, apiFetch } from '@/lib/api-client.ts';

/**
 * The first page of curated lists, or null while the server has no lists endpoint yet (it
 * answers 404): the section then says so instead of showing an error.
 */
export async function getFeaturedLists({ signal }: { signal?: AbortSignal } = {}): Promise<Paged<MovieList> | null> {
  try {
    return await apiFetch<Paged<MovieList>>('/api/lists?page=1', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const featuredListsQueryOptions = queryOptions({
  // Its own key: the answer here may be null, which a lists screen's cache must never receive.
  queryKey: ['home', 'featured-lists'],
  queryFn: getFeaturedLists,
  staleTime: 5 * 60 * 1000,
});

export function useFeaturedLists(enabled = true) {
  return useQuery({ ...featuredListsQueryOptions, enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@marquee/core';
import { ApiError, apiFetch } from '@/lib/api-client.ts';

/** A title inside a curated list (product.md §3 "Movie list"). */
export interface ListMovie {
  id: number;
  title: string;
  poster_path: string | null;
  backdrop_path: string | null;
  release_date?: string | null;
  genre_ids?: number[];
  vote_average?: number;
  original_title?: string;
}

/** A curated list as GET /api/lists answers it (product.md §3 "Movie list"). */
export interface MovieList {
  id: string | number;
  list_title: string;
  list_description: string | null;
  created_at: string;
  created_by: string | null;
  movies: ListMovie[];
  /** The full count when `movies` is only a preview. */
  movie_count?: number;
}

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

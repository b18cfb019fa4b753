import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListMovie, MovieList, Paged, TitleSummary } from '@marquee/core';
import { apiFetch } from '../api-client.ts';

export type { ListMovie, MovieList };

/** One list with a page of its titles, as GET /api/lists/:id answers it. */
export type MovieListPage = MovieList & Omit<Paged<ListMovie>, 'results'>;

export function getLists(page: number, signal?: AbortSignal): Promise<Paged<MovieList>> {
  return apiFetch<Paged<MovieList>>(`/api/lists?page=${page}`, { signal });
}

export const listsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['lists', page],
    queryFn: ({ signal }) => getLists(page, signal),
    staleTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
  });

export function useLists(page: number) {
  return useQuery(listsQueryOptions(page));
}

export const listQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: ['list', id, page],
    queryFn: ({ signal }) => apiFetch<MovieListPage>(`/api/lists/${encodeURIComponent(id)}?page=${page}`, { signal }),
    staleTime: 5 * 60 * 1000,
  });

export function useList(id: string, page: number) {
  return useQuery(listQueryOptions(id, page));
}

/** A list's title in the shape the poster cards take. */
export function listMovieToSummary(movie: ListMovie): TitleSummary {
  const common = {
    id: movie.id,
    media_type: movie.media_type,
    overview: '',
    poster_path: movie.poster_path,
    backdrop_path: movie.backdrop_path,
    vote_average: movie.vote_average,
    vote_count: 0,
    popularity: 0,
    genre_ids: movie.genre_ids,
    original_language: '',
  };
  return movie.media_type === 'movie'
    ? { ...common, title: movie.title, original_title: movie.original_title, release_date: movie.release_date }
    : { ...common, name: movie.title, original_name: movie.original_title, first_air_date: movie.release_date };
}

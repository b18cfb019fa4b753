import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeriesProgress } from '@marquee/core';
import { apiFetch } from '../api-client.ts';

/** The signed-in account's series in progress (`GET /api/me/progress`), most recently watched first. */
export async function getProgress(signal?: AbortSignal): Promise<SeriesProgress[]> {
  return (await apiFetch<{ results: SeriesProgress[] }>('/api/me/progress', { signal })).results;
}

export const progressQueryKey = ['me', 'progress'] as const;

export function progressQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...progressQueryKey, userId],
    queryFn: ({ signal }) => getProgress(signal),
  });
}

export function useAccountProgress(userId: string | null) {
  return useQuery({ ...progressQueryOptions(userId ?? ''), enabled: userId !== null });
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { historyItemValidator, type HistoryItem, type Paged } from '@marquee/core';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * One page of the signed-in account's history, newest first (`GET /api/me/history?page=`), or of
 * one series' episodes (`series`).
 */
export async function getHistoryPage(
  page: number,
  { signal, series }: { signal?: AbortSignal; series?: number } = {},
): Promise<Paged<HistoryItem>> {
  const query = series === undefined ? `page=${page}` : `series=${series}&page=${page}`;
  const answer = await apiFetch<Paged<unknown>>(`/api/me/history?${query}`, { signal });
  // An entry the browser cannot read is left out, as the local store leaves it out (product.md §5).
  const results = answer.results.flatMap((entry) => {
    const parsed = historyItemValidator.safeParse(entry);
    return parsed.success ? [{ ...parsed.data, synced: true }] : [];
  });
  return { ...answer, results };
}

export const historyPagesQueryKey = ['me', 'history', 'pages'] as const;

/**
 * The account's history from `firstPage` on, a page at a time. The first page is where the
 * browser's own entries end (firstServerPage): the ones before it are already on the screen.
 */
export function historyPagesQueryOptions(userId: string, firstPage: number) {
  return infiniteQueryOptions({
    queryKey: [...historyPagesQueryKey, userId, firstPage],
    queryFn: ({ pageParam, signal }) => getHistoryPage(pageParam, { signal }),
    initialPageParam: firstPage,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
  });
}

export function useHistoryPages(userId: string | null, firstPage: number) {
  return useInfiniteQuery({ ...historyPagesQueryOptions(userId ?? '', firstPage), enabled: userId !== null });
}

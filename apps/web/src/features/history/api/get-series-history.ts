import { useQuery } from '@tanstack/react-query';
import type { HistoryKeyFields } from '@marquee/core';
import { getHistoryPage } from './get-history-page.ts';

/** Pages of one series read at most: 50 entries each, far more episodes than any series has. */
const MAX_SERIES_PAGES = 400;

const seriesQuery = (seriesId: number, page: number, signal?: AbortSignal) =>
  getHistoryPage(page, { signal, series: seriesId });

/**
 * Every episode of a series in the signed-in account's history (`GET /api/me/history?series=`),
 * the ones this browser never loaded included: removing a series removes them all.
 */
export async function getSeriesHistory(seriesId: number): Promise<HistoryKeyFields[]> {
  const entries: HistoryKeyFields[] = [];
  for (let page = 1; page <= MAX_SERIES_PAGES; page++) {
    const answer = await seriesQuery(seriesId, page);
    entries.push(...answer.results);
    if (page >= answer.total_pages) break;
  }
  return entries;
}

/** How many episodes of the series the account's history holds, for the removal's question. */
export function useSeriesHistoryTotal(userId: string | null, seriesId: number | null) {
  return useQuery({
    queryKey: ['me', 'history', 'series-total', userId, seriesId],
    queryFn: async ({ signal }) => (await seriesQuery(seriesId!, 1, signal)).total_results,
    enabled: userId !== null && seriesId !== null,
  });
}

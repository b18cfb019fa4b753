import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryItem, SyncOperation } from '@marquee/core';
import { apiFetch } from '@/lib/api-client.ts';
import { historyPagesQueryKey } from './get-history-page.ts';

/**
 * A cursor past every change: the server's answer then names only the entries this request
 * removed, not the account's whole history (which an answer without a cursor would be).
 */
const ONLY_WHAT_CHANGED = '999999999999999999';

/**
 * Removes entries the browser does not hold (older than its newest 2,000) through the sync
 * endpoint, as any removal goes (DESIGN.md "Sync rules"). The browser's store cannot remove them:
 * it removes only what it holds. Its next sync hears of the removals and has nothing to drop.
 */
export async function removeOlderHistoryEntries(items: readonly HistoryItem[], at = new Date()): Promise<void> {
  const operations: SyncOperation[] = items.map(({ movie_id, content_type, season_number, episode_number }) => ({
    op: 'remove',
    store: 'history',
    item: { movie_id, content_type, season_number, episode_number },
    at: at.toISOString(),
  }));
  await apiFetch('/api/me/sync', { method: 'POST', body: JSON.stringify({ operations, cursor: ONLY_WHAT_CHANGED }) });
}

export function useRemoveOlderHistoryEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: readonly HistoryItem[]) => removeOlderHistoryEntries(items),
    // The pages after a removal start one entry earlier: ask for the loaded ones again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyPagesQueryKey }),
  });
}

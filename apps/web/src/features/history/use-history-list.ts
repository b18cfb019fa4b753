import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { historyKey, LOCAL_HISTORY_WARNING, type HistoryItem, type HistoryKeyFields } from '@marquee/core';
import { useSession } from '@/lib/auth/session.ts';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { useHistory } from '@/lib/local-store/hooks.ts';
import { toast } from '@/lib/toast.ts';
import { historyPagesQueryKey, useHistoryPages } from './api/get-history-page.ts';
import { getSeriesHistory } from './api/get-series-history.ts';
import {
  firstServerPage,
  groupHistory,
  HISTORY_PAGE_SIZE,
  olderOnServerCount,
  olderServerEntries,
  pendingRemovals,
  type HistoryGroup,
} from './history-groups.ts';

/** How many more cards each "Load more" (or a scroll to the end) shows. */
export const CARDS_PER_STEP = 48;

/** Removals made on this screen, which server pages loaded before them may not know of yet. */
interface Removed {
  keys: ReadonlySet<string>;
  clearedAt: string | null;
}

const NOTHING_REMOVED: Removed = { keys: new Set(), clearedAt: null };

/**
 * The History screen's list (DESIGN.md "Where Marquee deliberately differs"): the browser's entries
 * and, for a signed-in user, the account's older ones page by page from the server, one group per
 * film or series; how many cards show; removing and clearing with the toasts of product.md §8.
 */
export function useHistoryList() {
  const { items, clear } = useHistory();
  const { user, isPending: isSessionPending } = useSession();
  const userId = user?.id ?? null;
  const [visibleCount, setVisibleCount] = useState(CARDS_PER_STEP);
  const [removed, setRemoved] = useState<Removed>(NOTHING_REMOVED);

  // Where the server's pages start follows the browser's synced entries, but not entry by entry:
  // a new page of the query would load everything again for one change.
  const wantedFirstPage = firstServerPage(items);
  const [firstPage, setFirstPage] = useState(wantedFirstPage);
  if (Math.abs(wantedFirstPage - firstPage) > 1) setFirstPage(wantedFirstPage);

  const pages = useHistoryPages(userId, firstPage);
  const queue = getHistoryStore().getQueue();
  const lastSync = getHistoryStore().getLastSync();
  const queryClient = useQueryClient();

  // After a sync the browser shows the account as it is now; the server's pages loaded before it
  // may still list what another device removed since: ask for them again.
  const seenSync = useRef(lastSync);
  useEffect(() => {
    if (seenSync.current === lastSync) return;
    seenSync.current = lastSync;
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: historyPagesQueryKey });
  }, [lastSync, userId, queryClient]);
  // Until they come, pages older than the sync are still shown past the browser's oldest entry
  // (they differ there only by removals made elsewhere), but not when the sync left the browser
  // with nothing: then there is no oldest entry, and everything the pages list may be gone.
  const arePagesOlderThanSync = lastSync !== null && pages.dataUpdatedAt < Date.parse(lastSync);

  const { groups, total } = useMemo(() => {
    const pending = pendingRemovals(queue);
    const clearedAt = [pending.clearedAt, removed.clearedAt].reduce<string | null>(
      (latest, at) => (at !== null && (latest === null || at > latest) ? at : latest),
      null,
    );
    const isServerUsable = userId !== null && clearedAt === null && !(items.length === 0 && arePagesOlderThanSync);
    const serverPages = isServerUsable ? (pages.data?.pages ?? []) : [];
    const server = serverPages.flatMap((page) => page.results);
    const older = olderServerEntries(items, server, { keys: pending.keys, clearedAt }, removed.keys);
    const olderTotal = olderOnServerCount({
      local: items,
      server,
      firstIndex: (firstPage - 1) * HISTORY_PAGE_SIZE,
      totalResults: serverPages[0]?.total_results ?? 0,
      shown: older.length,
    });
    return {
      groups: groupHistory([...items, ...older]),
      total: items.length + (serverPages.length > 0 ? olderTotal : 0),
    };
    // The queue changes only with the items (the store commits both at once).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, pages.data, removed, userId, firstPage, arePagesOlderThanSync]);

  const { data, hasNextPage, isFetching, isFetchingNextPage, isError, fetchNextPage } = pages;
  // While the first page is on its way there may be more; after it, the server says.
  const mayHaveMore = userId !== null && !isError && (data === undefined || hasNextPage);
  // Cards wanted but not loaded yet: ask the server for the next page, and again while a page
  // brings nothing new (its entries were all in the browser already).
  const wantsNextPage = visibleCount > groups.length && data !== undefined && hasNextPage && !isError;
  useEffect(() => {
    if (wantsNextPage && !isFetching) void fetchNextPage();
  }, [wantsNextPage, isFetching, fetchNextPage]);

  function forget(entries: readonly HistoryKeyFields[]) {
    setRemoved((current) => ({ ...current, keys: new Set([...current.keys, ...entries.map(historyKey)]) }));
  }

  /**
   * Removes entries through the history store, which queues each removal for the server (so it
   * holds while offline), the account's older entries included. A series goes whole: its episodes
   * the browser never loaded are asked of the server first.
   */
  async function removeEntries(entries: readonly HistoryItem[], title: string, seriesId?: number) {
    let refs: HistoryKeyFields[] = [...entries];
    if (seriesId !== undefined && userId !== null) {
      try {
        refs = [...refs, ...(await getSeriesHistory(seriesId))];
      } catch (error) {
        console.warn('Could not list the episodes of the series', error);
        toast.error('Error', { description: 'Failed to remove from history.' });
        return;
      }
    }
    const result = getHistoryStore().removeEntries(refs);
    if (!result.ok) {
      toast.error('Error', { description: 'Failed to remove from history.' });
      return;
    }
    forget(refs);
    toast('Removed from History', { description: title });
  }

  function clearAll() {
    try {
      clear();
      setRemoved({ keys: new Set(), clearedAt: new Date().toISOString() });
      toast.success('History Cleared');
    } catch (error) {
      console.warn('Could not clear the history', error);
      toast.error('Error', { description: 'Failed to clear.' });
    }
  }

  const shown = groups.slice(0, visibleCount);
  return {
    groups: shown,
    /** Every group loaded so far, for the episodes of an open series. */
    allGroups: groups,
    /** Watches in the history: the browser's, plus the account's older ones on the server. */
    total,
    hasMore: groups.length > shown.length || mayHaveMore,
    isLoadingMore: isFetchingNextPage || (wantsNextPage && isFetching),
    /** The server's pages failed; the browser's entries still show. */
    isError: userId !== null && isError,
    retry: () => void (data ? fetchNextPage() : pages.refetch()),
    /** The first answer (session, then a signed-in user's first page) is still awaited. */
    isPending: items.length === 0 && userId !== null && pages.isPending,
    loadMore: () => setVisibleCount((count) => Math.max(count, shown.length) + CARDS_PER_STEP),
    /** A guest close to the browser's limit is told that the oldest entries will go. */
    isNearLocalLimit: !isSessionPending && userId === null && items.length >= LOCAL_HISTORY_WARNING,
    removeEntry: (entry: HistoryItem) => void removeEntries([entry], entry.movie_title),
    removeGroup: (group: HistoryGroup) =>
      void removeEntries(
        group.entries,
        group.latest.movie_title,
        group.latest.content_type === 'tv' ? group.latest.movie_id : undefined,
      ),
    /** Whether other entries of the group may exist on the server, beyond the loaded ones. */
    userId,
    clearAll,
  };
}

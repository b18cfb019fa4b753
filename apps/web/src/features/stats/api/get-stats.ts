import { useSyncExternalStore } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryItem, RatingItem } from '@marquee/core';
import { MAX_TITLE_TOKENS, titleToken } from '@marquee/core/library/hiding';
import {
  computeViewingStats,
  titleFactsKey,
  type TitleFacts,
  type ViewingStats,
} from '@marquee/core/stats/viewing-stats';
import { apiFetch } from '@/lib/api-client.ts';
import { useSession } from '@/lib/auth/session.ts';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getRatingsStore } from '@/lib/local-store/ratings-store.ts';

/** GET /api/me/stats: an account's statistics, the year in review of `year` (default: the newest). */
export function getAccountStats(year: number | undefined, { signal }: { signal?: AbortSignal } = {}) {
  return apiFetch<ViewingStats>(`/api/me/stats${year === undefined ? '' : `?year=${year}`}`, { signal });
}

export function accountStatsQueryOptions(year: number | undefined) {
  return queryOptions({
    queryKey: ['me', 'stats', year ?? null],
    queryFn: ({ signal }) => getAccountStats(year, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/catalogue/facts for a guest's titles, 500 a request. */
export async function getTitleFacts(
  titles: ReadonlyArray<Pick<HistoryItem, 'content_type' | 'movie_id'>>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TitleFacts[]> {
  const tokens = [...new Set(titles.map((item) => titleToken(item.content_type, item.movie_id)))].sort();
  const batches: string[][] = [];
  for (let index = 0; index < tokens.length; index += MAX_TITLE_TOKENS) {
    batches.push(tokens.slice(index, index + MAX_TITLE_TOKENS));
  }
  const answers = await Promise.all(
    batches.map((batch) =>
      apiFetch<{ results: TitleFacts[] }>(`/api/catalogue/facts?ids=${batch.join(',')}`, { signal }),
    ),
  );
  return answers.flatMap((answer) => answer.results);
}

const noHistory: readonly HistoryItem[] = [];
const noRatings: readonly RatingItem[] = [];

/** A guest's statistics, computed in the browser by core's rule from the stored history and ratings. */
function useGuestStats(year: number | undefined, enabled: boolean) {
  const history = getHistoryStore();
  const ratingsStore = getRatingsStore();
  const items = useSyncExternalStore(history.subscribe, history.getSnapshot, () => noHistory);
  const ratings = useSyncExternalStore(ratingsStore.subscribe, ratingsStore.getSnapshot, () => noRatings);
  const tokens = [...new Set(items.map((item) => titleToken(item.content_type, item.movie_id)))].sort().join(',');
  const facts = useQuery({
    queryKey: ['catalogue', 'facts', tokens],
    queryFn: ({ signal }) => getTitleFacts(items, { signal }),
    enabled: enabled && items.length > 0,
    staleTime: 10 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
  const isEmpty = items.length === 0;
  const byKey = new Map((facts.data ?? []).map((found) => [titleFactsKey(found.media_type, found.id), found]));
  const own = new Map(
    ratings
      .filter((rating) => rating.season_number === null)
      .map((rating) => [titleFactsKey(rating.content_type, rating.movie_id), rating.rating]),
  );
  const data =
    isEmpty || facts.data
      ? computeViewingStats(items, (type, id) => byKey.get(titleFactsKey(type, id)), ratings, {
          year,
          titleRating: (type, id) => own.get(titleFactsKey(type, id)) ?? null,
        })
      : undefined;
  return { data, isPending: !isEmpty && facts.isPending, isError: !isEmpty && facts.isError, refetch: facts.refetch };
}

/**
 * The viewer's statistics (DESIGN.md GET /api/me/stats): the server's for an account, computed in
 * the browser with the same rule for a guest.
 */
export function useStats(year: number | undefined) {
  const { user, isPending: isSessionPending } = useSession();
  const account = useQuery({ ...accountStatsQueryOptions(year), enabled: Boolean(user) });
  const guest = useGuestStats(year, !isSessionPending && !user);
  if (isSessionPending) return { data: undefined, isPending: true, isError: false, refetch: () => {} };
  if (user) {
    return { data: account.data, isPending: account.isPending, isError: account.isError, refetch: account.refetch };
  }
  return guest;
}

import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  dropSeries,
  isDroppedSeries,
  localDay,
  progressList,
  startedSeries,
  undropSeries,
  type HistoryAddInput,
  type LibraryResult,
  type HistoryItem,
  type SeriesProgress,
} from '@marquee/core';
import { useSession } from '../auth/session.ts';
import { getHistoryStore } from '../local-store/history-store.ts';
import { useHistory, useSetting } from '../local-store/hooks.ts';
import { getSettingsStore } from '../local-store/settings-store.ts';
import { progressQueryKey, useAccountProgress } from './get-progress.ts';
import { useSeriesEpisodes } from './series-episodes.ts';

export interface ProgressState {
  status: 'pending' | 'error' | 'success';
  /** Every started series not dropped, most recently watched first. */
  list: SeriesProgress[];
  retry: () => void;
}

/**
 * Up Next and the progress list (issue 30): a signed-in account's from the server (its history
 * may be far longer than the browser holds), a guest's computed here by the same core rule over
 * the catalogue's seasons. A series dropped on this device leaves at once, before the settings
 * have synced.
 */
export function useProgress(): ProgressState {
  const { user, isPending: isSessionPending } = useSession();
  const userId = user?.id ?? null;
  const { items: history } = useHistory();
  const [dropped] = useSetting('droppedSeries');
  const account = useAccountProgress(userId);
  useRefreshAfterSync(userId, history, progressQueryKey);

  const guestIds = useMemo(
    () =>
      userId || isSessionPending
        ? []
        : startedSeries(history)
            .filter((series) => !isDroppedSeries(series.id, series.last_watched_at, dropped))
            .map((series) => series.id),
    [history, dropped, userId, isSessionPending],
  );
  const guide = useSeriesEpisodes(guestIds);
  const guestList = useMemo(
    () => progressList(history, (id) => guide.episodes.get(id), localDay(new Date()), dropped),
    [history, guide.episodes, dropped],
  );

  if (isSessionPending) return { status: 'pending', list: [], retry: () => {} };
  if (userId) {
    const list = (account.data ?? []).filter(
      (entry) => !isDroppedSeries(entry.series.id, entry.last_watched_at, dropped),
    );
    return {
      status: account.isError ? 'error' : account.isPending ? 'pending' : 'success',
      list,
      retry: () => void account.refetch(),
    };
  }
  return {
    status: guide.isError ? 'error' : guide.isPending ? 'pending' : 'success',
    list: guestList,
    retry: guide.refetch,
  };
}

/**
 * After this device's history has reached the server (every entry synced again) or the server's
 * changes have come down, what the server computed from it (`queryKey`) is asked again.
 */
export function useRefreshAfterSync(
  userId: string | null,
  history: readonly HistoryItem[],
  queryKey: readonly unknown[],
) {
  const queryClient = useQueryClient();
  const seen = useRef(history);
  useEffect(() => {
    if (seen.current === history) return;
    seen.current = history;
    if (userId && history.every((item) => item.synced)) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [history, userId, queryClient, queryKey]);
}

/**
 * Marks a series' next episode watched (issue 30 "mark the next episode watched in one click"): a
 * history entry marked by hand, completed, through the history store, so that it syncs.
 */
export function markNextEpisodeWatched(entry: SeriesProgress): LibraryResult<HistoryItem> {
  const next = entry.next_episode;
  if (!next) return { ok: false, error: { code: 'not_found', message: 'No episode to mark' } };
  const input: HistoryAddInput = {
    movie_id: entry.series.id,
    movie_title: entry.series.name,
    movie_poster: entry.series.poster_path,
    content_type: 'tv',
    season_number: next.season_number,
    episode_number: next.episode_number,
    episode_title: next.name,
    completed: true,
    source: 'manual',
  };
  return getHistoryStore().add(input);
}

/** Drops a series from Up Next (a setting, so that it syncs); the returned function undoes it. */
export function dropSeriesFromProgress(seriesId: number): () => void {
  const settings = getSettingsStore();
  settings.set('droppedSeries', dropSeries(settings.getSnapshot().droppedSeries, seriesId, new Date()));
  return () => void settings.set('droppedSeries', undropSeries(settings.getSnapshot().droppedSeries, seriesId));
}

import { useMemo } from 'react';
import {
  addDays,
  calendarEntries,
  isDroppedSeries,
  startedSeries,
  type CalendarEntry,
  type CalendarQuery,
  type CalendarSeries,
  type CalendarTitle,
} from '@marquee/core';
import { useSession } from '@/lib/auth/session.ts';
import { useHistory, useSetting, useWatchLater } from '@/lib/local-store/hooks.ts';
import { useSeriesEpisodes, type SeasonFilter } from '@/lib/progress/series-episodes.ts';
import { useRefreshAfterSync } from '@/lib/progress/use-progress.ts';
import { calendarQueryKey, useAccountCalendar } from './api/get-calendar.ts';

export interface CalendarState {
  status: 'pending' | 'error' | 'success';
  entries: CalendarEntry[];
  /** The account's feed address; null for a guest. */
  icsUrl: string | null;
  retry: () => void;
}

/** The seasons that may air from `from` to `to`: started before its end, the next one after its start. */
function seasonsIn({ from, to }: CalendarQuery): SeasonFilter {
  return (season, next) =>
    (season.air_date === null || season.air_date <= to) &&
    (next === undefined || next.air_date === null || next.air_date >= from);
}

/**
 * The calendar from `from` to `to` (issue 30 "Calendar"): an account's from the server, a guest's
 * computed here by core's rule from the local history, Watch Later and the catalogue's seasons.
 */
export function useCalendar(range: CalendarQuery): CalendarState {
  const { user, isPending: isSessionPending } = useSession();
  const userId = user?.id ?? null;
  const { items: history } = useHistory();
  const { items: watchLater } = useWatchLater();
  const [dropped] = useSetting('droppedSeries');
  const account = useAccountCalendar(userId, range);
  useRefreshAfterSync(userId, history, calendarQueryKey);

  const followed = useMemo(() => {
    const series = new Map<number, CalendarSeries>();
    if (userId || isSessionPending) return { series, films: [] };
    for (const started of startedSeries(history)) {
      if (isDroppedSeries(started.id, started.last_watched_at, dropped)) continue;
      const title: CalendarTitle = {
        id: started.id,
        media_type: 'tv',
        name: started.name,
        poster_path: started.poster_path,
      };
      series.set(started.id, { title, episodes: [], watched: started.watched });
    }
    for (const item of watchLater) {
      if (item.content_type !== 'tv' || series.has(item.movie_id)) continue;
      const title: CalendarTitle = {
        id: item.movie_id,
        media_type: 'tv',
        name: item.movie_title,
        poster_path: item.movie_poster,
      };
      series.set(item.movie_id, { title, episodes: [], watched: new Set() });
    }
    const films = watchLater
      .filter((item) => item.content_type === 'movie')
      .map((item) => ({
        title: {
          id: item.movie_id,
          media_type: 'movie' as const,
          title: item.movie_title,
          poster_path: item.movie_poster,
        },
        release_date: item.movie_release_date ?? null,
      }));
    return { series, films };
  }, [history, watchLater, dropped, userId, isSessionPending]);

  const ids = useMemo(() => [...followed.series.keys()], [followed]);
  const filter = useMemo(() => seasonsIn(range), [range]);
  const guide = useSeriesEpisodes(ids, filter);
  const guestEntries = useMemo(
    () =>
      calendarEntries(
        {
          series: ids.map((id) => ({ ...followed.series.get(id)!, episodes: guide.episodes.get(id) ?? [] })),
          films: followed.films,
        },
        range,
      ),
    [ids, followed, guide.episodes, range],
  );

  if (isSessionPending) return { status: 'pending', entries: [], icsUrl: null, retry: () => {} };
  if (userId) {
    return {
      status: account.isError ? 'error' : account.isPending ? 'pending' : 'success',
      entries: account.data?.results ?? [],
      icsUrl: account.data?.ics_url ?? null,
      retry: () => void account.refetch(),
    };
  }
  return {
    status: guide.isError ? 'error' : guide.isPending ? 'pending' : 'success',
    entries: guestEntries,
    icsUrl: null,
    retry: guide.refetch,
  };
}

/** The days the screen asks for around a week: two weeks before it (recently aired) to five after. */
export function calendarRange(week: string): CalendarQuery {
  return { from: addDays(week, -14), to: addDays(week, 41) };
}

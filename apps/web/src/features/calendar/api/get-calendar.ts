import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEntry, CalendarQuery } from '@marquee/core';
import { apiFetch } from '@/lib/api-client.ts';

export interface CalendarAnswer {
  results: CalendarEntry[];
  /** The account's iCal feed: a secret address calendar apps subscribe to. */
  ics_url: string;
}

/** The signed-in account's calendar from `from` to `to` (`GET /api/me/calendar`). */
export function getCalendar({ from, to }: CalendarQuery, signal?: AbortSignal): Promise<CalendarAnswer> {
  return apiFetch<CalendarAnswer>(`/api/me/calendar?from=${from}&to=${to}`, { signal });
}

export const calendarQueryKey = ['me', 'calendar'] as const;

export function calendarQueryOptions(userId: string, range: CalendarQuery) {
  return queryOptions({
    queryKey: [...calendarQueryKey, userId, range.from, range.to],
    queryFn: ({ signal }) => getCalendar(range, signal),
  });
}

export function useAccountCalendar(userId: string | null, range: CalendarQuery) {
  return useQuery({ ...calendarQueryOptions(userId ?? '', range), enabled: userId !== null });
}

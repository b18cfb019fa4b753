import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { calendarQueryKey } from './get-calendar.ts';

/** Gives the account's iCal feed a new secret address; the old one stops working. */
export function renewCalendarAddress(): Promise<{ ics_url: string }> {
  return apiFetch<{ ics_url: string }>('/api/me/calendar/renew', { method: 'POST', body: '{}' });
}

export function useRenewCalendarAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}

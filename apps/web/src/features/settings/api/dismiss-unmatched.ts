import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { webhooksQueryOptions, type Webhooks } from './get-webhooks.ts';

/** DELETE /api/me/webhooks/unmatched/:id, or every report with no id. */
export function dismissUnmatched(id: string | null) {
  return apiFetch<void>(`/api/me/webhooks/unmatched${id === null ? '' : `/${encodeURIComponent(id)}`}`, {
    method: 'DELETE',
  });
}

export function useDismissUnmatched(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissUnmatched,
    onSuccess: (_, id) => {
      queryClient.setQueryData(webhooksQueryOptions(userId).queryKey, (current: Webhooks | undefined) =>
        current
          ? { ...current, unmatched: id === null ? [] : current.unmatched.filter((report) => report.id !== id) }
          : current,
      );
    },
  });
}

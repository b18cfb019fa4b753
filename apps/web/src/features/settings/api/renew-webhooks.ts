import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { webhooksQueryOptions, type MediaServer, type Webhooks } from './get-webhooks.ts';

/** POST /api/me/webhooks/renew: new addresses; the old ones stop working at once. */
export function renewWebhooks() {
  return apiFetch<Record<MediaServer, string>>('/api/me/webhooks/renew', { method: 'POST', body: '{}' });
}

export function useRenewWebhooks(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewWebhooks,
    onSuccess: (addresses) => {
      queryClient.setQueryData(webhooksQueryOptions(userId).queryKey, (current: Webhooks | undefined) =>
        current ? { ...current, ...addresses } : current,
      );
    },
  });
}

import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import { forgetLocalData } from '../local-store/forget.ts';
import { getHistoryStore } from '../local-store/history-store.ts';
import { getSettingsStore } from '../local-store/settings-store.ts';
import { getWatchLaterStore } from '../local-store/watch-later-store.ts';
import { getSyncEngine, releaseLocalData } from '../sync/account-sync.ts';
import { signOutRequest } from './auth-api.ts';
import { profileQueryKey } from './profile.ts';
import { sessionQueryKey } from './session.ts';

function hasUnsentChanges(): boolean {
  return [getHistoryStore(), getWatchLaterStore(), getSettingsStore()].some((store) => store.getQueue().length > 0);
}

/**
 * Signs out. Pending changes are sent first, so nothing made on this device is lost. The
 * device then keeps its Watch Later, history and settings for the next guest session, or
 * forgets them, as the user chose; changes that could not reach the server are always kept.
 * Throws when the server could not sign the session out.
 */
export async function signOut(queryClient: QueryClient, { keepLocalData }: { keepLocalData: boolean }) {
  const sync = getSyncEngine();
  await sync.syncNow();
  const keep = keepLocalData || hasUnsentChanges();
  await signOutRequest();
  sync.setUser(null);
  if (keep) releaseLocalData();
  else forgetLocalData();
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ queryKey: profileQueryKey });
  toast.success('Signed out', {
    description:
      keep && !keepLocalData ? 'Some changes had not reached the server yet, so they stay on this device.' : undefined,
  });
}

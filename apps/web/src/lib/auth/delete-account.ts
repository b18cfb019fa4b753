import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { forgetLocalData } from '../local-store/forget.ts';
import { getSyncEngine } from '../sync/account-sync.ts';
import { profileQueryKey } from './profile.ts';
import { sessionQueryKey } from './session.ts';

/** Whether the signed-in account signs in with a password (better-auth's "credential" account). */
export async function fetchHasPassword(): Promise<boolean> {
  const accounts = await apiFetch<Array<{ providerId: string }>>('/api/auth/list-accounts');
  return accounts.some((account) => account.providerId === 'credential');
}

/**
 * Deletes the signed-in account with everything in it (DELETE /api/me; issue 31), then forgets
 * this device's copy of it: the stores would otherwise show, and a later sign-up send, the data
 * of an account that no longer exists. Throws the server's refusal (a wrong password) unchanged.
 */
export async function deleteAccount(queryClient: QueryClient, password: string | null): Promise<void> {
  await apiFetch<{ deleted: true }>('/api/me', {
    method: 'DELETE',
    body: JSON.stringify(password === null ? {} : { password }),
  });
  getSyncEngine().setUser(null);
  forgetLocalData();
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ queryKey: profileQueryKey });
}

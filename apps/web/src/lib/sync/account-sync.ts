import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SyncOperation } from '@marquee/core';
import { apiFetch } from '../api-client.ts';
import { sessionQueryKey, useSession } from '../auth/session.ts';
import { getHiddenStore } from '../local-store/hidden-store.ts';
import { getHistoryStore } from '../local-store/history-store.ts';
import { getRatingsStore } from '../local-store/ratings-store.ts';
import { useHasUnsyncedChanges } from '../local-store/hooks.ts';
import { getSettingsStore } from '../local-store/settings-store.ts';
import { createStorage } from '../local-store/storage.ts';
import { toast } from '../toast.ts';
import { getWatchLaterStore } from '../local-store/watch-later-store.ts';
import { createSyncEngine, type OwnerCell, type SyncAnswer, type SyncEngine } from './sync-engine.ts';

const OWNER_KEY = 'sync-owner';
const CURSOR_KEY = 'sync-cursor';

function ownerCell(): OwnerCell {
  const storage = createStorage();
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const put = (key: string, value: string | null) =>
    value === null ? storage.remove(key) : void storage.write(key, value);
  return {
    get: () => storage.read(OWNER_KEY, text),
    set: (userId) => {
      if (userId === null) put(CURSOR_KEY, null);
      put(OWNER_KEY, userId);
    },
    getCursor: () => storage.read(CURSOR_KEY, text),
    setCursor: (cursor) => put(CURSOR_KEY, cursor),
  };
}

let engine: SyncEngine | undefined;
let onUnauthorized: () => void = () => {};

/** The app's sync engine over the default stores and `POST /api/me/sync`, created on first use. */
export function getSyncEngine(): SyncEngine {
  return (engine ??= createSyncEngine({
    history: getHistoryStore(),
    watchLater: getWatchLaterStore(),
    ratings: getRatingsStore(),
    hidden: getHiddenStore(),
    settings: getSettingsStore(),
    owner: ownerCell(),
    transport: {
      send: (operations: SyncOperation[], cursor: string | null) =>
        apiFetch<SyncAnswer>('/api/me/sync', { method: 'POST', body: JSON.stringify({ operations, cursor }) }),
      fetchSettingsUpdatedAt: async () =>
        (await apiFetch<{ updated_at: string | null }>('/api/me/settings')).updated_at,
    },
    onUnauthorized: () => onUnauthorized(),
    onRefused: (_operation, message) => {
      // "Invalid operations.1.item.watched_at: a watch cannot be dated later than now": the reason.
      const reason = message.replace(/^Invalid [\w.]+: /, '');
      toast.error('A change was not saved to your account', { description: reason });
    },
  }));
}

/**
 * Makes the local data a guest's again (sign-out with "keep"): the next account to sign in on
 * this device is offered all of it, as at any login.
 */
export function releaseLocalData(): void {
  ownerCell().set(null);
}

/** Runs sync for whoever is signed in; mounted once by the app layout. */
export function useAccountSync(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    onUnauthorized = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);

  useEffect(() => getSyncEngine().setUser(userId), [userId]);
}

/** useAccountSync as a component, for a host that loads the sync code only once it is needed. */
export function AccountSync(): null {
  useAccountSync();
  return null;
}

export type SyncLabel = 'Syncing...' | 'Synced' | 'Sync failed' | 'Offline';

/** The user menu's sync status text (product.md §2 User menu, §4 Sync indicator). */
export function useSyncLabel(): SyncLabel {
  const sync = getSyncEngine();
  const { status } = useSyncExternalStore(sync.subscribe, sync.getState, sync.getState);
  const pending = useHasUnsyncedChanges();
  if (status === 'offline') return 'Offline';
  if (status === 'failed') return 'Sync failed';
  return status === 'syncing' || pending ? 'Syncing...' : 'Synced';
}

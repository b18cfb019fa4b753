import { useSyncExternalStore } from 'react';

export type AuthTab = 'sign-in' | 'sign-up';

/** Why the dialog was opened, when it changes what it offers: a confirmation link that failed. */
export type AuthDialogReason = 'link-expired';

export interface AuthDialogState {
  open: boolean;
  tab: AuthTab;
  reason?: AuthDialogReason;
}

let state: AuthDialogState = { open: false, tab: 'sign-in' };
const listeners = new Set<() => void>();

function set(next: AuthDialogState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/**
 * Opens the one Auth dialog of the app from anywhere (header, comments, settings): features may
 * not import each other, so they ask through this store and the app layout renders the dialog.
 */
export function openAuthDialog(tab: AuthTab = 'sign-in', reason?: AuthDialogReason): void {
  set({ open: true, tab, ...(reason ? { reason } : {}) });
}

export function closeAuthDialog(): void {
  set({ open: false, tab: state.tab });
}

export function setAuthDialogTab(tab: AuthTab): void {
  set({ ...state, tab });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthDialogState(): AuthDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

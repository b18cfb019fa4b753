import { useSyncExternalStore } from 'react';
import type { toast as sonnerToast } from 'sonner';

type SonnerToast = typeof sonnerToast;

// Sonner (and its Toaster) weighs about 10 KB gzip and no first paint needs it: the app loads it
// at the first toast. Its Toaster drops toasts raised before it has mounted, so each call waits
// for the mounted Toaster (its live region in place, empty) before handing the toast to Sonner.

let isRequested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Asks the app to mount its Toaster (once); resolves when it has mounted. */
export function requestToaster(): Promise<void> {
  if (!isRequested) {
    isRequested = true;
    listeners.forEach((listener) => listener());
  }
  return mounted;
}

/** Called by the app's Toaster once it listens for toasts. */
export function toasterMounted(): void {
  markMounted();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the app's Toaster should be mounted yet. */
export function useIsToasterRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isRequested,
    () => false,
  );
}

function whenReady<A extends unknown[]>(pick: (toast: SonnerToast) => (...args: A) => unknown) {
  return (...args: A): void => {
    void Promise.all([import('sonner'), requestToaster()]).then(([{ toast }]) => pick(toast)(...args));
  };
}

/** Sonner's `toast`, `toast.success` and `toast.error`, shown once Sonner has loaded. */
export const toast = Object.assign(
  whenReady((toast) => toast),
  {
    success: whenReady((toast) => toast.success),
    error: whenReady((toast) => toast.error),
  },
);

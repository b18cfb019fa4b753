import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  open = next;
  listeners.forEach((listener) => listener());
};

/** Opens the Feedback dialog from anywhere (footer, settings); the app layout renders it. */
export const openFeedbackDialog = () => set(true);
export const closeFeedbackDialog = () => set(false);

export function useFeedbackDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => open,
  );
}

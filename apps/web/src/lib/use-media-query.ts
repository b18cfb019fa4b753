import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following changes (resize, rotation, settings). While
 * `active` is false it reads false, as on the server: a component that needs the answer only
 * later (once the visitor has typed, say) then leaves a page React takes over as it was, where a
 * different answer would make React render that component again at once, synchronously.
 */
export function useMediaQuery(query: string, active = true): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => active && window.matchMedia(query).matches,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * `value` in the browser; `serverValue` on the server and while React takes a server-rendered
 * page over, so that the first render matches the markup, then React re-renders with `value`.
 * For what only the browser knows (its history state, an answer that came meanwhile). `value`
 * must keep its identity between renders unless it changed (memoise objects).
 */
export function useClientValue<T>(value: T, serverValue: T): T {
  return useSyncExternalStore(
    noSubscription,
    () => value,
    () => serverValue,
  );
}

/** How long work deferred to idle time may wait at most, so it still happens on a busy page. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the browser is idle after the page has loaded (a timer where
 * requestIdleCallback is missing); returns a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle: () => void = () => {};
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 1);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

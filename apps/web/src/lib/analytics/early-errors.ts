/**
 * Errors raised before the analytics module has loaded (it loads once the page is idle): the entry
 * starts holding them at once, and watchErrors (page-emitters.ts) reports them when it starts.
 */
const MAX_HELD = 20;

type HeldError = ErrorEvent | PromiseRejectionEvent;

const held: HeldError[] = [];
let stopHolding: (() => void) | null = null;

/** Starts holding uncaught errors and unhandled rejections (main.tsx, before anything else runs). */
export function holdEarlyErrors(win: Window = window): void {
  if (stopHolding) return;
  const hold = (event: Event) => {
    if (held.length < MAX_HELD) held.push(event as HeldError);
  };
  win.addEventListener('error', hold);
  win.addEventListener('unhandledrejection', hold);
  stopHolding = () => {
    win.removeEventListener('error', hold);
    win.removeEventListener('unhandledrejection', hold);
  };
}

/** Stops holding and hands over what was held, oldest first. */
export function takeEarlyErrors(): HeldError[] {
  stopHolding?.();
  stopHolding = null;
  return held.splice(0);
}

/**
 * Calls `then` once the page's first paint of content (text or an image, not just its background)
 * has reached the screen, in a task of its own. The browser's paint timing says when that was; a frame (requestAnimationFrame) only says a paint
 * is about to be made, and on a busy phone the pixels come later still: work started then
 * competed with the first paint. Without paint timing, it waits for a frame. A hidden tab paints
 * nothing: `then` runs at once. If no such paint is reported within a second, it runs anyway.
 */
export function afterFirstPaint(then: () => void, win: Window = window): void {
  if (win.document.visibilityState === 'hidden') return then();
  let done = false;
  let observer: PerformanceObserver | undefined;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    win.setTimeout(then, 0);
  };
  const Observer = (win as Window & typeof globalThis).PerformanceObserver as typeof PerformanceObserver | undefined;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    observer = new Observer((list: PerformanceObserverEntryList) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) go();
    });
    observer.observe({ type: 'paint', buffered: true });
    win.setTimeout(go, 1000);
  } else if (typeof win.requestAnimationFrame === 'function') {
    win.requestAnimationFrame(() => win.setTimeout(go, 0));
  } else {
    go();
  }
}

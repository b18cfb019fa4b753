import { takeEarlyErrors } from './early-errors.ts';
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { trackEvent } from './track.ts';
import { rateWebVital, type WebVitalName } from './web-vitals-rating.ts';

/** Scroll-depth milestones, each sent once per browser session (player.md §9). */
export const SCROLL_MILESTONES = [25, 50, 75, 100] as const;
/** A page that throws in a loop must not flood the queue. */
export const MAX_REPORTS_PER_KIND = 20;
const SCROLL_KEY = 'marquee.analytics.scroll';

function readSentMilestones(storage: Storage): Set<number> {
  try {
    const stored: unknown = JSON.parse(storage.getItem(SCROLL_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((value): value is number => typeof value === 'number') : []);
  } catch {
    return new Set();
  }
}

/** How far down the page the bottom of the viewport is, 0–100. */
export function scrollPercent(win: Window = window): number {
  const doc = win.document.documentElement;
  const height = Math.max(doc.scrollHeight, win.document.body?.scrollHeight ?? 0);
  if (height <= 0) return 0;
  return Math.min(100, Math.round(((win.scrollY + win.innerHeight) / height) * 100));
}

/** scroll_depth at 25/50/75/100 %, once per session (kept in sessionStorage). Returns the stop function. */
export function watchScrollDepth(win: Window = window): () => void {
  const storage = win.sessionStorage;
  const sent = readSentMilestones(storage);
  let scheduled = false;
  const check = () => {
    scheduled = false;
    const percent = scrollPercent(win);
    for (const milestone of SCROLL_MILESTONES) {
      if (percent < milestone || sent.has(milestone)) continue;
      sent.add(milestone);
      trackEvent('scroll_depth', { percent: milestone });
    }
    try {
      storage.setItem(SCROLL_KEY, JSON.stringify([...sent]));
    } catch {
      // Storage full or refused: milestones may repeat in a later page load, nothing worse.
    }
  };
  const onScroll = () => {
    if (scheduled) return;
    scheduled = true;
    win.requestAnimationFrame(check);
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  return () => win.removeEventListener('scroll', onScroll);
}

function describeReason(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  try {
    return typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason));
  } catch {
    return String(reason);
  }
}

/** js_error for uncaught errors and unhandled_rejection for promises nobody caught (player.md §7). */
export function watchErrors(win: Window = window): () => void {
  let errors = 0;
  let rejections = 0;
  const onError = (event: ErrorEvent) => {
    if (++errors > MAX_REPORTS_PER_KIND) return;
    trackEvent('js_error', {
      message: event.message || describeReason(event.error),
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (++rejections > MAX_REPORTS_PER_KIND) return;
    trackEvent('unhandled_rejection', { message: describeReason(event.reason) });
  };
  // What went wrong before this module loaded, held since the entry ran.
  for (const event of takeEarlyErrors()) {
    if (event.type === 'error') onError(event as ErrorEvent);
    else onRejection(event as PromiseRejectionEvent);
  }
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

/** long_task for main-thread tasks over 50 ms (product.md §9), where the browser reports them. */
export function watchLongTasks(): () => void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
    return () => undefined;
  }
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration <= 50 || ++count > MAX_REPORTS_PER_KIND) continue;
      trackEvent('long_task', { duration: Math.round(entry.duration), start: Math.round(entry.startTime) });
    }
  });
  observer.observe({ type: 'longtask', buffered: true });
  return () => observer.disconnect();
}

/** page_load_time: from navigation start to the end of the load event, once the page has loaded. */
export function reportPageLoadTime(win: Window = window): void {
  const report = () => {
    const [navigation] = win.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (!navigation || navigation.loadEventEnd <= 0) return;
    trackEvent('page_load_time', {
      duration: Math.round(navigation.loadEventEnd - navigation.startTime),
      dom_content_loaded: Math.round(navigation.domContentLoadedEventEnd - navigation.startTime),
    });
  };
  // loadEventEnd is only set once the load handlers have returned.
  if (win.document.readyState === 'complete') win.setTimeout(report, 0);
  else win.addEventListener('load', () => win.setTimeout(report, 0), { once: true });
}

/** web_vital for LCP, INP, CLS, FCP and TTFB with the ratings of product.md §9. */
export function reportWebVitals(): void {
  const report = (metric: { name: WebVitalName; value: number }) =>
    trackEvent('web_vital', {
      metric: metric.name,
      value: metric.name === 'CLS' ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value),
      rating: rateWebVital(metric.name, metric.value),
    });
  onLCP(report);
  onINP(report);
  onCLS(report);
  onFCP(report);
  onTTFB(report);
}

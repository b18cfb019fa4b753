import { getSettingsStore } from '../local-store/settings-store.ts';
import { createConsentSink, FLUSH_INTERVAL_MS, sendBatch } from './analytics-sink.ts';
import { reportPageLoadTime, reportWebVitals, watchErrors, watchLongTasks, watchScrollDepth } from './page-emitters.ts';
import { addAnalyticsSink } from './track.ts';

const SESSION_KEY = 'marquee.analytics.session';

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One id per browser session (sessionStorage), never tied to the account by the browser. */
export function analyticsSessionId(storage: Storage = window.sessionStorage): string {
  try {
    const stored = storage.getItem(SESSION_KEY);
    if (stored && /^[a-f0-9]{32}$/.test(stored)) return stored;
    const id = randomId();
    storage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}

let started = false;

/**
 * Starts first-party analytics: the consent sink (with the events tracked before it loaded), the
 * page-level emitters, a flush every few seconds and a last one when the page is hidden or left.
 * Loaded lazily after the first render; starting twice does nothing.
 */
export function startAnalytics(): void {
  if (started) return;
  started = true;
  const settings = getSettingsStore();
  const consent = createConsentSink({
    getSettings: settings.getSnapshot,
    send: sendBatch,
    sessionId: analyticsSessionId(),
  });
  addAnalyticsSink(consent.sink, { replayEarlyEvents: true });
  watchErrors();
  watchScrollDepth();
  watchLongTasks();
  reportPageLoadTime();
  reportWebVitals();
  window.setInterval(() => consent.flush(), FLUSH_INTERVAL_MS);
  // Registered after web-vitals' own listeners, so that the LCP, CLS and INP it reports when the
  // page is hidden are in the queue by the time it is flushed.
  const flushOnLeave = () => consent.flush({ keepalive: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnLeave();
  });
  window.addEventListener('pagehide', flushOnLeave);
}

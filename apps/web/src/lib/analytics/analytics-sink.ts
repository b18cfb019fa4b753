import type { Settings } from '@marquee/core';
import { ANALYTICS_LIMITS, type AnalyticsBatch } from '@marquee/core/analytics/analytics-events';
import { applyConsent, isAnalyticsActive, type OutgoingEvent } from './consent.ts';
import type { AnalyticsEvent, AnalyticsSink } from './track.ts';

/** Events wait at most this long before being sent. */
export const FLUSH_INTERVAL_MS = 5000;

export type SendBatch = (batch: AnalyticsBatch, options: { keepalive: boolean }) => Promise<void>;

export interface AnalyticsSinkOptions {
  getSettings: () => Settings;
  send: SendBatch;
  sessionId: string;
}

export interface ConsentSink {
  sink: AnalyticsSink;
  /** Sends what waits; `keepalive` when the page is going away. */
  flush(options?: { keepalive?: boolean }): void;
  /** How many events wait; for tests. */
  size(): number;
}

/** POST /api/events through fetch; keepalive lets the request outlive a page being closed. */
export const sendBatch: SendBatch = async (batch, { keepalive }) => {
  await fetch('/api/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(batch),
    credentials: 'same-origin',
    keepalive,
  });
};

function toBatches(events: readonly OutgoingEvent[]): AnalyticsBatch[] {
  const batches: AnalyticsBatch[] = [];
  for (const shareWatchHistory of [false, true]) {
    const group = events.filter((event) => event.shareIdentity === shareWatchHistory);
    for (let start = 0; start < group.length; start += ANALYTICS_LIMITS.eventsPerBatch) {
      batches.push({
        consent: { shareWatchHistory },
        events: group.slice(start, start + ANALYTICS_LIMITS.eventsPerBatch).map((event) => ({
          name: event.name,
          params: event.params,
          at: event.at,
          page: event.page,
          session_id: event.session_id,
          app_version: event.app_version,
        })),
      });
    }
  }
  return batches;
}

/**
 * The browser side of first-party analytics: each event passes the consent rules when it happens
 * (applyConsent), waits in a bounded queue and leaves in batches. Settings are read again when
 * sending, so turning analytics off also drops what was waiting.
 */
export function createConsentSink({ getSettings, send, sessionId }: AnalyticsSinkOptions): ConsentSink {
  let queue: OutgoingEvent[] = [];

  function flush({ keepalive = false } = {}): void {
    const events = queue;
    queue = [];
    if (events.length === 0 || !isAnalyticsActive(getSettings())) return;
    for (const batch of toBatches(events)) {
      // Analytics is best effort: a refused or lost batch is not retried.
      send(batch, { keepalive }).catch(() => undefined);
    }
  }

  function sink(event: AnalyticsEvent): void {
    const outgoing = applyConsent(event, getSettings(), sessionId);
    if (!outgoing) return;
    queue.push(outgoing);
    // A full batch leaves at once, which also bounds the queue.
    if (queue.length >= ANALYTICS_LIMITS.eventsPerBatch) flush();
  }

  return { sink, flush, size: () => queue.length };
}

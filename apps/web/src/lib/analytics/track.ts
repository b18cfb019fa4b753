/**
 * The analytics interface every feature calls (product.md §6–§7, player.md §7 Analytics events).
 * Features only describe what happened; the sinks registered here decide what may leave the
 * browser under the consent rules and how it is sent (first party: POST /api/events).
 */
export interface AnalyticsEvent {
  name: string;
  params: Record<string, unknown>;
  /** When it happened, ISO-8601. */
  at: string;
  /** The page it happened on (pathname only: a query string may hold a search term). */
  page: string;
}

export type AnalyticsSink = (event: AnalyticsEvent) => void;

/**
 * The consent sink is loaded after the first render, off the critical path; what happens before
 * (the first page view, an early error) waits here for it, bounded.
 */
const EARLY_EVENTS_LIMIT = 100;

const sinks = new Set<AnalyticsSink>();
let earlyEvents: AnalyticsEvent[] | null = [];

export function trackEvent(name: string, params: Record<string, unknown> = {}): void {
  const page = typeof window === 'undefined' ? '/' : window.location.pathname;
  const event: AnalyticsEvent = { name, params, at: new Date().toISOString(), page };
  if (earlyEvents && earlyEvents.length < EARLY_EVENTS_LIMIT) earlyEvents.push(event);
  for (const sink of sinks) {
    try {
      sink(event);
    } catch {
      // Analytics must never break the page that reports.
    }
  }
}

/**
 * Registers a sink; returns the function that removes it. With `replayEarlyEvents`, the sink
 * first receives what was tracked before any such sink existed, and early events stop being kept.
 */
export function addAnalyticsSink(sink: AnalyticsSink, { replayEarlyEvents = false } = {}): () => void {
  if (replayEarlyEvents && earlyEvents) {
    const pending = earlyEvents;
    earlyEvents = null;
    for (const event of pending) {
      try {
        sink(event);
      } catch {
        // As in trackEvent.
      }
    }
  }
  sinks.add(sink);
  return () => sinks.delete(sink);
}

/** Forgets the early events and starts keeping them again; for tests. */
export function resetEarlyEventsForTests(): void {
  earlyEvents = [];
}

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
}

export type AnalyticsSink = (event: AnalyticsEvent) => void;

const sinks = new Set<AnalyticsSink>();

export function trackEvent(name: string, params: Record<string, unknown> = {}): void {
  const event: AnalyticsEvent = { name, params, at: new Date().toISOString() };
  for (const sink of sinks) {
    try {
      sink(event);
    } catch {
      // Analytics must never break the page that reports.
    }
  }
}

/** Registers a sink; returns the function that removes it. */
export function addAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

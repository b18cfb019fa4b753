import type { Settings } from '@marquee/core';
import {
  ANALYTICS_APP_VERSION,
  isAnalyticsEventName,
  sanitizeAnalyticsParams,
  type AnalyticsEventName,
  type AnalyticsParams,
} from '@marquee/core/analytics/analytics-events';
import type { AnalyticsEvent } from './track.ts';

/** An event as it may leave the browser, in the shape of POST /api/events. */
export interface OutgoingEvent {
  name: AnalyticsEventName;
  params: AnalyticsParams;
  at: string;
  page: string;
  session_id: string;
  app_version: string;
  /** The sender's shareWatchHistory when it happened: the server attaches user id and type only then. */
  shareIdentity: boolean;
}

type ConsentSettings = Pick<
  Settings,
  'enableAnalytics' | 'enablePersonalizedRecs' | 'saveSearchHistory' | 'privacySettings'
>;

/** product.md §6: analytics is active only with enableAnalytics and privacySettings.dataCollection. */
export function isAnalyticsActive(settings: ConsentSettings): boolean {
  return settings.enableAnalytics && settings.privacySettings.dataCollection;
}

const RECOMMENDATION_EVENTS: ReadonlySet<string> = new Set(['recommendation_request', 'recommendation_click']);
/** Params that carry what the user typed. */
const SEARCH_TERM_PARAMS = ['term', 'query'] as const;

/**
 * What of an event may be sent under the user's settings (product.md §6), or null for nothing:
 * - nothing at all unless analytics is active;
 * - recommendation events only with enablePersonalizedRecs;
 * - what the user typed (a `term` or `query` param: search, the mood box) only with
 *   saveSearchHistory (and dataCollection, already required): without it the search event is still
 *   sent, without the words, so searches are counted but never read;
 * - identity (user id and type, added by the server from the session) only with shareWatchHistory.
 */
export function applyConsent(
  event: AnalyticsEvent,
  settings: ConsentSettings,
  sessionId: string,
): OutgoingEvent | null {
  if (!isAnalyticsActive(settings)) return null;
  if (!isAnalyticsEventName(event.name)) return null;
  if (RECOMMENDATION_EVENTS.has(event.name) && !settings.enablePersonalizedRecs) return null;
  let params = sanitizeAnalyticsParams(event.params);
  if (!settings.saveSearchHistory) {
    params = Object.fromEntries(
      Object.entries(params).filter(([key]) => !(SEARCH_TERM_PARAMS as readonly string[]).includes(key)),
    );
  }
  return {
    name: event.name,
    params,
    at: event.at,
    page: event.page.slice(0, 300),
    session_id: sessionId,
    app_version: ANALYTICS_APP_VERSION,
    shareIdentity: settings.privacySettings.shareWatchHistory,
  };
}

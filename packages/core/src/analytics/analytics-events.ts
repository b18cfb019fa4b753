import type * as z from 'zod/mini';
import type { analyticsBatchSchema } from './analytics-batch-schema.ts';

/** The app version every event reports (product.md §7 "Other", player.md §7). */
export const ANALYTICS_APP_VERSION = '1.0.0';

/**
 * Every event the app sends (product.md §7 "Other" and §9, player.md §7 "Analytics events").
 * A closed list rather than a pattern: the server stores only what the app is known to emit, and
 * a new event is one line here.
 */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'search',
  'genre_filter',
  'preference_change',
  'privacy_setting_change',
  'watch_now',
  'watchlist_add',
  'watchlist_remove',
  'movie_view',
  'series_view',
  'scroll_depth',
  'js_error',
  'unhandled_rejection',
  'web_vital',
  'page_load_time',
  'long_task',
  'video_start',
  'video_progress',
  'video_pause',
  'video_resume',
  'video_seek',
  'video_complete',
  'recommendation_request',
  'recommendation_click',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

const EVENT_NAMES: ReadonlySet<string> = new Set(ANALYTICS_EVENT_NAMES);

export function isAnalyticsEventName(name: string): name is AnalyticsEventName {
  return EVENT_NAMES.has(name);
}

/** Analytics user types (product.md §6). `premium` needs a subscription tier, which Marquee does not have. */
export const ANALYTICS_USER_TYPES = ['guest', 'registered', 'premium'] as const;
export type AnalyticsUserType = (typeof ANALYTICS_USER_TYPES)[number];

/** Bounds of one batch of POST /api/events. */
export const ANALYTICS_LIMITS = {
  eventsPerBatch: 50,
  paramsPerEvent: 20,
  paramKeyLength: 40,
  paramStringLength: 500,
  pageLength: 300,
  /** Bytes of one request body; the browser's keepalive requests are capped at 64 KiB too. */
  bodyBytes: 64 * 1024,
} as const;

export type AnalyticsParamValue = string | number | boolean | null;
export type AnalyticsParams = Record<string, AnalyticsParamValue>;

/** What a parameter's key looks like. */
export const PARAM_KEY = /^[a-z][a-z0-9_]*$/;

/**
 * Flattens what a feature reported into params the API accepts: undefined, objects, arrays and
 * non-finite numbers are dropped, long strings are cut, keys past the limit are left out. The
 * sender never has a whole batch refused for one careless parameter.
 */
export function sanitizeAnalyticsParams(params: Record<string, unknown>): AnalyticsParams {
  const clean: AnalyticsParams = {};
  let count = 0;
  for (const [key, value] of Object.entries(params)) {
    if (count >= ANALYTICS_LIMITS.paramsPerEvent) break;
    if (key.length > ANALYTICS_LIMITS.paramKeyLength || !PARAM_KEY.test(key)) continue;
    if (typeof value === 'string') clean[key] = value.slice(0, ANALYTICS_LIMITS.paramStringLength);
    else if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
    else if (typeof value === 'boolean' || value === null) clean[key] = value;
    else continue;
    count++;
  }
  return clean;
}

/** The body of POST /api/events (checked on the server by analytics-batch-schema.ts). */
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>;
export type AnalyticsBatchEvent = z.output<typeof analyticsBatchSchema>['events'][number];

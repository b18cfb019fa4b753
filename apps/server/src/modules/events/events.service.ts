import type { AnalyticsBatchEvent, AnalyticsUserType } from '@marquee/core/analytics/analytics-events';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { hitRateLimit } from '../auth/account-rate-limit.ts';
import { insertAnalyticsEvents, type NewAnalyticsEvent } from './events.repository.ts';

/** Per client (account, else address): `max` events per window, counted in the database (EVENTS_RATE_LIMIT sets max). */
export const EVENTS_RATE_LIMIT = { max: 600, windowSeconds: 5 * 60 } as const;

export interface RecordEventsInput {
  events: readonly AnalyticsBatchEvent[];
  /** The sender's shareWatchHistory setting (product.md §6). */
  shareWatchHistory: boolean;
  /** The session's user id, never one the body names. */
  sessionUserId: string | null;
  clientAddress: string;
  /** Events per window; EVENTS_RATE_LIMIT.max unless configured. */
  maxPerWindow?: number;
}

/**
 * Who an event may be attributed to (product.md §6): nobody unless the sender agreed to share
 * it; then the signed-in account, or just "guest". Marquee has no subscription tier, so a signed-in
 * user is always "registered".
 */
export function attributeTo(
  shareWatchHistory: boolean,
  sessionUserId: string | null,
): { userId: string | null; userType: AnalyticsUserType | null } {
  if (!shareWatchHistory) return { userId: null, userType: null };
  return sessionUserId ? { userId: sessionUserId, userType: 'registered' } : { userId: null, userType: 'guest' };
}

/** Checks the sender's rate limit and stores the batch; a 429 when the limit is passed. */
export async function recordEvents(db: Db, input: RecordEventsInput): Promise<number> {
  const key = input.sessionUserId ? `events:user:${input.sessionUserId}` : `events:address:${input.clientAddress}`;
  const limit = { key, ...EVENTS_RATE_LIMIT, max: input.maxPerWindow ?? EVENTS_RATE_LIMIT.max };
  const retryAfter = await hitRateLimit(db, limit, input.events.length);
  if (retryAfter !== null) {
    throw new AppError('rate_limited', 'Too many analytics events. Please try again later.', { retryAfter });
  }
  const { userId, userType } = attributeTo(input.shareWatchHistory, input.sessionUserId);
  const rows: NewAnalyticsEvent[] = input.events.map((event) => ({
    name: event.name,
    params: event.params,
    sessionId: event.session_id ?? null,
    userId,
    userType,
    page: event.page ?? null,
    appVersion: event.app_version ?? null,
    occurredAt: event.at,
  }));
  return insertAnalyticsEvents(db, rows);
}

import { asc, eq } from 'drizzle-orm';
import type { AnalyticsParams } from '@marquee/core/analytics/analytics-events';
import type { Db } from '../../db/client.ts';
import { analyticsEvents } from './events-schema.ts';

export interface NewAnalyticsEvent {
  name: string;
  params: AnalyticsParams;
  sessionId: string | null;
  userId: string | null;
  userType: string | null;
  page: string | null;
  appVersion: string | null;
  occurredAt: string;
}

/** Stores a batch in one statement; returns how many rows were written. */
export async function insertAnalyticsEvents(db: Db, events: readonly NewAnalyticsEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await db
    .insert(analyticsEvents)
    .values([...events])
    .returning({ id: analyticsEvents.id });
  return rows.length;
}

/** The events of one analytics session, oldest first; for the development endpoint. */
export async function findSessionEvents(db: Db, sessionId: string, limit = 500) {
  return db
    .select({
      name: analyticsEvents.name,
      params: analyticsEvents.params,
      page: analyticsEvents.page,
      userId: analyticsEvents.userId,
      userType: analyticsEvents.userType,
      appVersion: analyticsEvents.appVersion,
      occurredAt: analyticsEvents.occurredAt,
    })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, sessionId))
    .orderBy(asc(analyticsEvents.id))
    .limit(limit);
}

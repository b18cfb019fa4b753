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

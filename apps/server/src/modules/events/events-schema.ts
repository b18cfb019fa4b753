import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * First-party analytics (DESIGN.md: events go to POST /api/events). `user_id` and `user_type`
 * are filled only when the sender's consent rules allow it (product.md §6).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    sessionId: text('session_id'),
    userId: text('user_id'),
    userType: text('user_type'),
    page: text('page'),
    appVersion: text('app_version'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_name_occurred_idx').on(table.name, table.occurredAt)],
);

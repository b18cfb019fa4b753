import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-schema.ts';

/** Feedback sent from the feedback dialog (product.md §3 Feedback); `status` starts as pending. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    feedbackType: text('feedback_type').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    rating: integer('rating'),
    status: text('status').notNull().default('pending'),
    /** Who sent it, for the per-sender rate limit when nobody is signed in. */
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('feedback_created_idx').on(table.createdAt)],
);

import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-schema.ts';

/**
 * Comments on a title (player.md §3 Comment). A deletion is soft (`is_deleted`, content
 * `[deleted]`) so that replies keep their place in the thread (player.md §4 Comment).
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    contentId: integer('content_id').notNull(),
    contentType: text('content_type', { enum: ['movie', 'tv'] }).notNull(),
    content: text('content').notNull(),
    parentId: uuid('parent_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.parentId], foreignColumns: [table.id], name: 'comments_parent_id_fk' }).onDelete(
      'cascade',
    ),
    index('comments_content_created_idx').on(table.contentType, table.contentId, table.createdAt),
    index('comments_user_created_idx').on(table.userId, table.createdAt),
  ],
);

import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Comment, CommentContentType } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { userProfiles } from '../auth/auth-schema.ts';
import { comments } from './comments-schema.ts';

export type ContentType = CommentContentType;
/** The API's comment shape (shared with the web app). */
export type CommentView = Comment;

const COLUMNS = {
  id: comments.id,
  userId: comments.userId,
  contentId: comments.contentId,
  contentType: comments.contentType,
  content: comments.content,
  parentId: comments.parentId,
  isDeleted: comments.isDeleted,
  isEdited: comments.isEdited,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  username: userProfiles.username,
  avatarUrl: userProfiles.avatarUrl,
};

type Row = {
  id: string;
  userId: string;
  contentId: number;
  contentType: ContentType;
  content: string;
  parentId: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  createdAt: string;
  updatedAt: string;
  username: string | null;
  avatarUrl: string | null;
};

function toView(row: Row): CommentView {
  return {
    id: row.id,
    user_id: row.userId,
    content_id: row.contentId,
    content_type: row.contentType,
    content: row.isDeleted ? '[deleted]' : row.content,
    parent_id: row.parentId,
    is_deleted: row.isDeleted,
    is_edited: row.isEdited,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    profile: { id: row.userId, username: row.username, avatar_url: row.avatarUrl },
    replies: [],
  };
}

function selectComments(db: Db) {
  return db.select(COLUMNS).from(comments).leftJoin(userProfiles, eq(userProfiles.id, comments.userId));
}

/**
 * A title's thread, oldest first, replies nested under their parents to any depth. A deleted
 * comment stays as a "[deleted]" placeholder only while live replies hang under it (player.md §4:
 * its replies still show); a deleted comment with none is left out.
 */
export async function findThread(db: Db, contentType: ContentType, contentId: number): Promise<CommentView[]> {
  const rows = (await selectComments(db)
    .where(and(eq(comments.contentType, contentType), eq(comments.contentId, contentId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))) as Row[];
  const views = new Map(rows.map((row) => [row.id, toView(row)]));
  const roots: CommentView[] = [];
  for (const view of views.values()) {
    const parent = view.parent_id ? views.get(view.parent_id) : undefined;
    (parent ? parent.replies : roots).push(view);
  }
  const prune = (list: CommentView[]): CommentView[] =>
    list.flatMap((view) => {
      view.replies = prune(view.replies);
      return view.is_deleted && view.replies.length === 0 ? [] : [view];
    });
  return prune(roots);
}

export async function findComment(db: Db, id: string): Promise<CommentView | null> {
  const [row] = (await selectComments(db).where(eq(comments.id, id))) as Row[];
  return row ? toView(row) : null;
}

export async function insertComment(
  db: Db,
  values: { userId: string; contentType: ContentType; contentId: number; content: string; parentId: string | null },
): Promise<string> {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

export async function updateContent(db: Db, id: string, content: string): Promise<void> {
  await db
    .update(comments)
    .set({ content, isEdited: true, updatedAt: sql`now()` })
    .where(eq(comments.id, id));
}

/** Soft delete (player.md §7 Comments): the row stays so that its replies keep their place. */
export async function softDelete(db: Db, id: string): Promise<void> {
  await db
    .update(comments)
    .set({ isDeleted: true, content: '[deleted]', updatedAt: sql`now()` })
    .where(eq(comments.id, id));
}

/** Comments a user posted since `since` (the per-user rate limit, shared by every app server). */
export async function countRecentByUser(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.userId, userId), gt(comments.createdAt, since.toISOString())));
  return row?.count ?? 0;
}

/** Live (not deleted) comments per title, for the cards' comment indicator. */
export async function countLive(
  db: Db,
  items: ReadonlyArray<{ contentType: ContentType; contentId: number }>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const type of ['movie', 'tv'] as const) {
    const ids = items.filter((item) => item.contentType === type).map((item) => item.contentId);
    if (ids.length === 0) continue;
    const rows = await db
      .select({ contentId: comments.contentId, count: sql<number>`count(*)::int` })
      .from(comments)
      .where(and(eq(comments.contentType, type), inArray(comments.contentId, ids), eq(comments.isDeleted, false)))
      .groupBy(comments.contentId);
    for (const row of rows) counts.set(`${type}:${row.contentId}`, row.count);
  }
  return counts;
}

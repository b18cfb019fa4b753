import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  ExportedAccount,
  ExportedComment,
  ExportedFeedback,
  ExportedHiddenItem,
  ExportedHistoryItem,
  ExportedRatingItem,
} from '@marquee/core/account-data/marquee-export';
import type { Db } from '../../db/client.ts';
import { account, user, userProfiles } from '../auth/auth-schema.ts';
import { comments } from '../comments/comments-schema.ts';
import { feedback } from '../feedback/feedback-schema.ts';
import { hiddenTitles, userRatings, viewingHistory } from '../me/me-schema.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

export async function findExportedAccount(db: Db, userId: string): Promise<ExportedAccount | null> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      username: userProfiles.username,
      avatarUrl: userProfiles.avatarUrl,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username ?? null,
    avatar_url: row.avatarUrl ?? null,
    created_at: iso(row.createdAt),
  };
}

/** Where a page of the history ends: the next page starts after it (newest first). */
export interface HistoryCursor {
  watchedAt: string;
  itemKey: string;
}

/** The fields the player writes beside an entry (me.repository.ts keeps them in `extra`). */
const HISTORY_EXTRA = ['backdrop_path', 'release_date', 'vote_average', 'overview'] as const;

/**
 * One page of the live history, newest first, after `cursor`: a whole history is read a page at a
 * time, so that an export of years of viewing never sits in memory at once.
 */
export async function pageExportedHistory(
  db: Db,
  userId: string,
  cursor: HistoryCursor | null,
  limit: number,
): Promise<{ items: ExportedHistoryItem[]; next: HistoryCursor | null }> {
  const h = viewingHistory;
  const rows = await db
    .select({
      itemKey: h.itemKey,
      id: h.id,
      movieId: h.movieId,
      movieTitle: h.movieTitle,
      moviePoster: h.moviePoster,
      contentType: h.contentType,
      watchedAt: h.watchedAt,
      durationWatched: h.durationWatched,
      totalDuration: h.totalDuration,
      completed: h.completed,
      seasonNumber: h.seasonNumber,
      episodeNumber: h.episodeNumber,
      episodeTitle: h.episodeTitle,
      source: h.source,
      playCount: h.playCount,
      extra: h.extra,
    })
    .from(h)
    .where(
      and(
        eq(h.userId, userId),
        isNull(h.deletedAt),
        cursor
          ? or(
              lt(h.watchedAt, cursor.watchedAt),
              and(eq(h.watchedAt, cursor.watchedAt), sql`${h.itemKey} > ${cursor.itemKey}`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(h.watchedAt), asc(h.itemKey))
    .limit(limit);
  const items = rows.map((row): ExportedHistoryItem => {
    const extra = Object.fromEntries(
      HISTORY_EXTRA.flatMap((key) => (row.extra && key in row.extra ? [[key, row.extra[key]]] : [])),
    );
    return {
      id: row.id,
      movie_id: row.movieId,
      movie_title: row.movieTitle,
      movie_poster: row.moviePoster,
      content_type: row.contentType,
      watched_at: iso(row.watchedAt),
      duration_watched: row.durationWatched,
      total_duration: row.totalDuration,
      completed: row.completed,
      season_number: row.seasonNumber,
      episode_number: row.episodeNumber,
      episode_title: row.episodeTitle,
      source: row.source,
      play_count: row.playCount,
      ...extra,
    };
  });
  const last = rows.at(-1);
  return {
    items,
    // The cursor keeps the stored text of the time: its ISO form may round it.
    next: rows.length === limit && last ? { watchedAt: last.watchedAt, itemKey: last.itemKey } : null,
  };
}

export async function listExportedRatings(db: Db, userId: string): Promise<ExportedRatingItem[]> {
  const r = userRatings;
  const rows = await db
    .select({
      movieId: r.movieId,
      contentType: r.contentType,
      seasonNumber: r.seasonNumber,
      episodeNumber: r.episodeNumber,
      rating: r.rating,
      ratedAt: r.ratedAt,
    })
    .from(r)
    .where(and(eq(r.userId, userId), isNull(r.deletedAt)))
    .orderBy(desc(r.ratedAt), asc(r.itemKey));
  return rows.map((row) => ({
    movie_id: row.movieId,
    content_type: row.contentType,
    season_number: row.seasonNumber,
    episode_number: row.episodeNumber,
    rating: row.rating,
    rated_at: iso(row.ratedAt),
  }));
}

export async function listExportedHidden(db: Db, userId: string): Promise<ExportedHiddenItem[]> {
  const rows = await db
    .select({ movieId: hiddenTitles.movieId, contentType: hiddenTitles.contentType, hiddenAt: hiddenTitles.hiddenAt })
    .from(hiddenTitles)
    .where(and(eq(hiddenTitles.userId, userId), isNull(hiddenTitles.deletedAt)))
    .orderBy(desc(hiddenTitles.hiddenAt), asc(hiddenTitles.itemKey));
  return rows.map((row) => ({ movie_id: row.movieId, content_type: row.contentType, hidden_at: iso(row.hiddenAt) }));
}

/** The account's own comments, oldest first; a deleted one keeps its placeholder text. */
export async function listExportedComments(db: Db, userId: string): Promise<ExportedComment[]> {
  const rows = await db
    .select({
      id: comments.id,
      contentId: comments.contentId,
      contentType: comments.contentType,
      content: comments.content,
      parentId: comments.parentId,
      isDeleted: comments.isDeleted,
      isEdited: comments.isEdited,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((row) => ({
    id: row.id,
    content_id: row.contentId,
    content_type: row.contentType,
    content: row.content,
    parent_id: row.parentId,
    is_deleted: row.isDeleted,
    is_edited: row.isEdited,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }));
}

export async function listExportedFeedback(db: Db, userId: string): Promise<ExportedFeedback[]> {
  const rows = await db
    .select({
      id: feedback.id,
      name: feedback.name,
      email: feedback.email,
      feedbackType: feedback.feedbackType,
      subject: feedback.subject,
      message: feedback.message,
      rating: feedback.rating,
      status: feedback.status,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(asc(feedback.createdAt), asc(feedback.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    feedback_type: row.feedbackType,
    subject: row.subject,
    message: row.message,
    rating: row.rating,
    status: row.status,
    created_at: iso(row.createdAt),
  }));
}

/** The password hash of the account's e-mail and password sign-in, or null (social sign-in only). */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

/**
 * The keys of rate_limit rows that name an account by its e-mail: account-rate-limit.ts keys them
 * by the e-mail's SHA-256 (trimmed, lower case), so that no address is stored as it is.
 */
const emailDigest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Deletes every row of an account, in one transaction: the rows that reference the user go with
 * it by their foreign keys (sessions, sign-in accounts, profile, history, Watch Later, ratings,
 * hidden titles, settings, the sync's bookkeeping, secret addresses); the rest are deleted here by
 * user id or e-mail (feedback, whose key is only set to null; analytics events, verification
 * tokens and rate-limit counters, which have none). Replies by others to the account's comments
 * move up to the nearest comment that stays (or the top of the thread): a comment's deletion
 * would otherwise delete them with it.
 */
export async function deleteAccountRows(db: Db, userId: string, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with recursive up(id, ancestor) as (
        select reply.id, parent.parent_id
          from comments reply join comments parent on parent.id = reply.parent_id
         where reply.user_id <> ${userId} and parent.user_id = ${userId}
        union all
        select up.id, above.parent_id from up join comments above on above.id = up.ancestor and above.user_id = ${userId}
      ), settled as (
        select up.id, up.ancestor from up left join comments above on above.id = up.ancestor
         where up.ancestor is null or above.user_id <> ${userId}
      )
      update comments set parent_id = settled.ancestor from settled where comments.id = settled.id`);
    await tx.execute(sql`delete from comments where user_id = ${userId}`);
    await tx.execute(sql`delete from feedback where user_id = ${userId}`);
    await tx.execute(sql`delete from analytics_events where user_id = ${userId}`);
    await tx.execute(
      sql`delete from verification where strpos(value, ${userId}) > 0 or lower(identifier) = lower(${email})`,
    );
    const digest = emailDigest(email);
    await tx.execute(sql`delete from rate_limit where strpos(key, ${userId}) > 0 or strpos(key, ${digest}) > 0`);
    await tx.execute(sql`delete from "user" where id = ${userId}`);
  });
}

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { viewingHistory, webhookUnmatched } from '../me/me-schema.ts';

export interface UnmatchedReport {
  id: string;
  provider: 'jellyfin' | 'emby' | 'plex';
  title: string;
  year: number | null;
  content_type: 'movie' | 'tv' | null;
  season_number: number | null;
  episode_number: number | null;
  reason: string;
  received_at: string;
}

/** The newest reports an account keeps; older ones go as new ones come. */
export const UNMATCHED_KEPT = 200;

/**
 * Keeps a report that matched no title. `id` names what was reported (the same film reported again,
 * by every progress event of one viewing, is one row, its time and reason refreshed).
 */
export async function saveUnmatched(
  db: Db,
  row: Omit<UnmatchedReport, 'received_at'> & { userId: string; payload: Record<string, unknown>; receivedAt: string },
): Promise<void> {
  const values = {
    id: row.id,
    userId: row.userId,
    provider: row.provider,
    title: row.title,
    year: row.year,
    contentType: row.content_type,
    seasonNumber: row.season_number,
    episodeNumber: row.episode_number,
    reason: row.reason,
    payload: row.payload,
    receivedAt: row.receivedAt,
  };
  await db
    .insert(webhookUnmatched)
    .values(values)
    .onConflictDoUpdate({
      target: webhookUnmatched.id,
      set: { reason: values.reason, payload: values.payload, receivedAt: values.receivedAt },
      setWhere: eq(webhookUnmatched.userId, row.userId),
    });
  await db.execute(sql`
    delete from ${webhookUnmatched} where ${webhookUnmatched.userId} = ${row.userId} and ${webhookUnmatched.id} in (
      select id from ${webhookUnmatched} where ${webhookUnmatched.userId} = ${row.userId}
      order by ${webhookUnmatched.receivedAt} desc, ${webhookUnmatched.id} offset ${UNMATCHED_KEPT})`);
}

/** The account's reports that matched nothing, newest first. */
export async function listUnmatched(db: Db, userId: string): Promise<UnmatchedReport[]> {
  const rows = await db
    .select({
      id: webhookUnmatched.id,
      provider: webhookUnmatched.provider,
      title: webhookUnmatched.title,
      year: webhookUnmatched.year,
      content_type: webhookUnmatched.contentType,
      season_number: webhookUnmatched.seasonNumber,
      episode_number: webhookUnmatched.episodeNumber,
      reason: webhookUnmatched.reason,
      received_at: webhookUnmatched.receivedAt,
    })
    .from(webhookUnmatched)
    .where(eq(webhookUnmatched.userId, userId))
    .orderBy(desc(webhookUnmatched.receivedAt), webhookUnmatched.id)
    .limit(UNMATCHED_KEPT);
  return rows.map((row) => ({ ...row, received_at: new Date(row.received_at).toISOString() }));
}

/** Dismisses some of the account's reports (all of them without ids); how many went. */
export async function dismissUnmatched(db: Db, userId: string, ids?: readonly string[]): Promise<number> {
  const rows = await db
    .delete(webhookUnmatched)
    .where(
      ids
        ? and(eq(webhookUnmatched.userId, userId), inArray(webhookUnmatched.id, [...ids]))
        : eq(webhookUnmatched.userId, userId),
    )
    .returning({ id: webhookUnmatched.id });
  return rows.length;
}

/** What a new report builds on: the entry's completion and plays, when it is in the history. */
export async function findHistoryEntry(
  db: Db,
  userId: string,
  itemKey: string,
): Promise<{ completed: boolean; playCount: number; durationWatched: number } | null> {
  const [row] = await db
    .select({
      completed: viewingHistory.completed,
      playCount: viewingHistory.playCount,
      durationWatched: viewingHistory.durationWatched,
    })
    .from(viewingHistory)
    .where(
      and(eq(viewingHistory.userId, userId), eq(viewingHistory.itemKey, itemKey), isNull(viewingHistory.deletedAt)),
    );
  return row ?? null;
}

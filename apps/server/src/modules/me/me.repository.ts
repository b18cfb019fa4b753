import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS,
  HISTORY_LIMIT,
  historyKey,
  mergeSettings,
  watchLaterKey,
  type HistoryItem,
  type Settings,
  type SyncOperation,
  type WatchLaterItem,
} from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { userSettings, viewingHistory, watchLater } from './me-schema.ts';

/** Removals win a tie at the same instant; two upserts at the same instant are ordered by content. */
function fingerprint(kind: 'upsert' | 'remove', item: unknown): string {
  if (kind === 'remove') return '1';
  return `0:${createHash('sha1').update(JSON.stringify(item)).digest('hex')}`;
}

/** The columns that turn a row into a tombstone: a removal at `at` (DESIGN.md "Sync rules"). */
function removal(at: string) {
  return { changedAt: at, fingerprint: fingerprint('remove', null), deletedAt: at };
}

/** The change wins only when it is newer than what is stored: (time, fingerprint) compared as a pair. */
const newer = (table: typeof viewingHistory | typeof watchLater) =>
  sql`(${table.changedAt}, ${table.fingerprint}) < (excluded.changed_at, excluded.fingerprint)`;

const HISTORY_EXTRA = ['backdrop_path', 'release_date', 'vote_average', 'overview'] as const;

function historyRow(userId: string, item: HistoryItem, at: string) {
  const extra = Object.fromEntries(
    HISTORY_EXTRA.flatMap((key) => (key in item ? [[key, (item as Record<string, unknown>)[key]]] : [])),
  );
  return {
    userId,
    itemKey: historyKey(item),
    id: item.id,
    movieId: item.movie_id,
    movieTitle: item.movie_title,
    moviePoster: item.movie_poster ?? null,
    contentType: item.content_type,
    watchedAt: item.watched_at,
    durationWatched: item.duration_watched ?? 0,
    totalDuration: item.total_duration ?? null,
    completed: item.completed ?? false,
    seasonNumber: item.season_number ?? null,
    episodeNumber: item.episode_number ?? null,
    episodeTitle: item.episode_title ?? null,
    extra,
    changedAt: at,
    fingerprint: fingerprint('upsert', item),
    deletedAt: null,
  };
}

function historyItem(row: typeof viewingHistory.$inferSelect): HistoryItem {
  return {
    id: row.id,
    movie_id: row.movieId,
    movie_title: row.movieTitle,
    movie_poster: row.moviePoster,
    content_type: row.contentType,
    watched_at: new Date(row.watchedAt).toISOString(),
    duration_watched: row.durationWatched,
    total_duration: row.totalDuration,
    completed: row.completed,
    synced: true,
    season_number: row.seasonNumber,
    episode_number: row.episodeNumber,
    episode_title: row.episodeTitle,
    ...(row.extra as object),
  } as HistoryItem;
}

function watchLaterRow(userId: string, item: WatchLaterItem, at: string) {
  return {
    userId,
    itemKey: watchLaterKey(item),
    id: item.id,
    movieId: item.movie_id,
    movieTitle: item.movie_title,
    moviePoster: item.movie_poster ?? null,
    movieOverview: item.movie_overview ?? null,
    movieReleaseDate: item.movie_release_date ?? null,
    movieVoteAverage: item.movie_vote_average ?? null,
    contentType: item.content_type,
    addedAt: item.added_at,
    changedAt: at,
    fingerprint: fingerprint('upsert', item),
    deletedAt: null,
  };
}

function watchLaterItem(row: typeof watchLater.$inferSelect): WatchLaterItem {
  return {
    id: row.id,
    movie_id: row.movieId,
    movie_title: row.movieTitle,
    movie_poster: row.moviePoster,
    movie_overview: row.movieOverview,
    movie_release_date: row.movieReleaseDate,
    movie_vote_average: row.movieVoteAverage,
    content_type: row.contentType,
    added_at: new Date(row.addedAt).toISOString(),
    synced: true,
  };
}

/** Applies one operation. Idempotent: the same operation again changes nothing. */
async function applyOperation(db: Db, userId: string, operation: SyncOperation): Promise<void> {
  const at = operation.at;
  switch (operation.store) {
    case 'history': {
      if (operation.op === 'upsert') {
        const row = historyRow(userId, operation.item, at);
        const { userId: _u, itemKey: _k, ...set } = row;
        await db
          .insert(viewingHistory)
          .values(row)
          .onConflictDoUpdate({
            target: [viewingHistory.userId, viewingHistory.itemKey],
            set,
            setWhere: newer(viewingHistory),
          });
      } else {
        const key = historyKey(operation.item);
        await db
          .insert(viewingHistory)
          .values({
            userId,
            itemKey: key,
            id: key,
            movieId: operation.item.movie_id,
            movieTitle: '',
            contentType: operation.item.content_type,
            watchedAt: at,
            ...removal(at),
          })
          .onConflictDoUpdate({
            target: [viewingHistory.userId, viewingHistory.itemKey],
            set: removal(at),
            setWhere: newer(viewingHistory),
          });
      }
      return;
    }
    case 'watch_later': {
      if (operation.op === 'upsert') {
        const row = watchLaterRow(userId, operation.item, at);
        const { userId: _u, itemKey: _k, ...set } = row;
        await db
          .insert(watchLater)
          .values(row)
          .onConflictDoUpdate({
            target: [watchLater.userId, watchLater.itemKey],
            set: { ...set, syncedAt: sql`now()` },
            setWhere: newer(watchLater),
          });
      } else {
        const key = watchLaterKey(operation.item);
        await db
          .insert(watchLater)
          .values({
            userId,
            itemKey: key,
            id: key,
            movieId: operation.item.movie_id,
            movieTitle: '',
            contentType: operation.item.content_type,
            addedAt: at,
            ...removal(at),
          })
          .onConflictDoUpdate({
            target: [watchLater.userId, watchLater.itemKey],
            set: removal(at),
            setWhere: newer(watchLater),
          });
      }
      return;
    }
    case 'settings':
      await db
        .insert(userSettings)
        .values({ userId, settings: operation.item as Record<string, unknown>, updatedAt: at })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: { settings: operation.item as Record<string, unknown>, updatedAt: at },
          setWhere: sql`${userSettings.updatedAt} < excluded.updated_at`,
        });
  }
}

/**
 * History keeps the newest 100 entries (product.md §9): older live entries become tombstones
 * stamped with the server's time, so that another device's older copy cannot bring them back.
 */
async function trimHistory(db: Db, userId: string, now: string): Promise<void> {
  await db.execute(sql`
    update viewing_history set deleted_at = ${now}, changed_at = greatest(changed_at, ${now}::timestamptz), fingerprint = '1'
    where user_id = ${userId} and deleted_at is null and item_key in (
      select item_key from viewing_history where user_id = ${userId} and deleted_at is null
      order by watched_at desc, item_key offset ${HISTORY_LIMIT})`);
}

export interface PersonalData {
  history: HistoryItem[];
  watch_later: WatchLaterItem[];
  settings: Settings;
}

export async function listHistory(db: Db, userId: string): Promise<HistoryItem[]> {
  const rows = await db
    .select()
    .from(viewingHistory)
    .where(and(eq(viewingHistory.userId, userId), isNull(viewingHistory.deletedAt)))
    .orderBy(desc(viewingHistory.watchedAt), viewingHistory.itemKey)
    .limit(HISTORY_LIMIT);
  return rows.map(historyItem);
}

export async function listWatchLater(db: Db, userId: string): Promise<WatchLaterItem[]> {
  const rows = await db
    .select()
    .from(watchLater)
    .where(and(eq(watchLater.userId, userId), isNull(watchLater.deletedAt)))
    .orderBy(desc(watchLater.addedAt), watchLater.itemKey);
  return rows.map(watchLaterItem);
}

export async function findSettings(db: Db, userId: string): Promise<{ settings: Settings; updated_at: string | null }> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return { settings: mergeSettings(DEFAULT_SETTINGS), updated_at: null };
  return { settings: mergeSettings(row.settings), updated_at: new Date(row.updatedAt).toISOString() };
}

/** POST /api/me/sync: applies the batch in order, in one transaction, and answers the merged state. */
export async function applySync(
  db: Db,
  userId: string,
  operations: readonly SyncOperation[],
  now = new Date(),
): Promise<PersonalData> {
  await db.transaction(async (tx) => {
    for (const operation of operations) await applyOperation(tx as unknown as Db, userId, operation);
    await trimHistory(tx as unknown as Db, userId, now.toISOString());
  });
  const [history, watch_later, settings] = await Promise.all([
    listHistory(db, userId),
    listWatchLater(db, userId),
    findSettings(db, userId),
  ]);
  return { history, watch_later, settings: settings.settings };
}

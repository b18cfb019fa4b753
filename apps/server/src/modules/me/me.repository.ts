import { createHash } from 'node:crypto';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
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

type ListOperation = Exclude<SyncOperation, { store: 'settings' }>;

function historyChange(userId: string, operation: Extract<ListOperation, { store: 'history' }>) {
  const at = operation.at;
  if (operation.op === 'upsert') return historyRow(userId, operation.item, at);
  const key = historyKey(operation.item);
  return {
    ...historyRow(
      userId,
      {
        id: key,
        movie_id: operation.item.movie_id,
        movie_title: '',
        movie_poster: null,
        content_type: operation.item.content_type,
        watched_at: at,
        season_number: operation.item.season_number ?? null,
        episode_number: operation.item.episode_number ?? null,
      } as HistoryItem,
      at,
    ),
    itemKey: key,
    ...removal(at),
  };
}

function watchLaterChange(userId: string, operation: Extract<ListOperation, { store: 'watch_later' }>) {
  const at = operation.at;
  if (operation.op === 'upsert') return watchLaterRow(userId, operation.item, at);
  const key = watchLaterKey(operation.item);
  return {
    ...watchLaterRow(
      userId,
      {
        id: key,
        movie_id: operation.item.movie_id,
        movie_title: '',
        content_type: operation.item.content_type,
        added_at: at,
      } as WatchLaterItem,
      at,
    ),
    ...removal(at),
  };
}

/**
 * The row each item ends with: of several changes to one item in a batch, the newest by
 * (changed_at, fingerprint) — what applying them one by one under the newer-wins rule leaves.
 * One row per item also lets a whole store go in one INSERT … ON CONFLICT statement.
 */
function winners<T extends { itemKey: string; changedAt: string; fingerprint: string }>(rows: T[]): T[] {
  const best = new Map<string, T>();
  for (const row of rows) {
    const current = best.get(row.itemKey);
    const isNewer =
      !current ||
      Date.parse(row.changedAt) > Date.parse(current.changedAt) ||
      (Date.parse(row.changedAt) === Date.parse(current.changedAt) && row.fingerprint > current.fingerprint);
    if (isNewer) best.set(row.itemKey, row);
  }
  return [...best.values()];
}

/**
 * One INSERT … ON CONFLICT for a whole store's changes, the rows passed as a single JSON
 * parameter and unpacked by `jsonb_to_recordset`: a 100-item batch is one small statement to
 * build and send, not 1,800 bound parameters. A row replaces the stored one only when newer.
 */
function upsertNewer(
  table: typeof viewingHistory | typeof watchLater,
  rows: ReadonlyArray<Record<string, unknown>>,
  alsoOnUpdate = '',
) {
  const columns = Object.entries(getTableColumns(table)).filter(([property]) => property in rows[0]!);
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map(([property, column]) => [column.name, row[property]]))),
  );
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const types = columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', ');
  const updates = columns
    .filter(([property]) => property !== 'userId' && property !== 'itemKey')
    .map(([, column]) => `"${column.name}" = excluded."${column.name}"`)
    .join(', ');
  return sql`insert into ${table} (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as incoming(${sql.raw(types)})
    on conflict (user_id, item_key) do update set ${sql.raw(updates + alsoOnUpdate)}
    where ${newer(table)}`;
}

/** Applies a batch: one statement per store. Idempotent: the same batch again changes nothing. */
async function applyOperations(db: Db, userId: string, operations: readonly SyncOperation[]): Promise<void> {
  const history = winners(
    operations.flatMap((operation) => (operation.store === 'history' ? [historyChange(userId, operation)] : [])),
  );
  const saved = winners(
    operations.flatMap((operation) => (operation.store === 'watch_later' ? [watchLaterChange(userId, operation)] : [])),
  );
  const settings = operations
    .filter((operation) => operation.store === 'settings')
    .reduce<Extract<SyncOperation, { store: 'settings' }> | null>(
      (latest, operation) => (!latest || Date.parse(operation.at) > Date.parse(latest.at) ? operation : latest),
      null,
    );

  if (history.length > 0) await db.execute(upsertNewer(viewingHistory, history));
  if (saved.length > 0) await db.execute(upsertNewer(watchLater, saved, ', "synced_at" = now()'));
  if (settings) {
    await db
      .insert(userSettings)
      .values({ userId, settings: settings.item as Record<string, unknown>, updatedAt: settings.at })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { settings: settings.item as Record<string, unknown>, updatedAt: settings.at },
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
    await applyOperations(tx as unknown as Db, userId, operations);
    await trimHistory(tx as unknown as Db, userId, now.toISOString());
  });
  const [history, watch_later, settings] = await Promise.all([
    listHistory(db, userId),
    listWatchLater(db, userId),
    findSettings(db, userId),
  ]);
  return { history, watch_later, settings: settings.settings };
}

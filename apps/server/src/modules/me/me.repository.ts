import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, getTableColumns } from 'drizzle-orm';
import {
  boundedTime,
  canonicalJson,
  DEFAULT_SETTINGS,
  hiddenKey,
  historyKey,
  mergeSettings,
  ratingKey,
  syncItemKey,
  watchLaterKey,
  type HiddenItem,
  type HiddenRef,
  type HistoryItem,
  type HistoryRef,
  type RatingItem,
  type RatingRef,
  type ItemOperation,
  type ListStore,
  type Settings,
  type SyncChangesAnswer,
  type SyncOperation,
  type SyncStateAnswer,
  type WatchLaterItem,
  type WatchLaterRef,
} from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { PERSONAL_CHANNEL } from './personal-cache.ts';
import { refusedOperation } from './sync-refusal.ts';
import { hiddenTitles, personalSync, userRatings, userSettings, viewingHistory, watchLater } from './me-schema.ts';

/**
 * Orders changes made at the same instant the same way whatever the batching or arrival order
 * (DESIGN.md "Sync rules"): removals first, then by content.
 */
function fingerprint(kind: 'upsert' | 'remove', item: unknown): string {
  if (kind === 'remove') return '1';
  return `0:${createHash('sha1').update(canonicalJson(item)).digest('hex')}`;
}

/** The columns that turn a row into a tombstone: a removal at `at` (DESIGN.md "Sync rules"). */
function removal(at: string) {
  return { changedAt: at, fingerprint: fingerprint('remove', null), deletedAt: at };
}

/** The change wins only when it is newer than what is stored: (time, fingerprint) compared as a pair. */
const newer = (table: ListTable) =>
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
    source: item.source ?? 'player',
    playCount: item.play_count ?? 1,
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
    source: row.source,
    play_count: row.playCount,
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

function ratingRow(userId: string, item: RatingRef & Partial<RatingItem>, at: string) {
  return {
    userId,
    itemKey: ratingKey(item),
    movieId: item.movie_id,
    contentType: item.content_type,
    seasonNumber: item.season_number ?? null,
    episodeNumber: item.episode_number ?? null,
    rating: item.rating ?? 0,
    ratedAt: item.rated_at ?? at,
    changedAt: at,
    fingerprint: fingerprint('upsert', item),
    deletedAt: null,
  };
}

function ratingItem(row: typeof userRatings.$inferSelect): RatingItem {
  return {
    movie_id: row.movieId,
    content_type: row.contentType,
    season_number: row.seasonNumber,
    episode_number: row.episodeNumber,
    rating: row.rating,
    rated_at: new Date(row.ratedAt).toISOString(),
    synced: true,
  };
}

function hiddenRow(userId: string, item: HiddenRef & Partial<HiddenItem>, at: string) {
  return {
    userId,
    itemKey: hiddenKey(item),
    movieId: item.movie_id,
    contentType: item.content_type,
    hiddenAt: item.hidden_at ?? at,
    changedAt: at,
    fingerprint: fingerprint('upsert', item),
    deletedAt: null,
  };
}

function hiddenItem(row: typeof hiddenTitles.$inferSelect): HiddenItem {
  return {
    movie_id: row.movieId,
    content_type: row.contentType,
    hidden_at: new Date(row.hiddenAt).toISOString(),
    synced: true,
  };
}

type ListOperation = Exclude<ItemOperation, { store: 'settings' }>;
/** The lists a "clear all" applies to. */
type ClearStore = 'history' | 'watch_later';

type ListTable = typeof viewingHistory | typeof watchLater | typeof userRatings | typeof hiddenTitles;
type Row = Record<string, unknown> & { itemKey: string; changedAt: string; fingerprint: string };

/**
 * What the sync needs of each list store: its table, the row an upsert writes, the row a removal
 * leaves (a tombstone named by the item's key), and the item and reference a row answers with.
 */
interface ListStoreTable {
  table: ListTable;
  upsert(userId: string, item: never, at: string): Row;
  tombstone(userId: string, ref: never, at: string): Row;
  item(row: never): unknown;
  ref(row: never): unknown;
}

const LIST_TABLES: Record<ListStore, ListStoreTable> = {
  history: {
    table: viewingHistory,
    upsert: (userId, item: HistoryItem, at) => historyRow(userId, item, at),
    tombstone: (userId, ref: HistoryRef, at) => ({
      ...historyRow(
        userId,
        {
          id: historyKey(ref),
          movie_id: ref.movie_id,
          movie_title: '',
          movie_poster: null,
          content_type: ref.content_type,
          watched_at: at,
          season_number: ref.season_number ?? null,
          episode_number: ref.episode_number ?? null,
        } as HistoryItem,
        at,
      ),
      ...removal(at),
    }),
    item: historyItem,
    ref: (row: typeof viewingHistory.$inferSelect): HistoryRef => ({
      movie_id: row.movieId,
      content_type: row.contentType,
      season_number: row.seasonNumber,
      episode_number: row.episodeNumber,
    }),
  },
  watch_later: {
    table: watchLater,
    upsert: (userId, item: WatchLaterItem, at) => watchLaterRow(userId, item, at),
    tombstone: (userId, ref: WatchLaterRef, at) => ({
      ...watchLaterRow(
        userId,
        {
          id: watchLaterKey(ref),
          movie_id: ref.movie_id,
          movie_title: '',
          content_type: ref.content_type,
          added_at: at,
        } as WatchLaterItem,
        at,
      ),
      ...removal(at),
    }),
    item: watchLaterItem,
    ref: (row: typeof watchLater.$inferSelect): WatchLaterRef => ({
      movie_id: row.movieId,
      content_type: row.contentType,
    }),
  },
  ratings: {
    table: userRatings,
    upsert: (userId, item: RatingItem, at) => ratingRow(userId, item, at),
    tombstone: (userId, ref: RatingRef, at) => ({ ...ratingRow(userId, ref, at), ...removal(at) }),
    item: ratingItem,
    ref: (row: typeof userRatings.$inferSelect): RatingRef => ({
      movie_id: row.movieId,
      content_type: row.contentType,
      season_number: row.seasonNumber,
      episode_number: row.episodeNumber,
    }),
  },
  hidden: {
    table: hiddenTitles,
    upsert: (userId, item: HiddenItem, at) => hiddenRow(userId, item, at),
    tombstone: (userId, ref: HiddenRef, at) => ({ ...hiddenRow(userId, ref, at), ...removal(at) }),
    item: hiddenItem,
    ref: (row: typeof hiddenTitles.$inferSelect): HiddenRef => ({
      movie_id: row.movieId,
      content_type: row.contentType,
    }),
  },
};

const LIST_STORES = Object.keys(LIST_TABLES) as ListStore[];

/** The row a change to a list leaves: the item, or a tombstone for a removal. */
function listChange(userId: string, operation: ListOperation): Row {
  const store = LIST_TABLES[operation.store];
  return operation.op === 'upsert'
    ? store.upsert(userId, operation.item as never, operation.at)
    : store.tombstone(userId, operation.item as never, operation.at);
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
    if (!current || isNewer(row, current)) best.set(row.itemKey, row);
  }
  return [...best.values()];
}

function isNewer(a: { changedAt: string; fingerprint: string }, b: { changedAt: string; fingerprint: string }) {
  const byTime = Date.parse(a.changedAt) - Date.parse(b.changedAt);
  return byTime !== 0 ? byTime > 0 : a.fingerprint > b.fingerprint;
}

/**
 * One INSERT … ON CONFLICT for all rows of a store, the rows travelling as a single JSON parameter:
 * 500 history rows with ~18 columns each would otherwise be a statement with ~9,000 placeholders to
 * build and send, not 1,800 bound parameters. A row replaces the stored one only when newer.
 */
function upsertNewer(table: ListTable, rows: ReadonlyArray<Record<string, unknown>>, alsoOnUpdate = '') {
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

/**
 * How far past the server's clock a watch's date may lie and still be taken (moved to now, like
 * every time past MAX_CLOCK_AHEAD_MS): a device whose clock runs fast, by minutes or by a time
 * zone set wrong, records real watching, and dropping it would lose the viewer's data.
 */
export const MAX_WATCH_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * A watch dated beyond a wrong clock's reach (issue 30: "a date in 3000") is refused, not moved to
 * now: the date is what the viewer said, and a clear error beats a made-up one. Closer to the
 * server's clock, it is held to it (`bounded`), as the change's own time (`at`) and the other
 * stores' times are.
 */
function refuseFutureWatches(operations: readonly SyncOperation[], now: Date): void {
  const latest = now.getTime() + MAX_WATCH_AHEAD_MS;
  operations.forEach((operation, index) => {
    if (operation.op === 'upsert' && operation.store === 'history' && Date.parse(operation.item.watched_at) > latest) {
      throw refusedOperation(index, 'item.watched_at', 'a watch cannot be dated later than now');
    }
  });
}

/** A change's times held to the server's clock (DESIGN.md "Sync rules"). */
function bounded(operation: SyncOperation, now: Date): SyncOperation {
  const at = boundedTime(operation.at, now);
  if (operation.op !== 'upsert') return { ...operation, at };
  switch (operation.store) {
    case 'history':
      return { ...operation, at, item: { ...operation.item, watched_at: boundedTime(operation.item.watched_at, now) } };
    case 'watch_later':
      return { ...operation, at, item: { ...operation.item, added_at: boundedTime(operation.item.added_at, now) } };
    case 'ratings':
      return { ...operation, at, item: { ...operation.item, rated_at: boundedTime(operation.item.rated_at, now) } };
    case 'hidden':
      return { ...operation, at, item: { ...operation.item, hidden_at: boundedTime(operation.item.hidden_at, now) } };
    case 'settings':
      return { ...operation, at };
  }
}

interface SyncLock {
  version: number;
  clearedAt: Record<ClearStore, string | null>;
}

/**
 * Takes the account's place in the stream of changes: the row stays locked until the transaction
 * ends, so another sync of this account waits, and versions are handed out in commit order.
 */
async function lockAccount(db: Db, userId: string): Promise<SyncLock> {
  const [row] = await db
    .insert(personalSync)
    .values({ userId })
    .onConflictDoUpdate({ target: personalSync.userId, set: { version: sql`${personalSync.version}` } })
    .returning();
  return {
    version: row!.version,
    clearedAt: { history: row!.historyClearedAt, watch_later: row!.watchLaterClearedAt },
  };
}

/**
 * A change older than the list's last clear: the clear removed that item already, so it arrives
 * as the clear's tombstone (which the device that sent it hears back: its item is gone).
 */
function afterClear<T extends { changedAt: string; fingerprint: string }>(row: T, clearedAt: string | null): T {
  if (clearedAt === null || isNewer(row, { changedAt: clearedAt, fingerprint: fingerprint('remove', null) }))
    return row;
  return { ...row, ...removal(clearedAt) };
}

/**
 * Clears a list as of `at`: every entry whose last change is older becomes a tombstone, each with
 * a version of its own (a page of changes may end between any two of them).
 */
async function clearList(db: Db, userId: string, store: ClearStore, at: string, version: number): Promise<number> {
  const table = store === 'history' ? 'viewing_history' : 'watch_later';
  const result = await db.execute(sql`
    with doomed as (
      select item_key, row_number() over (order by item_key) as n from ${sql.raw(table)}
      where user_id = ${userId} and deleted_at is null and (changed_at, fingerprint) < (${at}::timestamptz, '1'))
    update ${sql.raw(table)} as target
    set deleted_at = ${at}, changed_at = ${at}, fingerprint = '1', version = ${version} + doomed.n
    from doomed where target.user_id = ${userId} and target.item_key = doomed.item_key
    returning doomed.n`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Applies a batch: one statement per store, each changed row with the next version of the
 * account's stream. Idempotent: the same batch again changes nothing.
 */
async function applyOperations(db: Db, userId: string, operations: readonly SyncOperation[]): Promise<void> {
  const lock = await lockAccount(db, userId);
  let version = lock.version;
  const stamp = <T extends object>(rows: T[]) => rows.map((row) => ({ ...row, version: ++version }));

  const clears = { history: null as string | null, watch_later: null as string | null };
  for (const operation of operations) {
    if (operation.op !== 'remove_all') continue;
    const current = clears[operation.store];
    if (!current || Date.parse(operation.at) > Date.parse(current)) clears[operation.store] = operation.at;
  }
  const clearedAt = (store: ListStore) => {
    if (store !== 'history' && store !== 'watch_later') return null;
    const [stored, batch] = [lock.clearedAt[store], clears[store]];
    if (!stored || !batch) return stored ?? batch;
    return Date.parse(batch) > Date.parse(stored) ? batch : stored;
  };

  const items = operations.filter((operation): operation is ItemOperation => operation.op !== 'remove_all');
  const lists = LIST_STORES.map((store) => ({
    store,
    rows: stamp(
      winners(
        items.flatMap((operation) =>
          operation.store === store ? [listChange(userId, operation as ListOperation)] : [],
        ),
      ).map((row) => afterClear(row, clearedAt(store))),
    ),
  }));
  const settings = winners(
    items.flatMap((operation) =>
      operation.store === 'settings'
        ? [
            {
              itemKey: 'settings',
              changedAt: operation.at,
              fingerprint: fingerprint('upsert', operation.item),
              item: operation.item,
            },
          ]
        : [],
    ),
  )[0];

  for (const { store, rows } of lists) {
    if (rows.length === 0) continue;
    await db.execute(
      upsertNewer(LIST_TABLES[store].table, rows, store === 'watch_later' ? ', "synced_at" = now()' : ''),
    );
  }
  if (settings) {
    const values = {
      settings: settings.item as Record<string, unknown>,
      updatedAt: settings.changedAt,
      fingerprint: settings.fingerprint,
      version: ++version,
    };
    await db
      .insert(userSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: values,
        setWhere: sql`(${userSettings.updatedAt}, ${userSettings.fingerprint}) < (excluded.updated_at, excluded.fingerprint)`,
      });
  }
  for (const store of ['history', 'watch_later'] as const) {
    const at = clears[store];
    if (at && clearedAt(store) === at) version += await clearList(db, userId, store, at, version);
  }
  if (version !== lock.version || clears.history || clears.watch_later) {
    await db
      .update(personalSync)
      .set({ version, historyClearedAt: clearedAt('history'), watchLaterClearedAt: clearedAt('watch_later') })
      .where(eq(personalSync.userId, userId));
  }
}

export interface HistoryPage {
  page: number;
  results: HistoryItem[];
  total_pages: number;
  total_results: number;
}

/** How many history entries a page of `GET /api/me/history` holds (DESIGN.md). */
export const HISTORY_PAGE_SIZE = 50;

/** An account's whole history, newest first: no cap (DESIGN.md "Where Marquee deliberately differs"). */
export async function listHistory(db: Db, userId: string): Promise<HistoryItem[]> {
  const rows = await db
    .select()
    .from(viewingHistory)
    .where(and(eq(viewingHistory.userId, userId), isNull(viewingHistory.deletedAt)))
    .orderBy(desc(viewingHistory.watchedAt), viewingHistory.itemKey);
  return rows.map(historyItem);
}

/** One page of the history, newest first (`GET /api/me/history?page=`), or of one series' episodes. */
export async function pageHistory(db: Db, userId: string, page: number, seriesId?: number): Promise<HistoryPage> {
  const live = and(
    eq(viewingHistory.userId, userId),
    isNull(viewingHistory.deletedAt),
    seriesId === undefined
      ? undefined
      : and(eq(viewingHistory.contentType, 'tv'), eq(viewingHistory.movieId, seriesId)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(viewingHistory)
      .where(live)
      .orderBy(desc(viewingHistory.watchedAt), viewingHistory.itemKey)
      .limit(HISTORY_PAGE_SIZE)
      .offset((page - 1) * HISTORY_PAGE_SIZE),
    db.select({ n: count() }).from(viewingHistory).where(live),
  ]);
  const totalResults = Number(total?.n ?? 0);
  return {
    page,
    results: rows.map(historyItem),
    total_pages: Math.ceil(totalResults / HISTORY_PAGE_SIZE),
    total_results: totalResults,
  };
}

export async function listWatchLater(db: Db, userId: string): Promise<WatchLaterItem[]> {
  const rows = await db
    .select()
    .from(watchLater)
    .where(and(eq(watchLater.userId, userId), isNull(watchLater.deletedAt)))
    .orderBy(desc(watchLater.addedAt), watchLater.itemKey);
  return rows.map(watchLaterItem);
}

/** Every live item of a list store, in no particular order. */
async function listLive(db: Db, store: ListStore, userId: string): Promise<unknown[]> {
  const table = LIST_TABLES[store].table as typeof watchLater;
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(table.userId, userId), isNull(table.deletedAt)));
  return rows.map((row) => LIST_TABLES[store].item(row as never));
}

export async function findSettings(db: Db, userId: string): Promise<{ settings: Settings; updated_at: string | null }> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return { settings: mergeSettings(DEFAULT_SETTINGS), updated_at: null };
  return { settings: mergeSettings(row.settings), updated_at: new Date(row.updatedAt).toISOString() };
}

/** How many changed rows an incremental answer holds at most; the device asks again for the rest. */
export const SYNC_PAGE_SIZE = 500;

/**
 * What changed in the account since `cursor` (null: everything, tombstones included), at most
 * {@link SYNC_PAGE_SIZE} rows in version order, plus the rows of `touched` keys whatever their
 * version: a change of the batch that lost to a newer one must still reach the device that made it.
 */
async function changesSince(db: Db, userId: string, cursor: number, touched: Touched): Promise<SyncChangesAnswer> {
  const limit = SYNC_PAGE_SIZE + 1;
  type AnyRow = { itemKey: string; version: number; deletedAt: string | null };
  const read = async (store: ListStore) => {
    const table = LIST_TABLES[store].table as typeof watchLater;
    const keys = touched.keys[store];
    const changed = (await db
      .select()
      .from(table)
      .where(
        and(
          eq(table.userId, userId),
          keys.length > 0 ? or(gt(table.version, cursor), inArray(table.itemKey, keys)) : gt(table.version, cursor),
        ),
      )
      .orderBy(asc(table.version))
      .limit(limit + keys.length)) as AnyRow[];
    // A clear in the batch names every entry of its list: the ones newer than the clear stay, and
    // the device that cleared must hear so.
    const live = touched.cleared.has(store)
      ? ((await db
          .select()
          .from(table)
          .where(and(eq(table.userId, userId), isNull(table.deletedAt)))) as AnyRow[])
      : [];
    return { store, changed, live, keys };
  };
  const reads = await Promise.all(LIST_STORES.map(read));
  const [settingsRow] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));

  // The page ends at the SYNC_PAGE_SIZE-th newer version of all stores together.
  const versions = [
    ...reads.flatMap(({ changed }) => changed.map((row) => row.version)),
    ...(settingsRow ? [settingsRow.version] : []),
  ]
    .filter((version) => version > cursor)
    .sort((a, b) => a - b);
  const hasMore = versions.length > SYNC_PAGE_SIZE;
  const last = hasMore ? versions[SYNC_PAGE_SIZE - 1]! : (versions.at(-1) ?? Math.max(cursor, 0));

  const answer = {
    settings: null,
    removed: {},
    cursor: String(last),
    has_more: hasMore,
  } as unknown as SyncChangesAnswer;
  for (const { store, changed, live, keys } of reads) {
    const named = new Set([...keys, ...live.map((row) => row.itemKey)]);
    const page = changed.filter((row) => (row.version > cursor && row.version <= last) || named.has(row.itemKey));
    const inPage = new Set(page.map((row) => row.itemKey));
    const rows = [...page, ...live.filter((row) => !inPage.has(row.itemKey))];
    const { item, ref } = LIST_TABLES[store];
    (answer as unknown as Record<string, unknown[]>)[store] = rows
      .filter((row) => row.deletedAt === null)
      .map((row) => item(row as never));
    (answer.removed as unknown as Record<string, unknown[]>)[store] = rows
      .filter((row) => row.deletedAt !== null)
      .map((row) => ref(row as never));
  }
  if (settingsRow && ((settingsRow.version > cursor && settingsRow.version <= last) || touched.settings)) {
    answer.settings = mergeSettings(settingsRow.settings);
  }
  return answer;
}

/** What a batch named: the items its changes were about, the lists it cleared, the settings. */
interface Touched {
  keys: Record<ListStore, string[]>;
  settings: boolean;
  cleared: Set<ListStore>;
}

function touchedKeys(operations: readonly SyncOperation[]): Touched {
  const keys = Object.fromEntries(LIST_STORES.map((store) => [store, new Set<string>()])) as Record<
    ListStore,
    Set<string>
  >;
  const touched: Touched = { keys: {} as Touched['keys'], settings: false, cleared: new Set() };
  for (const operation of operations) {
    if (operation.op === 'remove_all') touched.cleared.add(operation.store);
    else if (operation.store === 'settings') touched.settings = true;
    else keys[operation.store].add(syncItemKey(operation));
  }
  touched.keys = Object.fromEntries(LIST_STORES.map((store) => [store, [...keys[store]]])) as Touched['keys'];
  return touched;
}

/**
 * Tells every app server, at commit, that the user's data changed: their caches of the user's
 * reads (personal-cache.ts) forget them. Whoever writes (a device's sync, a media server's webhook)
 * goes through applySync, so none is missed.
 */
async function announce(tx: Db, userId: string, batch: readonly SyncOperation[]): Promise<void> {
  if (batch.length > 0) await tx.execute(sql`select pg_notify(${PERSONAL_CHANNEL}, ${userId})`);
}

/**
 * POST /api/me/sync: applies the batch in one transaction, its times held to the server's clock.
 * With a cursor (null for a first sync) it answers what changed since; without one, the whole
 * state, as the first version of the contract did.
 */
export async function applySync(
  db: Db,
  userId: string,
  operations: readonly SyncOperation[],
  options: { now?: Date; cursor: string | null },
): Promise<SyncChangesAnswer>;
export async function applySync(
  db: Db,
  userId: string,
  operations: readonly SyncOperation[],
  options?: { now?: Date },
): Promise<SyncStateAnswer>;
export async function applySync(
  db: Db,
  userId: string,
  operations: readonly SyncOperation[],
  { now = new Date(), cursor }: { now?: Date; cursor?: string | null } = {},
): Promise<SyncChangesAnswer | SyncStateAnswer> {
  refuseFutureWatches(operations, now);
  const batch = operations.map((operation) => bounded(operation, now));
  if (cursor !== undefined) {
    // Every sync of an account, even one that only reads, takes its turn (lockAccount): a read
    // between two statements of another sync's commit would otherwise hand out a cursor past
    // changes it did not see.
    return db.transaction(async (tx) => {
      await applyOperations(tx as unknown as Db, userId, batch);
      await announce(tx as unknown as Db, userId, batch);
      return changesSince(tx as unknown as Db, userId, cursor === null ? -1 : Number(cursor), touchedKeys(batch));
    });
  }
  await db.transaction(async (tx) => {
    await applyOperations(tx as unknown as Db, userId, batch);
    await announce(tx as unknown as Db, userId, batch);
  });
  const [history, watch_later, ratings, hidden, settings] = await Promise.all([
    listHistory(db, userId),
    listWatchLater(db, userId),
    listLive(db, 'ratings', userId),
    listLive(db, 'hidden', userId),
    findSettings(db, userId),
  ]);
  return {
    history,
    watch_later,
    ratings: ratings as RatingItem[],
    hidden: hidden as HiddenItem[],
    settings: settings.settings,
  };
}

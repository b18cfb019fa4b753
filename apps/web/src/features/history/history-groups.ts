import { historyKey, type HistoryItem, type SyncOperationFor } from '@marquee/core';

/** `GET /api/me/history?page=` answers this many entries a page (DESIGN.md "HTTP API contract"). */
export const HISTORY_PAGE_SIZE = 50;

/**
 * What the History screen shows as one card (DESIGN.md "Where Marquee deliberately differs": one
 * card per series with its last-watched episode): a film's entry, or every watched episode of a
 * series, newest first.
 */
export interface HistoryGroup {
  /** `movie:{id}` or `tv:{id}`. */
  key: string;
  /** The newest entry: the card's poster, time and "Last watched" episode. */
  latest: HistoryItem;
  /** Newest first; a film's group holds its one entry. */
  entries: HistoryItem[];
}

/** Newest first by watched_at, then by merge key: the order `GET /api/me/history` pages in. */
export function compareNewestFirst(a: HistoryItem, b: HistoryItem): number {
  const byTime = Date.parse(b.watched_at) - Date.parse(a.watched_at);
  if (byTime !== 0 && Number.isFinite(byTime)) return byTime;
  const keyA = historyKey(a);
  const keyB = historyKey(b);
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}

export function groupKeyOf(item: Pick<HistoryItem, 'content_type' | 'movie_id'>): string {
  return `${item.content_type}:${item.movie_id}`;
}

/** One group per film and per series, ordered by each one's latest watch, newest first. */
export function groupHistory(items: readonly HistoryItem[]): HistoryGroup[] {
  const groups = new Map<string, HistoryGroup>();
  for (const item of [...items].sort(compareNewestFirst)) {
    const key = groupKeyOf(item);
    const group = groups.get(key);
    if (group) group.entries.push(item);
    else groups.set(key, { key, latest: item, entries: [item] });
  }
  return [...groups.values()];
}

/** What this browser has removed and the server has not yet acknowledged (its sync queue). */
export interface PendingRemovals {
  keys: ReadonlySet<string>;
  /** The time of a queued "Clear all": every entry watched before it is gone. */
  clearedAt: string | null;
}

export function pendingRemovals(queue: readonly SyncOperationFor<'history'>[]): PendingRemovals {
  const keys = new Set<string>();
  let clearedAt: string | null = null;
  for (const operation of queue) {
    if (operation.op === 'remove') keys.add(historyKey(operation.item));
    else if (operation.op === 'remove_all' && (clearedAt === null || operation.at > clearedAt))
      clearedAt = operation.at;
  }
  return { keys, clearedAt };
}

/**
 * The server's entries the History screen adds to the browser's: only those older than the
 * browser's oldest. The browser holds the newest entries of the account plus its own unacknowledged
 * changes (DESIGN.md "Sync rules"), so within its span it is right, and a server entry there that
 * it does not hold was removed here (or is about to arrive with the next sync). `removed` names
 * entries removed on this screen whose removal a cached server page may not know of yet.
 */
export function olderServerEntries(
  local: readonly HistoryItem[],
  server: readonly HistoryItem[],
  pending: PendingRemovals,
  removed: ReadonlySet<string> = new Set(),
): HistoryItem[] {
  const oldestLocal = oldestOf(local);
  const held = new Set(local.map(historyKey));
  const seen = new Set<string>();
  return server.filter((item) => {
    const key = historyKey(item);
    if (held.has(key) || seen.has(key) || removed.has(key) || pending.keys.has(key)) return false;
    if (pending.clearedAt !== null && Date.parse(item.watched_at) <= Date.parse(pending.clearedAt)) return false;
    if (oldestLocal !== undefined && compareNewestFirst(item, oldestLocal) <= 0) return false;
    seen.add(key);
    return true;
  });
}

function oldestOf(items: readonly HistoryItem[]): HistoryItem | undefined {
  return items.reduce<HistoryItem | undefined>(
    (oldest, item) => (oldest === undefined || compareNewestFirst(item, oldest) > 0 ? item : oldest),
    undefined,
  );
}

/**
 * How many of the server's entries are older than the browser's oldest, loaded or not: the
 * server's count from the first of them, found in the pages loaded so far (which start at
 * `firstIndex`) or, before they reach it, where the browser's synced entries say it is. `shown`:
 * the loaded ones that olderServerEntries kept (the others were removed here).
 */
export function olderOnServerCount({
  local,
  server,
  firstIndex,
  totalResults,
  shown,
}: {
  local: readonly HistoryItem[];
  server: readonly HistoryItem[];
  firstIndex: number;
  totalResults: number;
  shown: number;
}): number {
  const oldest = oldestOf(local);
  const found =
    oldest === undefined
      ? server.length > 0
        ? 0
        : -1
      : server.findIndex((item) => compareNewestFirst(item, oldest) > 0);
  const synced = local.filter((item) => item.synced).length;
  const firstOlder = found >= 0 ? firstIndex + found : Math.max(firstIndex + server.length, synced);
  const loadedOlder = found >= 0 ? server.length - found : 0;
  return Math.max(shown, totalResults - firstOlder - (loadedOlder - shown));
}

/**
 * The first server page worth asking for: the browser already shows the account's newest entries,
 * so the pages it holds are skipped, less one page in case entries were removed elsewhere since the
 * last sync (which moves the older entries up the server's pages).
 */
export function firstServerPage(local: readonly HistoryItem[]): number {
  const synced = local.filter((item) => item.synced).length;
  return Math.max(1, Math.floor(synced / HISTORY_PAGE_SIZE));
}

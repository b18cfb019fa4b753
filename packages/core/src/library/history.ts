import type * as z from 'zod/mini';
import {
  compareNewestFirst,
  contentType,
  fail,
  failFromIssues,
  isoTimestamp,
  MAX_STORED_INTEGER,
  movieId,
  movieTitle,
  succeed,
  unionByKey,
  type LibraryResult,
  type ListChange,
} from './common.ts';
import type { historyAddInputSchema, historyItemSchema, historyRefSchema } from './history-schema.ts';
import {
  boolean,
  integer,
  literal,
  nullable,
  number,
  object,
  omit,
  oneOf,
  optional,
  pick,
  refuse,
  string,
  union,
  validator,
  withDefault,
  type Shape,
} from './validate.ts';
import type { SyncOperationFor } from './sync-ops.ts';

/**
 * The browser keeps the newest 2,000 entries (DESIGN.md "Where Marquee deliberately differs": the
 * spec's cap of 100 is gone). An account's history on the server has no cap; the browser holds its
 * newest entries and the History screen pages through the rest.
 */
export const LOCAL_HISTORY_LIMIT = 2000;
/** From this many entries on, a guest is told that the oldest will soon go. */
export const LOCAL_HISTORY_WARNING = 1900;

/** An entry is completed once 90 % of its total duration has been watched (product.md §9). */
export const COMPLETION_THRESHOLD = 0.9;

/** How a history entry came to be (DESIGN.md "Sync stores"). */
export const HISTORY_SOURCES = ['player', 'manual', 'import', 'webhook'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

const episodePart = withDefault(nullable(number(integer(1, MAX_STORED_INTEGER))), null);
const nullableString = nullable(string());

/**
 * A viewing-history entry (product.md §3 "History item", player.md §3 "History entry"), checked as
 * historyItemSchema (history-schema.ts) does, field by field in its order.
 *
 * Fields that an older or hand-edited entry may lack default to their empty value, so that such
 * an entry is kept on read; the identifying fields (id, movie_id, movie_title, content_type,
 * watched_at) are required and an entry without them is dropped.
 */
const historyItemShape: Shape = {
  id: string((id) => id.length >= 1),
  movie_id: movieId,
  movie_title: movieTitle,
  movie_poster: withDefault(nullableString, null),
  content_type: contentType,
  watched_at: isoTimestamp,
  duration_watched: withDefault(
    number((seconds) => seconds >= 0),
    0,
  ),
  total_duration: withDefault(nullable(number((seconds) => seconds > 0)), null),
  completed: withDefault(boolean, false),
  synced: withDefault(boolean, false),
  season_number: episodePart,
  episode_number: episodePart,
  episode_title: withDefault(nullableString, null),
  source: withDefault(oneOf(HISTORY_SOURCES), 'player'),
  play_count: withDefault(number(integer(1, MAX_STORED_INTEGER)), 1),
  backdrop_path: optional(nullableString),
  release_date: optional(nullableString),
  vote_average: optional(nullable(number())),
  overview: optional(nullableString),
};
/** A film is one entry: a season or an episode names part of a series (issue 30: bad input refused). */
function filmHasNoEpisodes(item: Pick<HistoryItem, 'content_type' | 'season_number' | 'episode_number'>): void {
  refuse(
    item.content_type === 'tv' || (item.season_number === null && item.episode_number === null),
    'A film has no seasons or episodes',
    ['season_number'],
  );
}
const historyItem = object<HistoryItem>(historyItemShape, filmHasNoEpisodes);
export const historyItemValidator = validator(historyItem);
export type HistoryItem = z.output<typeof historyItemSchema>;

/** What a caller gives to add an entry: id, watched_at and synced are set by the rule. */
export const historyAddInputValidator = validator(
  object<z.output<typeof historyAddInputSchema>>(omit(historyItemShape, ['id', 'watched_at', 'synced'])),
);
export type HistoryAddInput = z.input<typeof historyAddInputSchema>;

/** The fields that identify an entry (product.md §9 merge keys). */
export type HistoryKeyFields = Pick<HistoryItem, 'movie_id' | 'content_type'> & {
  season_number?: number | null;
  episode_number?: number | null;
};

/**
 * The merge key of an entry (product.md §9): movies by id and type; TV by id, type, season and
 * episode, so every episode of a series is an entry of its own.
 */
export function historyKey(item: HistoryKeyFields): string {
  if (item.content_type === 'movie') return `movie:${item.movie_id}`;
  return `tv:${item.movie_id}:s${item.season_number ?? '-'}:e${item.episode_number ?? '-'}`;
}

const newestFirst = compareNewestFirst<HistoryItem>((item) => item.watched_at, historyKey);

/**
 * Deduplicates by merge key (newer watched_at wins), orders newest first and applies the cap: what
 * {@link parseStoredHistory} does after validating, for entries that are valid already.
 */
export function normalizeHistory(items: readonly HistoryItem[]): HistoryItem[] {
  const newerWins = (candidate: HistoryItem, current: HistoryItem) => newestFirst(candidate, current) < 0;
  return unionByKey(items, historyKey, newerWins, newestFirst).slice(0, LOCAL_HISTORY_LIMIT);
}

/** Whether a position counts as watched to the end (product.md §4 "History add", §9). */
export function isCompleted(position: number, totalDuration: number | null | undefined): boolean {
  if (totalDuration == null || !(totalDuration > 0)) return false;
  return position / totalDuration >= COMPLETION_THRESHOLD;
}

/**
 * Adds an entry (product.md §4 "History add", §5). The input is validated with the spec's messages
 * ("Invalid movie_id provided", "Invalid movie_title provided", "Invalid content_type provided").
 * An episode already present moves to the top and is updated with the fields given; a movie
 * already present is replaced. The list stays newest first and capped at {@link LOCAL_HISTORY_LIMIT}.
 * The entry is marked unsynced: it is a local change the server has not seen.
 */
export function addToHistory(
  list: readonly HistoryItem[],
  input: HistoryAddInput,
  now: Date,
  /** When it was watched, if not now (a title marked watched on an earlier day). */
  watchedAt: Date = now,
): LibraryResult<ListChange<HistoryItem>> {
  const parsed = historyAddInputValidator.safeParse(input);
  if (!parsed.success) return failFromIssues('invalid_item', parsed.error);
  const fields = parsed.data;
  if (fields.content_type === 'movie') {
    // An episode number on a movie would only confuse the key and the SxEy badge.
    Object.assign(fields, { season_number: null, episode_number: null, episode_title: null });
  }
  const key = historyKey(fields);
  const existing = list.find((item) => historyKey(item) === key);
  const base = existing && fields.content_type === 'tv' ? existing : undefined;
  const item: HistoryItem = {
    ...(base ?? fields),
    // Only what the caller actually gave overrides the stored episode (e.g. its resume position).
    ...(base ? definedFieldsOf(fields, input) : {}),
    id: existing?.id ?? key,
    // A replay keeps the count of plays unless the caller sets it.
    play_count: input.play_count ?? existing?.play_count ?? 1,
    watched_at: watchedAt.toISOString(),
    synced: false,
  };
  item.completed = item.completed || isCompleted(item.duration_watched, item.total_duration);
  return succeed({ list: normalizeHistory([item, ...list.filter((other) => historyKey(other) !== key)]), item });
}

function definedFieldsOf(parsed: Partial<HistoryItem>, raw: object): Partial<HistoryItem> {
  const given = new Set(Object.entries(raw).flatMap(([field, value]) => (value === undefined ? [] : [field])));
  return Object.fromEntries(Object.entries(parsed).filter(([field]) => given.has(field)));
}

/**
 * Records playback progress of an entry (product.md §4, §9): the entry moves to the top and is
 * completed once {@link COMPLETION_THRESHOLD} of the duration is reached. Completion sticks:
 * replaying the opening of a finished film does not make it unfinished. A duration that is not a
 * positive number keeps the one already known.
 */
export function updateProgress(
  list: readonly HistoryItem[],
  key: string,
  position: number,
  duration: number | null,
  now: Date,
): LibraryResult<ListChange<HistoryItem>> {
  const existing = list.find((item) => historyKey(item) === key);
  if (!existing) return fail('not_found', 'Item not found in history');
  if (!Number.isFinite(position) || position < 0) return fail('invalid_item', 'Failed to update progress');
  const total = duration != null && Number.isFinite(duration) && duration > 0 ? duration : existing.total_duration;
  const watched = total == null ? position : Math.min(position, total);
  const item: HistoryItem = {
    ...existing,
    duration_watched: watched,
    total_duration: total,
    completed: existing.completed || isCompleted(watched, total),
    watched_at: now.toISOString(),
    synced: false,
  };
  return succeed({ list: normalizeHistory([item, ...list.filter((other) => other !== existing)]), item });
}

/** Removes the entry with this merge key; "Item not found in history" if absent (product.md §8). */
export function removeFromHistory(list: readonly HistoryItem[], key: string): LibraryResult<ListChange<HistoryItem>> {
  const item = list.find((entry) => historyKey(entry) === key);
  if (!item) return fail('not_found', 'Item not found in history');
  return succeed({ list: list.filter((entry) => historyKey(entry) !== key), item });
}

/**
 * Merges two histories, e.g. the server's with the local one on login (product.md §4, §9): union by
 * merge key, the newer watched_at wins, newest first, capped at {@link LOCAL_HISTORY_LIMIT}. Exact ties
 * are broken the same way whichever side the items come from, so the merge is commutative, and
 * merging a list with itself (or again with the same list) changes nothing.
 */
export function mergeHistory(a: readonly HistoryItem[], b: readonly HistoryItem[]): HistoryItem[] {
  return normalizeHistory([...a, ...b]);
}

/** Where a series was left off. */
export interface LastWatchedEpisode {
  season_number: number;
  episode_number: number;
  episode_title: string | null;
  watched_at: string;
}

/**
 * The last-watched episode of a series (product.md §4 "History add"): the series' newest entry by
 * watched_at, and only if that entry has both a season and an episode; older entries are not
 * consulted, as the newest one says where the viewer is.
 */
export function lastWatchedEpisode(list: readonly HistoryItem[], seriesId: number): LastWatchedEpisode | null {
  const newest = list.filter((item) => item.content_type === 'tv' && item.movie_id === seriesId).sort(newestFirst)[0];
  if (!newest || newest.season_number == null || newest.episode_number == null) return null;
  return {
    season_number: newest.season_number,
    episode_number: newest.episode_number,
    episode_title: newest.episode_title,
    watched_at: newest.watched_at,
  };
}

/**
 * Reads a stored history (anything: hand-edited JSON, an older version's shape). Invalid entries
 * are dropped (product.md §5), duplicates merged, order and cap restored. Never throws.
 */
export function parseStoredHistory(value: unknown): HistoryItem[] {
  if (!Array.isArray(value)) return [];
  return normalizeHistory(
    value.flatMap((entry) => {
      const parsed = historyItemValidator.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** What a removal needs to name a history entry: its merge key fields (product.md §9). */
const historyRef = object<HistoryRef>(
  pick(historyItemShape, ['movie_id', 'content_type', 'season_number', 'episode_number']),
);
export type HistoryRef = z.output<typeof historyRefSchema>;

/**
 * A queued change to the history, as `POST /api/me/sync` takes it (DESIGN.md "HTTP API contract"):
 * an upsert carries the whole entry, a removal its key fields, a clear (`remove_all`) only its time.
 */
export const historyOperationValidator = validator(
  union<SyncOperationFor<'history'>>('op', {
    upsert: object({
      op: literal('upsert'),
      store: literal('history'),
      item: historyItem,
      at: isoTimestamp,
    }),
    remove: object({ op: literal('remove'), store: literal('history'), item: historyRef, at: isoTimestamp }),
    remove_all: object({ op: literal('remove_all'), store: literal('history'), at: isoTimestamp }),
  }),
);

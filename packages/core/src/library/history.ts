import * as z from 'zod/mini';
import {
  compareNewestFirst,
  contentTypeSchema,
  fail,
  failFromIssues,
  isoTimestampSchema,
  MAX_STORED_INTEGER,
  movieIdSchema,
  movieTitleSchema,
  succeed,
  unionByKey,
  type LibraryResult,
  type ListChange,
} from './common.ts';

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

const episodePart = z.number().check(z.int(), z.gte(1), z.lte(MAX_STORED_INTEGER));

/**
 * A viewing-history entry (product.md §3 "History item", player.md §3 "History entry").
 *
 * Fields that an older or hand-edited entry may lack default to their empty value, so that such
 * an entry is kept on read; the identifying fields (id, movie_id, movie_title, content_type,
 * watched_at) are required and an entry without them is dropped.
 */
export const historyItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  movie_id: movieIdSchema,
  movie_title: movieTitleSchema,
  movie_poster: z._default(z.nullable(z.string()), null),
  content_type: contentTypeSchema,
  watched_at: isoTimestampSchema,
  /** Seconds watched so far. */
  duration_watched: z._default(z.number().check(z.gte(0)), 0),
  /**
   * Seconds in the whole title or episode, when the player knows it. Marquee's addition to the
   * spec's fields: the 90 % completion rule needs it.
   */
  total_duration: z._default(z.nullable(z.number().check(z.positive())), null),
  completed: z._default(z.boolean(), false),
  /** Local only: false until the server has this version of the entry. */
  synced: z._default(z.boolean(), false),
  season_number: z._default(z.nullable(episodePart), null),
  episode_number: z._default(z.nullable(episodePart), null),
  episode_title: z._default(z.nullable(z.string()), null),
  /** How the entry came (DESIGN.md "Sync stores"): the player, marked by hand, an import, a webhook. */
  source: z._default(z.enum(HISTORY_SOURCES), 'player'),
  /**
   * How many times it was watched (DESIGN.md "Tracking"): watching it again on purpose (marking it
   * watched again, a rewatch in an import) adds a play; the player's progress does not.
   */
  play_count: z._default(z.number().check(z.int(), z.gte(1), z.lte(MAX_STORED_INTEGER)), 1),
  // Written by the player so that history cards need no catalogue call (player.md §3).
  backdrop_path: z.optional(z.nullable(z.string())),
  release_date: z.optional(z.nullable(z.string())),
  vote_average: z.optional(z.nullable(z.number())),
  overview: z.optional(z.nullable(z.string())),
});
export type HistoryItem = z.output<typeof historyItemSchema>;

/** What a caller gives to add an entry: id, watched_at and synced are set by the rule. */
export const historyAddInputSchema = z.omit(historyItemSchema, { id: true, watched_at: true, synced: true });
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

/** Deduplicates by merge key (newer watched_at wins), orders newest first and applies the cap. */
function normalize(items: readonly HistoryItem[]): HistoryItem[] {
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
  const parsed = historyAddInputSchema.safeParse(input);
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
  return succeed({ list: normalize([item, ...list.filter((other) => historyKey(other) !== key)]), item });
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
  return succeed({ list: normalize([item, ...list.filter((other) => other !== existing)]), item });
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
  return normalize([...a, ...b]);
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
  return normalize(
    value.flatMap((entry) => {
      const parsed = historyItemSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** What a removal needs to name a history entry: its merge key fields (product.md §9). */
export const historyRefSchema = z.pick(historyItemSchema, {
  movie_id: true,
  content_type: true,
  season_number: true,
  episode_number: true,
});
export type HistoryRef = z.output<typeof historyRefSchema>;

/**
 * A queued change to the history, as `POST /api/me/sync` takes it (DESIGN.md "HTTP API contract"):
 * an upsert carries the whole entry, a removal its key fields, a clear (`remove_all`) only its time.
 */
export const historyOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('upsert'), store: z.literal('history'), item: historyItemSchema, at: isoTimestampSchema }),
  z.object({ op: z.literal('remove'), store: z.literal('history'), item: historyRefSchema, at: isoTimestampSchema }),
  z.object({ op: z.literal('remove_all'), store: z.literal('history'), at: isoTimestampSchema }),
]);

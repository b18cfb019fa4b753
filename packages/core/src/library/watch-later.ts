import type * as z from 'zod/mini';
import {
  compareNewestFirst,
  contentType,
  fail,
  failFromIssues,
  isoTimestamp,
  movieId,
  movieTitle,
  succeed,
  unionByKey,
  type ContentType,
  type LibraryResult,
  type ListChange,
} from './common.ts';
import type { SyncOperationFor } from './sync-ops.ts';
import {
  boolean,
  literal,
  nullable,
  number,
  object,
  omit,
  pick,
  string,
  union,
  validator,
  withDefault,
  type Shape,
} from './validate.ts';
import type { watchLaterAddInputSchema, watchLaterItemSchema, watchLaterRefSchema } from './watch-later-schema.ts';

const nullableString = withDefault(nullable(string()), null);

/**
 * A Watch Later entry (product.md §3 "Watch-later item"), checked as watchLaterItemSchema
 * (watch-later-schema.ts) does, field by field in its order. Descriptive fields an older or
 * hand-edited entry may lack default to null so the entry is kept; the identifying fields are
 * required and an entry without them is dropped on read.
 */
const watchLaterItemShape: Shape = {
  id: string((id) => id.length >= 1),
  movie_id: movieId,
  movie_title: movieTitle,
  movie_poster: nullableString,
  movie_overview: nullableString,
  movie_release_date: nullableString,
  movie_vote_average: withDefault(nullable(number()), null),
  content_type: contentType,
  added_at: isoTimestamp,
  synced: withDefault(boolean, false),
};
export const watchLaterItemValidator = validator(object<WatchLaterItem>(watchLaterItemShape));
export type WatchLaterItem = z.output<typeof watchLaterItemSchema>;

/** What a caller gives to save a title: id, added_at and synced are set by the rule. */
export const watchLaterAddInputValidator = validator(
  object<z.output<typeof watchLaterAddInputSchema>>(omit(watchLaterItemShape, ['id', 'added_at', 'synced'])),
);
export type WatchLaterAddInput = z.input<typeof watchLaterAddInputSchema>;

/** A title is in Watch Later at most once per id and type (product.md §5). */
export function watchLaterKey(item: Pick<WatchLaterItem, 'movie_id' | 'content_type'>): string {
  return `${item.content_type}:${item.movie_id}`;
}

const newestFirst = compareNewestFirst<WatchLaterItem>((item) => item.added_at, watchLaterKey);

/**
 * Saves a title (product.md §4 "Watch later add and toggle", §5). A title already saved with the
 * same movie_id and content_type is refused with "Item already in watch later" (code
 * `already_exists`; the screen shows "Already in Watch Later"). Newest first, no cap (§9).
 */
export function addToWatchLater(
  list: readonly WatchLaterItem[],
  input: WatchLaterAddInput,
  now: Date,
): LibraryResult<ListChange<WatchLaterItem>> {
  const parsed = watchLaterAddInputValidator.safeParse(input);
  if (!parsed.success) return failFromIssues('invalid_item', parsed.error);
  const key = watchLaterKey(parsed.data);
  if (list.some((entry) => watchLaterKey(entry) === key)) {
    return fail('already_exists', 'Item already in watch later');
  }
  const item: WatchLaterItem = { ...parsed.data, id: key, added_at: now.toISOString(), synced: false };
  return succeed({ list: [item, ...list].sort(newestFirst), item });
}

/** Removes a saved title by key; "Item not found in watch later" if absent (product.md §8). */
export function removeFromWatchLater(
  list: readonly WatchLaterItem[],
  key: string,
): LibraryResult<ListChange<WatchLaterItem>> {
  const item = list.find((entry) => watchLaterKey(entry) === key);
  if (!item) return fail('not_found', 'Item not found in watch later');
  return succeed({ list: list.filter((entry) => entry !== item), item });
}

/**
 * Adds the title if absent, removes it if present (product.md §4). `added` tells which happened;
 * `item` is the added or the removed entry.
 */
export function toggleWatchLater(
  list: readonly WatchLaterItem[],
  input: WatchLaterAddInput,
  now: Date,
): LibraryResult<ListChange<WatchLaterItem> & { added: boolean }> {
  const parsed = watchLaterAddInputValidator.safeParse(input);
  if (!parsed.success) return failFromIssues('invalid_item', parsed.error);
  const key = watchLaterKey(parsed.data);
  const result = list.some((entry) => watchLaterKey(entry) === key)
    ? removeFromWatchLater(list, key)
    : addToWatchLater(list, input, now);
  return result.ok ? succeed({ ...result.value, added: !list.includes(result.value.item) }) : result;
}

/** Whether a title is saved. */
export function isInWatchLater(list: readonly WatchLaterItem[], movieId: number, contentType: ContentType): boolean {
  return list.some((entry) => entry.movie_id === movieId && entry.content_type === contentType);
}

/**
 * Merges two Watch Later lists, e.g. the server's with the local one on login (product.md §4):
 * union by movie_id and content_type, the newer added_at wins, newest first. Commutative and
 * idempotent, like the history merge.
 */
export function mergeWatchLater(a: readonly WatchLaterItem[], b: readonly WatchLaterItem[]): WatchLaterItem[] {
  return unionByKey(
    [...a, ...b],
    watchLaterKey,
    (candidate, current) => newestFirst(candidate, current) < 0,
    newestFirst,
  );
}

/** Reads a stored Watch Later list; invalid entries are dropped and duplicates merged. Never throws. */
export function parseStoredWatchLater(value: unknown): WatchLaterItem[] {
  if (!Array.isArray(value)) return [];
  return normalizeWatchLater(
    value.flatMap((entry) => {
      const parsed = watchLaterItemValidator.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** What {@link parseStoredWatchLater} does after validating (one per title, newest first), for valid entries. */
export function normalizeWatchLater(items: readonly WatchLaterItem[]): WatchLaterItem[] {
  return mergeWatchLater(items, []);
}

/** What a removal needs to name a Watch Later entry. */
const watchLaterRef = object<WatchLaterRef>(pick(watchLaterItemShape, ['movie_id', 'content_type']));
export type WatchLaterRef = z.output<typeof watchLaterRefSchema>;

/** A queued change to Watch Later (see historyOperationValidator). */
export const watchLaterOperationValidator = validator(
  union<SyncOperationFor<'watch_later'>>('op', {
    upsert: object({
      op: literal('upsert'),
      store: literal('watch_later'),
      item: object(watchLaterItemShape),
      at: isoTimestamp,
    }),
    remove: object({ op: literal('remove'), store: literal('watch_later'), item: watchLaterRef, at: isoTimestamp }),
    remove_all: object({ op: literal('remove_all'), store: literal('watch_later'), at: isoTimestamp }),
  }),
);

import * as z from 'zod/mini';
import {
  compareNewestFirst,
  contentTypeSchema,
  fail,
  failFromIssues,
  isoTimestampSchema,
  movieIdSchema,
  movieTitleSchema,
  succeed,
  unionByKey,
  type ContentType,
  type LibraryResult,
  type ListChange,
} from './common.ts';

/**
 * A Watch Later entry (product.md §3 "Watch-later item"). Descriptive fields an older or
 * hand-edited entry may lack default to null so the entry is kept; the identifying fields are
 * required and an entry without them is dropped on read.
 */
export const watchLaterItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  movie_id: movieIdSchema,
  movie_title: movieTitleSchema,
  movie_poster: z._default(z.nullable(z.string()), null),
  movie_overview: z._default(z.nullable(z.string()), null),
  movie_release_date: z._default(z.nullable(z.string()), null),
  movie_vote_average: z._default(z.nullable(z.number()), null),
  content_type: contentTypeSchema,
  added_at: isoTimestampSchema,
  /** Local only: false until the server has this entry. */
  synced: z._default(z.boolean(), false),
});
export type WatchLaterItem = z.output<typeof watchLaterItemSchema>;

/** What a caller gives to save a title: id, added_at and synced are set by the rule. */
export const watchLaterAddInputSchema = z.omit(watchLaterItemSchema, { id: true, added_at: true, synced: true });
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
  const parsed = watchLaterAddInputSchema.safeParse(input);
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
  const parsed = watchLaterAddInputSchema.safeParse(input);
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
  return mergeWatchLater(
    value.flatMap((entry) => {
      const parsed = watchLaterItemSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
    [],
  );
}

/** What a removal needs to name a Watch Later entry. */
export const watchLaterRefSchema = z.pick(watchLaterItemSchema, { movie_id: true, content_type: true });
export type WatchLaterRef = z.output<typeof watchLaterRefSchema>;

/** A queued change to Watch Later (see historyOperationSchema). */
export const watchLaterOperationSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('upsert'),
    store: z.literal('watch_later'),
    item: watchLaterItemSchema,
    at: isoTimestampSchema,
  }),
  z.object({
    op: z.literal('remove'),
    store: z.literal('watch_later'),
    item: watchLaterRefSchema,
    at: isoTimestampSchema,
  }),
  z.object({ op: z.literal('remove_all'), store: z.literal('watch_later'), at: isoTimestampSchema }),
]);

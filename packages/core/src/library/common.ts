import { integer, number, oneOf, string, type Issue } from './validate.ts';

/**
 * Why a library rule refused a change. `message` is the spec's wording (product.md §5 and §8),
 * ready to show; `code` is for code that must branch on the reason.
 */
export interface LibraryError {
  code: 'invalid_item' | 'already_exists' | 'not_found' | 'invalid_setting' | 'invalid_file' | 'read_failed';
  message: string;
  /** The offending field, when one can be named. */
  field?: string;
}

/** The outcome of a library rule: the new state, or why nothing changed. Rules never throw. */
export type LibraryResult<T> = { ok: true; value: T } | { ok: false; error: LibraryError };

/** A list after a change, with the item that was added, updated or removed. */
export interface ListChange<T> {
  list: T[];
  item: T;
}

export function succeed<T>(value: T): LibraryResult<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: LibraryError['code'], message: string, field?: string): LibraryResult<T> {
  return { ok: false, error: field === undefined ? { code, message } : { code, message, field } };
}

/** The first issue of a failed parse (a zod schema's or a hand-written validator's) as a library error, naming its field. */
export function failFromIssues<T = never>(
  code: LibraryError['code'],
  error: { issues: readonly Pick<Issue, 'path' | 'message'>[] },
): LibraryResult<T> {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.');
  return fail(code, issue?.message ?? 'Invalid input', field || undefined);
}

// Field rules shared by history and Watch Later items (product.md §5 "History add"); their zod
// schemas, for the server, are in common-schema.ts.
/** The largest id or episode number the server stores (a 32-bit integer column). */
export const MAX_STORED_INTEGER = 2_147_483_647;
export const CONTENT_TYPES = ['movie', 'tv'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const movieId = number(integer(1, MAX_STORED_INTEGER), 'Invalid movie_id provided', 'Invalid movie_id provided');
export const movieTitle = string(
  (title) => title.trim().length > 0,
  'Invalid movie_title provided',
  'Invalid movie_title provided',
);
export const contentType = oneOf(CONTENT_TYPES, 'Invalid content_type provided');

/**
 * An ISO-8601 date and time with seconds and a zone, `Z` or an offset: server timestamps may carry
 * an offset (`+00:00`); local ones are `Date#toISOString()`. zod's `iso.datetime({ offset: true })`.
 */
const ISO_TIMESTAMP =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
export const isoTimestamp = string((value) => ISO_TIMESTAMP.test(value), 'Invalid timestamp', 'Invalid timestamp');

export function isIsoTimestamp(value: unknown): value is string {
  return typeof value === 'string' && ISO_TIMESTAMP.test(value);
}

export function timeOf(iso: string): number {
  return Date.parse(iso);
}

/**
 * A key-order independent serialisation. Merges use it to break exact timestamp ties the same
 * way whichever side an item came from, which keeps them commutative.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Union of lists by key: for each key the item that `wins` keeps its place, then the survivors are
 * ordered by `before`. Both orders must be total for the result not to depend on argument order.
 */
export function unionByKey<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  wins: (candidate: T, current: T) => boolean,
  before: (a: T, b: T) => number,
): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    const current = byKey.get(key);
    if (current === undefined || wins(item, current)) byKey.set(key, item);
  }
  return [...byKey.values()].sort(before);
}

/** Newer timestamp first; exact ties fall back to the key, then to the whole item. */
export function compareNewestFirst<T>(timestampOf: (item: T) => string, keyOf: (item: T) => string) {
  return (a: T, b: T): number => {
    const byTime = timeOf(timestampOf(b)) - timeOf(timestampOf(a));
    if (byTime !== 0) return byTime;
    const keyA = keyOf(a);
    const keyB = keyOf(b);
    if (keyA !== keyB) return keyA < keyB ? -1 : 1;
    const jsonA = canonicalJson(a);
    const jsonB = canonicalJson(b);
    return jsonA < jsonB ? -1 : jsonA > jsonB ? 1 : 0;
  };
}

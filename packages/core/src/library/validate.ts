/**
 * Validators written out for the data the browser keeps (history, Watch Later, ratings, hidden
 * titles, settings and their sync queues), which every page reads as it starts: with zod schemas
 * they brought zod into each first page's JavaScript, about 9 KB of its 145–149 KB (gzip, issue
 * 28). The server keeps the zod schemas (`*-schema.ts`), and validators.test.ts holds each
 * validator to its schema, input by input. A validator answers as zod's safeParse does: the value
 * with its defaults filled in and unknown keys dropped, or the first issue, with its path and
 * zod/mini's message; a zod schema can be passed wherever a {@link Validator} is taken.
 */

export interface Issue {
  path: PropertyKey[];
  message: string;
}
export type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };
export interface Validator<T> {
  safeParse(value: unknown): Parsed<T>;
}

/** Returns the valid value (defaults filled in) or throws the first {@link Problem}. */
export type Rule<T> = ((value: unknown) => T) & { optional?: true };

/** zod/mini's message where the schema gives none. */
const INVALID = 'Invalid input';

class Problem {
  constructor(
    readonly message: string,
    readonly path: PropertyKey[] = [],
  ) {}
}

export function safeParse<T>(rule: Rule<T>, value: unknown): Parsed<T> {
  try {
    return { success: true, data: rule(value) };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    return { success: false, error: { issues: [{ path: error.path, message: error.message }] } };
  }
}

export function validator<T>(rule: Rule<T>): Validator<T> {
  return { safeParse: (value) => safeParse(rule, value) };
}

function ensure(ok: boolean, message: string): void {
  if (!ok) throw new Problem(message);
}

/** A value of a type, then passing `test`; `typeMessage` for the wrong type, `message` for a failed test. */
function typed<T>(type: string, test?: (value: T) => boolean, message = INVALID, typeMessage = INVALID): Rule<T> {
  return (value) => {
    // zod's number is finite.
    ensure(typeof value === type && (type !== 'number' || Number.isFinite(value)), typeMessage);
    ensure(!test || test(value as T), message);
    return value as T;
  };
}

export const string = (test?: (value: string) => boolean, message?: string, typeMessage?: string): Rule<string> =>
  typed('string', test, message, typeMessage);
export const number = (test?: (value: number) => boolean, message?: string, typeMessage?: string): Rule<number> =>
  typed('number', test, message, typeMessage);
export const boolean: Rule<boolean> = typed('boolean');

/** zod's int(): a safe integer. */
export const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: number) =>
    Number.isSafeInteger(value) && value >= min && value <= max;

export function oneOf<const T extends readonly unknown[]>(values: T, message = INVALID): Rule<T[number]> {
  return (value) => {
    ensure(values.includes(value), message);
    return value as T[number];
  };
}

export const literal = <const T>(expected: T): Rule<T> => oneOf([expected]);

export const nullable =
  <T>(rule: Rule<T>): Rule<T | null> =>
  (value) =>
    value === null ? null : rule(value);

/** An object's key that may be left out: absent in the value when absent in the input. */
export function optional<T>(rule: Rule<T>): Rule<T | undefined> {
  return Object.assign((value: unknown) => (value === undefined ? undefined : rule(value)), {
    optional: true as const,
  });
}

/** zod's _default: undefined gives the fallback (called, when a function), unchecked. */
export const withDefault =
  <T>(rule: Rule<T>, fallback: T | (() => T)): Rule<T> =>
  (value) =>
    value === undefined ? (typeof fallback === 'function' ? (fallback as () => T)() : fallback) : rule(value);

/** Runs `rule` with `key` added in front of a problem's path. */
function at<T>(key: PropertyKey, rule: Rule<T>, value: unknown): T {
  try {
    return rule(value);
  } catch (error) {
    if (error instanceof Problem) error.path.unshift(key);
    throw error;
  }
}

export type Shape = Record<string, Rule<unknown>>;

/** zod's omit: the shape without `keys`, in its order. */
export function omit(shape: Shape, keys: readonly string[]): Shape {
  return Object.fromEntries(Object.entries(shape).filter(([key]) => !keys.includes(key)));
}

/** zod's pick: the shape's `keys`, in the order given. */
export function pick(shape: Shape, keys: readonly string[]): Shape {
  return Object.fromEntries(keys.map((key) => [key, shape[key]!]));
}

/**
 * zod's object: a plain object (not null, not an array); the shape's keys checked in order, unknown
 * keys dropped. `refine` checks the whole once every key passed.
 */
export function object<T>(shape: Shape, refine?: (value: T) => void): Rule<T> {
  const entries = Object.entries(shape);
  return (value) => {
    ensure(isObject(value), INVALID);
    const input = value as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    for (const [key, rule] of entries) {
      if (!rule.optional || key in input) result[key] = at(key, rule, input[key]);
    }
    refine?.(result as T);
    return result as T;
  };
}

/** A failed check of a whole object, reported at `path` (zod's refine with a path). */
export function refuse(ok: boolean, message: string, path: PropertyKey[]): void {
  if (!ok) throw new Problem(message, path);
}

export function array<T>(rule: Rule<T>): Rule<T[]> {
  return (value) => {
    ensure(Array.isArray(value), INVALID);
    // Array.from, not map: a hole is read as undefined, as zod reads it.
    return Array.from(value as unknown[], (entry, index) => at(index, rule, entry));
  };
}

/** zod's discriminatedUnion on `key`: the option named by the value's `key`. */
export function union<T>(key: string, options: Record<string, Rule<T>>): Rule<T> {
  const byValue = new Map(Object.entries(options));
  return (value) => {
    ensure(isObject(value), INVALID);
    const option = byValue.get((value as Record<string, unknown>)[key] as string);
    if (!option) throw new Problem(INVALID, [key]);
    return option(value);
  };
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

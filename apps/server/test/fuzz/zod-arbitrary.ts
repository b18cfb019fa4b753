import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from a zod schema (classic or mini: both share zod's core), for
 * fuzzing an endpoint with the schema it parses its input with. For each place in the input:
 * - `valid`: values the schema accepts — the endpoint's own example most often, then random values
 *   within the schema's limits and values right at them (longest string, largest number, fullest
 *   array). A random candidate that a refinement refuses becomes the example, so a request stays
 *   valid as a whole and gets past the parse into the handler.
 * - `invalid`: the same with exactly one place wrong (one past a limit, a wrong type, a required
 *   key left out, an unknown key where the object is strict, a query key repeated), so that each
 *   refusal is reached on its own rather than masked by another.
 * - `sweep`: the example with one place at a time set to each of its edge values, run before the
 *   random requests: every boundary of every field is tried on an otherwise valid request.
 * Whether a value is valid is always asked of the schema itself.
 */
export type Schema = z.core.$ZodType;

/** JSON (a body) or text in a URL (path or query), where every value is a string. */
export type Where = 'json' | 'text';

/** A key left out of an object, or a query parameter not sent. */
export const ABSENT: unique symbol = Symbol('absent');

export interface Hint {
  /** More valid values for this place, where a refinement hides what is valid (known event names). */
  values?: fc.Arbitrary<unknown>;
  /** More edge values for this place (a handler's own limits); the schema tells whether each is valid. */
  edges?: readonly unknown[];
}

/** Hints by place: keys joined by `.`, `*` for any array item (`events.*.name`). */
export type Hints = Readonly<Record<string, Hint>>;

export interface Derived {
  valid: fc.Arbitrary<unknown>;
  /** Null when nothing can be wrong here (a free string in a URL). */
  invalid: fc.Arbitrary<unknown> | null;
  sweep(example: unknown): unknown[];
  /** A few valid values, one per branch of a union: what the sweep puts in place of an example's branch. */
  samples(): unknown[];
}

interface Def {
  type: string;
  [key: string]: unknown;
}

interface Context {
  where: Where;
  /** Query keys, which may be sent twice (path parameters cannot). */
  repeatKeys: boolean;
  hints: Hints;
  path: string;
  depth: number;
  /** The endpoint's valid value at this place: missing (null), ABSENT, or a value. */
  example: { value: unknown } | null;
}

const NONE = Symbol('none');

function defOf(schema: Schema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function checksOf(schema: Schema): Def[] {
  const def = defOf(schema);
  const own = typeof def.check === 'string' ? [def] : [];
  return [...own, ...((def.checks as Schema[] | undefined) ?? []).map(defOf)];
}

export function accepts(schema: Schema, value: unknown): boolean {
  return z.safeParse(schema, value === ABSENT ? undefined : value).success;
}

function keyOf(value: unknown): string {
  if (value === ABSENT) return 'ABSENT';
  if (typeof value === 'number' && !Number.isFinite(value)) return `number:${value}`;
  return `${typeof value}:${JSON.stringify(value)}`;
}

function distinct(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = keyOf(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A value as it travels: in a URL only strings (numbers and booleans as their text). */
function asWhere(value: unknown, where: Where): unknown {
  if (where === 'json') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return NONE;
}

function weighted(...options: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> } | null | undefined | false>) {
  const present = options.filter((option): option is { weight: number; arbitrary: fc.Arbitrary<unknown> } =>
    Boolean(option),
  );
  return present.length === 1 ? present[0]!.arbitrary : fc.oneof(...present);
}

function sampleOf(arbitrary: fc.Arbitrary<unknown>): unknown {
  return fc.sample(arbitrary, { numRuns: 1, seed: 20261120 })[0];
}

/** Text of every kind, for places that take any string and as the raw material of wrong ones. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 24 }) },
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.constantFrom('', ' ', '0', '-1', '1e400', 'NaN', 'null', 'true', '[]', '{}', '%', '../', '\u0000', '🎬 ünï'),
);

const WRONG_JSON: readonly unknown[] = [0, true, null, [], {}];

/**
 * A leaf: random candidates, edge values and wrong values; what the schema accepts of them is
 * what is valid. A valid place never holds a refused candidate: it takes the example instead.
 */
function leaf(
  schema: Schema,
  ctx: Context,
  parts: { random: fc.Arbitrary<unknown>[]; edges: unknown[]; wrong?: fc.Arbitrary<unknown> },
): Derived {
  const hint = ctx.hints[ctx.path];
  const edges = distinct([...parts.edges, ...(hint?.edges ?? [])].map((value) => asWhere(value, ctx.where))).filter(
    (value) => value !== NONE,
  );
  const isValid = (value: unknown) => accepts(schema, value);
  const given = ctx.example && ctx.example.value !== ABSENT ? asWhere(ctx.example.value, ctx.where) : NONE;
  const example = given !== NONE && isValid(given) ? { value: given } : null;
  const validEdges = edges.filter(isValid);
  const invalidEdges = edges.filter((value) => !isValid(value));
  const fallback = example ? example.value : hint?.values ? NONE : (validEdges[0] ?? NONE);
  const random = parts.random.map((arbitrary) =>
    arbitrary.map((value) => asWhere(value, ctx.where)).filter((value) => value !== NONE),
  );
  const valid = weighted(
    example && { weight: 4, arbitrary: fc.constant(example.value) },
    hint?.values && { weight: 4, arbitrary: hint.values.map((value) => asWhere(value, ctx.where)) },
    random.length > 0 && { weight: 2, arbitrary: fc.oneof(...random) },
    validEdges.length > 0 && { weight: 1, arbitrary: fc.constantFrom(...validEdges) },
    !example && !hint?.values && random.length === 0 && validEdges.length === 0 && { weight: 1, arbitrary: anyText },
  ).map((value) => (fallback === NONE || isValid(value) ? value : fallback));
  const wrong = parts.wrong?.map((value) => asWhere(value, ctx.where)).filter((value) => value !== NONE);
  const invalid =
    invalidEdges.length > 0
      ? wrong
        ? fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom(...invalidEdges) },
            { weight: 1, arbitrary: wrong.map((value) => (isValid(value) ? invalidEdges[0] : value)) },
          )
        : fc.constantFrom(...invalidEdges)
      : null;
  return {
    valid,
    invalid,
    sweep: (current) => edges.filter((value) => keyOf(value) !== keyOf(current)),
    samples: () => [sampleOf(valid)],
  };
}

function stringLeaf(schema: Schema, ctx: Context): Derived {
  let min = 0;
  let max: number | null = null;
  let prefix = '';
  const patterns: RegExp[] = [];
  const formats: string[] = [];
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number);
    if (check.check === 'max_length') max = Math.min(max ?? Infinity, check.maximum as number);
    if (check.check === 'length_equals') [min, max] = [check.length as number, check.length as number];
    if (check.check === 'string_format') {
      const format = check.format as string;
      if (format === 'starts_with') prefix = check.prefix as string;
      else if (format === 'regex') patterns.push(check.pattern as RegExp);
      else formats.push(format);
    }
  }
  const random: fc.Arbitrary<unknown>[] = [];
  if (formats.includes('uuid')) random.push(fc.uuid());
  else if (formats.includes('email')) random.push(fc.emailAddress());
  else if (formats.includes('datetime')) {
    random.push(
      fc
        .date({ min: new Date('1971-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .chain((date) =>
          fc.constantFrom(date.toISOString(), date.toISOString().replace(/\.\d+Z$/, '+02:00'), date.toISOString()),
        ),
    );
  } else if (patterns.length > 0) {
    try {
      random.push(fc.stringMatching(patterns[0]!, { size: 'small' }));
    } catch {
      // A pattern fast-check cannot generate from (Unicode classes): the example stands in.
    }
  } else {
    const top = Math.min(max ?? 40, min + 40);
    random.push(fc.string({ minLength: min, maxLength: top }).map((text) => prefix + text.slice(prefix.length)));
    random.push(fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(top, 20) }));
  }
  const base = ctx.example && typeof ctx.example.value === 'string' && ctx.example.value ? ctx.example.value : 'a';
  const fill = (length: number) =>
    (prefix + base.repeat(Math.ceil(Math.max(length, 1) / base.length) + 1)).slice(0, Math.max(length, 0));
  const edges: unknown[] = ['', ' ', `  ${base}  `, `${base}\u0000`, '🎬 ünï', "' OR 1=1 --", base.toUpperCase()];
  if (max !== null && max <= 20_000) edges.push(fill(max), fill(max + 1));
  if (min > 0) edges.push(fill(min), fill(min - 1));
  // A lone surrogate only in JSON (`\ud800`): an address cannot carry one (its bytes are UTF-8).
  if (ctx.where === 'json') edges.push(`${base}\ud800`, `\udc00${base}`, 'x'.repeat(20_000), ...WRONG_JSON);
  else edges.push('x'.repeat(2_000));
  return leaf(schema, ctx, { random, edges, wrong: anyText });
}

function numberLeaf(schema: Schema, ctx: Context): Derived {
  let lo: number | null = null;
  let hi: number | null = null;
  let isInt = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'number_format') isInt = true;
    if (check.check === 'greater_than') {
      const value = check.value as number;
      lo = check.inclusive ? value : isInt || Number.isInteger(value) ? value + 1 : value + 0.001;
    }
    if (check.check === 'less_than') {
      const value = check.value as number;
      hi = check.inclusive ? value : isInt || Number.isInteger(value) ? value - 1 : value - 0.001;
    }
  }
  // Checks come in any order: an integer bound read before the integer check is rounded here.
  if (isInt && lo !== null) lo = Math.ceil(lo);
  if (isInt && hi !== null) hi = Math.floor(hi);
  const low = lo ?? (hi !== null ? hi - 1_000 : -1_000);
  const high = Math.max(low, hi ?? Math.max(low + 100_000, 100_000));
  const random: fc.Arbitrary<unknown>[] = isInt
    ? [fc.integer({ min: low, max: high }), fc.integer({ min: low, max: Math.min(high, low + 20) })]
    : [fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true })];
  const edges: unknown[] = [0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1e308, -1e308];
  if (lo !== null) edges.push(lo, isInt ? lo - 1 : lo - 0.5);
  if (hi !== null) edges.push(hi, isInt ? hi + 1 : hi + 0.5);
  if (isInt) edges.push((lo ?? 0) + 0.5);
  if (ctx.where === 'json') edges.push(String(lo ?? 1), ...WRONG_JSON);
  else edges.push('', ' ', 'abc', '1e400', '0x10', '+5', ' 7 ', '5.0', '-0', 'Infinity', 'NaN', '9'.repeat(400), '١٢');
  return leaf(schema, ctx, { random, edges, wrong: ctx.where === 'json' ? fc.jsonValue({ maxDepth: 1 }) : anyText });
}

function choiceLeaf(schema: Schema, ctx: Context, values: unknown[]): Derived {
  const edges: unknown[] = [...values, 'x-unknown', ''];
  for (const value of values) {
    if (typeof value === 'string') edges.push(value.toUpperCase(), `${value} `);
    else edges.push(String(value));
  }
  if (ctx.where === 'json') edges.push(...WRONG_JSON);
  return leaf(schema, ctx, {
    random: values.length > 0 ? [fc.constantFrom(...values)] : [],
    edges,
    wrong: anyText,
  });
}

function child(ctx: Context, key: string, example: { value: unknown } | null): Context {
  return { ...ctx, path: ctx.path ? `${ctx.path}.${key}` : key, depth: ctx.depth + 1, example };
}

function exampleAt(ctx: Context, key: string): { value: unknown } | null {
  const parent = ctx.example?.value;
  if (!parent || typeof parent !== 'object' || Array.isArray(parent)) return null;
  return Object.hasOwn(parent, key) ? { value: (parent as Record<string, unknown>)[key] } : { value: ABSENT };
}

function dropAbsent(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== ABSENT));
}

function objectNode(schema: Schema, ctx: Context): Derived {
  const def = defOf(schema);
  const shape = def.shape as Record<string, Schema>;
  const isStrict = def.catchall !== undefined && defOf(def.catchall as Schema).type === 'never';
  const keys = Object.keys(shape);
  const children = Object.fromEntries(
    keys.map((key) => [key, derive(shape[key]!, child(ctx, key, exampleAt(ctx, key)))]),
  );
  const required = keys.filter((key) => !accepts(shape[key]!, undefined));
  const record = (overrides: Record<string, fc.Arbitrary<unknown>> = {}) =>
    fc.record(Object.fromEntries(keys.map((key) => [key, overrides[key] ?? children[key]!.valid]))).map(dropAbsent);
  const extraValue = ctx.where === 'json' ? fc.jsonValue({ maxDepth: 1 }) : anyText;
  const extraKey = fc
    .string({ minLength: 1, maxLength: 8 })
    .filter((key) => !keys.includes(key) && key !== '__proto__');
  const withExtra = fc
    .tuple(record(), extraKey, extraValue)
    .map(([value, key, extra]) => ({ ...value, [key]: extra }) as Record<string, unknown>);
  const valid = weighted({ weight: 8, arbitrary: record() }, !isStrict && { weight: 1, arbitrary: withExtra });

  const mutations: fc.Arbitrary<unknown>[] = [];
  for (const key of keys) {
    const wrong = children[key]!.invalid;
    if (wrong) mutations.push(record({ [key]: wrong }));
  }
  for (const key of required) mutations.push(record({ [key]: fc.constant(ABSENT) }));
  if (isStrict) mutations.push(withExtra);
  if (ctx.repeatKeys && ctx.depth === 0) {
    // A query key sent twice (?q=a&q=b) reaches the handler as an array.
    for (const key of keys) {
      mutations.push(
        fc
          .tuple(record(), children[key]!.valid, children[key]!.valid)
          .filter(([, first, second]) => first !== ABSENT && second !== ABSENT)
          .map(([value, first, second]) => ({ ...value, [key]: [first, second] })),
      );
    }
  } else {
    mutations.push(fc.constantFrom<unknown>([], 'x', 0, null));
  }
  const invalid = mutations.length > 0 ? fc.oneof(...mutations) : null;

  return {
    valid,
    invalid,
    sweep(example) {
      if (!example || typeof example !== 'object' || Array.isArray(example)) return [];
      const base = example as Record<string, unknown>;
      const variants: unknown[] = [];
      for (const key of keys) {
        const present = Object.hasOwn(base, key);
        if (present) {
          const { [key]: _left, ...rest } = base;
          variants.push(rest);
          if (ctx.repeatKeys && ctx.depth === 0) variants.push({ ...base, [key]: [base[key], base[key]] });
        }
        for (const value of children[key]!.sweep(present ? base[key] : ABSENT)) {
          if (value !== ABSENT) variants.push({ ...base, [key]: value });
        }
      }
      if (isStrict) variants.push({ ...base, fuzz_extra: ctx.where === 'json' ? 1 : 'x' });
      if (ctx.where === 'json') variants.push([], 'x');
      return variants;
    },
    samples: () => [sampleOf(valid)],
  };
}

function arrayNode(schema: Schema, ctx: Context): Derived {
  const def = defOf(schema);
  let min = 0;
  let max: number | null = null;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number);
    if (check.check === 'max_length') max = Math.min(max ?? Infinity, check.maximum as number);
    if (check.check === 'length_equals') [min, max] = [check.length as number, check.length as number];
  }
  const first = Array.isArray(ctx.example?.value) ? (ctx.example.value as unknown[])[0] : undefined;
  const element = derive(def.element as Schema, child(ctx, '*', first === undefined ? null : { value: first }));
  const exactly = (length: number) => fc.array(element.valid, { minLength: length, maxLength: length });
  const few = Math.max(min, Math.min(max ?? min + 3, min + 3));
  // Arrays at their limit are worth their cost: a limit checked too late is a classic bug.
  const canFill = max !== null && max <= 1_000;
  const valid = weighted(
    { weight: 8, arbitrary: fc.array(element.valid, { minLength: min, maxLength: few }) },
    canFill && max! > few && { weight: 1, arbitrary: exactly(max!) },
  );
  const mutations: fc.Arbitrary<unknown>[] = [];
  if (element.invalid) {
    const side = max === null ? 2 : Math.max(0, Math.min(2, Math.floor((max - 1) / 2)));
    mutations.push(
      fc
        .tuple(
          fc.array(element.valid, { maxLength: side }),
          element.invalid,
          fc.array(element.valid, { maxLength: side }),
        )
        .map(([before, wrong, after]) => [...before, wrong, ...after]),
    );
  }
  if (canFill) mutations.push(exactly(max! + 1));
  if (min > 0) mutations.push(exactly(min - 1));
  if (ctx.where === 'json') mutations.push(fc.constantFrom<unknown>({}, 'x', 0, null));
  return {
    valid,
    invalid: mutations.length > 0 ? fc.oneof(...mutations) : null,
    sweep(example) {
      if (!Array.isArray(example)) return [];
      const head = example[0];
      const variants: unknown[] = [[]];
      if (head !== undefined) {
        if (min > 1) variants.push(Array.from({ length: min - 1 }, () => head));
        if (canFill)
          variants.push(
            Array.from({ length: max! }, () => head),
            Array.from({ length: max! + 1 }, () => head),
          );
        for (const value of element.sweep(head)) if (value !== ABSENT) variants.push([value, ...example.slice(1)]);
        for (const value of element.samples()) variants.push([value, ...example.slice(1)]);
      }
      if (ctx.where === 'json') variants.push({}, 'x');
      return variants;
    },
    samples: () => [sampleOf(valid)],
  };
}

function recordNode(schema: Schema, ctx: Context): Derived {
  const def = defOf(schema);
  const keys = derive(def.keyType as Schema, { ...ctx, where: 'json', example: null, path: `${ctx.path}.#key` });
  const example = ctx.example?.value;
  const firstValue =
    example && typeof example === 'object' && !Array.isArray(example) ? Object.values(example)[0] : undefined;
  const values = derive(
    def.valueType as Schema,
    child(ctx, '*', firstValue === undefined ? null : { value: firstValue }),
  );
  const stringKeys = keys.valid.filter((key): key is string => typeof key === 'string' && key !== '__proto__');
  const present = values.valid.filter((value) => value !== ABSENT);
  const dictionary = fc.dictionary(stringKeys, present, { maxKeys: 3 });
  const hasExample = Boolean(example && typeof example === 'object' && !Array.isArray(example));
  const valid = weighted(
    hasExample && { weight: 2, arbitrary: fc.constant(example) },
    { weight: 3, arbitrary: dictionary },
    ...(ctx.hints[ctx.path]?.values ? [{ weight: 2, arbitrary: ctx.hints[ctx.path]!.values! }] : []),
  );
  const mutations: fc.Arbitrary<unknown>[] = [];
  // A JSON key is always a string: the key schema's refused values that are not (0, null…) never
  // arrive as keys, and a filter for strings among them would never end (z.string() keys).
  const refusedKeys = distinct(['', ' ', 'Not A Key!', 'x'.repeat(300), 'UPPER', '1', ...keys.sweep('')]).filter(
    (key): key is string => typeof key === 'string' && key !== '__proto__' && !accepts(def.keyType as Schema, key),
  );
  if (refusedKeys.length > 0) {
    mutations.push(
      fc
        .tuple(dictionary, fc.constantFrom(...refusedKeys), present)
        .map(([value, key, field]) => ({ ...value, [key]: field })),
    );
  }
  if (values.invalid) {
    mutations.push(
      fc.tuple(dictionary, stringKeys, values.invalid).map(([value, key, field]) => ({ ...value, [key]: field })),
    );
  }
  if (ctx.where === 'json') mutations.push(fc.constantFrom<unknown>([], 'x', 0, null));
  return {
    valid,
    invalid: mutations.length > 0 ? fc.oneof(...mutations) : null,
    sweep(current) {
      const variants: unknown[] = [...(ctx.hints[ctx.path]?.edges ?? [])];
      if (!current || typeof current !== 'object' || Array.isArray(current)) return variants;
      const base = current as Record<string, unknown>;
      for (const [key, value] of Object.entries(base)) {
        for (const field of values.sweep(value)) if (field !== ABSENT) variants.push({ ...base, [key]: field });
      }
      variants.push({ ...base, 'Not A Key!': firstValue ?? 1 }, {});
      return variants;
    },
    samples: () => [sampleOf(valid)],
  };
}

function unionNode(schema: Schema, ctx: Context): Derived {
  const def = defOf(schema);
  const options = def.options as Schema[];
  const discriminator = typeof def.discriminator === 'string' ? def.discriminator : null;
  const example = ctx.example && ctx.example.value !== ABSENT ? ctx.example : null;
  const matching = example ? options.findIndex((option) => accepts(option, example.value)) : -1;
  const derived = options.map((option, index) =>
    derive(option, { ...ctx, example: index === matching ? example : null }),
  );
  const valid = weighted(
    ...derived.map((option, index) => ({ weight: index === matching ? 3 : 1, arbitrary: option.valid })),
  );
  const mutations = derived.map((option) => option.invalid).filter((option) => option !== null);
  if (discriminator) {
    mutations.push(
      valid.map((value) =>
        value && typeof value === 'object' ? { ...(value as object), [discriminator]: 'x-unknown' } : value,
      ),
    );
  }
  return {
    valid,
    invalid: mutations.length > 0 ? fc.oneof(...mutations) : null,
    sweep(current) {
      const index = options.findIndex((option) => accepts(option, current));
      const variants = index >= 0 ? derived[index]!.sweep(current) : [];
      derived.forEach((option, other) => {
        if (other !== index) variants.push(...option.samples());
      });
      if (discriminator && current && typeof current === 'object') {
        variants.push({ ...(current as object), [discriminator]: 'x-unknown' });
      }
      return variants;
    },
    samples: () => derived.flatMap((option) => option.samples()),
  };
}

/** Present or ABSENT (optional), or null (nullable): the wrapper's own edge, then the inner schema's. */
function wrapperNode(schema: Schema, ctx: Context, inner: Schema, own: 'absent' | 'null'): Derived {
  const def = defOf(schema);
  let example = ctx.example;
  if ((!example || example.value === ABSENT) && 'defaultValue' in def) {
    // A default is a valid value the schema itself names: the example when the endpoint gives none.
    const value = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    example = { value };
  }
  const isAbsent = ctx.example?.value === ABSENT;
  const derived = derive(inner, { ...ctx, example: example && example.value !== ABSENT ? example : null });
  if (own === 'null' && ctx.where === 'text') return derived;
  const edge = own === 'absent' ? ABSENT : null;
  const exampleIsEdge = own === 'null' ? ctx.example?.value === null : isAbsent;
  return {
    valid: fc.oneof(
      { weight: exampleIsEdge ? 4 : 1, arbitrary: fc.constant(edge) },
      { weight: exampleIsEdge ? 1 : 4, arbitrary: derived.valid },
    ),
    invalid: derived.invalid,
    sweep: (current) => [
      ...(own === 'null' && current !== null ? [null] : []),
      ...derived.sweep(current === ABSENT || current === null ? example?.value : current),
    ],
    samples: derived.samples,
  };
}

/** Free values: what the schema cannot describe (a transform, `any`), the example or any JSON. */
function freeNode(schema: Schema, ctx: Context): Derived {
  const example = ctx.example && ctx.example.value !== ABSENT ? ctx.example : null;
  const random = ctx.where === 'json' ? fc.jsonValue({ maxDepth: 2 }) : anyText;
  const valid = example
    ? fc.oneof({ weight: 3, arbitrary: fc.constant(example.value) }, { weight: 1, arbitrary: random })
    : random;
  const isValid = (value: unknown) => accepts(schema, value);
  const fallback = example && isValid(example.value) ? example.value : NONE;
  return {
    valid: valid.map((value) => (fallback === NONE || isValid(value) ? value : fallback)),
    invalid: null,
    sweep: () => [...(ctx.hints[ctx.path]?.edges ?? [])],
    samples: () => [example ? example.value : sampleOf(random)],
  };
}

export function derive(schema: Schema, ctx: Context): Derived {
  const def = defOf(schema);
  if (ctx.depth > 12) return freeNode(schema, ctx);
  const hint = ctx.hints[ctx.path];
  switch (def.type) {
    case 'string':
      return stringLeaf(schema, ctx);
    case 'number':
      return numberLeaf(schema, ctx);
    case 'boolean':
      return leaf(schema, ctx, {
        random: [fc.boolean()],
        edges: [true, false, 'true', 'false', 'TRUE', '1', '0', 'yes', '', 0, 1, null],
      });
    case 'null':
      return leaf(schema, ctx, { random: [fc.constant(null)], edges: [null, 'null', 0, false, ''] });
    case 'enum':
      return choiceLeaf(schema, ctx, Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return choiceLeaf(schema, ctx, def.values as unknown[]);
    case 'object':
      return objectNode(schema, ctx);
    case 'array':
      return arrayNode(schema, ctx);
    case 'record':
      return recordNode(schema, ctx);
    case 'union':
      return unionNode(schema, ctx);
    case 'optional':
    case 'default':
    case 'prefault':
      return wrapperNode(schema, ctx, def.innerType as Schema, 'absent');
    case 'nullable':
      return wrapperNode(schema, ctx, def.innerType as Schema, 'null');
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return derive(def.innerType as Schema, ctx);
    case 'lazy':
      return derive((def.getter as () => Schema)(), ctx);
    case 'intersection':
      // better-auth's sign-up body: its fields, and a record of anything beside them.
      return derive(def.left as Schema, ctx);
    case 'pipe': {
      const inner = derive(def.in as Schema, ctx);
      const example = ctx.example && ctx.example.value !== ABSENT && accepts(schema, ctx.example.value);
      // The output side may refuse what the input side takes (a list of ids past its length).
      const valid = hint?.values
        ? fc.oneof({ weight: 1, arbitrary: inner.valid }, { weight: 1, arbitrary: hint.values })
        : inner.valid;
      return {
        ...inner,
        valid: example ? valid.map((value) => (accepts(schema, value) ? value : ctx.example!.value)) : valid,
        sweep: (current) => [...(hint?.edges ?? []), ...inner.sweep(current)],
      };
    }
    default:
      return freeNode(schema, ctx);
  }
}

/** The derivation of a whole input part (path parameters, query or body). */
export function deriveInput(
  schema: Schema,
  options: { where: Where; example?: unknown; hints?: Hints; path?: string; repeatKeys?: boolean },
): Derived {
  return derive(schema, {
    where: options.where,
    repeatKeys: options.repeatKeys ?? false,
    hints: options.hints ?? {},
    path: options.path ?? '',
    depth: 0,
    example: options.example === undefined ? null : { value: options.example },
  });
}

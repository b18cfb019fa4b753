import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { isIsoTimestamp } from './common.ts';
import { isoTimestampSchema } from './common-schema.ts';
import { hiddenOperationSchema, hiddenItemSchema } from './hidden-schema.ts';
import { hiddenItemValidator, hiddenOperationValidator } from './hidden.ts';
import { historyAddInputSchema, historyItemSchema, historyOperationSchema } from './history-schema.ts';
import { historyAddInputValidator, historyItemValidator, historyOperationValidator } from './history.ts';
import { ratingItemSchema, ratingsOperationSchema } from './ratings-schema.ts';
import { ratingItemValidator, ratingsOperationValidator } from './ratings.ts';
import {
  accessibilitySettingsSchema,
  privacySettingsSchema,
  settingsOperationSchema,
  settingsSchema,
} from './settings-schema.ts';
import {
  applySettingsPatch,
  DEFAULT_SETTINGS,
  mergeSettings,
  settingsOperationValidator,
  type Settings,
} from './settings.ts';
import type { Validator } from './validate.ts';
import { watchLaterAddInputSchema, watchLaterItemSchema, watchLaterOperationSchema } from './watch-later-schema.ts';
import { watchLaterAddInputValidator, watchLaterItemValidator, watchLaterOperationValidator } from './watch-later.ts';

/*
 * The browser reads what it stored with hand-written validators (validate.ts), the server with zod
 * schemas. Here each validator meets its schema on the same inputs: valid entries, each field
 * replaced by odd values or left out, and anything at all; both must keep the same entries, give
 * the same value (defaults, dropped keys, key order) and name the same first problem.
 */

const AT = '2024-05-01T12:00:00.000Z';

/** Values a hand-edited, older or foreign store may hold in any field. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  -1,
  1,
  1.5,
  2,
  4,
  5,
  6,
  8,
  10,
  11,
  12,
  13,
  16,
  24,
  28,
  2_147_483_647,
  2_147_483_648,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  ' ',
  'x',
  '1',
  'movie',
  'tv',
  'series',
  'player',
  'import',
  'upsert',
  'remove',
  'auto',
  'low',
  'all',
  'pg13',
  'both',
  'large',
  'en',
  'pt-BR',
  'EN',
  'US',
  'usa',
  'https://player.example/{movieID}',
  'javascript:alert(1)',
  AT,
  '2024-05-01T12:00:00+02:00',
  '2024-05-01T12:00Z',
  '2024-02-30T00:00:00Z',
  [],
  [1],
  [28, 28, 12],
  [28, 99999],
  [{}],
  [{ name: 'Mine', movieUrl: 'https://player.example/{movieID}' }],
  [{ name: 'Mine', movieUrl: 'javascript:alert(1)' }, { name: 'Other' }],
  [{ id: 1399, dropped_at: AT }],
  [{ id: 0, dropped_at: AT }],
  {},
  { fontSize: 20 },
  { fontSize: 11 },
  { shareRatings: true, extra: 1 },
  { movie_id: 550, content_type: 'movie' },
];

/**
 * A value as text that tells apart what toEqual would not: key order (the stored text and a
 * rendered page's comparison see it), a key holding undefined from a missing one, -0 from 0.
 */
function show(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => {
    if (field === undefined) return '(undefined)';
    if (typeof field === 'number' && !Number.isFinite(field)) return `(${field})`;
    if (Object.is(field, -0)) return '(-0)';
    return field;
  });
}

function outcome<T>(result: ReturnType<Validator<T>['safeParse']>): string {
  if (result.success) return show({ success: true, data: result.data });
  const [issue] = result.error.issues;
  return show({ success: false, path: issue?.path.map(String), message: issue?.message });
}

/** How the validator's answer differs from the schema's; null when it does not. */
function disagreement<T>(validator: Validator<T>, schema: z.ZodMiniType, value: unknown): string | null {
  const ours = outcome(validator.safeParse(value));
  const zods = outcome(schema.safeParse(value) as ReturnType<Validator<T>['safeParse']>);
  return ours === zods ? null : `${show(value)}: ${ours}, zod: ${zods}`;
}

/** Each field of `base` (and one it does not have) given every odd value, then left out. */
function variantsOf(base: Record<string, unknown>, extraKeys: readonly string[] = []): unknown[] {
  const variants: unknown[] = [base];
  for (const key of [...Object.keys(base), ...extraKeys, 'unknown_field']) {
    for (const value of ODD_VALUES) variants.push({ ...base, [key]: value });
    const { [key]: _left, ...without } = base;
    variants.push(without);
  }
  return variants;
}

const film = {
  id: 'movie:603',
  movie_id: 603,
  movie_title: 'The Matrix',
  movie_poster: '/matrix.jpg',
  content_type: 'movie',
  watched_at: AT,
  duration_watched: 120,
  total_duration: 8160,
  completed: false,
  synced: true,
  season_number: null,
  episode_number: null,
  episode_title: null,
  source: 'player',
  play_count: 1,
  backdrop_path: '/b.jpg',
  release_date: '1999-03-31',
  vote_average: 8.2,
  overview: 'A hacker learns the truth.',
};
const episode = {
  id: 'tv:1399:s1:e2',
  movie_id: 1399,
  movie_title: 'Game of Thrones',
  content_type: 'tv',
  watched_at: '2024-05-01T14:00:00+02:00',
  season_number: 1,
  episode_number: 2,
};
const saved = {
  id: 'movie:603',
  movie_id: 603,
  movie_title: 'The Matrix',
  movie_poster: null,
  movie_overview: 'A hacker learns the truth.',
  movie_release_date: '1999-03-31',
  movie_vote_average: 8.2,
  content_type: 'movie',
  added_at: AT,
  synced: false,
};
const rating = {
  movie_id: 1399,
  content_type: 'tv',
  season_number: 1,
  episode_number: 2,
  rating: 8,
  rated_at: AT,
  synced: false,
};
const hidden = { movie_id: 550, content_type: 'movie', hidden_at: AT, synced: true };
const settings: Settings = {
  ...DEFAULT_SETTINGS,
  favoriteGenres: [28, 12],
  customVideoSources: [{ name: 'Mine', movieUrl: 'https://player.example/{movieID}', tvUrl: '', recommended: true }],
  droppedSeries: [{ id: 1399, dropped_at: AT }],
  accessibilitySettings: { ...DEFAULT_SETTINGS.accessibilitySettings, fontSize: 20 },
};

function operationsOf(store: string, item: Record<string, unknown>, ref: Record<string, unknown>): unknown[] {
  const upsert = { op: 'upsert', store, item, at: AT };
  const remove = { op: 'remove', store, item: ref, at: AT };
  const clear = { op: 'remove_all', store, at: AT };
  return [
    ...variantsOf(upsert),
    ...variantsOf(remove),
    ...variantsOf(clear),
    ...variantsOf(item).map((variant) => ({ ...upsert, item: variant })),
    ...variantsOf(ref).map((variant) => ({ ...remove, item: variant })),
  ];
}

const SHAPES: Array<{ name: string; validator: Validator<unknown>; schema: z.ZodMiniType; inputs: unknown[] }> = [
  {
    name: 'a history entry',
    validator: historyItemValidator,
    schema: historyItemSchema,
    inputs: [...variantsOf(film), ...variantsOf(episode, Object.keys(film))],
  },
  {
    name: 'what adds a history entry',
    validator: historyAddInputValidator,
    schema: historyAddInputSchema,
    inputs: [...variantsOf(film), ...variantsOf(episode, Object.keys(film))],
  },
  {
    name: 'a queued history change',
    validator: historyOperationValidator,
    schema: historyOperationSchema,
    inputs: operationsOf('history', film, { movie_id: 1399, content_type: 'tv', season_number: 1, episode_number: 2 }),
  },
  {
    name: 'a Watch Later entry',
    validator: watchLaterItemValidator,
    schema: watchLaterItemSchema,
    inputs: variantsOf(saved),
  },
  {
    name: 'what saves a title',
    validator: watchLaterAddInputValidator,
    schema: watchLaterAddInputSchema,
    inputs: variantsOf(saved),
  },
  {
    name: 'a queued Watch Later change',
    validator: watchLaterOperationValidator,
    schema: watchLaterOperationSchema,
    inputs: operationsOf('watch_later', saved, { movie_id: 603, content_type: 'movie' }),
  },
  {
    name: 'a rating',
    validator: ratingItemValidator,
    schema: ratingItemSchema,
    inputs: [
      ...variantsOf(rating),
      ...variantsOf({ ...rating, content_type: 'movie', season_number: null, episode_number: null }),
    ],
  },
  {
    name: 'a queued rating change',
    validator: ratingsOperationValidator,
    schema: ratingsOperationSchema,
    inputs: operationsOf('ratings', rating, { movie_id: 1399, content_type: 'tv', season_number: 1 }),
  },
  { name: 'a hidden title', validator: hiddenItemValidator, schema: hiddenItemSchema, inputs: variantsOf(hidden) },
  {
    name: 'a queued hidden-title change',
    validator: hiddenOperationValidator,
    schema: hiddenOperationSchema,
    inputs: operationsOf('hidden', hidden, { movie_id: 550, content_type: 'movie' }),
  },
  {
    name: 'the queued settings',
    validator: settingsOperationValidator,
    schema: settingsOperationSchema,
    inputs: [
      ...variantsOf({ op: 'upsert', store: 'settings', item: settings, at: AT }),
      ...variantsOf(settings).map((item) => ({ op: 'upsert', store: 'settings', item, at: AT })),
      ...[...variantsOf(settings.accessibilitySettings), ...variantsOf(settings.privacySettings)].flatMap((group) => [
        { op: 'upsert', store: 'settings', item: { ...settings, accessibilitySettings: group }, at: AT },
        { op: 'upsert', store: 'settings', item: { ...settings, privacySettings: group }, at: AT },
      ]),
    ],
  },
];

describe.each(SHAPES)('the validator of $name', ({ validator, schema, inputs }) => {
  it('keeps, fills in and refuses what its zod schema does, field by field', () => {
    expect(inputs.map((input) => disagreement(validator, schema, input)).filter(Boolean)).toEqual([]);
  });

  it('agrees with it on anything at all', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(disagreement(validator, schema, value)).toBeNull();
      }),
    );
  });

  it('agrees with it on entries built of odd values', () => {
    const keys = [
      ...new Set(inputs.flatMap((input) => (input && typeof input === 'object' ? Object.keys(input) : []))),
    ];
    const field = fc.oneof(fc.constantFrom(...ODD_VALUES), fc.anything());
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), field), fc.constantFrom(...inputs), (fields, input) => {
        const value = input && typeof input === 'object' ? { ...input, ...fields } : fields;
        expect(disagreement(validator, schema, value)).toBeNull();
      }),
    );
  });
});

describe('isIsoTimestamp', () => {
  it('accepts what the zod schema does', () => {
    const samples = [
      AT,
      '2024-05-01T12:00:00Z',
      '2024-05-01T12:00:00.1234567Z',
      '2024-05-01T12:00:00+00:00',
      '2024-05-01T12:00:00-05:30',
      '2024-05-01T12:00:00+23:59',
      '2024-05-01T12:00:00+24:00',
      '2024-05-01T12:00:00+0530',
      '2024-05-01T12:00Z',
      '2024-05-01T12:00:00',
      '2024-05-01 12:00:00Z',
      '2024-05-01t12:00:00z',
      '2024-05-01T24:00:00Z',
      '2024-05-01T23:60:00Z',
      '2024-05-01T23:59:60Z',
      '2024-02-29T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2000-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '+012024-05-01T12:00:00.000Z',
      ` ${AT}`,
      `${AT}\n`,
      '',
    ];
    for (const sample of samples) {
      expect(isIsoTimestamp(sample), sample).toBe(isoTimestampSchema.safeParse(sample).success);
    }
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (time) => {
        const iso = new Date(time).toISOString();
        expect(isIsoTimestamp(iso), iso).toBe(isoTimestampSchema.safeParse(iso).success);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(isIsoTimestamp(value)).toBe(isoTimestampSchema.safeParse(value).success);
      }),
    );
  });
});

describe('the settings, read and changed field by field', () => {
  // mergeSettings and applySettingsPatch as they were written over the zod schemas.
  const NESTED = { accessibilitySettings: accessibilitySettingsSchema, privacySettings: privacySettingsSchema };
  const isGroup = (key: string): key is keyof typeof NESTED => Object.hasOwn(NESTED, key);
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  const shapeOf = settingsSchema.shape as Record<string, z.ZodMiniType>;

  function zodMerge(
    shape: Record<string, z.ZodMiniType>,
    base: Record<string, unknown>,
    layer: Record<string, unknown>,
  ) {
    const result = { ...base };
    for (const [key, schema] of Object.entries(shape)) {
      const value = layer[key];
      if (!Object.hasOwn(layer, key) || value === undefined) continue;
      if (isGroup(key)) {
        if (isObject(value)) result[key] = zodMerge(NESTED[key].shape, result[key] as Record<string, unknown>, value);
      } else if (key === 'favoriteGenres' || key === 'customVideoSources' || key === 'droppedSeries') {
        if (Array.isArray(value))
          result[key] = schema.parse(value.filter((entry) => schema.safeParse([entry]).success));
      } else {
        const parsed = schema.safeParse(value);
        if (parsed.success) result[key] = parsed.data;
      }
    }
    return result;
  }

  function zodPatch(current: Settings, patch: Record<string, unknown>) {
    const next: Record<string, unknown> = { ...current };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if (!Object.hasOwn(shapeOf, key)) return { ok: false, field: key };
      const parsed = isGroup(key)
        ? NESTED[key].safeParse(isObject(value) ? { ...current[key], ...value } : value)
        : shapeOf[key]!.safeParse(value);
      if (!parsed.success) {
        const inner = parsed.error.issues[0]?.path.map(String).join('.');
        return { ok: false, field: inner ? `${key}.${inner}` : key };
      }
      next[key] = parsed.data;
    }
    return { ok: true, value: next };
  }

  const patchOutcome = (result: ReturnType<typeof applySettingsPatch>) =>
    result.ok ? { ok: true, value: result.value } : { ok: false, field: result.error.field };

  const layers = [
    ...variantsOf(settings),
    ...variantsOf(settings.accessibilitySettings).map((group) => ({ accessibilitySettings: group })),
    ...variantsOf(settings.privacySettings).map((group) => ({ privacySettings: group })),
  ] as Record<string, unknown>[];

  it('merges each field of a stored value as before', () => {
    const defaults = settingsSchema.parse({});
    const differing = layers.filter((layer) => {
      const merged = mergeSettings(layer);
      const expected = zodMerge(shapeOf, defaults, layer);
      return show(merged) !== show(expected);
    });
    expect(differing).toEqual([]);
    expect(DEFAULT_SETTINGS).toStrictEqual(defaults);
  });

  it('takes or refuses each change as before, naming the same field', () => {
    const groups = [...variantsOf(settings.accessibilitySettings), ...variantsOf(settings.privacySettings)];
    const patches = [
      ...[...Object.keys(settings), 'unknown_field'].flatMap((key) => ODD_VALUES.map((value) => ({ [key]: value }))),
      ...groups.flatMap((group) => [{ accessibilitySettings: group }, { privacySettings: group }]),
    ];
    const differing = patches.filter(
      (patch) => show(patchOutcome(applySettingsPatch(settings, patch as never))) !== show(zodPatch(settings, patch)),
    );
    expect(differing).toEqual([]);
  });
});

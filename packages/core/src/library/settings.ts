import * as z from 'zod/mini';
import { RATING_FILTERS } from '../catalogue/certification.ts';
import { FAVORITE_GENRE_CHOICES } from '../catalogue/genres.ts';
import { fail, isoTimestampSchema, isPlainObject, MAX_STORED_INTEGER, succeed, type LibraryResult } from './common.ts';

/** Ranges of the numeric settings (product.md §3 defaults table, §9). */
export const SETTINGS_LIMITS = {
  gridColumns: { min: 4, max: 8, step: 1 },
  continueWatchingLimit: { min: 4, max: 12, step: 2 },
  /** Marquee's choice: the spec gives only the default, 16 px. */
  accessibilityFontSize: { min: 12, max: 24, step: 1 },
} as const;

export const POSTER_QUALITIES = ['auto', 'high', 'medium', 'low'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export const DEFAULT_CONTENT_TYPES = ['both', 'movie', 'tv'] as const;
export type PosterQuality = (typeof POSTER_QUALITIES)[number];
export type FontSize = (typeof FONT_SIZES)[number];
export type DefaultContentType = (typeof DEFAULT_CONTENT_TYPES)[number];

function steppedInt({ min, max, step }: { min: number; max: number; step: number }) {
  const message = `must be ${min} to ${max}${step > 1 ? ` in steps of ${step}` : ''}`;
  return z.number().check(
    z.int(message),
    z.gte(min, message),
    z.lte(max, message),
    z.refine((value) => (value - min) % step === 0, message),
  );
}

const droppedSeriesSchema = z.object({
  id: z.number().check(z.int(), z.positive(), z.lte(MAX_STORED_INTEGER)),
  dropped_at: isoTimestampSchema,
});

const FAVORITE_GENRE_IDS = new Set(FAVORITE_GENRE_CHOICES.map((genre) => genre.id));
const favoriteGenreId = z
  .number()
  .check(z.refine((id) => FAVORITE_GENRE_IDS.has(id), 'must be one of the favourite-genre choices'));

// Templates are put into an iframe's src: anything but http(s) (javascript:, data:) is refused so
// that an imported settings file cannot smuggle script in. Empty means "not filled in yet".
const urlTemplate = z
  .string()
  .check(
    z.refine((url) => url.trim() === '' || /^https?:\/\//i.test(url.trim()), 'must start with http:// or https://'),
  );

/**
 * A user-defined video source (product.md §2 Settings, player.md). Templates use the placeholders
 * {movieID}, {seriesId}, {season} and {episode}. A source being edited may still be incomplete;
 * {@link isUsableCustomSource} tells whether it can be offered.
 */
export const customVideoSourceSchema = z.object({
  name: z._default(z.string(), ''),
  movieUrl: z._default(urlTemplate, ''),
  tvUrl: z._default(urlTemplate, ''),
  recommended: z._default(z.boolean(), false),
});
export type CustomVideoSource = z.output<typeof customVideoSourceSchema>;

/** A custom source is kept only with a name and at least one URL template (product.md §5). */
export function isUsableCustomSource(source: CustomVideoSource): boolean {
  return source.name.trim() !== '' && (source.movieUrl.trim() !== '' || source.tvUrl.trim() !== '');
}

export const accessibilitySettingsSchema = z.object({
  highContrast: z._default(z.boolean(), false),
  reducedMotion: z._default(z.boolean(), false),
  fontSize: z._default(steppedInt(SETTINGS_LIMITS.accessibilityFontSize), 16),
  screenReader: z._default(z.boolean(), false),
});

export const privacySettingsSchema = z.object({
  shareWatchHistory: z._default(z.boolean(), false),
  shareRatings: z._default(z.boolean(), false),
  allowRecommendations: z._default(z.boolean(), true),
  dataCollection: z._default(z.boolean(), true),
});

/**
 * Every setting with its default (product.md §3 "Settings" table). A missing field takes its
 * default; an invalid one fails the parse — use {@link mergeSettings} for data that must be read
 * whatever it holds (storage, imported files).
 */
export const settingsSchema = z.object({
  autoSaveHistory: z._default(z.boolean(), true),
  autoSaveWatchLater: z._default(z.boolean(), true),
  gridColumns: z._default(steppedInt(SETTINGS_LIMITS.gridColumns), 6),
  posterQuality: z._default(z.enum(POSTER_QUALITIES), 'auto'),
  autoplayTrailers: z._default(z.boolean(), true),
  enableAnimations: z._default(z.boolean(), true),
  /** Index into the source list. */
  defaultVideoSource: z._default(z.number().check(z.int(), z.gte(0)), 0),
  contentRatingFilter: z._default(z.enum(RATING_FILTERS), 'all'),
  favoriteGenres: z._default(
    z.pipe(
      z.array(favoriteGenreId),
      z.transform((ids: number[]) => [...new Set(ids)]),
    ),
    () => [],
  ),
  customVideoSources: z._default(z.array(customVideoSourceSchema), () => []),
  /**
   * Series the viewer dropped from Up Next and the progress list, and when (library/progress.ts):
   * one comes back once watched after its drop. Kept here so that it syncs with the settings.
   */
  droppedSeries: z._default(z.array(droppedSeriesSchema), () => []),
  enableAnalytics: z._default(z.boolean(), true),
  enablePersonalizedRecs: z._default(z.boolean(), true),
  saveSearchHistory: z._default(z.boolean(), true),
  defaultContentType: z._default(z.enum(DEFAULT_CONTENT_TYPES), 'both'),
  showContinueWatching: z._default(z.boolean(), true),
  continueWatchingLimit: z._default(steppedInt(SETTINGS_LIMITS.continueWatchingLimit), 8),
  enableHistoryTracking: z._default(z.boolean(), true),
  highContrastMode: z._default(z.boolean(), false),
  reducedMotion: z._default(z.boolean(), false),
  fontSize: z._default(z.enum(FONT_SIZES), 'medium'),
  enableBetaFeatures: z._default(z.boolean(), false),
  showDebugInfo: z._default(z.boolean(), false),
  darkMode: z._default(z.boolean(), true),
  language: z._default(z.string().check(z.regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must be a language code')), 'en'),
  region: z._default(z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code')), 'US'),
  autoPlay: z._default(z.boolean(), false),
  notifications: z._default(z.boolean(), true),
  contentRating: z._default(z.enum(RATING_FILTERS), 'all'),
  /**
   * Marquee's addition (DESIGN.md "Hide watched, not interested"): titles the viewer watched stay
   * out of Browse, genre rows, Top Ranked, More Like This and the mood recommender.
   */
  hideWatched: z._default(z.boolean(), false),
  accessibilitySettings: z.prefault(accessibilitySettingsSchema, {}),
  privacySettings: z.prefault(privacySettingsSchema, {}),
});
export type Settings = z.output<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export type AccessibilitySettings = Settings['accessibilitySettings'];
export type PrivacySettings = Settings['privacySettings'];

/** A change to some settings; the two nested groups may be changed partly. */
export type SettingsPatch = Partial<Omit<Settings, 'accessibilitySettings' | 'privacySettings'>> & {
  accessibilitySettings?: Partial<AccessibilitySettings>;
  privacySettings?: Partial<PrivacySettings>;
};

const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[];
const NESTED = {
  accessibilitySettings: accessibilitySettingsSchema,
  privacySettings: privacySettingsSchema,
} as const;

function isNestedKey(key: string): key is keyof typeof NESTED {
  return Object.hasOwn(NESTED, key);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const field of Object.values(value)) deepFreeze(field);
    Object.freeze(value);
  }
  return value;
}

/** The defaults of product.md §3, frozen; {@link mergeSettings} with no layers gives a fresh copy. */
export const DEFAULT_SETTINGS: Readonly<Settings> = deepFreeze(settingsSchema.parse({}));

/** Keeps the valid fields of `layer` over `base`, one by one. */
function mergeFields(
  shape: Record<string, z.ZodMiniType>,
  base: Record<string, unknown>,
  layer: Record<string, unknown>,
): Record<string, unknown> {
  const result = { ...base };
  for (const [key, schema] of Object.entries(shape)) {
    const value = layer[key];
    if (!Object.hasOwn(layer, key) || value === undefined) continue;
    if (isNestedKey(key)) {
      if (isPlainObject(value)) {
        result[key] = mergeFields(NESTED[key].shape, result[key] as Record<string, unknown>, value);
      }
    } else if (key === 'favoriteGenres' || key === 'customVideoSources' || key === 'droppedSeries') {
      // One bad entry (a retired genre, a half-typed source) should not cost the user the others.
      if (Array.isArray(value)) result[key] = validEntries(settingsSchema.shape[key], value);
    } else {
      const parsed = schema.safeParse(value);
      if (parsed.success) result[key] = parsed.data;
    }
  }
  return result;
}

function validEntries(schema: z.ZodMiniType, values: unknown[]): unknown {
  const kept = values.filter((value) => schema.safeParse([value]).success);
  return schema.parse(kept);
}

/**
 * Settings from layers applied in order over the defaults: `mergeSettings(stored)` when reading
 * local storage, `mergeSettings(server, local)` when local wins on login (product.md §4), and the
 * import rule "merges a JSON file over the defaults". Each field of a layer is taken only if
 * valid, so an out-of-range gridColumns falls back to the value below it instead of breaking the
 * app; unknown fields and non-object layers are ignored. Never throws.
 */
export function mergeSettings(...layers: unknown[]): Settings {
  let result: Record<string, unknown> = settingsSchema.parse({});
  for (const layer of layers) {
    if (isPlainObject(layer)) result = mergeFields(settingsSchema.shape, result, layer);
  }
  return result as Settings;
}

/**
 * Applies a change made in the settings screen. Unlike {@link mergeSettings} nothing is silently
 * dropped: an unknown or invalid field refuses the whole change with "Failed to update setting."
 * (product.md §8), naming the field.
 */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): LibraryResult<Settings> {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (!Object.hasOwn(settingsSchema.shape, key)) return fail('invalid_setting', 'Failed to update setting.', key);
    const parsed = isNestedKey(key)
      ? NESTED[key].safeParse(isPlainObject(value) ? { ...current[key], ...value } : value)
      : settingsSchema.shape[key as SettingKey].safeParse(value);
    if (!parsed.success) {
      const inner = parsed.error.issues[0]?.path.map(String).join('.');
      return fail('invalid_setting', 'Failed to update setting.', inner ? `${key}.${inner}` : key);
    }
    next[key] = parsed.data;
  }
  return succeed(next as Settings);
}

/**
 * Reads an imported settings file (product.md §4 "Settings", §5): valid JSON holding an object,
 * merged over the defaults. Marquee's own export file (`{settings, history, watch_later,
 * exported_at}`) is accepted too, its settings imported. A file with none of the known settings
 * is refused rather than silently resetting everything: "Invalid settings file".
 */
export function parseSettingsFile(text: string): LibraryResult<Settings> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail('invalid_file', 'Invalid settings file');
  }
  if (isPlainObject(data) && isPlainObject(data.settings) && typeof data.exported_at === 'string') {
    data = data.settings;
  }
  if (!isPlainObject(data) || !SETTING_KEYS.some((key) => Object.hasOwn(data as object, key))) {
    return fail('invalid_file', 'Invalid settings file');
  }
  return succeed(mergeSettings(data));
}

/** A queued change to the settings: always the whole settings object; settings are never removed. */
export const settingsOperationSchema = z.object({
  op: z.literal('upsert'),
  store: z.literal('settings'),
  item: settingsSchema,
  at: isoTimestampSchema,
});

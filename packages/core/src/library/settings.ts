import type * as z from 'zod/mini';
import { RATING_FILTERS } from '../catalogue/certification.ts';
import { FAVORITE_GENRE_CHOICES } from '../catalogue/genres.ts';
import { fail, isoTimestamp, isPlainObject, MAX_STORED_INTEGER, succeed, type LibraryResult } from './common.ts';
import type { customVideoSourceSchema, settingsSchema } from './settings-schema.ts';
import type { SyncOperationFor } from './sync-ops.ts';
import {
  array,
  boolean,
  integer,
  literal,
  number,
  object,
  oneOf,
  safeParse,
  string,
  validator,
  withDefault,
  type Rule,
  type Shape,
} from './validate.ts';

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

// The settings as settingsSchema (settings-schema.ts) checks them, field by field in its order.

function steppedInt({ min, max, step }: { min: number; max: number; step: number }, fallback: number) {
  const message = `must be ${min} to ${max}${step > 1 ? ` in steps of ${step}` : ''}`;
  return withDefault(
    number((value) => integer(min, max)(value) && (value - min) % step === 0, message),
    fallback,
  );
}

const flag = (fallback: boolean) => withDefault(boolean, fallback);
const choice = <const T extends readonly string[]>(values: T, fallback: T[number]) =>
  withDefault(oneOf(values), fallback);
/** A list that starts empty. */
const list = <T>(rule: Rule<T[]>) => withDefault(rule, () => []);

const FAVORITE_GENRE_IDS = new Set(FAVORITE_GENRE_CHOICES.map((genre) => genre.id));
const favoriteGenreIds = array(
  number((id) => FAVORITE_GENRE_IDS.has(id), 'must be one of the favourite-genre choices'),
);

// Templates are put into an iframe's src: anything but http(s) (javascript:, data:) is refused so
// that an imported settings file cannot smuggle script in. Empty means "not filled in yet".
const urlTemplate = withDefault(
  string((url) => url.trim() === '' || /^https?:\/\//i.test(url.trim()), 'must start with http:// or https://'),
  '',
);

/**
 * A user-defined video source (product.md §2 Settings, player.md). Templates use the placeholders
 * {movieID}, {seriesId}, {season} and {episode}. A source being edited may still be incomplete;
 * {@link isUsableCustomSource} tells whether it can be offered.
 */
const customVideoSource = object<CustomVideoSource>({
  name: withDefault(string(), ''),
  movieUrl: urlTemplate,
  tvUrl: urlTemplate,
  recommended: flag(false),
});
export type CustomVideoSource = z.output<typeof customVideoSourceSchema>;

/** A custom source is kept only with a name and at least one URL template (product.md §5). */
export function isUsableCustomSource(source: CustomVideoSource): boolean {
  return source.name.trim() !== '' && (source.movieUrl.trim() !== '' || source.tvUrl.trim() !== '');
}

const droppedSeries = object({
  id: number(integer(1, MAX_STORED_INTEGER)),
  dropped_at: isoTimestamp,
});

/** The groups of settings that a change or a stored value may give in part. */
const NESTED = {
  accessibilitySettings: {
    highContrast: flag(false),
    reducedMotion: flag(false),
    fontSize: steppedInt(SETTINGS_LIMITS.accessibilityFontSize, 16),
    screenReader: flag(false),
  },
  privacySettings: {
    shareWatchHistory: flag(false),
    shareRatings: flag(false),
    allowRecommendations: flag(true),
    dataCollection: flag(true),
  },
} satisfies Record<string, Shape>;
const accessibilitySettings = object<AccessibilitySettings>(NESTED.accessibilitySettings);
const privacySettings = object<PrivacySettings>(NESTED.privacySettings);

/**
 * Every setting with its default (product.md §3 "Settings" table). A missing field takes its
 * default; an invalid one fails the whole — use {@link mergeSettings} for data that must be read
 * whatever it holds (storage, imported files).
 */
const SETTINGS_SHAPE: Shape = {
  autoSaveHistory: flag(true),
  autoSaveWatchLater: flag(true),
  gridColumns: steppedInt(SETTINGS_LIMITS.gridColumns, 6),
  posterQuality: choice(POSTER_QUALITIES, 'auto'),
  autoplayTrailers: flag(true),
  enableAnimations: flag(true),
  /** Index into the source list. */
  defaultVideoSource: withDefault(number(integer(0)), 0),
  contentRatingFilter: choice(RATING_FILTERS, 'all'),
  favoriteGenres: list((value) => [...new Set(favoriteGenreIds(value))]),
  customVideoSources: list(array(customVideoSource)),
  /**
   * Series the viewer dropped from Up Next and the progress list, and when (library/progress.ts):
   * one comes back once watched after its drop. Kept here so that it syncs with the settings.
   */
  droppedSeries: list(array(droppedSeries)),
  enableAnalytics: flag(true),
  enablePersonalizedRecs: flag(true),
  saveSearchHistory: flag(true),
  defaultContentType: choice(DEFAULT_CONTENT_TYPES, 'both'),
  showContinueWatching: flag(true),
  continueWatchingLimit: steppedInt(SETTINGS_LIMITS.continueWatchingLimit, 8),
  enableHistoryTracking: flag(true),
  highContrastMode: flag(false),
  reducedMotion: flag(false),
  fontSize: choice(FONT_SIZES, 'medium'),
  enableBetaFeatures: flag(false),
  showDebugInfo: flag(false),
  darkMode: flag(true),
  language: withDefault(
    string((code) => /^[a-z]{2,3}(-[A-Z]{2})?$/.test(code), 'must be a language code'),
    'en',
  ),
  region: withDefault(
    string((code) => /^[A-Z]{2}$/.test(code), 'must be a two-letter country code'),
    'US',
  ),
  autoPlay: flag(false),
  notifications: flag(true),
  contentRating: choice(RATING_FILTERS, 'all'),
  /**
   * Marquee's addition (DESIGN.md "Hide watched, not interested"): titles the viewer watched stay
   * out of Browse, genre rows, Top Ranked, More Like This and the mood recommender.
   */
  hideWatched: flag(false),
  // zod's prefault: a missing group is read as an empty one, which takes the defaults.
  accessibilitySettings: (value) => accessibilitySettings(value === undefined ? {} : value),
  privacySettings: (value) => privacySettings(value === undefined ? {} : value),
};
const settings = object<Settings>(SETTINGS_SHAPE);
export type Settings = z.output<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export type AccessibilitySettings = Settings['accessibilitySettings'];
export type PrivacySettings = Settings['privacySettings'];

/** A change to some settings; the two nested groups may be changed partly. */
export type SettingsPatch = Partial<Omit<Settings, 'accessibilitySettings' | 'privacySettings'>> & {
  accessibilitySettings?: Partial<AccessibilitySettings>;
  privacySettings?: Partial<PrivacySettings>;
};

const SETTING_KEYS = Object.keys(SETTINGS_SHAPE) as SettingKey[];
const NESTED_GROUP: Record<keyof typeof NESTED, Rule<object>> = { accessibilitySettings, privacySettings };

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
export const DEFAULT_SETTINGS: Readonly<Settings> = deepFreeze(settings({}));

/** Keeps the valid fields of `layer` over `base`, one by one. */
function mergeFields(
  shape: Shape,
  base: Record<string, unknown>,
  layer: Record<string, unknown>,
): Record<string, unknown> {
  const result = { ...base };
  for (const [key, rule] of Object.entries(shape)) {
    const value = layer[key];
    if (!Object.hasOwn(layer, key) || value === undefined) continue;
    if (isNestedKey(key)) {
      if (isPlainObject(value)) {
        result[key] = mergeFields(NESTED[key], result[key] as Record<string, unknown>, value);
      }
    } else if (key === 'favoriteGenres' || key === 'customVideoSources' || key === 'droppedSeries') {
      // One bad entry (a retired genre, a half-typed source) should not cost the user the others.
      if (Array.isArray(value)) result[key] = rule(value.filter((entry) => safeParse(rule, [entry]).success));
    } else {
      const parsed = safeParse(rule, value);
      if (parsed.success) result[key] = parsed.data;
    }
  }
  return result;
}

/**
 * Settings from layers applied in order over the defaults: `mergeSettings(stored)` when reading
 * local storage, `mergeSettings(server, local)` when local wins on login (product.md §4), and the
 * import rule "merges a JSON file over the defaults". Each field of a layer is taken only if
 * valid, so an out-of-range gridColumns falls back to the value below it instead of breaking the
 * app; unknown fields and non-object layers are ignored. Never throws.
 */
export function mergeSettings(...layers: unknown[]): Settings {
  let result: Record<string, unknown> = settings({});
  for (const layer of layers) {
    if (isPlainObject(layer)) result = mergeFields(SETTINGS_SHAPE, result, layer);
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
    if (!Object.hasOwn(SETTINGS_SHAPE, key)) return fail('invalid_setting', 'Failed to update setting.', key);
    const parsed = isNestedKey(key)
      ? safeParse(NESTED_GROUP[key], isPlainObject(value) ? { ...current[key], ...value } : value)
      : safeParse(SETTINGS_SHAPE[key]!, value);
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
export const settingsOperationValidator = validator<SyncOperationFor<'settings'>>(
  object({ op: literal('upsert'), store: literal('settings'), item: settings, at: isoTimestamp }),
);

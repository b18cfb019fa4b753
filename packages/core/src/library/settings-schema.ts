import * as z from 'zod/mini';
import { RATING_FILTERS } from '../catalogue/certification.ts';
import { FAVORITE_GENRE_CHOICES } from '../catalogue/genres.ts';
import { MAX_STORED_INTEGER } from './common.ts';
import { isoTimestampSchema } from './common-schema.ts';
import { DEFAULT_CONTENT_TYPES, FONT_SIZES, POSTER_QUALITIES, SETTINGS_LIMITS } from './settings.ts';

// The server's zod schemas of the settings and their sync operation; the browser checks the same
// with settings.ts's validators, which validators.test.ts holds to these.

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
/** A queued change to the settings: always the whole settings object; settings are never removed. */
export const settingsOperationSchema = z.object({
  op: z.literal('upsert'),
  store: z.literal('settings'),
  item: settingsSchema,
  at: isoTimestampSchema,
});

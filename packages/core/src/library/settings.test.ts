import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAVORITE_GENRE_CHOICES } from '../catalogue/genres.ts';
import {
  applySettingsPatch,
  DEFAULT_SETTINGS,
  isUsableCustomSource,
  mergeSettings,
  parseSettingsFile,
  SETTINGS_LIMITS,
  type Settings,
} from './settings.ts';
import { customVideoSourceSchema, settingsSchema } from './settings-schema.ts';

describe('DEFAULT_SETTINGS (product.md §3)', () => {
  it('holds every setting of the defaults table', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      autoSaveHistory: true,
      autoSaveWatchLater: true,
      gridColumns: 6,
      posterQuality: 'auto',
      autoplayTrailers: true,
      enableAnimations: true,
      defaultVideoSource: 0,
      contentRatingFilter: 'all',
      favoriteGenres: [],
      customVideoSources: [],
      droppedSeries: [],
      enableAnalytics: true,
      enablePersonalizedRecs: true,
      saveSearchHistory: true,
      defaultContentType: 'both',
      showContinueWatching: true,
      continueWatchingLimit: 8,
      enableHistoryTracking: true,
      highContrastMode: false,
      reducedMotion: false,
      fontSize: 'medium',
      enableBetaFeatures: false,
      showDebugInfo: false,
      darkMode: true,
      language: 'en',
      region: 'US',
      autoPlay: false,
      notifications: true,
      contentRating: 'all',
      hideWatched: false,
      accessibilitySettings: { highContrast: false, reducedMotion: false, fontSize: 16, screenReader: false },
      privacySettings: {
        shareWatchHistory: false,
        shareRatings: false,
        allowRecommendations: true,
        dataCollection: true,
      },
    });
  });

  it('cannot be changed by accident, and merging gives a fresh copy', () => {
    expect(Object.isFrozen(DEFAULT_SETTINGS.favoriteGenres)).toBe(true);
    const settings = mergeSettings();
    settings.favoriteGenres.push(28);
    expect(DEFAULT_SETTINGS.favoriteGenres).toEqual([]);
  });
});

describe('ranges', () => {
  const accepts = (patch: Partial<Settings>) => settingsSchema.safeParse(patch).success;

  it('grid columns 4 to 8', () => {
    expect([3, 4, 8, 9, 6.5].map((gridColumns) => accepts({ gridColumns }))).toEqual([false, true, true, false, false]);
  });

  it('continue-watching limit 4 to 12 in steps of 2', () => {
    expect([2, 4, 5, 8, 12, 14].map((continueWatchingLimit) => accepts({ continueWatchingLimit }))).toEqual([
      false,
      true,
      false,
      true,
      true,
      false,
    ]);
    expect(SETTINGS_LIMITS.continueWatchingLimit).toEqual({ min: 4, max: 12, step: 2 });
  });

  it('choices of the enumerated settings', () => {
    expect(
      accepts({ posterQuality: 'low', contentRatingFilter: 'pg13', fontSize: 'large', defaultContentType: 'tv' }),
    ).toBe(true);
    expect(accepts({ posterQuality: 'ultra' as never })).toBe(false);
    expect(accepts({ contentRatingFilter: 'nc17' as never })).toBe(false);
    expect(accepts({ defaultContentType: 'all' as never })).toBe(false);
  });

  it('favourite genres among the 12 choices', () => {
    expect(accepts({ favoriteGenres: FAVORITE_GENRE_CHOICES.map((genre) => genre.id) })).toBe(true);
    expect(accepts({ favoriteGenres: [10765] })).toBe(false);
  });
});

describe('custom video sources (product.md §5)', () => {
  const source = (overrides: object) => customVideoSourceSchema.parse({ name: 'Mine', ...overrides });

  it('is usable with a name and at least one URL template', () => {
    expect(isUsableCustomSource(source({ movieUrl: 'https://v.example/{movieID}' }))).toBe(true);
    expect(isUsableCustomSource(source({ tvUrl: 'https://v.example/{seriesId}/{season}/{episode}' }))).toBe(true);
    expect(isUsableCustomSource(source({}))).toBe(false);
    expect(isUsableCustomSource(source({ name: '  ', movieUrl: 'https://v.example' }))).toBe(false);
  });

  it('refuses templates that are not http(s)', () => {
    expect(customVideoSourceSchema.safeParse({ name: 'x', movieUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});

const knownKeysWithAnyValues = fc.dictionary(
  fc.constantFrom(...Object.keys(DEFAULT_SETTINGS)),
  fc.oneof(fc.anything(), fc.integer(), fc.array(fc.integer()), fc.dictionary(fc.string(), fc.anything())),
);

describe('mergeSettings', () => {
  it('applies layers in order over the defaults', () => {
    const settings = mergeSettings({ gridColumns: 5, darkMode: false }, { gridColumns: 7 });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, gridColumns: 7, darkMode: false });
  });

  it('drops invalid values field by field', () => {
    const settings = mergeSettings(
      { gridColumns: 5, fontSize: 'large' },
      {
        gridColumns: 99,
        fontSize: 3,
        posterQuality: 'high',
        favoriteGenres: [28, 'x', 10765, 28, 35],
        customVideoSources: [{ name: 'ok', movieUrl: 'https://a.example/{movieID}' }, { name: 5 }, 'junk'],
        accessibilitySettings: { fontSize: 400, screenReader: true },
        privacySettings: 'off',
        unknown: true,
      },
    );
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      gridColumns: 5,
      fontSize: 'large',
      posterQuality: 'high',
      favoriteGenres: [28, 35],
      customVideoSources: [{ name: 'ok', movieUrl: 'https://a.example/{movieID}', tvUrl: '', recommended: false }],
      accessibilitySettings: { ...DEFAULT_SETTINGS.accessibilitySettings, screenReader: true },
    });
  });

  it.each([null, '{', [1, 2], 42])('ignores a layer that is not an object (%o)', (layer) => {
    expect(mergeSettings(layer)).toEqual(DEFAULT_SETTINGS);
  });

  it('always gives valid settings, whatever the layers hold', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.anything(), knownKeysWithAnyValues)), (layers) => {
        const settings = mergeSettings(...layers);
        expect(settingsSchema.parse(settings)).toEqual(settings);
      }),
    );
  });
});

describe('applySettingsPatch', () => {
  it('applies a valid change, nested groups partly', () => {
    const result = applySettingsPatch(mergeSettings(), { gridColumns: 8, accessibilitySettings: { fontSize: 20 } });
    expect(result).toEqual({
      ok: true,
      value: {
        ...DEFAULT_SETTINGS,
        gridColumns: 8,
        accessibilitySettings: { ...DEFAULT_SETTINGS.accessibilitySettings, fontSize: 20 },
      },
    });
  });

  it('refuses an invalid or unknown field with "Failed to update setting."', () => {
    const current = mergeSettings();
    expect(applySettingsPatch(current, { gridColumns: 12 })).toEqual({
      ok: false,
      error: { code: 'invalid_setting', message: 'Failed to update setting.', field: 'gridColumns' },
    });
    expect(applySettingsPatch(current, { privacySettings: { dataCollection: 'yes' as never } })).toMatchObject({
      ok: false,
      error: { field: 'privacySettings.dataCollection' },
    });
    expect(applySettingsPatch(current, { colour: 'red' } as never)).toMatchObject({
      ok: false,
      error: { field: 'colour' },
    });
  });
});

describe('parseSettingsFile (product.md §4, §5)', () => {
  it('merges a settings file over the defaults', () => {
    expect(parseSettingsFile('{"gridColumns": 4, "region": "FR", "continueWatchingLimit": 7}')).toEqual({
      ok: true,
      value: { ...DEFAULT_SETTINGS, gridColumns: 4, region: 'FR' },
    });
  });

  it("reads the settings of Marquee's own export file", () => {
    const exported = JSON.stringify({ settings: { darkMode: false }, history: [], watch_later: [], exported_at: 'x' });
    expect(parseSettingsFile(exported)).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, darkMode: false } });
  });

  it.each(['{', '', '[1,2]', '"text"', 'null', '{"favourite": 1}'])(
    'refuses %o with "Invalid settings file"',
    (text) => {
      expect(parseSettingsFile(text)).toEqual({
        ok: false,
        error: { code: 'invalid_file', message: 'Invalid settings file' },
      });
    },
  );
});

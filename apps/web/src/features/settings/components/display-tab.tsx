import { FONT_SIZES, POSTER_QUALITIES, SETTINGS_LIMITS, type FontSize } from '@marquee/core';
import { cn } from '@/lib/cn.ts';
import { useSettings } from '@/lib/local-store/hooks.ts';
import { FONT_SIZE_LABELS, FONT_SIZE_PX, POSTER_QUALITY_LABELS } from '../settings-rules.ts';
import { useAnnounceSettingSaved, useSettingsChange } from '../use-settings-change.ts';
import { SelectRow, SettingsSection, SliderRow, ToggleRow } from './settings-controls.tsx';

/** A miniature of one row of the poster grid at the chosen number of columns. */
function GridPreview({ columns }: { columns: number }) {
  return (
    <div
      className="grid max-w-sm gap-1.5 rounded-xl border border-white/5 bg-ink-950/60 p-2"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      aria-hidden
    >
      {Array.from({ length: columns }, (_, index) => (
        <span
          key={index}
          className={cn(
            'aspect-[2/3] rounded-[3px] bg-gradient-to-br from-ink-600 to-ink-800 transition-all',
            index === 1 && 'from-gold-500/50',
          )}
        />
      ))}
    </div>
  );
}

/** The font size is one setting in two places (Display and Accessibility); the px one follows it. */
export function FontSizeSelect({ description }: { description?: string }) {
  const { settings } = useSettings();
  const change = useSettingsChange();
  return (
    <SelectRow<FontSize>
      label="Font size"
      description={description}
      value={settings.fontSize}
      options={FONT_SIZES.map((size) => ({
        value: size,
        label: `${FONT_SIZE_LABELS[size]} (${FONT_SIZE_PX[size]} px)`,
      }))}
      onChange={(fontSize) => change({ fontSize, accessibilitySettings: { fontSize: FONT_SIZE_PX[fontSize] } })}
    />
  );
}

/** Display & UI: layout, appearance, the home page and extras. */
export function DisplayTab() {
  const { settings } = useSettings();
  const change = useSettingsChange();
  const announceSettingSaved = useAnnounceSettingSaved();
  const grid = SETTINGS_LIMITS.gridColumns;
  const limit = SETTINGS_LIMITS.continueWatchingLimit;

  return (
    <div className="space-y-6">
      <SettingsSection title="Layout" description="How titles are laid out across the app.">
        <SliderRow
          label="Grid columns"
          description="Posters per row on wide screens (1280 px and up)."
          value={settings.gridColumns}
          min={grid.min}
          max={grid.max}
          step={grid.step}
          unit="columns"
          onChange={(gridColumns) => change({ gridColumns }, { announce: false })}
          onCommit={announceSettingSaved}
        >
          <GridPreview columns={settings.gridColumns} />
        </SliderRow>
        <SelectRow
          label="Poster quality"
          description="Sharper posters load more data."
          value={settings.posterQuality}
          options={POSTER_QUALITIES.map((quality) => ({ value: quality, label: POSTER_QUALITY_LABELS[quality] }))}
          onChange={(posterQuality) => change({ posterQuality })}
        />
        <FontSizeSelect description="The size of all text in Marquee." />
      </SettingsSection>

      <SettingsSection title="Appearance">
        <ToggleRow
          label="Dark mode"
          description="Marquee is made for the dark. Off, it switches to a softer, dimmed theme."
          checked={settings.darkMode}
          onCheckedChange={(darkMode) => change({ darkMode })}
        />
        <ToggleRow
          label="Enable animations"
          description="Hover lifts, fades and sliding carousels."
          checked={settings.enableAnimations}
          onCheckedChange={(enableAnimations) => change({ enableAnimations })}
        />
      </SettingsSection>

      <SettingsSection title="Home page">
        <ToggleRow
          label="Show Continue Watching"
          description="A row of what you watched last, at the top of the home page."
          checked={settings.showContinueWatching}
          onCheckedChange={(showContinueWatching) => change({ showContinueWatching })}
        />
        <SliderRow
          label="Continue Watching limit"
          description="How many titles the row shows."
          value={settings.continueWatchingLimit}
          min={limit.min}
          max={limit.max}
          step={limit.step}
          unit="titles"
          onChange={(continueWatchingLimit) => change({ continueWatchingLimit }, { announce: false })}
          onCommit={announceSettingSaved}
        />
      </SettingsSection>

      <SettingsSection title="Playback and extras">
        <ToggleRow
          label="Autoplay trailers"
          description="Start a title's trailer by itself when it is the chosen source."
          checked={settings.autoplayTrailers}
          onCheckedChange={(autoplayTrailers) => change({ autoplayTrailers })}
        />
        <ToggleRow
          label="Show debug info"
          description="Technical details for troubleshooting, under Data Management."
          checked={settings.showDebugInfo}
          onCheckedChange={(showDebugInfo) => change({ showDebugInfo })}
        />
        <ToggleRow
          label="Beta features"
          description="Try features before they are finished."
          checked={settings.enableBetaFeatures}
          onCheckedChange={(enableBetaFeatures) => change({ enableBetaFeatures })}
        />
      </SettingsSection>
    </div>
  );
}

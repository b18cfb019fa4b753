import { Check } from 'lucide-react';
import { DEFAULT_CONTENT_TYPES, FAVORITE_GENRE_CHOICES, RATING_FILTERS } from '@marquee/core';
import { cn } from '@/lib/cn.ts';
import { useSettings } from '@/lib/local-store/hooks.ts';
import {
  CONTENT_TYPE_LABELS,
  LANGUAGES,
  RATING_FILTER_LABELS,
  REGIONS,
  shownDefaultSource,
  videoSourceChoices,
  withCurrent,
} from '../settings-rules.ts';
import { useSettingsChange } from '../use-settings-change.ts';
import { CustomSourcesEditor } from './custom-sources-editor.tsx';
import { HiddenTitles } from './hidden-titles.tsx';
import { SelectRow, SettingsSection, ToggleRow } from './settings-controls.tsx';

/** The 12 favourite-genre choices (product.md §3) as toggle chips. */
function FavoriteGenres() {
  const { settings } = useSettings();
  const change = useSettingsChange();
  const chosen = new Set(settings.favoriteGenres);

  function toggle(id: number) {
    const next = chosen.has(id)
      ? settings.favoriteGenres.filter((genre) => genre !== id)
      : [...settings.favoriteGenres, id];
    change({ favoriteGenres: next });
  }

  return (
    <SettingsSection
      title="Favourite genres"
      description="They come first when you browse without a genre filter, and shape the home page."
      actions={
        <span className="rounded-full bg-white/5 px-2.5 py-1 text-xs font-medium text-fg-muted tabular-nums">
          {chosen.size} of {FAVORITE_GENRE_CHOICES.length} chosen
        </span>
      }
    >
      <div role="group" aria-label="Favourite genres" className="flex flex-wrap gap-2 pt-1 pb-1">
        {FAVORITE_GENRE_CHOICES.map((genre) => {
          const isOn = chosen.has(genre.id);
          return (
            <div key={genre.id}>
              <button
                type="button"
                aria-pressed={isOn}
                onClick={() => toggle(genre.id)}
                className={cn(
                  'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors',
                  isOn
                    ? 'border-gold-400/70 bg-gold-400 text-ink-950 hover:bg-gold-300'
                    : 'border-white/10 bg-white/[0.03] text-fg-muted hover:border-white/25 hover:text-fg hc:border-white/60',
                )}
              >
                {isOn ? <Check className="size-3.5" aria-hidden /> : null}
                {genre.name}
              </button>
            </div>
          );
        })}
      </div>
    </SettingsSection>
  );
}

/** Content: favourite genres, what to show, and how to watch it. */
export function ContentTab() {
  const { settings } = useSettings();
  const change = useSettingsChange();
  const sources = videoSourceChoices(settings.customVideoSources);

  return (
    <div className="space-y-6">
      <FavoriteGenres />

      <SettingsSection title="Discovery" description="What Marquee shows you while you browse.">
        <SelectRow
          label="Content rating filter"
          description="Hide titles rated above this."
          value={settings.contentRatingFilter}
          options={RATING_FILTERS.map((rating) => ({ value: rating, label: RATING_FILTER_LABELS[rating] }))}
          // contentRating is the same choice under its older name; both are kept in step.
          onChange={(rating) => change({ contentRatingFilter: rating, contentRating: rating })}
        />
        <SelectRow
          label="Default content type"
          value={settings.defaultContentType}
          options={DEFAULT_CONTENT_TYPES.map((type) => ({ value: type, label: CONTENT_TYPE_LABELS[type] }))}
          onChange={(defaultContentType) => change({ defaultContentType })}
        />
        <SelectRow
          label="Language"
          value={settings.language}
          options={withCurrent(LANGUAGES, settings.language).map(({ code, name }) => ({ value: code, label: name }))}
          onChange={(language) => change({ language })}
        />
        <SelectRow
          label="Region"
          description="Where you watch from, for ratings and availability."
          value={settings.region}
          options={withCurrent(REGIONS, settings.region).map(({ code, name }) => ({ value: code, label: name }))}
          onChange={(region) => change({ region })}
        />
        <ToggleRow
          label="Hide titles I've watched"
          description="Films you finished and series you started stay out of Browse, genre rows, Top Ranked, More Like This and mood picks."
          checked={settings.hideWatched}
          onCheckedChange={(hideWatched) => change({ hideWatched })}
        />
      </SettingsSection>

      <HiddenTitles />

      <SettingsSection title="Video" description="How titles start playing.">
        <SelectRow
          label="Default video source"
          description="Tried first when you press Watch. Library plays videos on this server; Trailer, the official trailer."
          value={shownDefaultSource(settings.defaultVideoSource, sources)}
          options={sources.map((source) => ({
            value: source.index,
            label: source.isCustom ? `${source.name} (custom)` : source.name,
          }))}
          onChange={(defaultVideoSource) => change({ defaultVideoSource })}
        />
        <ToggleRow
          label="Autoplay"
          description="Start playing as soon as the player opens."
          checked={settings.autoPlay}
          onCheckedChange={(autoPlay) => change({ autoPlay })}
        />
      </SettingsSection>

      <CustomSourcesEditor />
    </div>
  );
}

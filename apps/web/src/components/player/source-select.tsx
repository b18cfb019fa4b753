import { useId } from 'react';
import type { VideoSource } from '@/lib/player/sources.ts';

function optionLabel(source: VideoSource): string {
  return source.disabledReason ? `${source.name} — ${source.disabledReason}` : source.name;
}

/**
 * The video source dropdown, grouped 'RECOMMENDED' / 'OTHER SOURCES' (player.md §9). A native
 * select: keyboard, screen readers and phones handle it as they handle every select. A source
 * that cannot play the title is listed disabled with its reason.
 */
export function SourceSelect({
  sources,
  selected,
  onSelect,
}: {
  sources: readonly VideoSource[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const id = useId();
  const groups = [
    {
      label: 'RECOMMENDED',
      entries: sources.map((source, index) => ({ source, index })).filter(({ source }) => source.recommended),
    },
    {
      label: 'OTHER SOURCES',
      entries: sources.map((source, index) => ({ source, index })).filter(({ source }) => !source.recommended),
    },
  ].filter((group) => group.entries.length > 0);
  const unavailable = sources.filter((source) => source.disabledReason);

  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor={id} className="text-sm font-medium text-fg-muted">
        Video source
      </label>
      <select
        id={id}
        value={selected}
        onChange={(event) => onSelect(Number(event.target.value))}
        className="h-10 min-w-0 rounded-lg border border-white/15 bg-ink-850 px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-gold-400 sm:min-w-64"
      >
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.entries.map(({ source, index }) => (
              <option key={source.key} value={index} disabled={source.disabledReason !== null}>
                {optionLabel(source)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {unavailable.length > 0 && (
        <p className="text-xs text-fg-subtle">
          {unavailable.length === sources.length
            ? 'No source can play this yet.'
            : `${unavailable.length} unavailable here`}
        </p>
      )}
    </div>
  );
}

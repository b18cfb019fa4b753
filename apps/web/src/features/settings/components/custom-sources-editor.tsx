import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { CircleAlert, CircleCheck, CircleDashed, Plus, Trash2 } from 'lucide-react';
import { isUsableCustomSource, type CustomVideoSource } from '@marquee/core';
import { Button } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { cn } from '@/lib/cn.ts';
import { useSettings } from '@/lib/local-store/hooks.ts';
import { isInsecureTemplate } from '@/lib/player/sources.ts';
import {
  couldBecomeValidTemplate,
  CUSTOM_SOURCES_ANCHOR,
  emptyCustomSource,
  isValidTemplate,
  remapDefaultSource,
  TEMPLATE_ERROR,
} from '../settings-rules.ts';
import { useAnnounceSettingSaved, useSettingsChange } from '../use-settings-change.ts';
import { SettingsSection } from './settings-controls.tsx';

/** Typing pauses this long before a change is announced (saving happens at once). */
const ANNOUNCE_DELAY_MS = 800;

const INPUT =
  'h-10 w-full rounded-lg border bg-ink-800 px-3 text-sm text-fg placeholder:text-fg-subtle/70 transition-colors focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50 hc:border-white/60';

type TextField = 'name' | 'movieUrl' | 'tvUrl';

/** One text field of a source; an address that is not http(s) stays here, unsaved, with an error. */
function SourceField({
  label,
  field,
  value,
  placeholder,
  hint,
  autoFocus,
  onSave,
  onSettle,
}: {
  label: string;
  field: TextField;
  value: string;
  placeholder: string;
  hint?: string;
  autoFocus?: boolean;
  onSave: (field: TextField, value: string) => void;
  onSettle: () => void;
}) {
  const id = useId();
  // The text typed while it is not a valid address; null while the field shows the saved value.
  const [invalidDraft, setInvalidDraft] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const isUrl = field !== 'name';
  const shown = invalidDraft ?? value;
  const showError = invalidDraft !== null && (touched || !couldBecomeValidTemplate(invalidDraft));

  return (
    <div className={field === 'name' ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-xs font-semibold tracking-wider text-fg-subtle uppercase">
        {label}
      </label>
      <input
        id={id}
        type={isUrl ? 'url' : 'text'}
        inputMode={isUrl ? 'url' : undefined}
        spellCheck={false}
        autoComplete="off"
        autoFocus={autoFocus}
        value={shown}
        placeholder={placeholder}
        aria-invalid={showError || undefined}
        aria-describedby={showError ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          if (!isUrl || isValidTemplate(next)) {
            setInvalidDraft(null);
            onSave(field, next);
          } else {
            setInvalidDraft(next);
          }
        }}
        onBlur={() => {
          setTouched(true);
          onSettle();
        }}
        className={cn(
          INPUT,
          showError ? 'border-ember-500/70 focus:border-ember-400' : 'border-white/10 focus:border-gold-400/60',
        )}
      />
      {showError ? (
        <p id={`${id}-error`} className="mt-1.5 flex items-center gap-1.5 text-xs text-ember-400" role="alert">
          <CircleAlert className="size-3.5 shrink-0" aria-hidden />
          {TEMPLATE_ERROR}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

// Saved all the same (the user may switch the address to https later), but said now: the player
// lists an http:// source as blocked, because the CSP frames only https pages.
const INSECURE_HINT = 'Saved, but the player can only play https:// addresses: this one will show as blocked.';

function Placeholder({ children }: { children: string }) {
  return <code className="rounded bg-ink-700 px-1 py-0.5 font-mono text-[11px] text-gold-200">{children}</code>;
}

/** One custom source: its fields, whether it is ready, Recommended and Remove. */
function SourceCard({
  source,
  position,
  autoFocus,
  onSave,
  onSettle,
  onRecommended,
  onRemove,
}: {
  source: CustomVideoSource;
  position: number;
  autoFocus: boolean;
  onSave: (field: TextField, value: string) => void;
  onSettle: () => void;
  onRecommended: (recommended: boolean) => void;
  onRemove: () => void;
}) {
  const recommendedId = useId();
  const isReady = isUsableCustomSource(source);
  const name = source.name.trim() || `Source ${position}`;

  return (
    <li
      className="rounded-xl border border-white/[0.08] bg-ink-950/40 p-4 sm:p-5 hc:border-white/40"
      aria-label={`Custom source ${position}${source.name.trim() ? `: ${source.name.trim()}` : ''}`}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-fg">{name}</span>
          {isReady ? (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-rating-high/15 px-2 py-0.5 text-xs font-medium text-rating-high">
              <CircleCheck className="size-3.5" aria-hidden />
              Ready
            </span>
          ) : (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white/5 px-2 py-0.5 text-xs font-medium text-fg-subtle">
              <CircleDashed className="size-3.5" aria-hidden />
              Incomplete
            </span>
          )}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          data-remove-source
          aria-label={`Remove ${source.name.trim() || `source ${position}`}`}
          className="text-fg-muted hover:bg-ember-500/10 hover:text-ember-400"
        >
          <Trash2 className="size-4" aria-hidden />
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SourceField
          label="Name"
          field="name"
          value={source.name}
          placeholder="My source"
          autoFocus={autoFocus}
          onSave={onSave}
          onSettle={onSettle}
        />
        <SourceField
          label="Movie URL"
          field="movieUrl"
          value={source.movieUrl}
          hint={isInsecureTemplate(source.movieUrl) ? INSECURE_HINT : undefined}
          placeholder="https://example.com/embed/movie/{movieID}"
          onSave={onSave}
          onSettle={onSettle}
        />
        <SourceField
          label="TV URL"
          field="tvUrl"
          value={source.tvUrl}
          hint={isInsecureTemplate(source.tvUrl) ? INSECURE_HINT : undefined}
          placeholder="https://example.com/embed/tv/{seriesId}/{season}/{episode}"
          onSave={onSave}
          onSettle={onSettle}
        />
      </div>
      <div className="mt-4 flex items-center justify-between gap-4 border-t border-white/[0.06] pt-4">
        <div>
          <label htmlFor={recommendedId} className="block cursor-pointer text-sm font-medium text-fg">
            Recommended
          </label>
          <span className="block text-[13px] text-fg-subtle">Offer it first when sources are suggested.</span>
        </div>
        <Switch id={recommendedId} checked={source.recommended} onCheckedChange={onRecommended} />
      </div>
    </li>
  );
}

/**
 * The custom video sources editor (product.md §2 Settings, player.md §3 "Custom source"): add,
 * fill in, mark recommended and remove, with the toasts of §8. Every valid change is saved at
 * once; "Custom Source Ready" is announced the first time a source has a name and a URL.
 */
export function CustomSourcesEditor() {
  const announceSettingSaved = useAnnounceSettingSaved();
  const { settings } = useSettings();
  const change = useSettingsChange();
  const sources = settings.customVideoSources;
  const latest = useRef(settings);
  latest.current = settings;
  // Which sources were usable when last announced, by position, so "Ready" is said once.
  const announcedUsable = useRef(sources.map(isUsableCustomSource));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [focusLast, setFocusLast] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Where a source was removed with its Remove button focused: the button, and the keyboard focus
  // with it, are gone (the cards are drawn anew); the next source's Remove button, else the last
  // one's, else Add source takes the focus.
  const refocusAt = useRef<number | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (refocusAt.current === null) return;
    const buttons = list.current?.querySelectorAll<HTMLElement>('[data-remove-source]') ?? [];
    (buttons[Math.min(refocusAt.current, buttons.length - 1)] ?? addButton.current)?.focus();
    refocusAt.current = null;
  }, [sources]);

  function save(next: CustomVideoSource[], options: { announce?: boolean; removedAt?: number } = {}) {
    const current = latest.current;
    const defaultVideoSource = remapDefaultSource(
      current.defaultVideoSource,
      current.customVideoSources,
      next,
      options.removedAt,
    );
    return change({ customVideoSources: next, defaultVideoSource }, { announce: options.announce ?? true });
  }

  /** Says what the last edits amounted to: a source that just became usable, or a saved change. */
  function announce() {
    clearTimeout(timer.current);
    timer.current = undefined;
    const now = latest.current.customVideoSources;
    const before = announcedUsable.current;
    const ready = now.find((source, index) => isUsableCustomSource(source) && !before[index]);
    announcedUsable.current = now.map(isUsableCustomSource);
    if (ready) {
      toast.success('Custom Source Ready', {
        description: `${ready.name.trim()} is now available in video source selection.`,
      });
    } else {
      announceSettingSaved();
    }
  }

  function onFieldSave(index: number, field: TextField, value: string) {
    const next = latest.current.customVideoSources.map((source, position) =>
      position === index ? { ...source, [field]: value } : source,
    );
    if (!save(next, { announce: false })) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(announce, ANNOUNCE_DELAY_MS);
  }

  function onSettle() {
    if (timer.current !== undefined) announce();
  }

  function add() {
    const next = [...latest.current.customVideoSources, emptyCustomSource()];
    if (!save(next, { announce: false })) return;
    announcedUsable.current = [...announcedUsable.current, false];
    setFocusLast(true);
    toast.success('Custom Source Added', { description: 'Fill in the details to activate your new video source.' });
  }

  function remove(index: number) {
    if (timer.current !== undefined) announce();
    if (document.activeElement?.matches('[data-remove-source]')) refocusAt.current = index;
    const next = latest.current.customVideoSources.filter((_, position) => position !== index);
    if (!save(next, { announce: false, removedAt: index })) return;
    announcedUsable.current = announcedUsable.current.filter((_, position) => position !== index);
    setFocusLast(false);
    toast('Custom Source Removed');
  }

  function setRecommended(index: number, recommended: boolean) {
    const next = latest.current.customVideoSources.map((source, position) =>
      position === index ? { ...source, recommended } : source,
    );
    save(next);
  }

  return (
    <SettingsSection
      id={CUSTOM_SOURCES_ANCHOR}
      title="Custom video sources"
      description={
        <>
          Add any embed host you use. Templates fill in <Placeholder>{'{movieID}'}</Placeholder> for films, and{' '}
          <Placeholder>{'{seriesId}'}</Placeholder>, <Placeholder>{'{season}'}</Placeholder> and{' '}
          <Placeholder>{'{episode}'}</Placeholder> for series. A source is offered once it has a name and at least one
          URL.
        </>
      }
      actions={
        <Button ref={addButton} variant="secondary" size="sm" onClick={add}>
          <Plus className="size-4" aria-hidden />
          Add source
        </Button>
      }
    >
      {sources.length === 0 ? (
        <p className="rounded-xl border border-dashed border-white/10 px-4 py-6 text-center text-sm text-fg-subtle">
          No custom sources yet. The built-in Library and Trailer sources are always available.
        </p>
      ) : (
        <ul ref={list} className="space-y-4 pt-1" aria-label="Custom sources">
          {sources.map((source, index) => (
            // Keyed by count and place: adding or removing a source re-reads every card from the settings.
            <SourceCard
              key={`${sources.length}-${index}`}
              source={source}
              position={index + 1}
              autoFocus={focusLast && index === sources.length - 1}
              onSave={(field, value) => onFieldSave(index, field, value)}
              onSettle={onSettle}
              onRecommended={(recommended) => setRecommended(index, recommended)}
              onRemove={() => remove(index)}
            />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

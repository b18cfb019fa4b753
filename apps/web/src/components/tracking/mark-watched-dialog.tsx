import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  localDay,
  markWatched,
  pickedDayError,
  type MarkWatchedScope,
  type MarkWatchedTitle,
  type WatchedWhen,
} from '@marquee/core';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { formatDay } from '@/lib/format.ts';
import { episodesFor, recordWatched } from '@/lib/tracking/record-watched.ts';
import { toast } from '@/lib/toast.ts';
import { describeTarget } from './mark-watched-target.ts';

export interface MarkWatchedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: MarkWatchedTitle;
  target: MarkWatchedScope;
  /** A film (or an episode) already watched, watched once more: the mark adds a play. */
  again?: boolean;
  /** Today, for tests; the viewer's clock otherwise. */
  now?: () => Date;
}

type Choice = WatchedWhen['kind'];

/**
 * Marks a film, a series, a season or an episode watched (issue 30 "Mark watched"): now, on the
 * release (air) date, or on a day the viewer picks, never one in the future. A series or a season
 * covers its aired episodes only. Loaded at its first opening (it is not on any first page).
 */
export function MarkWatchedDialog({
  open,
  onOpenChange,
  title,
  target,
  again = false,
  now = () => new Date(),
}: MarkWatchedDialogProps) {
  const queryClient = useQueryClient();
  const dateId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState<Choice>('now');
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const today = localDay(now());
  const what = describeTarget(title, target);
  const release = title.media_type === 'movie' ? title.release_date : null;
  const releaseLabel =
    title.media_type === 'movie'
      ? release
        ? `On its release date (${formatDay(new Date(`${release.slice(0, 10)}T00:00:00Z`), 'short', 'UTC')})`
        : 'On its release date'
      : target.scope === 'episode'
        ? 'On its air date'
        : 'On each episode’s air date';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const when: WatchedWhen = choice === 'picked' ? { kind: 'picked', day } : { kind: choice };
    if (when.kind === 'picked') {
      const problem = pickedDayError(day, now());
      if (problem) {
        setError(problem);
        return;
      }
    }
    setSaving(true);
    setError(null);
    try {
      const episodes = await episodesFor(queryClient, title, target);
      const at = now();
      const result = markWatched({ title, target, episodes, when, now: at });
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      const count = recordWatched(result.value, target, at);
      if (again) toast.success('Watched again', { description: `${what}: a play added to your History.` });
      else
        toast.success('Marked as watched', {
          description:
            count > 1 ? `${what}: ${count} episodes added to your History.` : `${what} added to your History.`,
        });
      onOpenChange(false);
    } catch {
      setError('Could not load the episodes. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={again ? 'Watched again' : 'Mark as watched'}
      description={what}
      size="sm"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-fg">
            {again ? 'When did you watch it again?' : 'When did you watch it?'}
          </legend>
          <div className="space-y-2 text-sm text-fg-muted">
            {(
              [
                ['now', 'Just now'],
                ['release', releaseLabel],
                ['picked', 'On another date'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="watched-when"
                  value={value}
                  checked={choice === value}
                  onChange={() => {
                    setChoice(value);
                    setError(null);
                  }}
                  className="size-4 accent-gold-400"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {choice === 'picked' ? (
          <div className="mt-3">
            <label htmlFor={dateId} className="block text-sm font-medium text-fg">
              Date watched
            </label>
            <input
              id={dateId}
              type="date"
              value={day}
              max={today}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setDay(event.target.value);
                setError(null);
              }}
              className="mt-1 h-10 w-full rounded-lg border border-white/15 bg-ink-800 px-3 text-sm text-fg [color-scheme:dark] focus-visible:border-gold-400/60 focus-visible:ring-2 focus-visible:ring-gold-400/50 focus-visible:outline-hidden"
            />
          </div>
        ) : null}
        <p id={errorId} role="alert" className="mt-3 min-h-5 text-sm text-ember-400">
          {error}
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Marking…' : 'Mark watched'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

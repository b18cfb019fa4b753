import { Check, Plus } from 'lucide-react';
import type { MarkWatchedScope, MarkWatchedTitle } from '@marquee/core';
import { buttonClasses } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { describeTarget } from './mark-watched-target.ts';
import { useMarkWatchedRequest } from './mark-watched-request.tsx';

export interface MarkWatchedButtonProps {
  title: MarkWatchedTitle;
  target: MarkWatchedScope;
  /** Whether what the button covers counts as watched now: the button then marks it unwatched. */
  isWatched: boolean;
  /** The words while not watched (e.g. "Mark season 2 watched"), or of the Watched again button. */
  markLabel?: string;
  /** The words while watched (e.g. "Watched"). */
  watchedLabel?: string;
  /**
   * `toggle` marks, or unmarks once watched; `again` marks something already watched watched once
   * more, which adds a play ("Watched 3 times").
   */
  action?: 'toggle' | 'again';
  className?: string;
}

/**
 * Marks a film, a series, a season or an episode watched (a dialog asks when) or, once watched,
 * unwatched (issue 30 "Mark watched"), with its words (detail pages, the season of an episode list).
 * Unmarking a series or a season, which removes many entries from History, asks first; a film or an
 * episode goes at once. The compact control of cards is MarkWatchedIcon.
 */
export function MarkWatchedButton({
  title,
  target,
  isWatched,
  markLabel = 'Mark watched',
  watchedLabel = 'Watched',
  action = 'toggle',
  className,
}: MarkWatchedButtonProps) {
  const [ask, actions] = useMarkWatchedRequest(title, target);
  const what = describeTarget(title, target);
  if (action === 'again') {
    return (
      <>
        <button
          type="button"
          onClick={() => ask('again')}
          title={`Mark ${what} watched again`}
          className={cn(buttonClasses('outline', 'md'), className)}
        >
          <Plus className="size-4" aria-hidden />
          {markLabel}
        </button>
        {actions}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => ask(isWatched ? 'unmark' : 'mark')}
        aria-pressed={isWatched}
        title={isWatched ? `Mark ${what} unwatched` : `Mark ${what} watched`}
        className={cn(
          buttonClasses(isWatched ? 'secondary' : 'outline', 'md'),
          isWatched && 'bg-rating-high/15 text-rating-high ring-1 ring-rating-high/40 hover:bg-rating-high/25',
          className,
        )}
      >
        <Check className="size-4" aria-hidden />
        {isWatched ? watchedLabel : markLabel}
      </button>
      {actions}
    </>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Check } from 'lucide-react';
import type { MarkWatchedScope, MarkWatchedTitle } from '@marquee/core';
import { buttonClasses } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import type { MarkWatchedRequest } from './mark-watched-actions.tsx';
import { describeTarget } from './mark-watched-target.ts';

const MarkWatchedActions = lazy(() =>
  import('./mark-watched-actions.tsx').then((module) => ({ default: module.MarkWatchedActions })),
);

export interface MarkWatchedButtonProps {
  title: MarkWatchedTitle;
  target: MarkWatchedScope;
  /** Whether what the button covers counts as watched now: the button then marks it unwatched. */
  isWatched: boolean;
  /** `icon`: a compact square (cards, episode rows); `labelled`: a button with its words. */
  variant?: 'icon' | 'labelled';
  /** The icon button's size: 28 px on cards and episode rows, 40 px beside the player's buttons. */
  iconSize?: 'sm' | 'md';
  /** The words of the labelled button while not watched (e.g. "Mark season 2 watched"). */
  markLabel?: string;
  /** The words of the labelled button while watched (e.g. "Watched"). */
  watchedLabel?: string;
  className?: string;
}

/**
 * Marks a film, a series, a season or an episode watched (a dialog asks when) or, once watched,
 * unwatched (issue 30 "Mark watched"). Unmarking a series or a season, which removes many entries
 * from History, asks first; a film or an episode goes at once.
 */
export function MarkWatchedButton({
  title,
  target,
  isWatched,
  variant = 'labelled',
  iconSize = 'sm',
  markLabel = 'Mark watched',
  watchedLabel = 'Watched',
  className,
}: MarkWatchedButtonProps) {
  const [request, setRequest] = useState<MarkWatchedRequest | null>(null);
  const what = describeTarget(title, target);
  const onClick = () => setRequest({ kind: isWatched ? 'unmark' : 'mark', id: (request?.id ?? 0) + 1 });

  const name = isWatched ? `Mark ${what} unwatched` : `Mark ${what} watched`;
  return (
    <>
      {variant === 'icon' ? (
        <button
          type="button"
          onClick={onClick}
          aria-pressed={isWatched}
          aria-label={name}
          title={isWatched ? 'Mark unwatched' : 'Mark watched'}
          className={cn(
            'relative z-10 inline-flex shrink-0 items-center justify-center transition-colors',
            iconSize === 'sm' ? 'size-7 rounded-md' : 'size-10 rounded-lg',
            isWatched
              ? 'bg-rating-high/20 text-rating-high hover:bg-rating-high/30'
              : 'bg-white/5 text-fg-muted hover:bg-white/10 hover:text-fg',
            className,
          )}
        >
          <Check className={iconSize === 'sm' ? 'size-3.5' : 'size-5'} aria-hidden />
        </button>
      ) : (
        <button
          type="button"
          onClick={onClick}
          aria-pressed={isWatched}
          title={name}
          className={cn(
            buttonClasses(isWatched ? 'secondary' : 'outline', 'md'),
            isWatched && 'bg-rating-high/15 text-rating-high ring-1 ring-rating-high/40 hover:bg-rating-high/25',
            className,
          )}
        >
          <Check className="size-4" aria-hidden />
          {isWatched ? watchedLabel : markLabel}
        </button>
      )}
      {request ? (
        <Suspense fallback={null}>
          <MarkWatchedActions request={request} title={title} target={target} />
        </Suspense>
      ) : null}
    </>
  );
}

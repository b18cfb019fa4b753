import { Check, Plus } from 'lucide-react';
import type { MarkWatchedScope, MarkWatchedTitle } from '@marquee/core';
import { cn } from '@/lib/cn.ts';
import { describeTarget } from './mark-watched-target.ts';
import { useMarkWatchedRequest } from './mark-watched-request.tsx';

/**
 * The compact Mark watched of cards, episode rows and the player (issue 30): marks a film, a
 * series or an episode watched (a dialog asks when) or, once watched, unwatched; with `again`,
 * watched once more (a play more: "Watched 2 times").
 */
export function MarkWatchedIcon({
  title,
  target,
  isWatched,
  size = 'sm',
  again = false,
}: {
  title: MarkWatchedTitle;
  target: MarkWatchedScope;
  isWatched: boolean;
  /** 28 px on cards and episode rows, 40 px beside the player's buttons. */
  size?: 'sm' | 'md';
  again?: boolean;
}) {
  const [ask, actions] = useMarkWatchedRequest(title, target);
  const what = describeTarget(title, target);
  return (
    <>
      <button
        type="button"
        onClick={() => ask(again ? 'again' : isWatched ? 'unmark' : 'mark')}
        aria-pressed={again ? undefined : isWatched}
        aria-label={
          again ? `Mark ${what} watched again` : isWatched ? `Mark ${what} unwatched` : `Mark ${what} watched`
        }
        title={again ? 'Watched again' : isWatched ? 'Mark unwatched' : 'Mark watched'}
        className={cn(
          'relative z-10 inline-flex shrink-0 items-center justify-center transition-colors',
          size === 'sm' ? 'size-7 rounded-md' : 'size-10 rounded-lg',
          isWatched && !again
            ? 'bg-rating-high/20 text-rating-high hover:bg-rating-high/30'
            : 'bg-white/5 text-fg-muted hover:bg-white/10 hover:text-fg',
        )}
      >
        {again ? (
          <Plus className={size === 'sm' ? 'size-3.5' : 'size-5'} aria-hidden />
        ) : (
          <Check className={size === 'sm' ? 'size-3.5' : 'size-5'} aria-hidden />
        )}
      </button>
      {actions}
    </>
  );
}

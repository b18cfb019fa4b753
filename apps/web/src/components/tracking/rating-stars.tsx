import { type KeyboardEvent, type PointerEvent } from 'react';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

import { ratingText } from './rating-text.ts';

// core's RATING_MIN and RATING_MAX, whose module would bring the ratings schemas to the page.
const RATING_MIN = 1;
const RATING_MAX = 10;

export interface RatingStarsProps {
  /** 1–10, or null when not rated. */
  value: number | null;
  /** A new rating, or null to clear it. */
  onChange: (rating: number | null) => void;
  /** The accessible name, e.g. "Your rating". */
  label: string;
  /** The id of a visible label to name the slider by, instead of `label`. */
  labelledBy?: string;
  size?: 'sm' | 'md';
  /** Shows the value in words beside the stars ("4.5 stars"). */
  showText?: boolean;
  className?: string;
}

const SLIDER_PADDING = 4;

/** Which half-star a pointer is over: 1 (the first half of the first star) to 10. */
function ratingAt(event: PointerEvent<HTMLElement>): number {
  // The stars inside the slider's padding (p-1) are what the viewer aims at.
  const box = event.currentTarget.getBoundingClientRect();
  const width = box.width - 2 * SLIDER_PADDING;
  const share = width > 0 ? (event.clientX - box.left - SLIDER_PADDING) / width : 0;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, Math.ceil(share * RATING_MAX)));
}

/**
 * The viewer's rating as five stars with halves (issue 30 "Ratings"): a slider from 0 (not rated)
 * to 10. Arrow keys move by half a star, Home clears and End gives five stars, Delete or Backspace
 * clears; a click or a tap on a star's left or right half sets it; a click on the current value
 * clears it.
 */
export function RatingStars({
  value,
  onChange,
  label,
  labelledBy,
  size = 'md',
  showText = false,
  className,
}: RatingStarsProps) {
  const current = value ?? 0;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };
    let next: number | null | undefined;
    if (event.key in step) next = Math.min(RATING_MAX, Math.max(0, current + step[event.key]!));
    else if (event.key === 'Home' || event.key === 'Delete' || event.key === 'Backspace') next = 0;
    else if (event.key === 'End') next = RATING_MAX;
    if (next === undefined) return;
    event.preventDefault();
    if (next === current) return;
    onChange(next === 0 ? null : next);
  }

  const starSize = size === 'sm' ? 'size-4' : 'size-6';
  return (
    <div className={cn('inline-flex items-center gap-2', className)}>
      <div
        role="slider"
        tabIndex={0}
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        aria-valuemin={0}
        aria-valuemax={RATING_MAX}
        aria-valuenow={current}
        aria-valuetext={ratingText(value)}
        onKeyDown={onKeyDown}
        onPointerUp={(event) => {
          if (event.button !== 0) return;
          const next = ratingAt(event);
          onChange(next === value ? null : next);
        }}
        data-rating={value ?? ''}
        className="inline-flex cursor-pointer touch-manipulation items-center rounded-md p-1 focus-visible:ring-2 focus-visible:ring-gold-400 focus-visible:outline-hidden"
      >
        {[1, 2, 3, 4, 5].map((star) => {
          const fill = Math.min(1, Math.max(0, (current - (star - 1) * 2) / 2));
          return (
            <span key={star} className={cn('relative inline-block', starSize)} aria-hidden>
              <Star className={cn('absolute inset-0 text-fg-subtle', starSize)} />
              {fill > 0 ? (
                <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                  <Star className={cn('fill-gold-400 text-gold-400', starSize)} />
                </span>
              ) : null}
            </span>
          );
        })}
      </div>
      {showText ? (
        <span aria-hidden className={cn('text-fg-muted tabular-nums', size === 'sm' ? 'text-xs' : 'text-sm')}>
          {ratingText(value)}
        </span>
      ) : null}
    </div>
  );
}

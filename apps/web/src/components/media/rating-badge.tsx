import { Star } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

/** Rating colour of product.md §2 Cards: green at 8 or more, yellow at 6 or more, red below 6. */
export function ratingTone(rating: number): 'high' | 'mid' | 'low' {
  if (rating >= 8) return 'high';
  if (rating >= 6) return 'mid';
  return 'low';
}

const TONES = {
  high: 'text-rating-high',
  mid: 'text-rating-mid',
  low: 'text-rating-low',
} as const;

export function RatingBadge({ rating, className }: { rating: number; className?: string }) {
  if (!rating) return null;
  const tone = ratingTone(rating);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md bg-ink-950/85 px-1.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
      data-tone={tone}
      aria-label={`Rated ${rating.toFixed(1)} out of 10`}
    >
      <Star className="size-3 fill-current" aria-hidden />
      {rating.toFixed(1)}
    </span>
  );
}

/** The type badge of cards and search results (product.md §2: MOVIE, TV Show). */
export function TypeBadge({ type, className }: { type: 'movie' | 'tv'; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md px-1.5 py-0.5 text-[10px] font-bold tracking-wider uppercase',
        type === 'movie' ? 'bg-gold-400/90 text-ink-950' : 'bg-sky-400/90 text-ink-950',
        className,
      )}
    >
      {type === 'movie' ? 'Movie' : 'TV Show'}
    </span>
  );
}

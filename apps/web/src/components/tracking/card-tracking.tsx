import { Check } from 'lucide-react';
import type { TitleSummary } from '@marquee/core';
import { useWatchedCount } from '@/lib/local-store/use-watched.ts';
import { groupDigits } from '@/lib/format.ts';
import { MarkWatchedIcon } from './mark-watched-icon.tsx';

type CardTitle = Pick<
  TitleSummary,
  'id' | 'media_type' | 'title' | 'name' | 'poster_path' | 'backdrop_path' | 'release_date' | 'first_air_date'
> &
  Partial<Pick<TitleSummary, 'vote_average' | 'overview'>>;

/** A card's "Watched" badge: a film watched, or how many episodes of a series. */
export function WatchedBadge({ item }: { item: Pick<TitleSummary, 'id' | 'media_type'> }) {
  const count = useWatchedCount(item.id, item.media_type);
  if (count === 0) return null;
  return (
    <span
      className="pointer-events-none absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-rating-high/90 px-1.5 py-0.5 text-[11px] font-bold text-ink-950 group-focus-within:opacity-0 group-hover:opacity-0"
      data-watched=""
    >
      <Check className="size-3" aria-hidden />
      {item.media_type === 'tv' ? `${groupDigits(count)} ${count === 1 ? 'episode' : 'episodes'}` : 'Watched'}
    </span>
  );
}

/**
 * The card's compact Mark watched control: a film, or every aired episode of a series. What it
 * does (the dialog, unmarking) loads at the first press.
 */
export function CardMarkWatched({ item }: { item: CardTitle }) {
  const isWatched = useWatchedCount(item.id, item.media_type) > 0;
  return <MarkWatchedIcon title={item} target={{ scope: 'title' }} isWatched={isWatched} />;
}

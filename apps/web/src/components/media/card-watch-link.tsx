import { Link } from 'react-router';
import { Play } from 'lucide-react';
import type { MediaType } from '@marquee/core';
import { useIsUnplayable } from '@/lib/availability/title-availability.ts';
import { cn } from '@/lib/cn.ts';

const CARD_ACTION =
  'inline-flex h-7 shrink-0 items-center gap-1 whitespace-nowrap rounded-md bg-white/5 px-2 text-xs font-medium';

/**
 * A card's Watch link (product.md §2 Cards). For a title nothing can play (issue 29) it is a link to
 * the title's details instead, which say what would make it play, not a player with nothing in it.
 */
export function CardWatchLink({
  item,
  title,
  watchTo,
  detailsTo,
}: {
  item: { media_type: MediaType; id: number };
  title: string;
  watchTo: string;
  detailsTo: string;
}) {
  if (useIsUnplayable(item)) {
    return (
      <Link
        to={`${detailsTo}#nothing-can-play`}
        className={cn(CARD_ACTION, 'text-fg-subtle hover:text-fg')}
        aria-label={`No source for ${title}`}
        title="Nothing can play this yet: its details say what would."
        data-unplayable=""
      >
        No source
      </Link>
    );
  }
  return (
    <Link
      to={watchTo}
      className={cn(CARD_ACTION, 'text-fg-muted transition-colors hover:bg-gold-400 hover:text-ink-950')}
      aria-label={`Watch ${title}`}
    >
      <Play className="size-3 fill-current" aria-hidden />
      Watch
    </Link>
  );
}

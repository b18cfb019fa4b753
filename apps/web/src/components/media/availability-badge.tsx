import { Play } from 'lucide-react';
import type { MediaType } from '@marquee/core';
import { sourceLabel, useTitleSources } from '@/lib/availability/title-availability.ts';
import { cn } from '@/lib/cn.ts';

/**
 * Where a card's title can play, over the poster's corner (issue 29): its best source ("Library",
 * "Jellyfin", a custom source, "Trailer") and how many more. Nothing until the server has answered,
 * and nothing for a title no source can play.
 */
export function AvailabilityBadge({ item }: { item: { media_type: MediaType; id: number } }) {
  const { sources, customName } = useTitleSources(item);
  if (!sources?.length) return null;
  const labels = sources.map((source) => sourceLabel(source, customName));
  const isTrailerOnly = sources.length === 1 && sources[0] === 'trailer';
  return (
    <span
      className={cn(
        'pointer-events-none absolute right-2 bottom-2 inline-flex max-w-[calc(100%-1rem)] items-center gap-1 rounded-md px-1.5 py-0.5 text-[11px] font-semibold group-focus-within:opacity-0 group-hover:opacity-0',
        isTrailerOnly ? 'bg-ink-950/85 text-fg-muted' : 'bg-ink-950/90 text-gold-200 ring-1 ring-gold-400/50',
      )}
      data-availability={sources.join(' ')}
    >
      <Play className="size-2.5 shrink-0 fill-current" aria-hidden />
      <span className="truncate" aria-hidden>
        {labels[0]}
        {labels.length > 1 ? ` +${labels.length - 1}` : null}
      </span>
      <span className="sr-only">Plays from {labels.join(', ')}</span>
    </span>
  );
}

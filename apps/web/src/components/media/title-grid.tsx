import type { CSSProperties } from 'react';
import type { TitleSummary } from '@marquee/core';
import { useCommentCounts } from '@/lib/comments/comments-api.ts';
import { cn } from '@/lib/cn.ts';
import type { PosterQuality } from '@/lib/images.ts';
import { TitleCard } from './title-card.tsx';

/**
 * A responsive grid of poster cards. On wide screens (1280 px and up) it has the user's
 * gridColumns setting (4 to 8); narrower screens get as many columns as fit.
 */
export function TitleGrid({
  items,
  columns = 6,
  quality = 'auto',
  className,
  eagerCount = 6,
}: {
  items: TitleSummary[];
  columns?: number;
  quality?: PosterQuality;
  className?: string;
  eagerCount?: number;
}) {
  const posterWidth = Math.round(1500 / columns);
  // One request for the whole grid's comment indicators.
  const { data: counts } = useCommentCounts(items);
  return (
    <ul
      className={cn(
        'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:[grid-template-columns:repeat(var(--grid-columns),minmax(0,1fr))]',
        className,
      )}
      style={{ '--grid-columns': columns } as CSSProperties}
      data-columns={columns}
    >
      {items.map((item, index) => (
        <li key={`${item.media_type}-${item.id}`} className="deferred-card">
          <TitleCard
            item={item}
            posterWidth={posterWidth}
            quality={quality}
            priority={index < eagerCount}
            commentCount={counts?.[`${item.media_type}:${item.id}`]}
          />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the shape of a grid while it loads. */
export function TitleGridSkeleton({ count = 12, columns = 6 }: { count?: number; columns?: number }) {
  return (
    <ul
      className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:[grid-template-columns:repeat(var(--grid-columns),minmax(0,1fr))]"
      style={{ '--grid-columns': columns } as CSSProperties}
      aria-hidden
    >
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="aspect-[2/3] animate-pulse rounded-xl bg-white/5" />
          <div className="mt-3 h-3.5 w-3/4 animate-pulse rounded bg-white/5" />
          <div className="mt-2 h-3 w-1/2 animate-pulse rounded bg-white/5" />
        </li>
      ))}
    </ul>
  );
}

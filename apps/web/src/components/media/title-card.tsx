import { Link } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { genreNames, titleOf, yearOf, type TitleSummary } from '@marquee/core';
import { detailPath, watchPath } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import type { PosterQuality } from '@/lib/images.ts';
import { CardMarkWatched, WatchedBadge } from '@/components/tracking/card-tracking.tsx';
import { UserRatingBadge } from '@/components/tracking/user-rating-badge.tsx';
import { AvailabilityBadge } from './availability-badge.tsx';
import { CardWatchLink } from './card-watch-link.tsx';
import { PosterImage } from './poster-image.tsx';
import { RatingBadge, TypeBadge } from './rating-badge.tsx';
import { NotInterestedButton } from './not-interested-button.tsx';
import { WatchLaterButton } from './watch-later-button.tsx';

export interface TitleCardProps {
  item: TitleSummary;
  /** Rendered width of the poster, for the poster quality. */
  posterWidth?: number;
  quality?: PosterQuality;
  priority?: boolean;
  /** Number of comments on the title, when known (the comment indicator). */
  commentCount?: number;
  /** A badge drawn over the poster's top-left corner instead of the rating (ranked cards). */
  badge?: React.ReactNode;
  className?: string;
}

/**
 * The poster card of product.md §2 Cards: rating badge, type badge, title, year, up to 2
 * genres, overview, a Watch link, the Watch Later toggle and the comment indicator; Marquee adds the
 * viewer's rating and Watched badges and a Mark watched control (issue 30), and where the title can
 * play (issue 29).
 * The title link stretches over the whole card; the buttons sit above it.
 */
export function TitleCard({
  item,
  posterWidth = 220,
  quality = 'auto',
  priority,
  commentCount,
  badge,
  className,
}: TitleCardProps) {
  const title = titleOf(item);
  const year = yearOf(item);
  const genres = genreNames(item.media_type, item.genre_ids).slice(0, 2);

  return (
    <article className={cn('group relative flex flex-col', className)}>
      <div className="relative overflow-hidden rounded-xl ring-1 ring-white/5 transition duration-300 group-hover:-translate-y-1 group-hover:shadow-[0_18px_40px_-18px_rgb(0_0_0/0.9)] group-hover:ring-gold-400/40">
        <PosterImage
          path={item.poster_path}
          alt={`${title} poster`}
          width={posterWidth}
          quality={quality}
          priority={priority}
        />
        <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between p-2">
          <div className="flex flex-wrap items-start gap-1">
            {badge ?? <RatingBadge rating={item.vote_average} />}
            <UserRatingBadge subject={{ movie_id: item.id, content_type: item.media_type }} />
          </div>
          <TypeBadge type={item.media_type} />
        </div>
        <WatchedBadge item={item} />
        <AvailabilityBadge item={item} />
        {item.overview ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 translate-y-2 bg-gradient-to-t from-ink-950 via-ink-950/90 to-transparent p-3 pt-10 opacity-0 transition duration-300 group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:translate-y-0 group-hover:opacity-100">
            <p className="line-clamp-4 text-xs leading-relaxed text-fg-muted">{item.overview}</p>
          </div>
        ) : null}
      </div>
      <div className="mt-2.5 flex min-w-0 flex-1 flex-col">
        <h3 className="truncate text-sm font-semibold text-fg">
          <Link to={detailPath(item)} className="rounded after:absolute after:inset-0 after:content-['']" title={title}>
            {title}
          </Link>
        </h3>
        <p className="mt-0.5 truncate text-xs text-fg-subtle">{[year, ...genres].filter(Boolean).join(' · ')}</p>
        <div className="relative z-10 mt-2 flex flex-wrap items-center gap-1 *:shrink-0">
          <CardWatchLink item={item} title={title} watchTo={watchPath(item)} detailsTo={detailPath(item)} />
          <WatchLaterButton item={item} size="sm" />
          <NotInterestedButton item={item} />
          <CardMarkWatched item={item} />
          {commentCount !== undefined ? (
            <span
              className="ml-auto inline-flex items-center gap-1 text-xs text-fg-subtle"
              aria-label={`${commentCount} comments`}
            >
              <MessageSquare className="size-3.5" aria-hidden />
              {commentCount}
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

const MEDALS = [
  'bg-gradient-to-br from-yellow-200 to-amber-500 text-ink-950',
  'bg-gradient-to-br from-slate-100 to-slate-400 text-ink-950',
  'bg-gradient-to-br from-orange-300 to-amber-600 text-ink-950',
];

/** The ranked card of product.md §2: a rank badge, gold, silver and bronze for ranks 1 to 3. */
export function RankedCard({ item, rank, ...props }: TitleCardProps & { rank: number }) {
  const medal = MEDALS[rank - 1];
  const badge = (
    <span
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-lg font-display text-base font-bold shadow-lg',
        medal ?? 'bg-ink-950/85 text-fg ring-1 ring-white/15',
      )}
      data-rank={rank}
      data-medal={medal ? ['gold', 'silver', 'bronze'][rank - 1] : undefined}
      aria-label={`Rank ${rank}`}
    >
      {rank}
    </span>
  );
  return <TitleCard item={item} badge={badge} {...props} />;
}

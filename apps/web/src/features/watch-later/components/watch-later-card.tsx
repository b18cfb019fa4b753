import { Link } from 'react-router';
import { X } from 'lucide-react';
import type { WatchLaterItem } from '@marquee/core';
import { CardWatchLink } from '@/components/media/card-watch-link.tsx';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { RatingBadge, TypeBadge } from '@/components/media/rating-badge.tsx';
import { cn } from '@/lib/cn.ts';
import { moveFocusBeforeRemoval } from '@/lib/focus-on-removal.ts';
import type { PosterQuality } from '@/lib/images.ts';
import { watchLaterLink, watchLaterWatchPath, watchLaterYear } from '../watch-later-rules.ts';

/**
 * A saved title: poster, rating, type, title, year, a Watch link and a remove button. The title
 * link stretches over the card; the buttons sit above it.
 */
export function WatchLaterCard({
  item,
  onRemove,
  posterWidth = 220,
  quality = 'auto',
  priority = false,
  className,
}: {
  item: WatchLaterItem;
  onRemove: (item: WatchLaterItem) => void;
  posterWidth?: number;
  quality?: PosterQuality;
  priority?: boolean;
  className?: string;
}) {
  const year = watchLaterYear(item);
  const title = item.movie_title;

  return (
    <article className={cn('group relative flex h-full flex-col', className)}>
      <div className="relative overflow-hidden rounded-xl ring-1 ring-white/5 transition duration-300 group-hover:-translate-y-1 group-hover:shadow-[0_18px_40px_-18px_rgb(0_0_0/0.9)] group-hover:ring-gold-400/40">
        <PosterImage
          path={item.movie_poster}
          alt={`${title} poster`}
          width={posterWidth}
          quality={quality}
          priority={priority}
        />
        <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-2">
          {item.movie_vote_average ? <RatingBadge rating={item.movie_vote_average} /> : <span />}
          <TypeBadge type={item.content_type} />
        </div>
        {item.movie_overview ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 translate-y-2 bg-gradient-to-t from-ink-950 via-ink-950/90 to-transparent p-3 pt-10 opacity-0 transition duration-300 group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:translate-y-0 group-hover:opacity-100">
            <p className="line-clamp-4 text-xs leading-relaxed text-fg-muted">{item.movie_overview}</p>
          </div>
        ) : null}
      </div>
      <div className="mt-2.5 flex min-w-0 flex-1 flex-col">
        <h3 className="truncate text-sm font-semibold text-fg">
          <Link
            to={watchLaterLink(item)}
            className="rounded after:absolute after:inset-0 after:content-['']"
            title={title}
          >
            {title}
          </Link>
        </h3>
        <p className="mt-0.5 truncate text-xs text-fg-subtle">
          {[year, item.content_type === 'movie' ? 'Movie' : 'Series'].filter(Boolean).join(' · ')}
        </p>
        <div className="relative z-10 mt-2 flex items-center gap-1">
          <CardWatchLink
            item={{ media_type: item.content_type, id: item.movie_id }}
            title={title}
            watchTo={watchLaterWatchPath(item)}
            detailsTo={watchLaterLink(item)}
          />
          <button
            type="button"
            onClick={(event) => {
              moveFocusBeforeRemoval(event.currentTarget);
              onRemove(item);
            }}
            aria-label={`Remove ${title} from Watch Later`}
            title="Remove from Watch Later"
            className="inline-flex size-7 items-center justify-center rounded-md bg-white/5 text-fg-muted transition-colors hover:bg-ember-500/20 hover:text-ember-400"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </div>
      </div>
    </article>
  );
}

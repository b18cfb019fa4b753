import { Link } from 'react-router';
import { Check, ListVideo, Play, X } from 'lucide-react';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { RatingBadge, TypeBadge } from '@/components/media/rating-badge.tsx';
import { playsText } from '@/components/tracking/mark-watched-target.ts';
import { UserRatingBadge } from '@/components/tracking/user-rating-badge.tsx';
import { cn } from '@/lib/cn.ts';
import type { PosterQuality } from '@/lib/images.ts';
import type { HistoryGroup } from '../history-groups.ts';
import { historyLink, lastWatchedLabel, timeAgo, watchedOn, watchProgress } from '../history-rules.ts';

/**
 * Moves the focus off a Remove button whose card is about to go (WCAG 2.4.3), to the next card's
 * Remove button, else the previous one's, else the main content. Not moveFocusBeforeRemoval: that
 * goes by the control's place in its item, and a series' card has one control more than a film's.
 */
function focusNextRemoveButton(control: HTMLElement): void {
  if (document.activeElement !== control) return;
  const item = control.closest('li');
  const removeIn = (sibling: Element | null | undefined) =>
    sibling?.querySelector<HTMLElement>('[data-history-remove]') ?? undefined;
  const target =
    removeIn(item?.nextElementSibling) ?? removeIn(item?.previousElementSibling) ?? document.getElementById('main');
  target?.focus();
}

/**
 * A film or a series in the history (product.md §2 Cards "History-style card"; one card per series,
 * DESIGN.md "Where Marquee deliberately differs"): poster (a placeholder when it fails to load), the
 * SxEy badge and "Last watched" line of the newest episode, progress when known, when it was
 * watched, the catalogue's rating with the viewer's own and a film's plays (issue 30), a button
 * that shows a series' watched episodes, and a remove button.
 */
export function HistoryEntryCard({
  group,
  onRemove,
  onShowEpisodes,
  posterWidth = 220,
  quality = 'auto',
  priority = false,
  className,
}: {
  group: HistoryGroup;
  onRemove?: (group: HistoryGroup) => void;
  onShowEpisodes?: (group: HistoryGroup) => void;
  posterWidth?: number;
  quality?: PosterQuality;
  priority?: boolean;
  className?: string;
}) {
  const item = group.latest;
  const episodes = group.entries.length;
  const { to, state } = historyLink(item);
  const lastWatched = lastWatchedLabel(item);
  const progress = watchProgress(item);
  const plays = item.content_type === 'movie' ? playsText(item.play_count) : null;
  const title = item.movie_title;
  const badge =
    item.content_type === 'tv' && item.season_number != null && item.episode_number != null
      ? `S${item.season_number}E${item.episode_number}`
      : null;

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
        <div className="pointer-events-none absolute inset-0 bg-gradient-to-t from-ink-950/75 via-transparent via-35% to-transparent" />
        <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-2">
          {badge ? (
            <span className="rounded-md bg-ink-950/85 px-1.5 py-0.5 font-mono text-[11px] font-semibold text-gold-300 ring-1 ring-gold-400/30">
              {badge}
            </span>
          ) : (
            <span />
          )}
          <TypeBadge type={item.content_type} />
        </div>
        <span
          className="pointer-events-none absolute inset-0 m-auto inline-flex size-12 items-center justify-center rounded-full bg-gold-400 text-ink-950 opacity-0 shadow-lg transition duration-300 group-focus-within:opacity-100 group-hover:opacity-100"
          aria-hidden
        >
          <Play className="ml-0.5 size-5 fill-current" />
        </span>
        {item.completed ? (
          <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-rating-high/90 px-1.5 py-0.5 text-[11px] font-bold text-ink-950">
            <Check className="size-3" aria-hidden />
            Watched
          </span>
        ) : progress !== null ? (
          <div
            className="absolute inset-x-2 bottom-2 h-1 overflow-hidden rounded-full bg-white/20"
            role="progressbar"
            aria-label={`${title} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <div className="h-full rounded-full bg-gold-400" style={{ width: `${progress * 100}%` }} />
          </div>
        ) : null}
      </div>
      <div className="mt-2.5 flex min-w-0 flex-1 flex-col">
        <h3 className="truncate text-sm font-semibold text-fg">
          <Link to={to} state={state} className="rounded after:absolute after:inset-0 after:content-['']" title={title}>
            {title}
          </Link>
        </h3>
        <p className="mt-0.5 truncate text-xs text-fg-muted">
          {lastWatched ?? (item.content_type === 'tv' ? 'Series' : 'Movie')}
        </p>
        {item.episode_title && lastWatched ? (
          <p className="truncate text-xs text-fg-subtle" title={item.episode_title}>
            {item.episode_title}
          </p>
        ) : null}
        {/* The catalogue's rating, the viewer's own beside it, and a film's plays (issue 30). */}
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5 empty:hidden">
          {item.vote_average ? <RatingBadge rating={item.vote_average} /> : null}
          <UserRatingBadge subject={{ movie_id: item.movie_id, content_type: item.content_type }} />
          {plays ? (
            <span className="text-xs text-fg-muted" data-plays={item.play_count}>
              {plays}
            </span>
          ) : null}
        </div>
        <div className="mt-auto flex items-center gap-1.5 pt-2">
          <time
            dateTime={item.watched_at}
            title={watchedOn(item.watched_at)}
            className="mr-auto truncate text-xs text-fg-subtle"
          >
            {timeAgo(item.watched_at)}
          </time>
          {onShowEpisodes && item.content_type === 'tv' ? (
            <button
              type="button"
              onClick={() => onShowEpisodes(group)}
              aria-haspopup="dialog"
              aria-label={`Watched episodes of ${title}: ${episodes}`}
              title="Watched episodes"
              className="relative z-10 inline-flex h-7 shrink-0 items-center gap-1 rounded-md bg-white/5 px-2 text-xs font-medium text-fg-muted transition-colors hover:bg-white/10 hover:text-fg"
            >
              <ListVideo className="size-3.5" aria-hidden />
              {episodes}
            </button>
          ) : null}
          {onRemove ? (
            <button
              type="button"
              onClick={(event) => {
                // A series of one episode goes at once; one of many asks first (its dialog takes the focus).
                if (episodes === 1) focusNextRemoveButton(event.currentTarget);
                onRemove(group);
              }}
              aria-label={`Remove ${title} from History`}
              data-history-remove=""
              title="Remove from History"
              className="relative z-10 inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-white/5 text-fg-muted transition-colors hover:bg-ember-500/20 hover:text-ember-400"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

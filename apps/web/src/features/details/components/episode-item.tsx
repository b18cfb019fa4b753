import { useState } from 'react';
import { Link } from 'react-router';
import { Play, Star, Tv } from 'lucide-react';
import type { Episode, TvDetails } from '@marquee/core';
import { MarkWatchedIcon } from '@/components/tracking/mark-watched-icon.tsx';
import { playsText } from '@/components/tracking/mark-watched-target.ts';
import { RatingControl } from '@/components/tracking/rating-control.tsx';
import { ratingTone } from '@/components/media/rating-badge.tsx';
import { useAppConfig } from '@/lib/app-config.ts';
import { cn } from '@/lib/cn.ts';
import { imageUrl } from '@/lib/images.ts';
import type { AvailabilitySource } from '@marquee/core/catalogue/availability';
import { formatMinutes, formatRating, formatShortDate } from '../format.ts';
import { EpisodeSourcesBadge } from './episode-sources.tsx';

const RATING_TONES = { high: 'text-rating-high', mid: 'text-rating-mid', low: 'text-rating-low' } as const;

/** An episode still at w400 (player.md §7 Images), lazy, with a placeholder on absence or error. */
function EpisodeStill({ path, alt }: { path: string | null; alt: string }) {
  const { data: config } = useAppConfig();
  const [failed, setFailed] = useState(false);
  const src = config ? imageUrl(config.images.secure_base_url, path, 'w400') : null;
  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-ink-700 to-ink-900"
      >
        <Tv className="size-7 text-fg-subtle" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={400}
      height={225}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="absolute inset-0 size-full object-cover transition duration-300 group-hover:scale-[1.03]"
    />
  );
}

export interface EpisodeItemProps {
  episode: Episode;
  watchHref: string;
  /** The episode the viewer last watched (navigation state or history). */
  isHighlighted?: boolean;
  /** With the series, the row offers Mark watched and the viewer's rating (issue 30). */
  series?: TvDetails;
  /** How many times the viewer watched it: 0 when not watched. */
  plays?: number;
  /** Only an aired episode can be marked watched. */
  isAired?: boolean;
  /** Where the server can play this episode (issue 29). */
  sources?: readonly AvailabilitySource[];
}

/** One row of the episode list: still, number, name, air date, runtime, rating and overview. */
export function EpisodeItem({
  episode,
  watchHref,
  isHighlighted = false,
  series,
  plays = 0,
  isAired = false,
  sources = [],
}: EpisodeItemProps) {
  const airDate = formatShortDate(episode.air_date);
  const runtime = formatMinutes(episode.runtime);
  const rating = formatRating(episode.vote_average);
  const name = episode.name || `Episode ${episode.episode_number}`;
  const isWatched = plays > 0;
  const target = {
    scope: 'episode',
    season_number: episode.season_number,
    episode_number: episode.episode_number,
  } as const;
  const played = playsText(plays);

  return (
    <li data-episode={episode.episode_number} data-highlighted={isHighlighted || undefined}>
      <article
        className={cn(
          'group relative grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 p-3 transition-colors hover:bg-white/[0.04] has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-gold-400 has-[a:focus-visible]:ring-inset sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-x-5 sm:p-4',
          isHighlighted && 'bg-gold-400/[0.07] shadow-[inset_3px_0_0_var(--color-gold-400)]',
        )}
      >
        <div className="relative aspect-video self-start overflow-hidden rounded-lg bg-ink-800 ring-1 ring-white/5 sm:row-span-2">
          <EpisodeStill path={episode.still_path} alt={`${name} still`} />
          <span className="absolute inset-0 flex items-center justify-center bg-ink-950/50 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
            <span className="flex size-10 items-center justify-center rounded-full bg-gold-400 text-ink-950 shadow-lg">
              <Play className="size-4 translate-x-px fill-current" aria-hidden />
            </span>
          </span>
        </div>

        <div className="min-w-0 self-center sm:self-end">
          <h3 className="flex items-baseline gap-2 text-[0.95rem] leading-snug font-semibold text-fg sm:text-base">
            <span className="shrink-0 font-display text-sm tracking-wider text-gold-300">
              E{episode.episode_number}
            </span>
            <Link
              to={watchHref}
              className="line-clamp-2 rounded after:absolute after:inset-0 after:content-[''] focus-visible:outline-hidden"
            >
              <span>{name}</span>
            </Link>
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-fg-subtle sm:text-sm">
            {isHighlighted ? (
              <span className="rounded bg-gold-400 px-1.5 py-px text-[10px] font-bold tracking-wider text-ink-950 uppercase">
                Last watched
              </span>
            ) : null}
            {isWatched ? (
              <span className="rounded bg-rating-high/90 px-1.5 py-px text-[10px] font-bold tracking-wider text-ink-950 uppercase">
                Watched
              </span>
            ) : null}
            {played ? <span data-plays={plays}>{played}</span> : null}
            <EpisodeSourcesBadge sources={sources} />
            {airDate ? <span>{airDate}</span> : null}
            {runtime ? <span>{runtime}</span> : null}
            {rating ? (
              <span
                className={cn('inline-flex items-center gap-1', RATING_TONES[ratingTone(episode.vote_average)])}
                aria-label={`Rated ${rating} out of 10`}
              >
                <Star className="size-3 fill-current" aria-hidden />
                {rating}
              </span>
            ) : null}
          </p>
          {series ? (
            <div className="relative z-10 mt-2 flex flex-wrap items-center gap-2">
              {isAired || isWatched ? <MarkWatchedIcon title={series} target={target} isWatched={isWatched} /> : null}
              {isWatched ? <MarkWatchedIcon title={series} target={target} isWatched again /> : null}
              <RatingControl
                subject={{
                  movie_id: series.id,
                  content_type: 'tv',
                  season_number: episode.season_number,
                  episode_number: episode.episode_number,
                }}
                label={`Your rating of episode ${episode.episode_number}`}
                size="sm"
              />
            </div>
          ) : null}
        </div>

        <p
          className={cn(
            'col-span-2 line-clamp-3 text-sm leading-relaxed sm:col-span-1 sm:col-start-2 sm:self-start',
            episode.overview ? 'text-fg-muted' : 'text-fg-subtle italic',
          )}
        >
          {episode.overview || 'No description available for this episode.'}
        </p>
      </article>
    </li>
  );
}

/** Grey rows in the shape of the list while a season loads. */
export function EpisodeItemSkeleton() {
  return (
    <li
      aria-hidden
      className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 p-3 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-x-5 sm:p-4"
    >
      <div className="aspect-video animate-pulse rounded-lg bg-white/5" />
      <div className="space-y-2 self-center">
        <div className="h-4 w-2/3 animate-pulse rounded bg-white/5" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-white/5" />
        <div className="hidden h-3 w-full animate-pulse rounded bg-white/5 sm:block" />
      </div>
    </li>
  );
}

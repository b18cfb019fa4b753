import { Link } from 'react-router';
import { Check, Info, Play, Plus, Star } from 'lucide-react';
import { genreNames, titleOf, yearOf, type TitleSummary } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { ratingTone } from '@/components/media/rating-badge.tsx';
import { detailPath, watchPath } from '@/config/paths.ts';
import { useWatchLaterToggle } from '@/components/media/watch-later-button.tsx';
import { trackEvent } from '@/lib/analytics/track.ts';
import { useIsUnplayable } from '@/lib/availability/title-availability.ts';
import { cn } from '@/lib/cn.ts';
import { imageUrl, type PosterQuality } from '@/lib/images.ts';
import { SECTION_CONTAINER } from './section-header.tsx';

/**
 * Hero buttons: the Button look at a size of their own, so that all three fit one row on a
 * 375 px phone and grow to the large size from tablets up.
 */
const HERO_ACTION =
  'inline-flex h-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3.5 text-sm font-medium transition-colors sm:h-12 sm:gap-2 sm:px-6 sm:text-base';
const HERO_ICON = 'size-4 sm:size-5';

const RATING_TEXT = { high: 'text-rating-high', mid: 'text-rating-mid', low: 'text-rating-low' } as const;

/** Add or remove the slide's title from Watch Later; the label stays, aria-pressed tells the state. */
function HeroWatchLater({ item }: { item: TitleSummary }) {
  const { isSaved, onToggle } = useWatchLaterToggle(item);
  const Icon = isSaved ? Check : Plus;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={isSaved}
      title={isSaved ? 'Remove from Watch Later' : 'Add to Watch Later'}
      className={cn(
        HERO_ACTION,
        'backdrop-blur',
        isSaved
          ? 'bg-gold-400/15 text-gold-200 ring-1 ring-gold-400/50 hover:bg-gold-400/25'
          : 'bg-white/10 text-fg hover:bg-white/15 active:bg-white/20',
      )}
    >
      <Icon className={HERO_ICON} aria-hidden />
      Watch Later
    </button>
  );
}

export interface HeroSlideProps {
  item: TitleSummary;
  position: number;
  count: number;
  isActive: boolean;
  /** Whether the images may load yet (the active slide and the next one). */
  shouldLoad: boolean;
  /** The first slide's backdrop is the page's largest paint: it loads first and eagerly. */
  isFirst: boolean;
  /** The slide that was active last, still fading out. */
  isLeaving: boolean;
  imageBase: string | null;
  quality: PosterQuality;
  reducedMotion: boolean;
}

/**
 * One slide of the hero: the backdrop across the whole width, the title, its year, rating and
 * genres, the overview, and the three actions. Inactive slides stay in place for the crossfade
 * but are inert and hidden from assistive technology. Their words are not laid out at all, but
 * for the slide fading out: on a phone they were a fifth of the home page's layout, both at first
 * and again when the web fonts arrive.
 */
export function HeroSlide({
  item,
  position,
  count,
  isActive,
  shouldLoad,
  isFirst,
  isLeaving,
  imageBase,
  quality,
  reducedMotion,
}: HeroSlideProps) {
  const title = titleOf(item);
  const year = yearOf(item);
  // Nothing plays it: no Watch Now into a dead player; its page says what would make it play.
  const isUnplayable = useIsUnplayable(item);
  const genres = genreNames(item.media_type, item.genre_ids).slice(0, 3);
  const backdrop = imageBase ? imageUrl(imageBase, item.backdrop_path, 'original') : null;
  const backdropSmall = imageBase ? imageUrl(imageBase, item.backdrop_path, 'w780') : null;

  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      aria-hidden={!isActive}
      inert={!isActive}
      data-active={isActive}
      className={cn(
        'absolute inset-0',
        isActive ? 'z-10 opacity-100' : 'z-0 opacity-0',
        !reducedMotion && 'transition-opacity duration-700 ease-out',
      )}
    >
      {shouldLoad && backdrop && backdropSmall ? (
        <img
          src={backdropSmall}
          srcSet={`${backdropSmall} 780w, ${backdrop} 1920w`}
          sizes="100vw"
          alt=""
          width={1280}
          height={720}
          loading={isFirst ? 'eager' : 'lazy'}
          fetchPriority={isFirst ? 'high' : 'low'}
          decoding={isFirst ? 'sync' : 'async'}
          className={cn(
            'absolute inset-0 size-full object-cover object-[70%_center]',
            !reducedMotion && 'transition-transform duration-[6000ms] ease-out',
            !reducedMotion && (isActive ? 'scale-100' : 'scale-105'),
          )}
        />
      ) : (
        <div className="absolute inset-0 bg-gradient-to-br from-ink-800 to-ink-950" />
      )}
      <div className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/55 to-ink-950/10" aria-hidden />
      <div
        className="absolute inset-0 bg-gradient-to-r from-ink-950/90 via-ink-950/45 to-transparent lg:via-ink-950/30"
        aria-hidden
      />

      <div
        className={cn(
          SECTION_CONTAINER,
          'relative flex h-full items-end pb-24 sm:pb-28',
          !isActive && !isLeaving && '[content-visibility:hidden]',
        )}
      >
        <div className="max-w-2xl min-w-0 flex-1">
          <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.25em] text-gold-400 uppercase">
            <span className="h-px w-6 bg-gold-400/70" aria-hidden />
            Featured tonight
          </p>
          <h2 className="mt-3 line-clamp-2 font-display text-4xl leading-[1.05] font-semibold tracking-wide text-fg sm:text-5xl lg:text-6xl xl:text-7xl">
            <Link to={detailPath(item)} className="rounded hover:text-gold-200">
              {title}
            </Link>
          </h2>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
            {item.vote_average ? (
              <span
                className={cn(
                  'inline-flex items-center gap-1 font-semibold',
                  RATING_TEXT[ratingTone(item.vote_average)],
                )}
                aria-label={`Rated ${item.vote_average.toFixed(1)} out of 10`}
              >
                <Star className="size-4 fill-current" aria-hidden />
                {item.vote_average.toFixed(1)}
              </span>
            ) : null}
            {year ? <span className="font-medium text-fg">{year}</span> : null}
            {genres.length ? (
              <span className="flex flex-wrap gap-1.5">
                {genres.map((genre) => (
                  <span key={genre} className="rounded-full border border-white/15 px-2 py-0.5 text-xs text-fg-muted">
                    {genre}
                  </span>
                ))}
              </span>
            ) : null}
          </p>
          {item.overview ? (
            <p className="mt-4 line-clamp-2 max-w-xl text-sm leading-relaxed text-fg-muted sm:line-clamp-3 sm:text-base">
              {item.overview}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-2 sm:gap-3">
            {isUnplayable ? null : (
              <Link
                to={watchPath(item)}
                onClick={() =>
                  trackEvent('watch_now', { content_id: item.id, content_type: item.media_type, from: 'home_hero' })
                }
                className={cn(
                  HERO_ACTION,
                  'bg-gold-400 text-ink-950 shadow-[0_8px_24px_-10px_rgb(246_196_83/0.6)] hover:bg-gold-300 active:bg-gold-500',
                )}
              >
                <Play className={cn(HERO_ICON, 'fill-current')} aria-hidden />
                Watch Now
              </Link>
            )}
            <HeroWatchLater item={item} />
            <Link
              to={detailPath(item)}
              className={
                isUnplayable
                  ? cn(HERO_ACTION, 'bg-white/10 text-fg hover:bg-white/15 active:bg-white/20')
                  : 'inline-flex size-11 shrink-0 items-center justify-center gap-2 rounded-lg text-sm font-medium text-fg-muted transition-colors hover:bg-white/5 hover:text-fg sm:h-12 sm:w-auto sm:px-4 sm:text-base'
              }
              aria-label={`Details of ${title}`}
            >
              <Info className={HERO_ICON} aria-hidden />
              <span className={isUnplayable ? undefined : 'hidden sm:inline'}>Details</span>
            </Link>
          </div>
          {isUnplayable ? (
            <p className="mt-3 text-sm text-fg-muted" data-unplayable="">
              Nothing can play this yet: its details say what would.
            </p>
          ) : null}
        </div>
        {shouldLoad ? (
          <div className="ml-auto hidden w-56 shrink-0 lg:block xl:w-60">
            <PosterImage
              path={item.poster_path}
              alt={`${title} poster`}
              width={256}
              quality={quality}
              priority={isFirst}
              className="rounded-2xl shadow-[0_30px_80px_-20px_rgb(0_0_0/0.9)] ring-1 ring-white/10"
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}

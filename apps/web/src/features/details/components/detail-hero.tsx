import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Bookmark, BookmarkCheck, History, Play, Star } from 'lucide-react';
import { genreSlug, titleOf } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { ratingTone } from '@/components/media/rating-badge.tsx';
import { useWatchLaterToggle } from '@/components/media/watch-later-button.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { trackEvent } from '@/lib/analytics/track.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { cn } from '@/lib/cn.ts';
import { backdropSrcSet, imageUrl } from '@/lib/images.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { isMovie, runtimeOf, yearOfDetails, type Details } from '../detail-facts.ts';
import { formatMinutes, formatRating, formatSeasons } from '../format.ts';
import { DetailTracking } from './detail-tracking.tsx';
import { WatchNowGate, WatchSources } from './watch-availability.tsx';

const RATING_TONES = { high: 'text-rating-high', mid: 'text-rating-mid', low: 'text-rating-low' } as const;

/** The full-bleed backdrop: the page's largest paint, so it loads first and never lazily. */
function Backdrop({ path }: { path: string | null }) {
  const { data: config } = useAppConfig();
  const [failed, setFailed] = useState(false);
  const base = config?.images.secure_base_url;
  const src = base ? imageUrl(base, path, 'w780') : null;
  // The browser picks w780 or the original for its width and pixel ratio.
  const srcSet = base ? backdropSrcSet(base, path) : null;
  return (
    <div className="absolute inset-x-0 top-0 -z-10 h-[68vw] max-h-[520px] md:h-full md:max-h-none" aria-hidden>
      <div className="absolute inset-0 bg-gradient-to-br from-ink-700 via-ink-850 to-ink-950" />
      {src && !failed ? (
        <img
          src={src}
          srcSet={srcSet ?? undefined}
          sizes="100vw"
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover object-[center_25%]"
        />
      ) : null}
      {/* Legibility: fade to the page at the bottom, and behind the text on wide screens. */}
      <div className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/55 to-ink-950/10" />
      <div className="absolute inset-0 hidden bg-gradient-to-r from-ink-950/95 via-ink-950/55 to-transparent md:block" />
      <div className="absolute inset-x-0 top-0 h-24 bg-gradient-to-b from-ink-950/60 to-transparent" />
    </div>
  );
}

/** One fact of the hero's line; a middle dot separates it from the one before. */
function MetaItem({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-center sm:before:mr-2 sm:before:text-fg-subtle sm:before:content-['·'] sm:first:before:hidden">
      {children}
    </li>
  );
}

/** The labelled Watch Later control of the hero (the cards use the icon-only one). */
function WatchLaterToggle({ details }: { details: Details }) {
  const { isSaved, onToggle } = useWatchLaterToggle(details);
  const Icon = isSaved ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={isSaved}
      className={cn(
        buttonClasses(isSaved ? 'secondary' : 'outline', 'lg'),
        'px-5 max-sm:w-full',
        isSaved && 'bg-gold-400/15 text-gold-200 ring-1 ring-gold-400/40 hover:bg-gold-400/25',
      )}
    >
      <Icon className="size-5" aria-hidden />
      {isSaved ? 'In Watch Later' : 'Add to Watch Later'}
    </button>
  );
}

export interface ResumeLink {
  label: string;
  href: string;
}

export interface DetailHeroProps {
  details: Details;
  /** Where Watch Now goes: the movie, or the first episode of the current season of a series. */
  watchHref: string;
  /**
   * The player's entry point (player.md §2: "Watching replaces the hero with the player"). The
   * player issue passes a handler that prevents the navigation and switches the page to its
   * watching view; without one, Watch Now is a plain link to the player route.
   */
  onWatch?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Continue / Resume of a series, when the viewer has a place to return to. */
  resume?: ResumeLink | null;
}

/** Backdrop, poster, title, facts, genres, overview and the actions (product.md §2 Hero). */
export function DetailHero({ details, watchHref, onWatch, resume }: DetailHeroProps) {
  const [posterQuality] = useSetting('posterQuality');
  const isWide = useMediaQuery('(min-width: 768px)');
  const title = titleOf(details);
  const rating = formatRating(details.vote_average);
  const year = yearOfDetails(details);
  const runtime = formatMinutes(runtimeOf(details));
  const seasons = isMovie(details) ? null : formatSeasons(details.number_of_seasons || details.seasons.length);

  return (
    <section aria-labelledby="detail-title" className="relative isolate">
      <Backdrop path={details.backdrop_path} />
      <div className="mx-auto flex max-w-[1600px] items-end px-4 pt-[40vw] pb-10 sm:px-6 md:min-h-[600px] md:pt-24 md:pb-14 lg:min-h-[640px] lg:px-8">
        <div className="grid w-full grid-cols-[6.75rem_minmax(0,1fr)] items-end gap-x-4 gap-y-6 sm:grid-cols-[9rem_minmax(0,1fr)] md:grid-cols-[15rem_minmax(0,1fr)] md:grid-rows-[1fr_auto] md:gap-x-10 lg:grid-cols-[17rem_minmax(0,1fr)]">
          <PosterImage
            path={details.poster_path}
            alt={`${title} poster`}
            width={isWide ? 272 : 144}
            quality={posterQuality}
            priority
            className="rounded-xl shadow-[0_24px_60px_-20px_rgb(0_0_0/0.9)] ring-1 ring-white/10 md:row-span-2 md:self-end"
          />

          <div className="min-w-0 self-end">
            <p className="mb-2 text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">
              {isMovie(details) ? 'Movie' : 'TV Series'}
              {details.certification ? (
                <span className="ml-2 rounded border border-white/25 px-1.5 py-px tracking-normal text-fg-muted">
                  {details.certification}
                </span>
              ) : null}
            </p>
            <h1
              id="detail-title"
              className="font-display text-[1.75rem] leading-[1.08] font-semibold tracking-wide text-balance text-fg sm:text-4xl md:text-5xl lg:text-6xl"
            >
              {title}
            </h1>
            <ul
              aria-label="Facts"
              className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:gap-x-2 text-fg-muted md:text-base"
            >
              {rating ? (
                <MetaItem>
                  <span
                    className={cn(
                      'inline-flex items-center gap-1 font-semibold',
                      RATING_TONES[ratingTone(details.vote_average)],
                    )}
                    aria-label={`Rated ${rating} out of 10`}
                  >
                    <Star className="size-4 fill-current" aria-hidden />
                    {rating}
                  </span>
                </MetaItem>
              ) : null}
              {year ? <MetaItem>{year}</MetaItem> : null}
              {runtime ? <MetaItem>{runtime}</MetaItem> : null}
              {seasons ? <MetaItem>{seasons}</MetaItem> : null}
            </ul>
          </div>

          <div className="col-span-2 min-w-0 md:col-span-1 md:col-start-2">
            {details.genres.length > 0 ? (
              <ul aria-label="Genres" className="flex flex-wrap gap-2">
                {details.genres.map((genre) => (
                  <li key={genre.id}>
                    <Link
                      to={paths.genre(genreSlug(genre.name))}
                      className="inline-flex h-8 items-center rounded-full border border-white/15 bg-white/5 px-3 text-sm text-fg-muted backdrop-blur transition-colors hover:border-gold-400/50 hover:text-gold-200"
                    >
                      {genre.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {details.overview ? (
              <p className="mt-4 max-w-3xl text-[0.95rem] leading-relaxed text-fg/85 md:text-lg">{details.overview}</p>
            ) : null}
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <WatchNowGate details={details}>
                <Link
                  to={watchHref}
                  onClick={(event) => {
                    trackEvent('watch_now', {
                      content_id: details.id,
                      content_type: details.media_type,
                      from: 'detail',
                    });
                    onWatch?.(event);
                  }}
                  className={buttonClasses('primary', 'lg', 'px-7 max-sm:w-full')}
                  data-action="watch-now"
                >
                  <Play className="size-5 fill-current" aria-hidden />
                  Watch Now
                </Link>
                {resume ? (
                  <Link to={resume.href} className={buttonClasses('secondary', 'lg', 'px-5 max-sm:w-full')}>
                    <History className="size-5" aria-hidden />
                    {resume.label}
                  </Link>
                ) : null}
              </WatchNowGate>
              <WatchLaterToggle details={details} />
            </div>
            <WatchSources details={details} />
            <DetailTracking details={details} />
          </div>
        </div>
      </div>
    </section>
  );
}

import { useEffect, useRef, useState, type FocusEvent, type PointerEvent, type TouchEvent } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { TitleSummary } from '@marquee/core';
import { useAppConfig } from '@/lib/app-config.ts';
import { useDiscover } from '@/lib/catalogue/catalogue-api.ts';
import { cn } from '@/lib/cn.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { HERO_INTERVAL_MS, heroQuery, pickHeroTitles } from '../home-rules.ts';
import { useCarousel } from '../use-carousel.ts';
import { useReducedMotion } from '../use-reduced-motion.ts';
import { FetchAlert } from './fetch-alert.tsx';
import { HeroSlide } from './hero-slide.tsx';
import { SECTION_CONTAINER } from './section-header.tsx';

/** One fixed height per breakpoint, the same for the skeleton, so nothing below ever shifts. */
const HERO_HEIGHT = 'h-[560px] sm:h-[620px] lg:h-[min(680px,calc(100svh-4rem))] lg:min-h-[560px]';

const CONTROL =
  'inline-flex size-10 items-center justify-center rounded-full border border-white/15 bg-ink-950/50 text-fg backdrop-blur transition-colors hover:border-gold-400/60 hover:text-gold-200';

const SWIPE_THRESHOLD_PX = 50;

/** The active dot fills over the interval, so the viewer sees when the next title comes. */
function DotProgress({ durationMs }: { durationMs: number }) {
  const bar = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = bar.current;
    // Older engines without the Web Animations API just show a full bar.
    if (!element || typeof element.animate !== 'function') return;
    const animation = element.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
      duration: durationMs,
      easing: 'linear',
      fill: 'forwards',
    });
    // Cancelling rejects `finished`; nobody waits for it, so the rejection is expected.
    animation.finished.catch(() => undefined);
    return () => animation.cancel();
  }, [durationMs]);
  return <span ref={bar} className="absolute inset-0 origin-left rounded-full bg-gold-400" />;
}

/**
 * The hero carousel of product.md §2 and §9: five featured titles, a new one every 5 s, arrows,
 * dots, Watch Now and Watch Later. It follows the WAI-ARIA carousel pattern: rotation stops
 * under the pointer, under keyboard focus, in a hidden tab, while scrolled out of view, on
 * request (pause button) and entirely under reduced motion; the slides are announced politely
 * only when not rotating.
 */
export function HeroCarousel({ items }: { items: TitleSummary[] }) {
  const count = items.length;
  const reducedMotion = useReducedMotion();
  const { data: config } = useAppConfig();
  const [quality] = useSetting('posterQuality');
  const carousel = useCarousel({ count, intervalMs: HERO_INTERVAL_MS, autoPlay: !reducedMotion });
  const { index, isRotating, isStoppedByUser, next, prev, goTo, pause, resume } = carousel;
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  // Images load for slides already shown and the next one, not all five at once.
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const upcoming = count > 0 ? (index + 1) % count : 0;
  if (!loaded.has(index) || !loaded.has(upcoming)) setLoaded(new Set([...loaded, index, upcoming]));
  // The slide fading out is drawn until the next change; the others' words are not laid out.
  const [shown, setShown] = useState({ index, leaving: -1 });
  if (shown.index !== index) setShown({ index, leaving: shown.index });

  function onPointerEnter(event: PointerEvent) {
    // A tap is not hovering: on touch screens only swipes and buttons steer the carousel.
    if (event.pointerType === 'mouse') pause('hover');
  }
  function onFocus(event: FocusEvent) {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) pause('focus');
  }
  function onBlur(event: FocusEvent) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume('focus');
  }
  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  function onTouchEnd(event: TouchEvent) {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0) next();
    else prev();
  }

  return (
    <section
      ref={carousel.ref}
      aria-roledescription="carousel"
      aria-label="Featured titles"
      className={cn('relative isolate overflow-hidden bg-ink-950', HERO_HEIGHT)}
      onPointerEnter={onPointerEnter}
      onPointerLeave={() => resume('hover')}
      onFocus={onFocus}
      onBlur={onBlur}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div aria-live={isRotating ? 'off' : 'polite'} className="absolute inset-0">
        {items.map((item, position) => (
          <HeroSlide
            key={`${item.media_type}-${item.id}`}
            item={item}
            position={position}
            count={count}
            isActive={position === index}
            isLeaving={position === shown.leaving}
            shouldLoad={loaded.has(position)}
            isFirst={position === 0}
            imageBase={config?.images.secure_base_url ?? null}
            quality={quality}
            reducedMotion={reducedMotion}
          />
        ))}
      </div>

      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-0 z-20 pb-6 sm:pb-8">
          <div className={cn(SECTION_CONTAINER, 'flex items-center justify-between gap-4')}>
            <div role="group" aria-label="Choose a slide" className="flex items-center">
              {items.map((item, position) => {
                const isActive = position === index;
                return (
                  <button
                    key={`${item.media_type}-${item.id}`}
                    type="button"
                    onClick={() => goTo(position)}
                    aria-label={`Go to slide ${position + 1}`}
                    aria-current={isActive ? 'true' : undefined}
                    className="group flex h-8 items-center px-1"
                  >
                    <span
                      className={cn(
                        'relative block h-1.5 overflow-hidden rounded-full transition-all duration-300',
                        isActive ? 'w-10 bg-white/25' : 'w-4 bg-white/30 group-hover:bg-white/60',
                      )}
                    >
                      {isActive && isRotating ? (
                        <DotProgress key={index} durationMs={HERO_INTERVAL_MS} />
                      ) : isActive ? (
                        <span className="absolute inset-0 rounded-full bg-gold-400" />
                      ) : null}
                    </span>
                  </button>
                );
              })}
            </div>
            <div className="flex items-center gap-2">
              {reducedMotion ? null : (
                <button
                  type="button"
                  className={CONTROL}
                  onClick={() => (isStoppedByUser ? resume('user') : pause('user'))}
                  aria-label={isStoppedByUser ? 'Start automatic slide show' : 'Stop automatic slide show'}
                >
                  {isStoppedByUser ? (
                    <Play className="size-4 fill-current" aria-hidden />
                  ) : (
                    <Pause className="size-4 fill-current" aria-hidden />
                  )}
                </button>
              )}
              <button type="button" className={CONTROL} onClick={prev} aria-label="Previous slide">
                <ChevronLeft className="size-5" aria-hidden />
              </button>
              <button type="button" className={CONTROL} onClick={next} aria-label="Next slide">
                <ChevronRight className="size-5" aria-hidden />
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function HeroSkeleton() {
  return (
    <div
      className={cn('relative overflow-hidden bg-ink-900', HERO_HEIGHT)}
      role="status"
      aria-label="Loading featured titles"
    >
      <div className="absolute inset-0 bg-[radial-gradient(900px_420px_at_20%_30%,rgb(246_196_83/0.08),transparent_70%)]" />
      <div className={cn(SECTION_CONTAINER, 'relative flex h-full flex-col justify-end pb-24 sm:pb-28')}>
        <div className="h-3 w-40 animate-pulse rounded bg-white/10" />
        <div className="mt-4 h-12 w-3/4 max-w-xl animate-pulse rounded-lg bg-white/10 sm:h-16" />
        <div className="mt-4 h-4 w-56 animate-pulse rounded bg-white/5" />
        <div className="mt-4 h-4 w-full max-w-xl animate-pulse rounded bg-white/5" />
        <div className="mt-2 h-4 w-2/3 max-w-md animate-pulse rounded bg-white/5" />
        <div className="mt-6 flex gap-3">
          <div className="h-12 w-36 animate-pulse rounded-lg bg-white/10" />
          <div className="h-12 w-36 animate-pulse rounded-lg bg-white/5" />
        </div>
      </div>
    </div>
  );
}

/** The hero with its data: the most popular films with a backdrop, or the spec's failure alert. */
export function HeroSection() {
  const [certification] = useSetting('contentRatingFilter');
  const query = useDiscover(heroQuery(certification));
  const items = pickHeroTitles(query.data?.results ?? []);

  useEffect(() => {
    if (query.isError) console.warn('Home: failed to load the featured titles', query.error);
  }, [query.isError, query.error]);

  if (query.isPending) return <HeroSkeleton />;
  if (query.isError && items.length === 0) {
    return (
      <div className={cn(SECTION_CONTAINER, 'pt-10')}>
        <FetchAlert kind="movies" onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (items.length === 0) return null;
  return <HeroCarousel items={items} />;
}

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { useReducedMotion } from '../use-reduced-motion.ts';

/** The width of one card in a row: a little over two on a phone, so the next one peeks in. */
export const ROW_ITEM = 'w-[40vw] max-w-48 shrink-0 snap-start sm:w-44 lg:w-48';

const ARROW =
  'inline-flex size-9 items-center justify-center rounded-full border border-white/10 bg-white/5 text-fg transition-colors hover:border-gold-400/50 hover:bg-white/10 disabled:pointer-events-none disabled:opacity-30';

/**
 * A horizontal row of cards. Touch scrolls natively with snap points; the row is a labelled,
 * focusable region, so arrow keys scroll it; on wider screens two buttons page through it.
 * The row bleeds to the screen edges so cards slide out of view instead of being cut mid-page.
 */
export function ScrollRow({
  label,
  header,
  children,
  fallback,
  className,
}: {
  /** Names the region and its buttons ("Scroll {label} right"). */
  label: string;
  /** The section heading; it receives the scroll buttons to place beside its own actions. */
  header: (controls: ReactNode) => ReactNode;
  children?: ReactNode;
  /** Shown instead of the row (a skeleton, an error, an empty text), under the same heading. */
  fallback?: ReactNode;
  className?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const forward = useRef<HTMLButtonElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const reducedMotion = useReducedMotion();

  // Reaching an end disables the arrow that has the keyboard focus, which would drop it to the
  // page's body: the other arrow takes it.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (edges.atEnd && focused === forward.current) back.current?.focus();
    else if (edges.atStart && focused === back.current) forward.current?.focus();
  }, [edges]);

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const atStart = element.scrollLeft <= 4;
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 4;
    setEdges((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, []);

  const hasRow = !fallback;
  useEffect(() => {
    const element = scroller.current;
    if (!element || !hasRow) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure, hasRow]);

  function page(direction: 1 | -1) {
    const element = scroller.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.85, behavior: reducedMotion ? 'auto' : 'smooth' });
  }

  const controls = (
    <div className="hidden shrink-0 gap-2 md:flex">
      <button
        ref={back}
        type="button"
        className={ARROW}
        onClick={() => page(-1)}
        disabled={edges.atStart}
        aria-label={`Scroll ${label} left`}
      >
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      <button
        ref={forward}
        type="button"
        className={ARROW}
        onClick={() => page(1)}
        disabled={edges.atEnd}
        aria-label={`Scroll ${label} right`}
      >
        <ChevronRight className="size-5" aria-hidden />
      </button>
    </div>
  );

  return (
    <div className={className}>
      {header(fallback ? null : controls)}
      {fallback ?? (
        <div
          ref={scroller}
          role="region"
          aria-label={label}
          tabIndex={0}
          onScroll={measure}
          className={cn(
            '-mx-4 snap-x snap-mandatory scroll-px-4 overflow-x-auto overscroll-x-contain px-4 pt-1 pb-3 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8 [&::-webkit-scrollbar]:hidden',
            'focus-visible:outline-offset-[-2px]',
          )}
        >
          <ul className="flex w-max gap-3 sm:gap-4">{children}</ul>
        </div>
      )}
    </div>
  );
}

import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * The poster-card grid of the app (the same one TitleGrid draws): from 1280 px wide it has the
 * user's gridColumns setting (4 to 8); narrower screens get as many columns as fit.
 */
export function CardGrid({
  columns,
  label,
  children,
  className,
}: {
  columns: number;
  /** Names the list for assistive technology. */
  label?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <ul
      aria-label={label}
      className={cn(
        'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:[grid-template-columns:repeat(var(--grid-columns),minmax(0,1fr))]',
        className,
      )}
      style={{ '--grid-columns': columns } as CSSProperties}
      data-columns={columns}
    >
      {children}
    </ul>
  );
}

/** The width a poster is drawn at in a CardGrid of `columns`, for the poster quality. */
export function gridPosterWidth(columns: number): number {
  return Math.round(1500 / columns);
}

/** Items of a CardStrip: fixed widths so the next card peeks in on a phone. */
export const STRIP_ITEM = 'w-[38vw] max-w-44 shrink-0 snap-start sm:w-40 lg:w-44';

/**
 * A horizontal strip of cards: a labelled, focusable region (arrow keys scroll it) with native
 * touch scrolling and snap points.
 */
export function CardStrip({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'snap-x snap-mandatory overflow-x-auto overscroll-x-contain pt-1 pb-3 [scrollbar-width:thin] focus-visible:outline-offset-[-2px]',
        className,
      )}
    >
      <ul className="flex w-max gap-3 sm:gap-4">{children}</ul>
    </div>
  );
}

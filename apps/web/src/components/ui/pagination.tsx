import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Keeps a page between 1 and the number of pages (product.md §5). */
export function clampPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, totalPages));
}

/**
 * The page buttons around the current page: `count` numbers at most, the first and last page
 * always reachable, ellipses where pages are skipped (product.md §2 Browse: 7, or 3 under 640 px).
 */
export function pageWindow(current: number, totalPages: number, count: number): PageItem[] {
  const total = Math.max(1, totalPages);
  const page = clampPage(current, total);
  if (total <= count) return Array.from({ length: total }, (_, index) => index + 1);
  if (count < 5) {
    // Too few slots for first/last plus ellipses: a plain window around the current page.
    const start = clampPage(page - Math.floor(count / 2), total - count + 1);
    return Array.from({ length: count }, (_, index) => start + index);
  }
  const inner = count - 2; // slots between the first and the last page
  let start = Math.max(2, page - Math.floor((inner - 1) / 2));
  let end = start + inner - 1;
  if (end > total - 1) {
    end = total - 1;
    start = end - inner + 1;
  }
  const items: PageItem[] = [1];
  if (start > 2) {
    start += 1; // the ellipsis takes a slot
    items.push('start-ellipsis');
  }
  const needsEnd = end < total - 1;
  if (needsEnd) end -= 1;
  for (let number = start; number <= end; number += 1) items.push(number);
  if (needsEnd) items.push('end-ellipsis');
  items.push(total);
  return items;
}

/** Page numbers shown under 640 px (product.md §2 Browse). */
export const NARROW_PAGE_COUNT = 3;

/** A page button, or an ellipsis, and on which widths it shows. */
export interface ShownPageItem {
  item: PageItem;
  wide: boolean;
  narrow: boolean;
}

/**
 * The windows of both widths in one row, in order: each item marked with the widths that show
 * it. The server renders the page before any script knows the screen's width, so CSS picks the
 * window (and a phone never sees the wide one first, nor renders again to swap it).
 */
export function responsivePageWindow(current: number, totalPages: number, count: number): ShownPageItem[] {
  const total = Math.max(1, totalPages);
  const wide = pageWindow(current, total, count);
  const narrow = new Set(pageWindow(current, total, Math.min(count, NARROW_PAGE_COUNT)));
  // Where an item sits: a number at itself, the ellipses just inside the first and last pages.
  const position = (item: PageItem) => (item === 'start-ellipsis' ? 1.5 : item === 'end-ellipsis' ? total - 0.5 : item);
  const items = [...new Set<PageItem>([...wide, ...narrow])].sort((a, b) => position(a) - position(b));
  return items.map((item) => ({ item, wide: wide.includes(item), narrow: narrow.has(item) }));
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Page numbers shown on wide screens; NARROW_PAGE_COUNT under 640 px. */
  count?: number;
  className?: string;
}

/**
 * Previous and Next at either end are marked aria-disabled rather than disabled: a disabled button
 * drops the keyboard focus, and Next is the button that has it when the last page is reached. They
 * are dimmed by their text colour, not by opacity, which would also fade the focus outline.
 */
export function Pagination({ page, totalPages, onPageChange, count = 7, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = clampPage(page, totalPages);
  const items = responsivePageWindow(current, totalPages, count);
  const go = (target: number) => {
    const next = clampPage(target, totalPages);
    if (next !== current) onPageChange(next);
  };
  const base =
    'inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors aria-disabled:pointer-events-none aria-disabled:text-fg-muted/40';

  return (
    <nav aria-label="Pagination" className={cn('flex flex-col items-center gap-3', className)}>
      <div className="flex flex-wrap items-center justify-center gap-1.5">
        <button
          type="button"
          className={cn(base, 'gap-1 text-fg-muted hover:bg-white/5 hover:text-fg')}
          onClick={() => go(current - 1)}
          aria-disabled={current <= 1 || undefined}
        >
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </button>
        {items.map(({ item, wide, narrow }) => {
          // Under 640 px (Tailwind's sm) only the narrow window shows, above it only the wide one.
          const shown = cn(!wide && 'sm:hidden', !narrow && 'max-sm:hidden');
          return typeof item === 'number' ? (
            <button
              key={item}
              type="button"
              className={cn(
                base,
                shown,
                item === current ? 'bg-gold-400 text-ink-950' : 'text-fg-muted hover:bg-white/5 hover:text-fg',
              )}
              aria-current={item === current ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => go(item)}
            >
              {item}
            </button>
          ) : (
            <span key={item} className={cn('px-1 text-fg-subtle', shown)} aria-hidden>
              …
            </span>
          );
        })}
        <button
          type="button"
          className={cn(base, 'gap-1 text-fg-muted hover:bg-white/5 hover:text-fg')}
          onClick={() => go(current + 1)}
          aria-disabled={current >= totalPages || undefined}
        >
          Next
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
      <p className="text-sm text-fg-subtle">
        Page {current} of {totalPages}
      </p>
    </nav>
  );
}

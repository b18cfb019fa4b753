import type { MouseEvent } from 'react';
import { Star } from 'lucide-react';
import { titleOf, yearOf, type TitleSummary } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { detailPath } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { groupDigits } from '@/lib/format.ts';
import { cutOverview, DROPDOWN_LIMIT, typeLabel } from '../search-rules.ts';

export interface SearchDropdownProps {
  results: TitleSummary[];
  total: number;
  activeIndex: number;
  listId: string;
  optionId: (index: number) => string;
  /** The term searched for, as the results answer it. */
  debounced: string;
  isFetching: boolean;
  onPick: (to: string) => void;
  onViewAll: () => void;
  onActivate: (index: number) => void;
}

const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * The header search's dropdown (product.md §2 Search dropdown): the results as the combobox's
 * options, or why there are none, and View all. Loaded once the viewer starts typing.
 */
export function SearchDropdown({
  results,
  total,
  activeIndex,
  listId,
  optionId,
  debounced,
  isFetching,
  onPick,
  onViewAll,
  onActivate,
}: SearchDropdownProps) {
  return (
    // On a phone the search sits in the menu panel, which scrolls: the results take their place
    // in it (one scroll area, all six results and View all on a 375 px screen) instead of
    // floating over it, clipped, with a scroll area of their own.
    <div className="z-50 mt-2 overflow-hidden rounded-xl border border-white/10 bg-ink-850 shadow-2xl md:absolute md:top-full md:right-0 md:w-[26rem]">
      {results.length === 0 ? (
        // Outside the listbox: a listbox may hold only options.
        <p id={listId} role="status" className="px-4 py-6 text-center text-sm text-fg-muted">
          {isFetching ? 'Searching…' : `No results for “${debounced}”`}
        </p>
      ) : null}
      <ul
        id={results.length === 0 ? undefined : listId}
        role="listbox"
        aria-label="Search results"
        hidden={results.length === 0}
        className="py-1 md:max-h-[70vh] md:overflow-y-auto"
      >
        {results.map((item, index) => (
          <li
            key={`${item.media_type}-${item.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // The option itself is the control (a link inside an option would nest two).
            onMouseDown={keepFocus}
            onClick={() => onPick(detailPath(item))}
            onMouseEnter={() => onActivate(index)}
            className={cn(
              'flex cursor-pointer gap-3 px-3 py-2.5 transition-colors',
              index === activeIndex ? 'bg-white/10' : 'hover:bg-white/5',
            )}
          >
            <PosterImage path={item.poster_path} alt="" width={46} className="w-[46px] shrink-0 rounded-md" />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="truncate text-sm font-medium text-fg">{titleOf(item)}</span>
                <span
                  className={cn(
                    'shrink-0 rounded px-1.5 py-px text-[10px] font-bold',
                    item.media_type === 'movie' ? 'bg-gold-400/90 text-ink-950' : 'bg-sky-400/90 text-ink-950',
                  )}
                >
                  {typeLabel(item.media_type)}
                </span>
              </span>
              <span className="mt-0.5 flex items-center gap-2 text-xs text-fg-subtle">
                {yearOf(item) ? <span>{yearOf(item)}</span> : null}
                {item.vote_average ? (
                  <span className="inline-flex items-center gap-0.5">
                    <Star className="size-3 fill-current text-gold-400" aria-hidden />
                    {item.vote_average.toFixed(1)}
                  </span>
                ) : null}
              </span>
              {item.overview ? (
                <span className="mt-1 block text-xs leading-snug text-fg-muted">{cutOverview(item.overview)}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {total > DROPDOWN_LIMIT ? (
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={onViewAll}
          className="block w-full border-t border-white/10 px-4 py-3 text-center text-sm font-medium text-gold-300 transition-colors hover:bg-white/5"
        >
          View all {groupDigits(total)} results
        </button>
      ) : null}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search, Star } from 'lucide-react';
import { titleOf, yearOf, type TitleSummary } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { detailPath } from '@/components/media/title-card.tsx';
import { paths } from '@/config/paths.ts';
import { useSearch } from '@/lib/catalogue/catalogue-api.ts';
import { cn } from '@/lib/cn.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import {
  BLUR_CLEAR_MS,
  cutOverview,
  DROPDOWN_LIMIT,
  DROPDOWN_LIMIT_MOBILE,
  SEARCH_DEBOUNCE_MS,
  typeLabel,
} from '../search-rules.ts';
import { groupDigits } from '@/lib/format.ts';

/**
 * The header's live search (product.md §2 Search dropdown, §4 Search): results 300 ms after typing
 * stops, up to 8 (6 on phones), a "View all N results" button, submit to /search?q= with the
 * trimmed term. An ARIA combobox: arrows move through the results, Enter opens one, Escape closes.
 */
export function HeaderSearch({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const [term, setTerm] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const navigate = useNavigate();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const blurTimer = useRef<number | undefined>(undefined);
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  // Read only once there is something to list.
  const isMobile = useMediaQuery('(max-width: 767px)', debounced.length > 0);
  const limit = isMobile ? DROPDOWN_LIMIT_MOBILE : DROPDOWN_LIMIT;

  const query = useSearch(debounced);
  // A failed search shows as no results (product.md §4).
  const results: TitleSummary[] = debounced && !query.isError ? (query.data?.results ?? []).slice(0, limit) : [];
  const total = debounced && !query.isError ? (query.data?.total_results ?? 0) : 0;
  const showList = isOpen && debounced.length > 0 && term.trim().length > 0;

  useEffect(() => setActiveIndex(-1), [debounced]);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  function close() {
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function go(to: string) {
    close();
    setTerm('');
    void navigate(to);
    onSubmitted?.();
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    go(paths.search(trimmed));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter' && showList && activeIndex >= 0 && results[activeIndex]) {
      event.preventDefault();
      go(detailPath(results[activeIndex]));
    } else if (event.key === 'Escape') {
      if (showList) event.preventDefault();
      close();
    }
  }

  const optionId = (index: number) => `${baseId}-option-${index}`;

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label className="sr-only" htmlFor={inputId}>
        Search movies and series
      </label>
      <Search className="pointer-events-none absolute top-3 left-3 size-4 text-fg-subtle" aria-hidden />
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => {
          // The dropdown clears on focus (product.md §4); typing opens it again.
          window.clearTimeout(blurTimer.current);
          close();
        }}
        onBlur={() => {
          // Cleared 200 ms after blur, so that a click on a result still lands.
          blurTimer.current = window.setTimeout(close, BLUR_CLEAR_MS);
        }}
        onKeyDown={onKeyDown}
        placeholder="Search movies, series..."
        autoComplete="off"
        className="h-10 w-full rounded-lg border border-white/10 bg-white/5 pr-3 pl-9 text-sm text-fg transition-colors placeholder:text-fg-subtle focus:border-gold-400/60 focus:bg-white/10 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50"
      />
      {showList ? (
        // On a phone the search sits in the menu panel, which scrolls: the results take their place
        // in it (one scroll area, all six results and View all on a 375 px screen) instead of
        // floating over it, clipped, with a scroll area of their own.
        <div className="z-50 mt-2 overflow-hidden rounded-xl border border-white/10 bg-ink-850 shadow-2xl md:absolute md:top-full md:right-0 md:w-[26rem]">
          {results.length === 0 ? (
            // Outside the listbox: a listbox may hold only options.
            <p id={listId} role="status" className="px-4 py-6 text-center text-sm text-fg-muted">
              {query.isFetching ? 'Searching…' : `No results for “${debounced}”`}
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
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(detailPath(item))}
                onMouseEnter={() => setActiveIndex(index)}
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
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => submit()}
              className="block w-full border-t border-white/10 px-4 py-3 text-center text-sm font-medium text-gold-300 transition-colors hover:bg-white/5"
            >
              View all {groupDigits(total)} results
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

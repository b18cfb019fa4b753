import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import type { TitleSummary } from '@marquee/core';
import { detailPath, paths } from '@/config/paths.ts';
import { useSearch } from '@/lib/catalogue/catalogue-api.ts';
import { cn } from '@/lib/cn.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { BLUR_CLEAR_MS, DROPDOWN_LIMIT, DROPDOWN_LIMIT_MOBILE, SEARCH_DEBOUNCE_MS } from '../search-rules.ts';

const loadDropdown = () => import('./search-dropdown.tsx');
// The dropdown's code loads at the first key typed, while the search waits out its debounce.
const SearchDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.SearchDropdown })));

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
          void loadDropdown();
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
        <Suspense fallback={null}>
          <SearchDropdown
            results={results}
            total={total}
            activeIndex={activeIndex}
            listId={listId}
            optionId={optionId}
            debounced={debounced}
            isFetching={query.isFetching}
            onPick={go}
            onViewAll={() => submit()}
            onActivate={setActiveIndex}
          />
        </Suspense>
      ) : null}
    </form>
  );
}

import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ChevronDown, Film, SlidersHorizontal, X } from 'lucide-react';
import { genreNames, genresFor, SORT_OPTIONS, STREAMING_PROVIDERS, type SortBy } from '@marquee/core';
import { Button } from '@/components/ui/button.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { TitleGrid, TitleGridSkeleton } from '@/components/media/title-grid.tsx';
import { paths } from '@/config/paths.ts';
import { trackEvent } from '@/lib/analytics/track.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { useDiscover } from '@/lib/catalogue/catalogue-api.ts';
import { cn } from '@/lib/cn.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import {
  activeFilterCount,
  browseLabel,
  browseSearch,
  DEFAULT_BROWSE,
  discoverParams,
  LANGUAGE_NAMES,
  MIN_RATINGS,
  MIN_YEAR,
  maxYear,
  parseBrowseState,
  PROVIDER_CHOICES,
  type BrowseState,
} from './browse-state.ts';
import { scrollToTop } from '@/lib/motion.ts';
import { groupDigits } from '@/lib/format.ts';

const FIELD =
  'h-10 w-full rounded-lg border border-white/10 bg-ink-800 px-3 text-sm text-fg focus:border-gold-400/60 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50 disabled:opacity-50';

function Field({ label, children, hint }: { label: string; children: (id: string) => React.ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-semibold tracking-wider text-fg-subtle uppercase">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="mt-1 text-xs text-fg-subtle">{hint}</p> : null}
    </div>
  );
}

/** The year box commits a year only when it is complete and in range; empty clears it. */
function YearInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | null;
  onChange: (year: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const latest = maxYear();
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={MIN_YEAR}
      max={latest}
      placeholder="Any year"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (next === '') onChange(null);
        else if (/^\d{4}$/.test(next) && Number(next) >= MIN_YEAR && Number(next) <= latest) onChange(Number(next));
      }}
      onBlur={() => setText(value === null ? '' : String(value))}
      className={FIELD}
    />
  );
}

/**
 * Available to watch (issue 29): only titles this server's Library or media server can play. A
 * trailer is not the title, and a custom source plays anything, so neither counts here.
 */
function AvailableField({
  checked,
  disabled,
  sources,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  sources: string[];
  onChange: (available: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div>
      <p className="mb-1.5 block text-xs font-semibold tracking-wider text-fg-subtle uppercase" aria-hidden>
        Availability
      </p>
      <label
        className={cn(
          FIELD,
          'flex cursor-pointer items-center gap-2',
          disabled && 'cursor-not-allowed opacity-50',
          checked && 'border-gold-400/60',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold-400/60',
        )}
      >
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 accent-gold-400"
        />
        Available to watch
      </label>
      <p id={hintId} className="mt-1 text-xs text-fg-subtle">
        {disabled
          ? 'Needs a media folder or a media server on this server'
          : sources.length > 0
            ? `Plays from this server's ${sources.join(' or ')}`
            : 'Plays from this server'}
      </p>
    </div>
  );
}

/** The browse screen of product.md §2: filters, sort, chips, results and pagination, all in the URL. */
export function BrowseScreen() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = parseBrowseState(new URLSearchParams(location.search), { type: params.type, slug: params.slug });
  const [favoriteGenres] = useSetting('favoriteGenres');
  const [gridColumns] = useSetting('gridColumns');
  const [posterQuality] = useSetting('posterQuality');
  const [contentRating] = useSetting('contentRatingFilter');
  const { data: config } = useAppConfig();
  const [panelOpen, setPanelOpen] = useState(false);
  const query = useDiscover(discoverParams(state, favoriteGenres, contentRating));
  const label = browseLabel(state);
  const activeCount = activeFilterCount(state);
  const providersAvailable = config?.filters?.watch_providers !== false;
  // Where the server itself plays titles from: the Available to watch filter keeps those titles.
  const serverSources = [
    ...(config?.features?.library ? ['Library'] : []),
    ...(config?.media_server ? [config.media_server.name] : []),
  ];
  const canFilterAvailable = config === undefined || serverSources.length > 0;
  useDocumentTitle(state.genres.length ? label : 'Browse & Discover');

  const genreKey = state.genres.join(',');
  useEffect(() => {
    if (!genreKey) return;
    const ids = genreKey.split(',').map(Number);
    trackEvent('genre_filter', {
      content_type: state.type,
      genre_ids: genreKey,
      genres: genreNames(state.type, ids).join(', '),
    });
  }, [genreKey, state.type]);

  useEffect(() => {
    if (query.isError) console.warn('Browse: failed to load titles', query.error);
  }, [query.isError, query.error]);

  /** Writes a new state to the URL (a history entry, so back and forward restore it). */
  function apply(next: BrowseState, { resetPage = true } = {}) {
    const target = { ...next, page: resetPage ? 1 : next.page };
    // /browse/{type} and /genre/{slug} stay on their path while they still describe the state.
    const onTypePath = params.type !== undefined && !params.slug;
    const pathname = onTypePath ? paths.browseType(target.type) : paths.browse;
    const search = browseSearch(target, { includeType: !onTypePath }).toString();
    void navigate({ pathname, search: search ? `?${search}` : '' });
  }

  /**
   * The state as the address bar holds it right now. React Router renders a navigation in a
   * transition, so a control changed right after another one would otherwise start from the
   * previous render's state and drop that first change.
   */
  const current = () =>
    parseBrowseState(new URLSearchParams(window.location.search), { type: params.type, slug: params.slug });
  const set = <K extends keyof BrowseState>(key: K, value: BrowseState[K]) => apply({ ...current(), [key]: value });
  const chips: Array<{ key: string; label: string; remove: () => void }> = [
    ...state.genres.map((id) => ({
      key: `genre-${id}`,
      label: genreNames(state.type, [id])[0] ?? `Genre ${id}`,
      remove: () =>
        set(
          'genres',
          current().genres.filter((genre) => genre !== id),
        ),
    })),
    ...(state.year !== null ? [{ key: 'year', label: `Year ${state.year}`, remove: () => set('year', null) }] : []),
    ...(state.minRating !== null
      ? [{ key: 'rating', label: `Rating ${state.minRating}+`, remove: () => set('minRating', null) }]
      : []),
    ...(state.provider !== null
      ? [
          {
            key: 'provider',
            label: STREAMING_PROVIDERS.find((p) => p.id === state.provider)?.name ?? 'Provider',
            remove: () => set('provider', null),
          },
        ]
      : []),
    ...(state.available
      ? [{ key: 'available', label: 'Available to watch', remove: () => set('available', false) }]
      : []),
    ...(state.language
      ? [
          {
            key: 'language',
            label: LANGUAGE_NAMES[state.language as keyof typeof LANGUAGE_NAMES] ?? state.language,
            remove: () => set('language', null),
          },
        ]
      : []),
  ];

  const data = query.data;
  const totalPages = data?.total_pages ?? 0;
  const isFirstLoad = query.isPending;

  function changePage(page: number) {
    apply({ ...current(), page }, { resetPage: false });
    scrollToTop();
  }

  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-4 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="font-display text-3xl font-semibold tracking-wide text-fg sm:text-4xl">Browse &amp; Discover</h1>
        <p className="mt-2 text-fg-muted">Filter the whole catalogue by type, genre, year, rating and language.</p>
      </header>

      <section
        aria-label="Filters"
        className="sticky top-16 z-20 -mx-4 border-y border-white/5 bg-ink-950/90 px-4 py-3 backdrop-blur-xl sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
      >
        <div className="flex items-center gap-2">
          <div role="group" aria-label="Type" className="inline-flex shrink-0 rounded-lg bg-white/5 p-1">
            {(['movie', 'tv'] as const).map((type) => (
              <button
                key={type}
                type="button"
                aria-pressed={state.type === type}
                onClick={() => apply({ ...current(), type, genres: [] })}
                className={cn(
                  'h-8 rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-3',
                  state.type === type ? 'bg-gold-400 text-ink-950' : 'text-fg-muted hover:text-fg',
                )}
              >
                {type === 'movie' ? (
                  'Movies'
                ) : (
                  <>
                    <span className="sm:hidden">TV</span>
                    <span className="hidden sm:inline">TV Shows</span>
                  </>
                )}
              </button>
            ))}
          </div>
          <Button
            variant="outline"
            size="md"
            className="!px-3"
            aria-expanded={panelOpen}
            aria-controls="browse-filters"
            onClick={() => setPanelOpen((open) => !open)}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            {/* Read as "Filters, 2 active": the badge alone would say just "2". */}
            <span className="sr-only">{activeCount > 0 ? `Filters, ${activeCount} active` : 'Filters'}</span>
            <span className="hidden sm:inline" aria-hidden>
              Filters
            </span>
            {activeCount > 0 ? (
              <span
                className="inline-flex size-5 items-center justify-center rounded-full bg-gold-400 text-xs font-bold text-ink-950"
                aria-hidden
              >
                {activeCount}
              </span>
            ) : null}
            <ChevronDown
              className={cn('hidden size-4 transition-transform sm:block', panelOpen && 'rotate-180')}
              aria-hidden
            />
          </Button>
          <label className="ml-auto flex min-w-0 items-center gap-2 text-sm whitespace-nowrap text-fg-muted">
            <span className="hidden sm:inline">Sort by</span>
            <select
              value={state.sortBy}
              onChange={(event) => set('sortBy', event.target.value as SortBy)}
              className={cn(FIELD, 'w-auto min-w-0 px-2 sm:px-3')}
              aria-label="Sort by"
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>

        {panelOpen ? (
          <div id="browse-filters" className="mt-4 grid gap-4 pb-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
            <AvailableField
              checked={state.available}
              disabled={!canFilterAvailable}
              sources={serverSources}
              onChange={(available) => set('available', available)}
            />
            <Field label="Genre">
              {(id) => (
                <select
                  id={id}
                  className={FIELD}
                  value={state.genres[0] ?? ''}
                  onChange={(event) => set('genres', event.target.value ? [Number(event.target.value)] : [])}
                >
                  <option value="">All genres</option>
                  {genresFor(state.type).map((genre) => (
                    <option key={genre.id} value={genre.id}>
                      {genre.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Release year">
              {(id) => <YearInput id={id} value={state.year} onChange={(year) => set('year', year)} />}
            </Field>
            <Field label="Minimum rating">
              {(id) => (
                <select
                  id={id}
                  className={FIELD}
                  value={state.minRating ?? ''}
                  onChange={(event) => set('minRating', event.target.value ? Number(event.target.value) : null)}
                >
                  <option value="">Any rating</option>
                  {MIN_RATINGS.map((rating) => (
                    <option key={rating} value={rating}>
                      {rating}+
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="Streaming on"
              hint={providersAvailable ? undefined : 'Needs streaming availability data (TMDB catalogue)'}
            >
              {(id) => (
                <select
                  id={id}
                  className={FIELD}
                  disabled={!providersAvailable}
                  value={state.provider ?? ''}
                  onChange={(event) => set('provider', event.target.value ? Number(event.target.value) : null)}
                >
                  <option value="">Any service</option>
                  {PROVIDER_CHOICES.map((provider) => (
                    <option key={provider.id} value={provider.id}>
                      {provider.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Original language">
              {(id) => (
                <select
                  id={id}
                  className={FIELD}
                  value={state.language ?? ''}
                  onChange={(event) => set('language', event.target.value || null)}
                >
                  <option value="">Any language</option>
                  {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        ) : null}

        {chips.length > 0 ? (
          <ul aria-label="Active filters" className="mt-3 flex flex-wrap items-center gap-2">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  onClick={chip.remove}
                  className="inline-flex h-8 items-center gap-1.5 rounded-full border border-gold-400/30 bg-gold-400/10 pr-2 pl-3 text-sm text-gold-200 transition-colors hover:bg-gold-400/20"
                  aria-label={`Remove filter ${chip.label}`}
                >
                  {chip.label}
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => void navigate(paths.browse)}
                className="h-8 rounded-full px-3 text-sm font-medium text-fg-muted underline-offset-4 hover:text-fg hover:underline"
              >
                Clear All
              </button>
            </li>
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="browse-results" className="mt-8">
        <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="browse-results" className="font-display text-2xl tracking-wide text-fg">
            All {label} ({data ? groupDigits(data.total_results) : '…'})
          </h2>
          {state.genres.length === 0 && favoriteGenres.length > 0 ? (
            <p className="text-sm text-fg-subtle">
              Showing your favourite genres ({genreNames(state.type, favoriteGenres).join(', ') || 'from Settings'})
            </p>
          ) : null}
        </div>
        {query.isError && !data ? (
          <p
            role="alert"
            className="mb-4 rounded-lg border border-ember-500/30 bg-ember-500/10 px-4 py-3 text-sm text-ember-400"
          >
            Titles could not be loaded. Check your connection; the list will refresh when the server answers.
          </p>
        ) : null}
        {isFirstLoad ? (
          <TitleGridSkeleton columns={gridColumns} />
        ) : data && data.results.length > 0 ? (
          <div
            className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}
            aria-busy={query.isFetching}
          >
            <TitleGrid items={data.results} columns={gridColumns} quality={posterQuality} />
          </div>
        ) : data ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-white/10 px-6 py-16 text-center">
            <Film className="size-10 text-fg-subtle" aria-hidden />
            <p className="mt-4 font-display text-xl text-fg">No content found</p>
            <p className="mt-1 text-fg-muted">No {label} available in this category</p>
            {activeCount > 0 ? (
              <Button variant="secondary" className="mt-6" onClick={() => void navigate(paths.browse)}>
                Clear All
              </Button>
            ) : null}
          </div>
        ) : null}
        <Pagination className="mt-12" page={state.page} totalPages={totalPages} onPageChange={changePage} />
      </section>
    </div>
  );
}

export { DEFAULT_BROWSE };

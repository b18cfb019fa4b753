import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ArrowRight, Compass, EyeOff, History, Loader2, Trash2 } from 'lucide-react';
import { LOCAL_HISTORY_LIMIT } from '@marquee/core';
import { buttonClasses, Button } from '@/components/ui/button.tsx';
import { CardGrid, CardStrip, gridPosterWidth, STRIP_ITEM } from '@/components/ui/card-grid.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { TrackingNav } from '@/components/tracking/tracking-nav.tsx';
import { BrowserDataPage } from '@/components/ui/browser-data-page.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { openAuthDialog } from '@/lib/auth/auth-dialog-store.ts';
import { cn } from '@/lib/cn.ts';
import { useHistory, useSetting } from '@/lib/local-store/hooks.ts';
import { useRatings } from '@/lib/local-store/use-ratings.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { HistoryEntryCard } from './components/history-entry-card.tsx';
import { HistoryEpisodesDialog } from './components/history-episodes-dialog.tsx';
import { HistoryRatingControls } from './components/history-rating-controls.tsx';
import { groupHistory, type HistoryGroup } from './history-groups.ts';
import { arrangeByRating, type RatingFilter, type RatingSort } from './history-rating.ts';
import { COMPACT_COUNTS, historyHeading, type CompactVariant } from './history-rules.ts';
import { useHistoryList } from './use-history-list.ts';
import { useSeriesHistoryTotal } from './api/get-series-history.ts';

/**
 * The History screen (product.md §2): one card per film and per series (DESIGN.md "Where Marquee
 * deliberately differs"), newest first by the latest watch, in the user's grid; more cards as the
 * user scrolls or asks, from the server once past what the browser holds.
 */
export function HistoryScreen() {
  return (
    <BrowserDataPage
      title={historyHeading(0)}
      subtitle={HISTORY_SUBTITLE}
      loadingLabel="Loading history"
      before={<TrackingNav />}
    >
      <HistoryContent />
    </BrowserDataPage>
  );
}

const HISTORY_SUBTITLE = 'What you watched, most recent first. Pick a series up where you left it.';

function HistoryContent() {
  const history = useHistoryList();
  const { groups, allGroups, total } = history;
  const [columns] = useSetting('gridColumns');
  const [quality] = useSetting('posterQuality');
  const [isTracking] = useSetting('enableHistoryTracking');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [seriesToRemove, setSeriesToRemove] = useState<HistoryGroup | null>(null);
  const [episodesOf, setEpisodesOf] = useState<string | null>(null);
  const openSeries = allGroups.find((group) => group.key === episodesOf) ?? null;
  const ratings = useRatings();
  const [sort, setSort] = useState<RatingSort>('recent');
  const [filter, setFilter] = useState<RatingFilter>('all');
  // Sorted or filtered by the viewer's rating: everything held so far, as many cards as shown.
  const shown =
    sort === 'recent' && filter === 'all'
      ? groups
      : arrangeByRating(allGroups, ratings, sort, filter).slice(0, groups.length);
  useDocumentTitle('Watch History');

  // The account may hold more of a series' episodes than the browser loaded: ask how many.
  const seriesTotal = useSeriesHistoryTotal(history.userId, seriesToRemove?.latest.movie_id ?? null);
  const episodesToRemove = Math.max(seriesToRemove?.entries.length ?? 0, seriesTotal.data ?? 0);

  function removeGroup(group: HistoryGroup) {
    const isSeries = group.latest.content_type === 'tv';
    if (isSeries && (group.entries.length > 1 || history.userId !== null)) setSeriesToRemove(group);
    else history.removeGroup(group);
  }

  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <TrackingNav />
      <PageHeader
        title={historyHeading(total)}
        subtitle={HISTORY_SUBTITLE}
        actions={
          total > 0 ? (
            <Button variant="outline" onClick={() => setConfirmOpen(true)}>
              <Trash2 className="size-4" aria-hidden />
              Clear
            </Button>
          ) : null
        }
      />

      {!isTracking ? (
        <div
          role="status"
          className="mb-6 flex items-start gap-3 rounded-xl border border-gold-400/25 bg-gold-400/[0.06] px-4 py-3 text-sm text-fg-muted"
        >
          <EyeOff className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden />
          <p>
            <strong className="font-semibold text-fg">History tracking is off</strong>
            <span className="block sm:inline sm:before:content-['_—_']">
              What you watch now is not added here.{' '}
              <Link to={`${paths.settings}#privacy`} className="text-gold-300 underline-offset-4 hover:underline">
                Turn it on in Settings
              </Link>
            </span>
          </p>
        </div>
      ) : null}

      {history.isNearLocalLimit ? <LocalLimitNotice /> : null}

      {total > 0 ? (
        <HistoryRatingControls sort={sort} onSortChange={setSort} filter={filter} onFilterChange={setFilter} />
      ) : null}

      {history.isPending ? (
        <div role="status" aria-label="Loading history" className="flex justify-center py-16 text-fg-muted">
          <Loader2 className="size-6 animate-spin" aria-hidden />
        </div>
      ) : groups.length === 0 && !history.isError ? (
        <EmptyState
          icon={History}
          title="No history yet"
          action={
            <Link to={paths.browse} className={buttonClasses('primary', 'md')}>
              <Compass className="size-4" aria-hidden />
              Browse
            </Link>
          }
        >
          <p>Watch movies and series to see them here.</p>
        </EmptyState>
      ) : shown.length === 0 ? (
        <p role="status" className="py-12 text-center text-fg-muted">
          No titles in your history with that rating.
        </p>
      ) : (
        <CardGrid columns={columns} label="Watched titles">
          {shown.map((group, index) => (
            <li key={group.key}>
              <HistoryEntryCard
                group={group}
                onRemove={removeGroup}
                onShowEpisodes={(shown) => setEpisodesOf(shown.key)}
                posterWidth={gridPosterWidth(columns)}
                quality={quality}
                priority={index < columns}
              />
            </li>
          ))}
        </CardGrid>
      )}

      {history.isError ? (
        <div
          role="alert"
          className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-ember-500/30 bg-ember-500/[0.06] px-4 py-4 text-center text-sm text-fg-muted sm:flex-row sm:text-left"
        >
          <AlertTriangle className="size-5 shrink-0 text-ember-400" aria-hidden />
          <p className="flex-1">Your older history could not be loaded.</p>
          <Button variant="outline" onClick={history.retry}>
            Try again
          </Button>
        </div>
      ) : history.hasMore && !history.isPending ? (
        <LoadMore onLoadMore={history.loadMore} isLoading={history.isLoadingMore} shown={groups.length} />
      ) : null}

      <HistoryEpisodesDialog
        group={openSeries}
        open={episodesOf !== null}
        onOpenChange={(open) => setEpisodesOf(open ? episodesOf : null)}
        onRemove={history.removeEntry}
      />
      <ConfirmDialog
        open={seriesToRemove !== null}
        onOpenChange={(open) => setSeriesToRemove(open ? seriesToRemove : null)}
        title={`Remove ${seriesToRemove?.latest.movie_title ?? ''} from your history?`}
        description={
          episodesToRemove === 1
            ? 'This removes its one watched episode from your watch history.'
            : `This removes all ${episodesToRemove} watched episodes from your watch history.`
        }
        confirmLabel="Remove"
        onConfirm={() => seriesToRemove && history.removeGroup(seriesToRemove)}
      />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Clear your history?"
        description={`This removes all ${total} ${total === 1 ? 'entry' : 'entries'} from your watch history.`}
        confirmLabel="Clear History"
        onConfirm={history.clearAll}
      />
    </div>
  );
}

/** DESIGN.md: guests keep the newest 2,000 entries and are told before the oldest would go. */
function LocalLimitNotice() {
  return (
    <div
      role="note"
      aria-label="History limit"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-gold-400/25 bg-gold-400/[0.06] px-4 py-3 text-sm text-fg-muted sm:flex-row sm:items-center"
    >
      <AlertTriangle className="hidden size-4 shrink-0 text-gold-300 sm:block" aria-hidden />
      <p className="flex-1">
        <strong className="font-semibold text-fg">
          This browser keeps your newest {LOCAL_HISTORY_LIMIT.toLocaleString('en-US')} history entries.
        </strong>{' '}
        As you watch more, the oldest will be removed. Sign in to keep your whole history.
      </p>
      <Button variant="outline" size="sm" onClick={() => openAuthDialog('sign-in')}>
        Sign In
      </Button>
    </div>
  );
}

/**
 * More cards: a button, pressed for the user when it scrolls into view (where the browser can
 * tell), so that scrolling on keeps going.
 */
function LoadMore({ onLoadMore, isLoading, shown }: { onLoadMore: () => void; isLoading: boolean; shown: number }) {
  const button = useRef<HTMLButtonElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    const element = button.current;
    if (!element || isLoading || typeof IntersectionObserver === 'undefined') return;
    // Observed again after each step: the button may still be in view with the new cards.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isLoading, shown]);

  return (
    <div className="mt-10 flex flex-col items-center gap-2">
      <Button ref={button} variant="outline" onClick={onLoadMore} disabled={isLoading}>
        {isLoading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        Load more
      </Button>
      {isLoading ? (
        <span role="status" aria-label="Loading more history" className="sr-only">
          Loading more history
        </span>
      ) : null}
    </div>
  );
}

/**
 * History for another page (product.md §2 "Compact mode shows 6 or 12"): the newest 6 in a grid
 * or 12 in a horizontal strip, with a link to the whole history. Renders nothing while empty.
 */
export function HistoryCompact({
  variant = 'grid',
  showHeader = true,
  className,
}: {
  variant?: CompactVariant;
  showHeader?: boolean;
  className?: string;
}) {
  const { items } = useHistory();
  const [quality] = useSetting('posterQuality');
  if (items.length === 0) return null;
  const shown = groupHistory(items).slice(0, COMPACT_COUNTS[variant]);
  const cards = shown.map((group) => (
    <li key={group.key} className={variant === 'strip' ? STRIP_ITEM : undefined}>
      <HistoryEntryCard group={group} posterWidth={variant === 'strip' ? 176 : 220} quality={quality} />
    </li>
  ));

  return (
    <section aria-label="Watch History" className={cn(className)}>
      {showHeader ? (
        <div className="mb-4 flex items-end justify-between gap-4">
          <h2 className="font-display text-2xl tracking-wide text-fg">Watch History</h2>
          <Link
            to={paths.history}
            className="inline-flex items-center gap-1 text-sm font-medium text-gold-300 hover:text-gold-200"
          >
            View all ({items.length})
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      ) : null}
      {variant === 'strip' ? (
        <CardStrip label="Recently watched">{cards}</CardStrip>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">{cards}</ul>
      )}
    </section>
  );
}

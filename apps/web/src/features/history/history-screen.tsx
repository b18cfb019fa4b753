import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Compass, EyeOff, History, Trash2 } from 'lucide-react';
import { buttonClasses, Button } from '@/components/ui/button.tsx';
import { CardGrid, CardStrip, gridPosterWidth, STRIP_ITEM } from '@/components/ui/card-grid.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { HistoryEntryCard } from './components/history-entry-card.tsx';
import { COMPACT_COUNTS, historyHeading, sortByWatchedAt, type CompactVariant } from './history-rules.ts';
import { useHistoryActions } from './use-history-actions.ts';

/** The History screen (product.md §2): what was watched, newest first, in the user's grid. */
export function HistoryScreen() {
  const { items, removeItem, clearAll } = useHistoryActions();
  const [columns] = useSetting('gridColumns');
  const [quality] = useSetting('posterQuality');
  const [isTracking] = useSetting('enableHistoryTracking');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const sorted = sortByWatchedAt(items);
  useDocumentTitle('Watch History');

  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <PageHeader
        title={historyHeading(sorted.length)}
        subtitle="What you watched, most recent first. Pick a series up where you left it."
        actions={
          sorted.length > 0 ? (
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

      {sorted.length === 0 ? (
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
      ) : (
        <CardGrid columns={columns} label="Watched titles">
          {sorted.map((item, index) => (
            <li key={item.id}>
              <HistoryEntryCard
                item={item}
                onRemove={removeItem}
                posterWidth={gridPosterWidth(columns)}
                quality={quality}
                priority={index < columns}
              />
            </li>
          ))}
        </CardGrid>
      )}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Clear your history?"
        description={`This removes all ${sorted.length} ${sorted.length === 1 ? 'entry' : 'entries'} from your watch history.`}
        confirmLabel="Clear History"
        onConfirm={clearAll}
      />
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
  const { items } = useHistoryActions();
  const [quality] = useSetting('posterQuality');
  if (items.length === 0) return null;
  const shown = sortByWatchedAt(items).slice(0, COMPACT_COUNTS[variant]);
  const cards = shown.map((item) => (
    <li key={item.id} className={variant === 'strip' ? STRIP_ITEM : undefined}>
      <HistoryEntryCard item={item} posterWidth={variant === 'strip' ? 176 : 220} quality={quality} />
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

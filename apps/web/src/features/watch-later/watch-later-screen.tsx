import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Bookmark, CloudOff, Compass, Trash2 } from 'lucide-react';
import { buttonClasses, Button } from '@/components/ui/button.tsx';
import { CardGrid, CardStrip, gridPosterWidth, STRIP_ITEM } from '@/components/ui/card-grid.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { BrowserDataPage } from '@/components/ui/browser-data-page.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { WatchLaterCard } from './components/watch-later-card.tsx';
import { useWatchLaterActions } from './use-watch-later-actions.ts';
import { COMPACT_COUNTS, newestSavedFirst, watchLaterHeading, type CompactVariant } from './watch-later-rules.ts';

/** The Watch Later screen (product.md §2): the saved titles, newest first, in the user's grid. */
export function WatchLaterScreen() {
  return (
    <BrowserDataPage title={watchLaterHeading(0)} subtitle={WATCH_LATER_SUBTITLE} loadingLabel="Loading Watch Later">
      <WatchLaterContent />
    </BrowserDataPage>
  );
}

const WATCH_LATER_SUBTITLE = 'Everything you saved for later, newest first.';

function WatchLaterContent() {
  const { items, removeItem, clearAll } = useWatchLaterActions();
  const [columns] = useSetting('gridColumns');
  const [quality] = useSetting('posterQuality');
  const [isAutoSaving] = useSetting('autoSaveWatchLater');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const sorted = newestSavedFirst(items);
  useDocumentTitle('Watch Later');

  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <PageHeader
        title={watchLaterHeading(sorted.length)}
        subtitle={WATCH_LATER_SUBTITLE}
        actions={
          sorted.length > 0 ? (
            <Button variant="outline" onClick={() => setConfirmOpen(true)}>
              <Trash2 className="size-4" aria-hidden />
              Clear
            </Button>
          ) : null
        }
      />

      {!isAutoSaving ? (
        <p
          role="status"
          className="mb-6 flex items-start gap-3 rounded-xl border border-white/10 bg-white/[0.03] px-4 py-3 text-sm text-fg-muted"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden />
          <span>
            <strong className="font-semibold text-fg">Auto-save is off.</strong> Watch Later changes stay on this device
            and are not synced to your account.{' '}
            <Link to={`${paths.settings}#privacy`} className="text-gold-300 underline-offset-4 hover:underline">
              Change in Settings
            </Link>
          </span>
        </p>
      ) : null}

      {sorted.length === 0 ? (
        <EmptyState
          icon={Bookmark}
          title="Nothing saved yet"
          action={
            <Link to={paths.browse} className={buttonClasses('primary', 'md')}>
              <Compass className="size-4" aria-hidden />
              Browse
            </Link>
          }
        >
          <p>Add movies and series to your Watch Later list to see them here.</p>
        </EmptyState>
      ) : (
        <CardGrid columns={columns} label="Saved titles">
          {sorted.map((item, index) => (
            <li key={item.id}>
              <WatchLaterCard
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
        title="Clear Watch Later?"
        description={`This removes all ${sorted.length} saved ${sorted.length === 1 ? 'title' : 'titles'} from your Watch Later list.`}
        confirmLabel="Clear Watch Later"
        onConfirm={clearAll}
      />
    </div>
  );
}

/**
 * Watch Later for another page (product.md §2 "Compact mode"): the newest 6 in a grid or 12 in a
 * horizontal strip, with a link to the whole list. Renders nothing while the list is empty.
 */
export function WatchLaterCompact({
  variant = 'grid',
  showHeader = true,
  className,
}: {
  variant?: CompactVariant;
  showHeader?: boolean;
  className?: string;
}) {
  const { items, removeItem } = useWatchLaterActions();
  const [quality] = useSetting('posterQuality');
  if (items.length === 0) return null;
  const shown = newestSavedFirst(items).slice(0, COMPACT_COUNTS[variant]);
  const cards = shown.map((item) => (
    <li key={item.id} className={variant === 'strip' ? STRIP_ITEM : undefined}>
      <WatchLaterCard
        item={item}
        onRemove={removeItem}
        posterWidth={variant === 'strip' ? 176 : 220}
        quality={quality}
      />
    </li>
  ));

  return (
    <section aria-label="Watch Later" className={cn(className)}>
      {showHeader ? (
        <div className="mb-4 flex items-end justify-between gap-4">
          <h2 className="font-display text-2xl tracking-wide text-fg">Watch Later</h2>
          <Link
            to={paths.watchLater}
            className="inline-flex items-center gap-1 text-sm font-medium text-gold-300 hover:text-gold-200"
          >
            View all ({items.length})
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      ) : null}
      {variant === 'strip' ? (
        <CardStrip label="Watch Later titles">{cards}</CardStrip>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">{cards}</ul>
      )}
    </section>
  );
}

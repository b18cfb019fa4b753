import { Link } from 'react-router';
import { X } from 'lucide-react';
import { historyKey, type HistoryItem } from '@marquee/core';
import { LazyDialog } from '@/components/ui/lazy-dialog.tsx';
import { moveFocusBeforeRemoval } from '@/lib/focus-on-removal.ts';
import type { HistoryGroup } from '../history-groups.ts';
import { historyLink, timeAgo, watchedOn } from '../history-rules.ts';

function episodeLabel(entry: HistoryItem): string {
  return entry.season_number != null && entry.episode_number != null
    ? `S${entry.season_number} · E${entry.episode_number}`
    : 'Series';
}

/**
 * A series' watched episodes, newest first, each opening the series there and removable on its
 * own: what a series' card opens onto (DESIGN.md "Where Marquee deliberately differs").
 */
export function HistoryEpisodesDialog({
  group,
  open,
  onOpenChange,
  onRemove,
}: {
  group: HistoryGroup | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRemove: (entry: HistoryItem) => void;
}) {
  const title = group?.latest.movie_title ?? '';
  const count = group?.entries.length ?? 0;
  return (
    <LazyDialog
      open={open && group !== null}
      onOpenChange={onOpenChange}
      title={title}
      description={`${count} watched ${count === 1 ? 'episode' : 'episodes'}`}
    >
      <ul aria-label={`Watched episodes of ${title}`} className="-mx-2 divide-y divide-white/5">
        {group?.entries.map((entry) => {
          const { to, state } = historyLink(entry);
          const label = episodeLabel(entry);
          return (
            <li key={historyKey(entry)} className="flex items-center gap-3 px-2 py-2.5">
              <div className="min-w-0 flex-1">
                <Link
                  to={to}
                  state={state}
                  className="block truncate text-sm font-semibold text-fg hover:text-gold-200"
                  onClick={() => onOpenChange(false)}
                >
                  {label}
                  {entry.episode_title ? (
                    <span className="font-normal text-fg-muted"> {entry.episode_title}</span>
                  ) : null}
                </Link>
                <time
                  dateTime={entry.watched_at}
                  title={watchedOn(entry.watched_at)}
                  className="text-xs text-fg-subtle"
                >
                  {timeAgo(entry.watched_at)}
                </time>
              </div>
              <button
                type="button"
                onClick={(event) => {
                  moveFocusBeforeRemoval(event.currentTarget);
                  onRemove(entry);
                }}
                aria-label={`Remove ${label} of ${title} from History`}
                title="Remove from History"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-white/5 text-fg-muted transition-colors hover:bg-ember-500/20 hover:text-ember-400"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </LazyDialog>
  );
}

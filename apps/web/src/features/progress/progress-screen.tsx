import { Link } from 'react-router';
import { Compass, ListVideo, RotateCw } from 'lucide-react';
import type { SeriesProgress } from '@marquee/core';
import { buttonClasses, Button } from '@/components/ui/button.tsx';
import { TrackingNav } from '@/components/tracking/tracking-nav.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { moveFocusBeforeRemoval } from '@/lib/focus-on-removal.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { episodeCode } from '@/lib/progress/progress-display.ts';
import { dropSeriesFromProgress, markNextEpisodeWatched, useProgress } from '@/lib/progress/use-progress.ts';
import { toast } from '@/lib/toast.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { ProgressCard } from './components/progress-card.tsx';

/**
 * `/progress` (issue 30 "Up Next and progress"): every series the viewer started, most recently
 * watched first, with how far they are and the next episode to watch.
 */
export function ProgressScreen() {
  useDocumentTitle('Progress');
  const [quality] = useSetting('posterQuality');
  const { status, list, retry } = useProgress();

  function markWatched(entry: SeriesProgress): boolean {
    const result = markNextEpisodeWatched(entry);
    if (!result.ok) {
      toast.error(result.error.message);
      return false;
    }
    toast.success(`${entry.series.name} ${episodeCode(entry.next_episode!)} marked watched`);
    return true;
  }

  function drop(entry: SeriesProgress, control: HTMLElement) {
    moveFocusBeforeRemoval(control);
    const undo = dropSeriesFromProgress(entry.series.id);
    toast(`${entry.series.name} dropped from the list`, { action: { label: 'Undo', onClick: undo } });
  }

  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <TrackingNav />
      <PageHeader title="Progress" subtitle="The series you started: how far you are and the next episode to watch." />
      {status === 'pending' ? (
        <div role="status" aria-label="Loading your series" className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="h-40 animate-pulse rounded-2xl bg-white/5" />
          ))}
        </div>
      ) : status === 'error' ? (
        <div role="alert" className="rounded-2xl border border-ember-500/40 bg-ember-600/10 p-6 text-fg">
          <p>Your progress could not be loaded.</p>
          <Button className="mt-4" variant="secondary" onClick={retry}>
            <RotateCw className="size-4" aria-hidden />
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={ListVideo}
          headingLevel={2}
          title="No series in progress"
          action={
            <Link to={paths.browseType('tv')} className={buttonClasses('primary', 'md')}>
              <Compass className="size-4" aria-hidden />
              Browse series
            </Link>
          }
        >
          <p>Watch an episode or mark one watched, and the series shows up here with what comes next.</p>
        </EmptyState>
      ) : (
        <ul aria-label="Series in progress" className="grid gap-4 sm:grid-cols-2">
          {list.map((entry) => (
            // By the series alone: a card marked watched stays, with the focus on its button.
            <li key={entry.series.id}>
              <ProgressCard entry={entry} quality={quality} onMarkWatched={markWatched} onDrop={drop} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

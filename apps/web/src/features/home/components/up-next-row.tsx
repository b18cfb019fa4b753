import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Check, Play } from 'lucide-react';
import { upNext, type SeriesProgress } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { moveFocusBeforeRemoval } from '@/lib/focus-on-removal.ts';
import type { PosterQuality } from '@/lib/images.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { episodeCode, nextEpisodeLink } from '@/lib/progress/progress-display.ts';
import { markNextEpisodeWatched, useProgress } from '@/lib/progress/use-progress.ts';
import { toast } from '@/lib/toast.ts';
import { ROW_ITEM, ScrollRow } from './scroll-row.tsx';
import { SECTION_CONTAINER, SectionHeader } from './section-header.tsx';

/** The Up Next row: at most continueWatchingLimit series with a next episode, most recent first. */
export function UpNextRow() {
  const [limit] = useSetting('continueWatchingLimit');
  const [quality] = useSetting('posterQuality');
  const { status, list, retry } = useProgress();
  const items = upNext(list, limit);
  if (status === 'success' && items.length === 0) return null;

  return (
    <section aria-labelledby="home-up-next" className={`${SECTION_CONTAINER} pt-10`}>
      <ScrollRow
        label="Up Next episodes"
        header={(controls) => (
          <SectionHeader id="home-up-next" title="Up Next" description="The next episode of every series you started.">
            <Link
              to={paths.progress}
              className="inline-flex items-center gap-1 text-sm font-medium text-gold-300 hover:text-gold-200"
            >
              All series
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            {controls}
          </SectionHeader>
        )}
        fallback={
          status === 'pending' ? (
            <div role="status" aria-label="Loading Up Next" className="flex gap-3 sm:gap-4">
              {Array.from({ length: 4 }, (_, index) => (
                <div key={index} className={`${ROW_ITEM} aspect-[2/3] animate-pulse rounded-xl bg-white/5`} />
              ))}
            </div>
          ) : status === 'error' ? (
            <p role="alert" className="text-sm text-fg-muted">
              Up Next could not be loaded.{' '}
              <button
                type="button"
                onClick={retry}
                className="font-medium text-gold-300 underline-offset-4 hover:underline"
              >
                Try again
              </button>
            </p>
          ) : undefined
        }
      >
        {items.map((entry) => (
          // By the series alone: a card marked watched stays, with the focus on its button.
          <li key={entry.series.id} className={ROW_ITEM}>
            <UpNextCard entry={entry} quality={quality} />
          </li>
        ))}
      </ScrollRow>
    </section>
  );
}

function UpNextCard({ entry, quality }: { entry: SeriesProgress; quality: PosterQuality }) {
  const { series, watched_episodes: watched, aired_episodes: aired } = entry;
  const next = entry.next_episode!;
  const code = episodeCode(next);
  // The episode marked, until the next one shows (see ProgressCard): aria-disabled meanwhile, as
  // disabled would drop the keyboard focus to the page's body.
  const [markedCode, setMarkedCode] = useState<string | null>(null);
  const isMarked = markedCode === code;

  function mark(control: HTMLElement) {
    if (isMarked) return;
    // The last aired episode: the series leaves the row, and the focus goes to the next card's.
    if (watched + 1 >= aired) moveFocusBeforeRemoval(control);
    const result = markNextEpisodeWatched(entry);
    if (!result.ok) {
      if (document.activeElement !== control) control.focus();
      return toast.error(result.error.message);
    }
    setMarkedCode(code);
    toast.success(`${series.name} ${code} marked watched`);
  }

  return (
    <article className="group relative">
      <Link
        to={nextEpisodeLink(series.id, next)}
        aria-label={`Play ${code} of ${series.name}`}
        className="relative block overflow-hidden rounded-xl ring-1 ring-white/5 transition duration-300 group-hover:ring-gold-400/40"
      >
        <PosterImage path={series.poster_path} alt="" width={192} quality={quality} />
        <span className="absolute top-2 left-2 rounded-md bg-ink-950/85 px-1.5 py-0.5 font-mono text-[11px] font-semibold text-gold-300 ring-1 ring-gold-400/30">
          {code}
        </span>
        <span
          className="absolute inset-0 m-auto inline-flex size-12 items-center justify-center rounded-full bg-gold-400 text-ink-950 opacity-0 shadow-lg transition duration-300 group-focus-within:opacity-100 group-hover:opacity-100"
          aria-hidden
        >
          <Play className="ml-0.5 size-5 fill-current" />
        </span>
        <div className="absolute inset-x-2 bottom-2 h-1 overflow-hidden rounded-full bg-white/20" aria-hidden>
          <div
            className="h-full rounded-full bg-gold-400"
            style={{ width: `${aired ? (watched / aired) * 100 : 0}%` }}
          />
        </div>
      </Link>
      <h3 className="mt-2.5 truncate text-sm font-semibold text-fg">
        <Link to={paths.series(series.id)} className="hover:text-gold-200">
          {series.name}
        </Link>
      </h3>
      <p className="truncate text-xs text-fg-muted">
        {next.name ?? code} · {watched}/{aired}
      </p>
      <Button
        size="sm"
        variant="secondary"
        className="mt-2 w-full aria-disabled:pointer-events-none aria-disabled:opacity-50"
        aria-disabled={isMarked || undefined}
        aria-label={`${isMarked ? 'Marked' : 'Mark watched'}: ${code} of ${series.name}`}
        onClick={(event) => mark(event.currentTarget)}
      >
        <Check className="size-4" aria-hidden />
        {isMarked ? 'Marked' : 'Mark watched'}
      </Button>
    </article>
  );
}

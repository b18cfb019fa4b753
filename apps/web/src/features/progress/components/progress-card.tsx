import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Check, EyeOff, Play } from 'lucide-react';
import type { SeriesProgress } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { buttonClasses, Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { formatDay } from '@/lib/format.ts';
import type { PosterQuality } from '@/lib/images.ts';
import { episodeCode, nextEpisodeLink } from '@/lib/progress/progress-display.ts';

/**
 * One series in progress: poster, the bar of watched over aired episodes, the next episode with
 * Mark watched, Play and Drop. Mark watched stays pressed until the next episode changes (an
 * account's list comes back from the server after the sync), then offers that one.
 */
export function ProgressCard({
  entry,
  quality,
  onMarkWatched,
  onDrop,
}: {
  entry: SeriesProgress;
  quality: PosterQuality;
  onMarkWatched: (entry: SeriesProgress) => boolean;
  onDrop: (entry: SeriesProgress, control: HTMLElement) => void;
}) {
  const { series, next_episode: next, watched_episodes: watched, aired_episodes: aired } = entry;
  // The episode marked, until the next one shows. The button stays the same element (its list item
  // is keyed by the series), so the keyboard focus stays on it for the next episode; marked, it is
  // aria-disabled rather than disabled, which would drop the focus to the page's body.
  const [markedCode, setMarkedCode] = useState<string | null>(null);
  const dropButton = useRef<HTMLButtonElement>(null);
  const percent = aired === 0 ? 0 : Math.round((watched / aired) * 100);
  const code = next ? episodeCode(next) : null;
  const isMarking = code !== null && markedCode === code;

  return (
    <article className="flex gap-4 rounded-2xl border border-white/10 bg-ink-900/60 p-3 sm:p-4">
      <Link to={paths.series(series.id)} className="w-20 shrink-0 sm:w-24" tabIndex={-1} aria-hidden>
        <PosterImage path={series.poster_path} alt="" width={96} quality={quality} className="rounded-lg" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 className="truncate font-display text-lg tracking-wide text-fg sm:text-xl">
          <Link to={paths.series(series.id)} className="hover:text-gold-200">
            {series.name}
          </Link>
        </h2>
        <div>
          <div
            className="h-2 overflow-hidden rounded-full bg-white/10"
            role="progressbar"
            aria-label={`${series.name}: episodes watched`}
            aria-valuemin={0}
            aria-valuemax={aired}
            aria-valuenow={watched}
            aria-valuetext={`${watched} of ${aired} aired episodes watched`}
          >
            <div className="h-full rounded-full bg-gold-400" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-fg-muted">
            {watched} of {aired} aired {aired === 1 ? 'episode' : 'episodes'} watched
          </p>
        </div>
        {next && code ? (
          <p className="text-sm text-fg">
            <span className="text-fg-muted">Next: </span>
            <span className="font-mono font-semibold text-gold-300">{code}</span>
            {next.name ? <span> · {next.name}</span> : null}
            {next.air_date ? (
              <span className="text-fg-muted"> · aired {formatDay(new Date(next.air_date), 'short', 'UTC')}</span>
            ) : null}
          </p>
        ) : (
          <p className="flex items-center gap-1.5 text-sm text-fg-muted">
            <Check className="size-4 text-gold-300" aria-hidden />
            All caught up
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2">
          {next && code ? (
            <>
              <Button
                size="sm"
                aria-disabled={isMarking || undefined}
                className="aria-disabled:pointer-events-none aria-disabled:opacity-50"
                aria-label={`${isMarking ? 'Marked' : 'Mark watched'}: ${code} of ${series.name}`}
                onClick={() => {
                  if (isMarking || !onMarkWatched(entry)) return;
                  setMarkedCode(code);
                  // The last aired episode: the button goes ("All caught up"), the focus to Drop.
                  if (watched + 1 >= aired) dropButton.current?.focus();
                }}
              >
                <Check className="size-4" aria-hidden />
                {isMarking ? 'Marked' : 'Mark watched'}
              </Button>
              <Link
                to={nextEpisodeLink(series.id, next)}
                className={buttonClasses('secondary', 'sm')}
                aria-label={`Play ${code} of ${series.name}`}
              >
                <Play className="size-4" aria-hidden />
                Play
              </Link>
            </>
          ) : null}
          <Button
            ref={dropButton}
            size="sm"
            variant="ghost"
            aria-label={`Drop ${series.name} from the list`}
            onClick={(event) => onDrop(entry, event.currentTarget)}
          >
            <EyeOff className="size-4" aria-hidden />
            Drop
          </Button>
        </div>
      </div>
    </article>
  );
}

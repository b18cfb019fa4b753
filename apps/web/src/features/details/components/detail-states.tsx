import { Link } from 'react-router';
import { AlertTriangle, Clapperboard, RotateCw } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useNotFoundStatus } from '@/lib/page-status.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { DetailKind } from '../detail-facts.ts';

const NOUN: Record<DetailKind, string> = { movie: 'Movie', series: 'Series' };

/** player.md §2: "Loading {type} details...", over the shape of the hero so nothing jumps. */
export function DetailLoading({ kind }: { kind: DetailKind }) {
  useDocumentTitle(`${NOUN[kind]} Details`);
  return (
    // At least a screen tall: the footer starts below the fold and the page does not shift under
    // the reader when the details arrive.
    <div className="relative isolate min-h-svh overflow-hidden" role="status" aria-live="polite">
      <div className="absolute inset-0 -z-10 animate-pulse bg-gradient-to-b from-ink-800/60 to-ink-950" aria-hidden />
      <div className="mx-auto flex min-h-[min(70vh,640px)] max-w-[1600px] flex-col items-center justify-center gap-4 px-4 text-center">
        <span className="size-10 animate-spin rounded-full border-2 border-gold-400/25 border-t-gold-400" aria-hidden />
        <p className="text-fg-muted">Loading {kind} details...</p>
      </div>
    </div>
  );
}

/** player.md §2 / §8: "Oops! Something went wrong." with the message and a link home. */
export function DetailError({ kind, error, onRetry }: { kind: DetailKind; error: unknown; onRetry?: () => void }) {
  useDocumentTitle('Something went wrong');
  const detail = error instanceof Error && error.message ? error.message : null;
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <AlertTriangle className="size-12 text-ember-400" aria-hidden />
      <h1 className="mt-4 font-display text-2xl tracking-wide text-balance text-fg sm:text-3xl">
        Oops! Something went wrong.
      </h1>
      <p className="mt-3 text-fg-muted">Failed to fetch {kind} details.</p>
      {detail ? <p className="mt-1 text-sm break-words text-fg-subtle">{detail}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {onRetry ? (
          <Button variant="secondary" size="lg" onClick={onRetry}>
            <RotateCw className="size-4" aria-hidden />
            Try again
          </Button>
        ) : null}
        <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}

/** player.md §2: "{Movie|Series} Not Found" with a link home; the tab says so too. */
export function DetailNotFound({ kind }: { kind: DetailKind }) {
  const title = `${NOUN[kind]} Not Found`;
  useDocumentTitle(title);
  useNotFoundStatus();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <div className="relative">
        <span className="font-display text-[7rem] leading-none font-semibold text-white/5 sm:text-[10rem]" aria-hidden>
          404
        </span>
        <Clapperboard
          className="absolute top-1/2 left-1/2 size-14 -translate-x-1/2 -translate-y-1/2 text-gold-400"
          aria-hidden
        />
      </div>
      <h1 className="mt-2 font-display text-3xl tracking-wide text-fg">{title}</h1>
      <p className="mt-3 text-fg-muted">
        {kind === 'movie'
          ? "We couldn't find this movie. It may have been removed, or the link may be wrong."
          : "We couldn't find this series. It may have been removed, or the link may be wrong."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
          Return to Home
        </Link>
        <Link to={paths.browseType(kind === 'movie' ? 'movie' : 'tv')} className={buttonClasses('outline', 'lg')}>
          Browse {kind === 'movie' ? 'Movies' : 'TV Shows'}
        </Link>
      </div>
    </section>
  );
}

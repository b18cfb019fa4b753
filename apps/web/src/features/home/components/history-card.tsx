import { Link } from 'react-router';
import { Check, Play } from 'lucide-react';
import type { HistoryItem } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import type { PosterQuality } from '@/lib/images.ts';
import { cn } from '@/lib/cn.ts';
import { historyLink, watchProgress } from '@/lib/history-display.ts';
import { timeAgo } from '@/lib/time-ago.ts';
import { episodeBadge } from '../home-rules.ts';

/**
 * The history-style card of product.md §2 Cards: poster, the SxEy badge for TV, and how far the
 * title has been watched when the player knew its length.
 */
export function HistoryCard({
  item,
  quality = 'auto',
  className,
}: {
  item: HistoryItem;
  quality?: PosterQuality;
  className?: string;
}) {
  const badge = episodeBadge(item);
  const progress = watchProgress(item);
  const { to, state } = historyLink(item);
  const detail = item.content_type === 'tv' ? (item.episode_title ?? 'Series') : 'Movie';

  return (
    <article className={cn('group relative', className)}>
      <div className="relative overflow-hidden rounded-xl ring-1 ring-white/5 transition duration-300 group-hover:-translate-y-1 group-hover:ring-gold-400/40">
        <PosterImage path={item.movie_poster} alt={`${item.movie_title} poster`} width={192} quality={quality} />
        <div className="pointer-events-none absolute inset-0 bg-gradient-to-t from-ink-950/80 via-transparent via-35% to-transparent" />
        {badge ? (
          <span className="absolute top-2 left-2 rounded-md bg-ink-950/85 px-1.5 py-0.5 font-mono text-[11px] font-semibold text-gold-300 ring-1 ring-gold-400/30">
            {badge}
          </span>
        ) : null}
        <span
          className="absolute inset-0 m-auto inline-flex size-12 items-center justify-center rounded-full bg-gold-400 text-ink-950 opacity-0 shadow-lg transition duration-300 group-focus-within:opacity-100 group-hover:opacity-100"
          aria-hidden
        >
          {progress === 1 ? <Check className="size-5" /> : <Play className="ml-0.5 size-5 fill-current" />}
        </span>
        {progress !== null ? (
          <div
            className="absolute inset-x-2 bottom-2 h-1 overflow-hidden rounded-full bg-white/20"
            role="progressbar"
            aria-label={`${item.movie_title} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <div className="h-full rounded-full bg-gold-400" style={{ width: `${progress * 100}%` }} />
          </div>
        ) : null}
      </div>
      <h3 className="mt-2.5 truncate text-sm font-semibold text-fg">
        <Link
          to={to}
          state={state}
          className="rounded after:absolute after:inset-0 after:content-['']"
          title={item.movie_title}
        >
          {item.movie_title}
        </Link>
      </h3>
      <p className="mt-0.5 truncate text-xs text-fg-subtle">
        {detail} · {timeAgo(item.watched_at)}
      </p>
    </article>
  );
}

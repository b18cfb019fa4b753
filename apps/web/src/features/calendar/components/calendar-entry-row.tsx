import { Link } from 'react-router';
import { Clapperboard, Tv } from 'lucide-react';
import { isWaitingEpisode, type CalendarEntry } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { paths } from '@/config/paths.ts';
import type { PosterQuality } from '@/lib/images.ts';
import { episodeCode, nextEpisodeLink } from '@/lib/progress/progress-display.ts';

/** One episode or film of a calendar day; an aired episode not watched yet says so. */
export function CalendarEntryRow({
  entry,
  today,
  quality,
}: {
  entry: CalendarEntry;
  today: string;
  quality: PosterQuality;
}) {
  const isEpisode = entry.type === 'episode';
  const name = entry.title.name ?? entry.title.title ?? '';
  const code = isEpisode
    ? episodeCode({ season_number: entry.season_number!, episode_number: entry.episode_number! })
    : null;
  const isWaiting = isWaitingEpisode(entry, today);
  const to = isEpisode
    ? entry.date <= today
      ? nextEpisodeLink(entry.title.id, { season_number: entry.season_number!, episode_number: entry.episode_number! })
      : paths.series(entry.title.id)
    : paths.movie(entry.title.id);
  const label = isEpisode ? `${name} ${code}${entry.name ? `: ${entry.name}` : ''}` : `${name} (release)`;

  return (
    <article className="flex items-center gap-3 rounded-xl border border-white/10 bg-ink-900/60 p-2.5">
      <PosterImage
        path={entry.title.poster_path}
        alt=""
        width={48}
        quality={quality}
        className="w-12 shrink-0 rounded-md"
      />
      <div className="min-w-0 flex-1">
        <h4 className="truncate text-sm font-semibold text-fg">
          <Link to={to} aria-label={label} className="hover:text-gold-200">
            {name}
          </Link>
        </h4>
        <p className="flex items-center gap-1.5 truncate text-xs text-fg-muted">
          {isEpisode ? (
            <Tv className="size-3.5 shrink-0" aria-hidden />
          ) : (
            <Clapperboard className="size-3.5 shrink-0" aria-hidden />
          )}
          {isEpisode ? (
            <span className="truncate">
              <span className="font-mono font-semibold text-gold-300">{code}</span>
              {entry.name ? ` · ${entry.name}` : ''}
            </span>
          ) : (
            <span>Release</span>
          )}
        </p>
      </div>
      {isWaiting ? (
        <span className="shrink-0 rounded-full bg-gold-400/15 px-2 py-0.5 text-xs font-medium text-gold-200 ring-1 ring-gold-400/40">
          Not watched yet
        </span>
      ) : null}
    </article>
  );
}

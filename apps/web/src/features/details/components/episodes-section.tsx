import { useEffect, useId, useRef } from 'react';
import { CalendarClock, RotateCw } from 'lucide-react';
import { episodeStats, episodeWatchKey, isAired, type TvDetails } from '@marquee/core';
import { MarkWatchedButton } from '@/components/tracking/mark-watched-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useSeason } from '@/lib/catalogue/catalogue-api.ts';
import { cn } from '@/lib/cn.ts';
import { useWatchedEpisodes } from '@/lib/local-store/use-watched.ts';
import { EMPTY_STATE_SEASON_BUTTONS, episodeWatchPath, type ResumePoint } from '../detail-facts.ts';
import { formatCount, formatEpisodes, formatHours, formatRating } from '../format.ts';
import { EpisodeItem, EpisodeItemSkeleton } from './episode-item.tsx';
import { useEpisodeSources } from './episode-sources.tsx';
import { StatTile } from './stat-tile.tsx';

const SELECT =
  'h-10 rounded-lg border border-white/10 bg-ink-800 pr-8 pl-3 text-sm font-medium text-fg transition-colors hover:border-white/20 focus:border-gold-400/60 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50';

/** player.md §8: the empty season, with buttons to up to 5 other seasons. */
function EmptySeason({
  season,
  seasons,
  onSeasonChange,
  onRetry,
}: {
  season: number;
  seasons: number[];
  onSeasonChange: (season: number) => void;
  onRetry?: () => void;
}) {
  const others = seasons.filter((number) => number !== season).slice(0, EMPTY_STATE_SEASON_BUTTONS);
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <CalendarClock className="size-10 text-fg-subtle" aria-hidden />
      <h3 className="mt-4 font-display text-xl tracking-wide text-fg">No Episodes Available</h3>
      <p className="mt-2 max-w-md text-fg-muted">
        Episodes for Season {season} are not available yet. They may be released at a later date.
      </p>
      {onRetry ? (
        <Button variant="ghost" size="sm" className="mt-4" onClick={onRetry}>
          <RotateCw className="size-3.5" aria-hidden />
          Try again
        </Button>
      ) : null}
      {others.length > 0 ? (
        <div role="group" aria-label="Other seasons" className="mt-6 flex flex-wrap justify-center gap-2">
          {others.map((number) => (
            <Button key={number} variant="outline" size="sm" onClick={() => onSeasonChange(number)}>
              Season {number}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export interface EpisodesSectionProps {
  series: TvDetails;
  /** Regular seasons (numbered above 0), ascending. */
  seasons: number[];
  season: number;
  onSeasonChange: (season: number) => void;
  /** The episode to highlight and scroll to (the viewer's last one), if any. */
  highlight: ResumePoint | null;
}

/**
 * The episode browser of player.md §2: header with the episode count and season, the season
 * selector, a stats grid for series of more than one season, the episode list (max height 600 px,
 * 80vh under 768 px) and the empty state.
 */
export function EpisodesSection({ series, seasons, season, onSeasonChange, highlight }: EpisodesSectionProps) {
  const selectId = useId();
  const query = useSeason(series.id, season);
  const listRef = useRef<HTMLOListElement>(null);
  const episodes = query.data?.episodes ?? [];
  const summaryCount = series.seasons.find((entry) => entry.season_number === season)?.episode_count;
  const count = query.data ? episodes.length : summaryCount;
  const highlightedEpisode = highlight?.season === season ? highlight.episode : null;
  const stats = episodeStats(series, episodes);
  const isFinalError = query.error instanceof ApiError && query.error.status === 404;
  const watched = useWatchedEpisodes(series.id);
  const sourcesOf = useEpisodeSources(series.id);
  const today = new Date();
  const aired = episodes.filter((episode) => isAired(episode.air_date, today));
  const isSeasonWatched =
    aired.length > 0 && aired.every((episode) => watched.has(episodeWatchKey(season, episode.episode_number)));

  // Bring the last-watched episode into view inside the list (not the page) once it is there. Not
  // while the focus is in the list: marking a row changes the last-watched episode, and the list
  // would scroll the control just pressed out of view (under the stats above it).
  useEffect(() => {
    const list = listRef.current;
    if (!list || highlightedEpisode === null || !query.data || list.contains(document.activeElement)) return;
    const row = list.querySelector<HTMLElement>(`[data-episode="${highlightedEpisode}"]`);
    if (row) list.scrollTop = Math.max(0, row.offsetTop - 8);
  }, [highlightedEpisode, query.data]);

  return (
    <section aria-labelledby="episodes-heading" className="mx-auto max-w-[1600px] px-4 pt-4 pb-12 sm:px-6 lg:px-8">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="episodes-heading" className="font-display text-2xl tracking-wide text-fg sm:text-3xl">
            Episodes
          </h2>
          <p className="mt-1 text-sm text-fg-muted" aria-live="polite">
            Season {season}
            {count !== undefined ? ` · ${formatEpisodes(count)}` : ''}
          </p>
        </div>
        {seasons.length > 0 ? (
          <div className="flex flex-wrap items-center gap-3">
            {aired.length > 0 ? (
              <MarkWatchedButton
                title={series}
                target={{ scope: 'season', season_number: season }}
                isWatched={isSeasonWatched}
                markLabel={`Mark season ${season} watched`}
                watchedLabel={`Season ${season} watched`}
              />
            ) : null}
            <label htmlFor={selectId} className="text-sm text-fg-muted">
              Season
            </label>
            <select
              id={selectId}
              value={season}
              onChange={(event) => onSeasonChange(Number(event.target.value))}
              className={SELECT}
            >
              {seasons.map((number) => (
                <option key={number} value={number}>
                  Season {number}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      {seasons.length > 1 ? (
        <dl className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StatTile label="Seasons" value={formatCount(stats.seasons)} />
          <StatTile label="Episodes" value={formatCount(stats.episodes)} />
          <StatTile
            label="Total runtime"
            value={stats.seriesMinutes ? `≈ ${formatHours(stats.seriesMinutes)}` : '—'}
            note="estimated"
          />
          <StatTile
            label="Avg. rating"
            value={formatRating(stats.averageRating ?? series.vote_average) ?? '—'}
            note={stats.averageRating ? `Season ${season} episodes` : 'Series rating'}
          />
        </dl>
      ) : null}

      <div className="overflow-hidden rounded-2xl border border-white/[0.06] bg-ink-900/70">
        {query.isPending ? (
          <ol aria-busy="true" aria-label="Loading episodes" className="divide-y divide-white/5">
            {Array.from({ length: 4 }, (_, index) => (
              <EpisodeItemSkeleton key={index} />
            ))}
          </ol>
        ) : episodes.length > 0 ? (
          <ol
            ref={listRef}
            aria-label={`Season ${season} episodes`}
            className={cn(
              'relative max-h-[80vh] divide-y divide-white/5 overflow-y-auto overscroll-contain md:max-h-[600px]',
              '[scrollbar-color:var(--color-ink-600)_transparent] [scrollbar-width:thin]',
            )}
          >
            {episodes.map((episode) => (
              <EpisodeItem
                key={episode.id}
                episode={episode}
                watchHref={episodeWatchPath(series.id, season, episode.episode_number)}
                isHighlighted={episode.episode_number === highlightedEpisode}
                series={series}
                plays={watched.get(episodeWatchKey(season, episode.episode_number)) ?? 0}
                isAired={isAired(episode.air_date, today)}
                sources={sourcesOf(season, episode.episode_number)}
              />
            ))}
          </ol>
        ) : (
          <EmptySeason
            season={season}
            seasons={seasons}
            onSeasonChange={onSeasonChange}
            onRetry={query.isError && !isFinalError ? () => void query.refetch() : undefined}
          />
        )}
      </div>
    </section>
  );
}

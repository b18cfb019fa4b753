import { useId } from 'react';
import { Play } from 'lucide-react';
import { episodeStats, type Episode, type SeasonSummary, type TvDetails } from '@marquee/core';
import { cn } from '@/lib/cn.ts';
import { Button } from '@/components/ui/button.tsx';
import { formatDay, formatHours } from '@/lib/format.ts';

const MAX_EMPTY_SEASON_BUTTONS = 5;

function airDate(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(new Date(`${value}T00:00:00Z`), 'short', 'UTC') : null;
}

export interface EpisodeBrowserProps {
  seasons: readonly SeasonSummary[];
  /** The series' own counts: the stats grid shows the same figures as its detail page. */
  series?: Pick<TvDetails, 'number_of_episodes' | 'episode_run_time' | 'vote_average'>;
  season: number;
  episodes: readonly Episode[] | undefined;
  isLoading: boolean;
  current: number | null;
  onSeasonChange: (season: number) => void;
  onSelect: (episode: Episode) => void;
}

/** The season and episode browser of the player (player.md §2 "Episode browser"). */
export function EpisodeBrowser({
  seasons,
  series,
  season,
  episodes,
  isLoading,
  current,
  onSeasonChange,
  onSelect,
}: EpisodeBrowserProps) {
  const selectId = useId();
  const list = episodes ?? [];
  const stats = episodeStats(
    {
      seasons: [...seasons],
      number_of_episodes: series?.number_of_episodes ?? 0,
      episode_run_time: series?.episode_run_time ?? [],
    },
    list,
  );
  const rating = stats.averageRating ?? (series?.vote_average || null);

  return (
    <section aria-labelledby={`${selectId}-heading`} className="rounded-2xl border border-white/10 bg-ink-900/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${selectId}-heading`} className="font-display text-xl tracking-wide text-fg">
          {list.length} {list.length === 1 ? 'Episode' : 'Episodes'} · Season {season}
        </h2>
        <label className="flex items-center gap-2 text-sm text-fg-muted" htmlFor={selectId}>
          Browse season
          <select
            id={selectId}
            value={season}
            onChange={(event) => onSeasonChange(Number(event.target.value))}
            className="h-9 rounded-lg border border-white/15 bg-ink-850 px-2 text-sm text-fg"
          >
            {seasons.map((entry) => (
              <option key={entry.season_number} value={entry.season_number}>
                Season {entry.season_number}
              </option>
            ))}
          </select>
        </label>
      </div>

      {seasons.length > 1 && (
        <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {[
            ['Seasons', String(stats.seasons)],
            ['Episodes', String(stats.episodes)],
            ['Total runtime', stats.seriesMinutes ? `≈ ${formatHours(stats.seriesMinutes)}` : '—'],
            ['Average rating', rating === null ? '—' : rating.toFixed(1)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-white/5 p-3">
              <dt className="text-xs text-fg-subtle">{label}</dt>
              <dd className="font-display text-lg text-fg">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      {isLoading ? (
        <p className="mt-4 text-sm text-fg-muted" role="status">
          Loading episodes...
        </p>
      ) : list.length === 0 ? (
        <div className="mt-4 rounded-xl bg-white/5 p-6 text-center">
          <h3 className="font-display text-lg text-fg">No Episodes Available</h3>
          <p className="mt-1 text-sm text-fg-muted">
            Episodes for Season {season} are not available yet. They may be released at a later date.
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            {seasons
              .filter((entry) => entry.season_number !== season)
              .slice(0, MAX_EMPTY_SEASON_BUTTONS)
              .map((entry) => (
                <Button
                  key={entry.season_number}
                  size="sm"
                  variant="outline"
                  onClick={() => onSeasonChange(entry.season_number)}
                >
                  Season {entry.season_number}
                </Button>
              ))}
          </div>
        </div>
      ) : (
        <ol
          className="mt-4 max-h-[80vh] space-y-2 overflow-y-auto pr-1 md:max-h-[600px]"
          aria-label={`Season ${season} episode list`}
        >
          {list.map((episode) => {
            const isCurrent = episode.episode_number === current;
            return (
              <li key={episode.id}>
                <button
                  type="button"
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => onSelect(episode)}
                  className={cn(
                    'flex w-full gap-3 rounded-xl p-3 text-left transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold-400',
                    isCurrent ? 'bg-gold-400/15 ring-1 ring-gold-400/50' : 'bg-white/5',
                  )}
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white/10 text-sm text-fg">
                    {isCurrent ? <Play className="size-4" aria-hidden /> : episode.episode_number}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-fg">
                      {episode.episode_number}. {episode.name}
                    </span>
                    <span className="block text-xs text-fg-subtle">
                      {[
                        airDate(episode.air_date),
                        episode.runtime ? `${episode.runtime}m` : null,
                        episode.vote_average > 0 ? `★ ${episode.vote_average.toFixed(1)}` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <span className="mt-1 line-clamp-2 block text-sm text-fg-muted">
                      {episode.overview || 'No description available for this episode.'}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

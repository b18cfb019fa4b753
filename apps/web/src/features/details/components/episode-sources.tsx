import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AvailabilitySource } from '@marquee/core/catalogue/availability';
import { useAppConfig } from '@/lib/app-config.ts';
import { seriesAvailabilityQueryOptions, sourceLabel } from '@/lib/availability/title-availability.ts';

const NONE: readonly AvailabilitySource[] = [];

/**
 * Which of a series' episodes the server can play (GET /api/availability/tv/:id), asked only of
 * a server with a media folder or a media server. The viewer's custom source plays every episode,
 * so the list marks the server's own files.
 */
export function useEpisodeSources(
  seriesId: number,
): (season: number, episode: number) => readonly AvailabilitySource[] {
  const { data: config } = useAppConfig();
  const hasFiles = Boolean(config?.features.library || config?.media_server);
  const { data } = useQuery({ ...seriesAvailabilityQueryOptions(seriesId), enabled: hasFiles });
  return useCallback(
    (season, episode) =>
      data?.seasons
        .find((entry) => entry.season_number === season)
        ?.episodes.find((entry) => entry.episode_number === episode)
        ?.sources.filter((source) => source !== 'trailer') ?? NONE,
    [data],
  );
}

/** An episode row's mark of where it plays ("Library", "Jellyfin"). */
export function EpisodeSourcesBadge({ sources }: { sources: readonly AvailabilitySource[] }) {
  if (sources.length === 0) return null;
  const labels = sources.map((source) => sourceLabel(source, null));
  return (
    <span
      className="rounded border border-gold-400/50 px-1.5 py-px text-[10px] font-bold tracking-wider text-gold-200 uppercase"
      data-episode-sources={sources.join(' ')}
    >
      <span className="sr-only">Plays from </span>
      {labels.join(' · ')}
    </span>
  );
}

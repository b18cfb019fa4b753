import { episodeWatchKey, type MovieDetails, type TvDetails } from '@marquee/core';
import { useWatchedCount, useWatchedEpisodes } from '@/lib/local-store/use-watched.ts';
import { MarkWatchedIcon } from './mark-watched-icon.tsx';

/** The player's Mark watched: the film, or the episode on screen (issue 30). */
export function PlayerMarkWatched({
  details,
  season,
  episode,
}: {
  details: MovieDetails | TvDetails;
  season: number;
  episode: number | null;
}) {
  const isFilmWatched = useWatchedCount(details.id, 'movie') > 0;
  const watchedEpisodes = useWatchedEpisodes(details.media_type === 'tv' ? details.id : 0);
  if (details.media_type === 'movie') {
    return <MarkWatchedIcon title={details} target={{ scope: 'title' }} isWatched={isFilmWatched} size="md" />;
  }
  if (episode === null) return null;
  return (
    <MarkWatchedIcon
      title={details}
      target={{ scope: 'episode', season_number: season, episode_number: episode }}
      isWatched={watchedEpisodes.has(episodeWatchKey(season, episode))}
      size="md"
    />
  );
}

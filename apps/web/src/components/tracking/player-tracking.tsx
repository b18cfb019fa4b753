import { episodeWatchKey, type MovieDetails, type TvDetails } from '@marquee/core';
import { useIsWatched, useWatchedEpisodes } from '@/lib/local-store/use-watched.ts';
import { MarkWatchedButton } from './mark-watched-button.tsx';

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
  const isFilmWatched = useIsWatched(details.id, 'movie');
  const watchedEpisodes = useWatchedEpisodes(details.media_type === 'tv' ? details.id : 0);
  if (details.media_type === 'movie') {
    return (
      <MarkWatchedButton
        title={details}
        target={{ scope: 'title' }}
        isWatched={isFilmWatched}
        variant="icon"
        iconSize="md"
      />
    );
  }
  if (episode === null) return null;
  return (
    <MarkWatchedButton
      title={details}
      target={{ scope: 'episode', season_number: season, episode_number: episode }}
      isWatched={watchedEpisodes.has(episodeWatchKey(season, episode))}
      variant="icon"
      iconSize="md"
    />
  );
}

import type { NextEpisode } from '@marquee/core';
import { paths } from '@/config/paths.ts';

/** "S1E3": how cards name an episode. */
export function episodeCode(episode: Pick<NextEpisode, 'season_number' | 'episode_number'>): string {
  return `S${episode.season_number}E${episode.episode_number}`;
}

/** The player at an episode of a series. */
export function nextEpisodeLink(seriesId: number, episode: Pick<NextEpisode, 'season_number' | 'episode_number'>) {
  return `${paths.watch('series', seriesId)}?season=${episode.season_number}&episode=${episode.episode_number}`;
}

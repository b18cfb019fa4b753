import { describe, expect, it } from 'vitest';
import { episodeStats } from './episode-stats.ts';

const season = (season_number: number, episode_count: number) => ({
  id: season_number,
  season_number,
  name: `Season ${season_number}`,
  air_date: null,
  episode_count,
  poster_path: null,
});

const series = (overrides: Partial<Parameters<typeof episodeStats>[0]> = {}) => ({
  seasons: [season(1, 7), season(2, 13), season(3, 13), season(4, 13), season(5, 16)],
  number_of_episodes: 62,
  episode_run_time: [45],
  ...overrides,
});

const episodes = (runtimes: (number | null)[], rating = 8) =>
  runtimes.map((runtime) => ({ runtime, vote_average: rating }));

describe('episodeStats', () => {
  it('counts the series, not the shown season: 62 episodes at the season’s mean length', () => {
    const stats = episodeStats(series(), episodes([58, 48, 48, 48, 48, 48, 48]));
    expect(stats.seasons).toBe(5);
    expect(stats.episodes).toBe(62);
    expect(stats.seasonMinutes).toBe(346);
    expect(stats.seriesMinutes).toBeCloseTo((346 / 7) * 62);
  });

  it('falls back to the seasons’ own counts, then to the loaded season', () => {
    expect(episodeStats(series({ number_of_episodes: 0 }), []).episodes).toBe(62);
    expect(episodeStats(series({ number_of_episodes: 0, seasons: [] }), episodes([30, 30])).episodes).toBe(2);
  });

  it('never counts the specials of season 0', () => {
    const stats = episodeStats(series({ number_of_episodes: 0, seasons: [season(0, 40), season(1, 7)] }), []);
    expect(stats).toMatchObject({ seasons: 1, episodes: 7 });
  });

  it('uses the series’ episode length when no episode of the season has one', () => {
    const stats = episodeStats(series(), episodes([null, 0]));
    expect(stats.seasonMinutes).toBeNull();
    expect(stats.seriesMinutes).toBe(45 * 62);
    expect(episodeStats(series({ episode_run_time: [] }), []).seriesMinutes).toBeNull();
  });

  it('averages the rated episodes only', () => {
    const rated = [...episodes([40], 9), ...episodes([40], 7), ...episodes([40], 0)];
    expect(episodeStats(series(), rated).averageRating).toBe(8);
    expect(episodeStats(series(), episodes([40], 0)).averageRating).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { SyncOperation } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { AppError } from '../../plugins/errors.ts';
import { createEpisodeCheck } from './episode-check.ts';

const at = '2026-11-20T10:00:00.000Z';
const watched = (seriesId: number, season: number, episode: number | null): SyncOperation =>
  ({
    op: 'upsert',
    store: 'history',
    item: {
      id: `tv:${seriesId}:s${season}:e${episode}`,
      movie_id: seriesId,
      movie_title: 'Series',
      movie_poster: null,
      content_type: 'tv',
      watched_at: at,
      duration_watched: 0,
      total_duration: null,
      completed: true,
      synced: false,
      season_number: season,
      episode_number: episode,
      episode_title: null,
      source: 'manual',
      play_count: 1,
    },
    at,
  }) as SyncOperation;

/** A catalogue whose series 1 has two seasons of three episodes; `tv` and `season` can be made to fail. */
function catalogue(fail?: () => Error) {
  const tv = vi.fn(async (id: number) => {
    if (fail) throw fail();
    if (id !== 1) throw new AppError('not_found', 'Series not found');
    return {
      seasons: [
        { season_number: 1, episode_count: 3 },
        { season_number: 2, episode_count: 3 },
      ],
    };
  });
  const season = vi.fn(async (_id: number, n: number) => {
    if (fail) throw fail();
    if (n > 2) throw new AppError('not_found', 'Season not found');
    return { episodes: [1, 2, 3].map((episode_number) => ({ episode_number })) };
  });
  const provider = { tv, season, withRequestDeadline: () => provider } as unknown as CatalogueProvider;
  return { provider, tv, season };
}

describe('episode check (issue 30: an episode that does not exist is refused)', () => {
  it('refuses a season or episode the catalogue does not list, naming the operation', async () => {
    const { provider } = catalogue();
    const check = createEpisodeCheck(provider);
    await expect(check.refuseUnknownEpisodes([watched(1, 2, 3)])).resolves.toBeUndefined();
    await expect(check.refuseUnknownEpisodes([watched(1, 1, 1), watched(1, 3, 1)])).rejects.toMatchObject({
      code: 'invalid_input',
      details: { operation: 1, field: 'item.season_number' },
    });
    await expect(check.refuseUnknownEpisodes([watched(1, 1, 4)])).rejects.toThrow(
      /^Invalid operations\.0\.item\.episode_number: season 1 of series 1 has no episode 4/,
    );
  });

  it('judges only what the catalogue knows: an unknown series or a catalogue that cannot answer lets the change through', async () => {
    await expect(createEpisodeCheck(catalogue().provider).refuseUnknownEpisodes([watched(2, 99, 99)])).resolves.toBe(
      undefined,
    );
    let up = false;
    const flaky = catalogue(() => new AppError('unavailable', 'TMDB is down and nothing is cached'));
    const check = createEpisodeCheck({
      ...flaky.provider,
      tv: (id: number) => (up ? catalogue().provider.tv(id) : flaky.provider.tv(id)),
      season: (id: number, n: number) => (up ? catalogue().provider.season(id, n) : flaky.provider.season(id, n)),
      withRequestDeadline() {
        return this;
      },
    } as CatalogueProvider);
    await expect(check.refuseUnknownEpisodes([watched(1, 99, 99)])).resolves.toBeUndefined();
    // An outage is not remembered: once the catalogue answers, the episode is judged.
    up = true;
    await expect(check.refuseUnknownEpisodes([watched(1, 99, 99)])).rejects.toThrow(/has no season 99/);
  });

  it('refuses only what the season’s own episode list confirms', async () => {
    const { provider, season } = catalogue();
    // The series' summary counts two episodes in season 1 (say, an older cached answer)...
    const stale = {
      ...provider,
      tv: async () => ({ seasons: [{ season_number: 1, episode_count: 2 }] }),
      withRequestDeadline: () => stale,
    } as unknown as CatalogueProvider;
    // ...but the season lists a third: it is taken.
    await expect(createEpisodeCheck(stale).refuseUnknownEpisodes([watched(1, 1, 3)])).resolves.toBeUndefined();
    expect(season).toHaveBeenCalledOnce();
  });

  it('asks the catalogue about a series once a while, whatever the number of its episodes', async () => {
    const { provider, tv } = catalogue();
    let now = 0;
    const check = createEpisodeCheck(provider, () => now);
    await check.refuseUnknownEpisodes([watched(1, 1, 1), watched(1, 1, 2), watched(1, 2, 1)]);
    await check.refuseUnknownEpisodes([watched(1, 2, 2)]);
    expect(tv).toHaveBeenCalledOnce();
    now += 11 * 60 * 1000;
    await check.refuseUnknownEpisodes([watched(1, 2, 2)]);
    expect(tv).toHaveBeenCalledTimes(2);
  });
});

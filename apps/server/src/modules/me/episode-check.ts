import type { SyncOperation } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { AppError } from '../../plugins/errors.ts';
import { refusedOperation } from './sync-refusal.ts';

/** How long a series' seasons, as the catalogue listed them, are trusted here. */
const SEASONS_TTL_MS = 10 * 60 * 1000;
/** Series whose seasons are kept in memory at most (the oldest go first). */
const SEASONS_KEPT = 5_000;
/** Series looked up at once. */
const LOOKUPS_AT_ONCE = 4;

/** A series' episode counts by season number, or null when the catalogue cannot say. */
type Seasons = ReadonlyMap<number, number> | null;

export interface EpisodeCheck {
  /**
   * Throws a 400 naming the first history or rating upsert whose season or episode the catalogue
   * says does not exist (issue 30: "an episode that does not exist: a clear error, nothing stored").
   */
  refuseUnknownEpisodes(operations: readonly SyncOperation[]): Promise<void>;
}

/**
 * Checks the episodes a sync names against the catalogue. Only what the catalogue can answer is
 * judged: an episode is refused when the catalogue knows its series and lists its seasons, and the
 * season is not among them or the episode is past the season's count, and the season's own
 * episode list (what the episode browser shows) agrees. A series the catalogue does not know, one
 * without seasons, or a catalogue that cannot answer in time (TMDB down, nothing cached, the
 * request's deadline spent) leaves the change as it is: an outage never fails a sync or loses a
 * change, and no change is refused on a guess. Removals are never checked: removing anything is
 * harmless. Series' seasons are kept in memory for {@link SEASONS_TTL_MS}; TMDB's answers also come
 * through its database cache, so a sync asks TMDB about a series at most once a day.
 */
export function createEpisodeCheck(catalogue: CatalogueProvider, now: () => number = Date.now): EpisodeCheck {
  const kept = new Map<number, { seasons: Seasons; until: number }>();

  function keep(seriesId: number, seasons: Seasons): Seasons {
    kept.delete(seriesId);
    kept.set(seriesId, { seasons, until: now() + SEASONS_TTL_MS });
    if (kept.size > SEASONS_KEPT) kept.delete(kept.keys().next().value!);
    return seasons;
  }

  async function seasonsOf(provider: CatalogueProvider, seriesId: number): Promise<Seasons> {
    const cached = kept.get(seriesId);
    if (cached && cached.until > now()) return cached.seasons;
    try {
      const details = await provider.tv(seriesId);
      if (details.seasons.length === 0) return keep(seriesId, null);
      return keep(seriesId, new Map(details.seasons.map((season) => [season.season_number, season.episode_count])));
    } catch (error) {
      // Unknown to the catalogue (remembered), or the catalogue cannot answer now: not judged.
      return error instanceof AppError && error.code === 'not_found' ? keep(seriesId, null) : null;
    }
  }

  /** Whether the season's own episode list confirms that the episode is missing. */
  async function confirmedMissing(
    provider: CatalogueProvider,
    seriesId: number,
    season: number,
    episode: number | null,
  ): Promise<boolean> {
    try {
      const details = await provider.season(seriesId, season);
      return episode !== null && !details.episodes.some((candidate) => candidate.episode_number === episode);
    } catch (error) {
      return error instanceof AppError && error.code === 'not_found';
    }
  }

  return {
    async refuseUnknownEpisodes(operations) {
      const named = operations.flatMap((operation, index) => {
        if (operation.op !== 'upsert' || (operation.store !== 'history' && operation.store !== 'ratings')) return [];
        const { item } = operation;
        if (item.content_type !== 'tv' || item.season_number == null) return [];
        return [{ index, seriesId: item.movie_id, season: item.season_number, episode: item.episode_number ?? null }];
      });
      if (named.length === 0) return;
      // One time limit for every upstream call of this request (TMDB); the local catalogue ignores it.
      const provider = catalogue.withRequestDeadline();
      const seriesIds = [...new Set(named.map((entry) => entry.seriesId))];
      const seasons = new Map<number, Seasons>();
      for (let start = 0; start < seriesIds.length; start += LOOKUPS_AT_ONCE) {
        const ids = seriesIds.slice(start, start + LOOKUPS_AT_ONCE);
        const found = await Promise.all(ids.map((id) => seasonsOf(provider, id)));
        ids.forEach((id, at) => seasons.set(id, found[at]!));
      }
      for (const { index, seriesId, season, episode } of named) {
        const known = seasons.get(seriesId);
        if (!known) continue;
        const count = known.get(season);
        const missing = count === undefined || (episode !== null && episode > count);
        if (!missing || !(await confirmedMissing(provider, seriesId, season, episode))) continue;
        throw count === undefined
          ? refusedOperation(index, 'item.season_number', `series ${seriesId} has no season ${season}`)
          : refusedOperation(
              index,
              'item.episode_number',
              `season ${season} of series ${seriesId} has no episode ${episode}`,
            );
      }
    },
  };
}

import type { Episode, SeasonSummary } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { AppError } from '../../plugins/errors.ts';

/** How many catalogue calls one request makes at once (the TMDB catalogue: its cache, then TMDB). */
const CONCURRENCY = 4;

/** Runs `work` over `items`, at most {@link CONCURRENCY} at a time, results in order. */
export async function mapLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/** A series that is not in the catalogue (any more) has no episodes; any other failure is the request's. */
async function orNothing<T>(call: Promise<T>, nothing: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return nothing;
    throw error;
  }
}

/**
 * A series' regular episodes as the catalogue provider tells them (the TMDB catalogue, whose
 * episodes are not in the database): its seasons, then each season's episodes. `wantSeason`
 * picks the seasons to read (the calendar reads only those that may air in its range).
 */
export async function catalogueEpisodes(
  catalogue: CatalogueProvider,
  seriesId: number,
  wantSeason: (season: SeasonSummary, next: SeasonSummary | undefined) => boolean = () => true,
): Promise<Episode[]> {
  const details = await orNothing(catalogue.tv(seriesId), null);
  if (!details) return [];
  const seasons = details.seasons
    .filter((season) => season.season_number > 0)
    .sort((a, b) => a.season_number - b.season_number);
  const wanted = seasons.filter((season, index) => wantSeason(season, seasons[index + 1]));
  const read = await mapLimited(wanted, (season) =>
    orNothing(
      catalogue.season(seriesId, season.season_number).then((details) => details.episodes),
      [] as Episode[],
    ),
  );
  return read.flat();
}

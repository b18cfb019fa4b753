import {
  addDays,
  calendarEntries,
  episodeWatchKey,
  isDroppedSeries,
  type CalendarEntry,
  type CalendarQuery,
  type CalendarSeries,
  type CalendarTitle,
  type DroppedSeries,
} from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { catalogueEpisodes, mapLimited } from '../progress/episode-guide.ts';
import { listDroppedSeries } from '../progress/progress.repository.ts';
import {
  listLocalEpisodes,
  listLocalReleaseDates,
  listTrackedTitles,
  listWatchedEpisodes,
  type TrackedTitle,
} from './calendar.repository.ts';

export interface CalendarDeps {
  db: Db;
  catalogue: Pick<CatalogueProvider, 'mode' | 'tv' | 'season' | 'movie'>;
}

/** How far back and ahead the iCal feed reaches from today. */
export const FEED_DAYS_BEFORE = 30;
export const FEED_DAYS_AFTER = 180;

/**
 * The followed titles: started series not dropped (core isDroppedSeries: a drop holds until the
 * series is watched again), every series in Watch Later, and the films in Watch Later.
 */
function followed(tracked: readonly TrackedTitle[], dropped: readonly DroppedSeries[]) {
  const series = new Map<number, CalendarTitle>();
  const films = new Map<number, { title: CalendarTitle; stored: string | null }>();
  for (const row of tracked) {
    if (row.content_type === 'movie') {
      films.set(row.id, {
        title: { id: row.id, media_type: 'movie', title: row.name, poster_path: row.poster_path },
        stored: row.release_date,
      });
      continue;
    }
    if (row.last_watched_at !== null && isDroppedSeries(row.id, row.last_watched_at, dropped)) continue;
    // The history's name and poster come first (its row comes first), Watch Later's otherwise.
    if (!series.has(row.id)) {
      series.set(row.id, { id: row.id, media_type: 'tv', name: row.name, poster_path: row.poster_path });
    }
  }
  return { series, films };
}

/**
 * The account's calendar from `from` to `to` (DESIGN.md `GET /api/me/calendar`). Over the local
 * catalogue the episodes and release dates are read from its tables; over TMDB from the provider
 * (its cache first), reading only the seasons that may air in the range.
 */
export async function getCalendar(deps: CalendarDeps, userId: string, range: CalendarQuery): Promise<CalendarEntry[]> {
  const [tracked, dropped] = await Promise.all([
    listTrackedTitles(deps.db, userId),
    listDroppedSeries(deps.db, userId),
  ]);
  const { series, films } = followed(tracked, dropped);
  const seriesIds = [...series.keys()];

  let episodesBySeries: Map<number, CalendarSeries['episodes']>;
  let releaseDates: Map<number, string | null>;
  if (deps.catalogue.mode === 'local') {
    const rows = await listLocalEpisodes(deps.db, seriesIds, range.from, range.to);
    episodesBySeries = new Map();
    for (const row of rows) {
      const list = (episodesBySeries.get(row.series_id) ?? []) as CalendarSeries['episodes'][number][];
      list.push(row);
      episodesBySeries.set(row.series_id, list);
    }
    const local = await listLocalReleaseDates(deps.db, [...films.keys()]);
    releaseDates = new Map([...films].map(([id, film]) => [id, local.get(id) ?? film.stored]));
  } else {
    const catalogue = deps.catalogue as CatalogueProvider;
    // A season may air in the range when it starts before its end and the next one after its start.
    const guides = await mapLimited(seriesIds, (id) =>
      catalogueEpisodes(
        catalogue,
        id,
        (season, next) =>
          (season.air_date === null || season.air_date <= range.to) &&
          (next === undefined || next.air_date === null || next.air_date >= range.from),
      ),
    );
    episodesBySeries = new Map(seriesIds.map((id, index) => [id, guides[index]!]));
    // A film long out keeps the date stored with it; a coming one may have moved: ask.
    const recent = addDays(range.from, -365);
    const filmIds = [...films.keys()];
    const dates = await mapLimited(filmIds, async (id) => {
      const stored = films.get(id)!.stored;
      if (stored && stored.slice(0, 10) < recent) return stored;
      try {
        return (await catalogue.movie(id)).release_date;
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return stored;
        throw error;
      }
    });
    releaseDates = new Map(filmIds.map((id, index) => [id, dates[index] ?? null]));
  }

  const airing = seriesIds.filter((id) => (episodesBySeries.get(id)?.length ?? 0) > 0);
  const watched = new Map<number, Set<string>>();
  for (const row of await listWatchedEpisodes(deps.db, userId, airing)) {
    const keys = watched.get(row.movie_id) ?? new Set<string>();
    keys.add(episodeWatchKey(row.season_number, row.episode_number));
    watched.set(row.movie_id, keys);
  }
  return calendarEntries(
    {
      series: airing.map((id) => ({
        title: series.get(id)!,
        episodes: episodesBySeries.get(id)!,
        watched: watched.get(id) ?? new Set(),
      })),
      films: [...films].map(([id, film]) => ({ title: film.title, release_date: releaseDates.get(id) ?? null })),
    },
    range,
  );
}

/** The iCal feed's range: from {@link FEED_DAYS_BEFORE} days ago to {@link FEED_DAYS_AFTER} days ahead. */
export function feedRange(now: Date): CalendarQuery {
  const today = now.toISOString().slice(0, 10);
  return { from: addDays(today, -FEED_DAYS_BEFORE), to: addDays(today, FEED_DAYS_AFTER) };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const ISO = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A title the account follows: a started series (with its newest entry's time) or one in Watch Later. */
export interface TrackedTitle extends Record<string, unknown> {
  content_type: 'movie' | 'tv';
  id: number;
  name: string;
  poster_path: string | null;
  /** Series from the history: when an episode was last watched. Null for Watch Later items. */
  last_watched_at: string | null;
  /** Watch Later items: the release date stored with the item. */
  release_date: string | null;
}

/** The series the account started (name and poster of its newest entry) and every Watch Later item. */
export function listTrackedTitles(db: Db, userId: string): Promise<TrackedTitle[]> {
  return rows<TrackedTitle>(
    db,
    sql`
    select 'tv' as content_type, movie_id as id, movie_title as name, movie_poster as poster_path,
      ${ISO('watched_at')} as last_watched_at, null as release_date
    from (
      select distinct on (movie_id) movie_id, movie_title, movie_poster, watched_at
      from viewing_history
      where user_id = ${userId} and content_type = 'tv' and deleted_at is null
      order by movie_id, watched_at desc
    ) started
    union all
    select content_type, movie_id, movie_title, movie_poster, null, movie_release_date
    from watch_later
    where user_id = ${userId} and deleted_at is null`,
  );
}

export interface EpisodeRow extends Record<string, unknown> {
  series_id: number;
  season_number: number;
  episode_number: number;
  name: string | null;
  air_date: string;
}

/** The local catalogue's regular episodes of these series airing from `from` to `to`. */
export function listLocalEpisodes(db: Db, seriesIds: number[], from: string, to: string): Promise<EpisodeRow[]> {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return rows<EpisodeRow>(
    db,
    sql`
    select series_id, season_number, episode_number, name, air_date::text as air_date
    from episodes
    where series_id = any(${`{${seriesIds.join(',')}}`}::int[]) and season_number > 0
      and air_date between ${from}::date and ${to}::date`,
  );
}

/** The local catalogue's release dates of these films. */
export async function listLocalReleaseDates(db: Db, movieIds: number[]): Promise<Map<number, string | null>> {
  if (movieIds.length === 0) return new Map();
  const found = await rows<{ id: number; release_date: string | null }>(
    db,
    sql`select id, release_date::text as release_date from titles
        where media_type = 'movie' and id = any(${`{${movieIds.join(',')}}`}::int[])`,
  );
  return new Map(found.map((row) => [row.id, row.release_date]));
}

/**
 * The watched episodes (core isWatchedEntry: completed, marked or imported) of these series, as
 * `series_id` with season and episode.
 */
export function listWatchedEpisodes(
  db: Db,
  userId: string,
  seriesIds: number[],
): Promise<Array<{ movie_id: number; season_number: number; episode_number: number }>> {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return rows(
    db,
    sql`
    select movie_id, season_number, episode_number
    from viewing_history
    where user_id = ${userId} and content_type = 'tv' and deleted_at is null
      and (completed or source in ('manual', 'import'))
      and season_number is not null and episode_number is not null
      and movie_id = any(${`{${seriesIds.join(',')}}`}::int[])`,
  );
}

async function rows<T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

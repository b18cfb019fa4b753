import { sql } from 'drizzle-orm';
import type { DroppedSeries, HistoryItem, SeriesProgress } from '@marquee/core';
import { preparedStatement, type Db } from '../../db/client.ts';

// The SQL twin of core's progress rule (packages/core/src/library/progress.ts): the same started
// series, aired and watched episodes, next episode and dropped series, computed where the data
// is. An account following 200 series with 10,000 watched episodes is one round trip of a few
// milliseconds, not 20,000 rows sent to JavaScript. progress.repository.test.ts checks that both
// answer the same on generated accounts.

/** An episode entry counts as watched (core isWatchedEntry): completed, marked by hand or imported. */
const WATCHED = sql.raw(`(completed or source in ('manual', 'import'))`);

/**
 * The viewer's dropped series (the `droppedSeries` setting): a list of `{id, dropped_at}` in the
 * settings JSON. Entries of another shape are skipped, as mergeSettings would.
 */
const DROPPED = sql`
  select (d.value->>'id')::int as id, (d.value->>'dropped_at')::timestamptz as dropped_at
  from user_settings s
  cross join lateral jsonb_array_elements(
    case when jsonb_typeof(s.settings->'droppedSeries') = 'array' then s.settings->'droppedSeries' else '[]'::jsonb end
  ) d
  where s.user_id = ${sql.placeholder('userId')}
    and jsonb_typeof(d.value->'id') = 'number'
    and (d.value->>'id') ~ '^[0-9]{1,9}$'
    and jsonb_typeof(d.value->'dropped_at') = 'string'
    and (d.value->>'dropped_at') ~ '^\\d{4}-\\d{2}-\\d{2}T'`;

const ISO = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

interface ProgressRow extends Record<string, unknown> {
  id: number;
  name: string;
  poster_path: string | null;
  last_watched_at: string;
  watched_episodes: number;
  aired_episodes: number;
  season_number: number | null;
  episode_number: number | null;
  episode_name: string | null;
  air_date: string | null;
}

const progressStatement = preparedStatement<ProgressRow, { userId: string; today: string }>(
  'progress_local',
  sql`
  with entries as materialized (
    select movie_id, season_number, episode_number, watched_at, movie_title, movie_poster, ${WATCHED} as is_watched
    from viewing_history
    where user_id = ${sql.placeholder('userId')} and content_type = 'tv' and deleted_at is null
  ),
  series as (
    select distinct on (movie_id) movie_id, movie_title, movie_poster, watched_at as last_watched_at
    from entries
    order by movie_id, watched_at desc
  ),
  dropped as (${DROPPED}),
  kept as (
    select s.* from series s
    where not exists (select 1 from dropped d where d.id = s.movie_id and s.last_watched_at <= d.dropped_at)
  ),
  aired as (
    select e.series_id, e.season_number, e.episode_number, (w.movie_id is not null) as watched
    from kept k
    join episodes e
      on e.series_id = k.movie_id and e.season_number > 0 and e.air_date <= ${sql.placeholder('today')}::date
    left join entries w
      on w.is_watched and w.movie_id = e.series_id
      and w.season_number = e.season_number and w.episode_number = e.episode_number
  ),
  counts as (
    select series_id, count(*)::int as aired, (count(*) filter (where watched))::int as watched,
      max(array[season_number, episode_number]) filter (where watched) as furthest
    from aired
    group by series_id
  ),
  next as (
    select distinct on (a.series_id) a.series_id, a.season_number, a.episode_number
    from aired a join counts c using (series_id)
    where not a.watched
    order by a.series_id,
      (c.furthest is null or array[a.season_number, a.episode_number] > c.furthest) desc,
      a.season_number, a.episode_number
  )
  select k.movie_id as id, k.movie_title as name, k.movie_poster as poster_path,
    ${ISO('k.last_watched_at')} as last_watched_at,
    coalesce(c.watched, 0) as watched_episodes, coalesce(c.aired, 0) as aired_episodes,
    n.season_number, n.episode_number, nullif(e.name, '') as episode_name, e.air_date::text as air_date
  from kept k
  left join counts c on c.series_id = k.movie_id
  left join next n on n.series_id = k.movie_id
  left join episodes e
    on e.series_id = n.series_id and e.season_number = n.season_number and e.episode_number = n.episode_number
  order by k.last_watched_at desc, k.movie_id`,
);

/**
 * The account's progress over the local catalogue's episodes (`today`: YYYY-MM-DD, the day up to
 * which episodes have aired).
 */
export async function listLocalProgress(db: Db, userId: string, today: string): Promise<SeriesProgress[]> {
  const rows = await progressStatement(db, { userId, today });
  return rows.map((row) => ({
    series: { id: row.id, name: row.name, poster_path: row.poster_path },
    watched_episodes: row.watched_episodes,
    aired_episodes: row.aired_episodes,
    next_episode:
      row.season_number == null || row.episode_number == null
        ? null
        : {
            season_number: row.season_number,
            episode_number: row.episode_number,
            name: row.episode_name,
            air_date: row.air_date,
          },
    last_watched_at: row.last_watched_at,
  }));
}

/** What the progress rule reads of a history entry. */
export type ProgressHistoryEntry = Pick<
  HistoryItem,
  | 'movie_id'
  | 'movie_title'
  | 'movie_poster'
  | 'content_type'
  | 'watched_at'
  | 'completed'
  | 'source'
  | 'season_number'
  | 'episode_number'
>;

const tvHistoryStatement = preparedStatement<ProgressHistoryEntry & Record<string, unknown>, { userId: string }>(
  'progress_tv_history',
  sql`
  select movie_id, movie_title, movie_poster, content_type, ${ISO('watched_at')} as watched_at, completed, source,
    season_number, episode_number
  from viewing_history
  where user_id = ${sql.placeholder('userId')} and content_type = 'tv' and deleted_at is null
  order by watched_at desc, item_key`,
);

/** The account's series entries, newest first (for the rule run in JavaScript: the TMDB catalogue). */
export function listTvHistory(db: Db, userId: string): Promise<ProgressHistoryEntry[]> {
  return tvHistoryStatement(db, { userId });
}

const droppedStatement = preparedStatement<{ id: number; dropped_at: string }, { userId: string }>(
  'progress_dropped',
  sql`select id, ${ISO('dropped_at')} as dropped_at from (${DROPPED}) dropped`,
);

/** The account's dropped series. */
export function listDroppedSeries(db: Db, userId: string): Promise<DroppedSeries[]> {
  return droppedStatement(db, { userId });
}

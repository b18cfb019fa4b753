import { sql, type SQL } from 'drizzle-orm';
import type { DroppedSeries, HistoryItem, SeriesProgress } from '@marquee/core';
import { preparedStatement, type Db } from '../../db/client.ts';

// The SQL twin of core's progress rule (packages/core/src/library/progress.ts): the same started
// series, aired and watched episodes, next episode and dropped series, computed where the data
// is. An account following 200 series with 10,000 watched episodes is one round trip, not 20,000
// rows sent to JavaScript (bench/progress.bench.mjs). progress.repository.test.ts checks that both
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

/** An instant as microseconds since 1970, as text: exact, to compare in JavaScript as the database would. */
const MICROS = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint::text`);

interface ProgressRow extends Record<string, unknown> {
  id: number;
  name: string;
  poster_path: string | null;
  last_watched_at: string;
  last_watched_us: string;
  watched_episodes: number;
  aired_episodes: number;
  season_number: number | null;
  episode_number: number | null;
  episode_name: string | null;
  air_date: string | null;
}

/** The live episode entries the progress reads (a subquery, named `live` where it is used). */
const LIVE_COLUMNS = sql.raw(
  'movie_id, item_key, movie_title, movie_poster, watched_at, completed, source, season_number, episode_number',
);

/** Every live episode entry of the account. */
const ALL_LIVE = sql`(select ${LIVE_COLUMNS} from viewing_history
  where user_id = ${sql.placeholder('userId')} and content_type = 'tv' and deleted_at is null)`;

/**
 * The series whose entries changed after version `since` of the account's stream (added, changed
 * or removed: a removal is a tombstone with a version of its own).
 */
const CHANGED = sql`select distinct movie_id from viewing_history
  where user_id = ${sql.placeholder('userId')} and version > ${sql.placeholder('since')}::bigint and content_type = 'tv'`;

/**
 * The live episode entries of the changed series, read series by series through
 * viewing_history_user_series_idx: as `movie_id = any(...)` the planner read every entry of the
 * account and filtered (45 ms instead of 1 on the bench's account, PostgreSQL 15).
 */
const CHANGED_LIVE = sql`(select entry.* from (${CHANGED}) as picked(id)
  cross join lateral (
    select ${LIVE_COLUMNS} from viewing_history
    where user_id = ${sql.placeholder('userId')} and content_type = 'tv' and deleted_at is null and movie_id = picked.id
    offset 0
  ) entry)`;

/**
 * The progress of every started series among the entries `live` (dropped ones too: the list
 * leaves them out, see {@link keptProgress}).
 */
function progressSql(live: SQL) {
  return sql`
  with series as (
    -- Each started series' newest entry: its name, poster and time (core's startedSeries: the
    -- first of the history newest first, by time then key).
    select movie_id, max(watched_at) as last_watched_at,
      (array_agg(movie_title order by watched_at desc, item_key))[1] as movie_title,
      (array_agg(movie_poster order by watched_at desc, item_key))[1] as movie_poster
    from ${live} live
    group by movie_id
  ),
  aired as (
    -- The aired episodes of the series and the watched ones of the history, as keys (season
    -- * 2^31 + episode: in season, then episode order), grouped rather than joined: a join of two
    -- large sets has a plan that goes wrong on the statistics of a fresh account.
    select series_id, key, bool_or(is_watched) as watched
    from (
      select e.series_id, e.season_number::bigint * 2147483648 + e.episode_number as key, false as is_watched, true as is_aired
      from series s
      join episodes e
        on e.series_id = s.movie_id and e.season_number > 0 and e.air_date <= ${sql.placeholder('today')}::date
      union all
      select movie_id, season_number::bigint * 2147483648 + episode_number, true, false
      from ${live} live
      where ${WATCHED} and season_number is not null and episode_number is not null
    ) keys
    group by series_id, key
    having bool_or(is_aired)
  ),
  furthest as (
    select series_id, key, watched, max(key) filter (where watched) over (partition by series_id) as furthest
    from aired
  ),
  counts as materialized (
    -- The next episode: the first unwatched one after the furthest watched, else the first unwatched.
    select series_id, count(*)::int as aired, (count(*) filter (where watched))::int as watched,
      coalesce(
        min(key) filter (where not watched and key > coalesce(furthest, -1)),
        min(key) filter (where not watched)
      ) as next_key
    from furthest
    group by series_id
  )
  select s.movie_id as id, s.movie_title as name, s.movie_poster as poster_path,
    ${ISO('s.last_watched_at')} as last_watched_at, ${MICROS('s.last_watched_at')} as last_watched_us,
    coalesce(c.watched, 0) as watched_episodes, coalesce(c.aired, 0) as aired_episodes,
    e.season_number, e.episode_number, nullif(e.name, '') as episode_name, e.air_date::text as air_date
  from series s
  left join counts c on c.series_id = s.movie_id
  left join episodes e
    on e.series_id = c.series_id and e.season_number = (c.next_key / 2147483648)::int
    and e.episode_number = (c.next_key % 2147483648)::int`;
}

const allSeriesStatement = preparedStatement<ProgressRow, { userId: string; today: string }>(
  'progress_local',
  progressSql(ALL_LIVE),
);

/** One started series' progress, with its newest entry's time to the microsecond (for the drop rule). */
export interface SeriesProgressEntry {
  progress: SeriesProgress;
  lastWatchedUs: bigint;
}

function progressEntry(row: ProgressRow): SeriesProgressEntry {
  return {
    progress: {
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
    },
    lastWatchedUs: BigInt(row.last_watched_us),
  };
}

/**
 * The progress of the account's started series over the local catalogue's episodes (`today`:
 * YYYY-MM-DD, the day up to which episodes have aired), dropped series included, in no order.
 */
export async function listSeriesProgress(db: Db, userId: string, today: string): Promise<SeriesProgressEntry[]> {
  return (await allSeriesStatement(db, { userId, today })).map(progressEntry);
}

const dropTimesStatement = preparedStatement<{ id: number; dropped_us: string }, { userId: string }>(
  'progress_drop_times',
  sql`select id, ${MICROS('dropped_at')} as dropped_us from (${DROPPED}) dropped`,
);

function dropTimes(rows: readonly { id: number; dropped_us: string }[]): Map<number, bigint[]> {
  const drops = new Map<number, bigint[]>();
  for (const row of rows) drops.set(row.id, [...(drops.get(row.id) ?? []), BigInt(row.dropped_us)]);
  return drops;
}

/** The account's dropped series: each id with its drop times in microseconds (a list may name one twice). */
export async function listDropTimes(db: Db, userId: string): Promise<Map<number, bigint[]>> {
  return dropTimes(await dropTimesStatement(db, { userId }));
}

/**
 * The list `GET /api/me/progress` answers: the series not dropped (a drop holds until a newer
 * entry, core isDroppedSeries), the most recently watched first.
 */
export function keptProgress(
  entries: Iterable<SeriesProgressEntry>,
  drops: ReadonlyMap<number, readonly bigint[]>,
): SeriesProgress[] {
  const kept = [...entries].filter(
    (entry) => !drops.get(entry.progress.series.id)?.some((droppedUs) => entry.lastWatchedUs <= droppedUs),
  );
  kept.sort((a, b) =>
    a.lastWatchedUs === b.lastWatchedUs
      ? a.progress.series.id - b.progress.series.id
      : a.lastWatchedUs > b.lastWatchedUs
        ? -1
        : 1,
  );
  return kept.map((entry) => entry.progress);
}

/** The account's progress over the local catalogue's episodes: the list of `GET /api/me/progress`. */
export async function listLocalProgress(db: Db, userId: string, today: string): Promise<SeriesProgress[]> {
  const [entries, drops] = await Promise.all([listSeriesProgress(db, userId, today), listDropTimes(db, userId)]);
  return keptProgress(entries, drops);
}

interface ChangesRow extends Record<string, unknown> {
  version: number | string | null;
  changed: number[];
  drops: { id: number; dropped_us: string }[];
  series: ProgressRow[];
}

const changesStatement = preparedStatement<ChangesRow, { userId: string; today: string; since: number }>(
  'progress_changes',
  sql`
  with progress as (${progressSql(CHANGED_LIVE)})
  select (select version from personal_sync where user_id = ${sql.placeholder('userId')}) as version,
    (select coalesce(json_agg(movie_id), '[]'::json) from (${CHANGED}) changed) as changed,
    (select coalesce(json_agg(json_build_object('id', id, 'dropped_us', ${MICROS('dropped_at')})), '[]'::json)
      from (${DROPPED}) dropped) as drops,
    (select coalesce(json_agg(progress), '[]'::json) from progress) as series`,
);

/** What changed in an account's progress after a version of its stream (see {@link listProgressChanges}). */
export interface ProgressChanges {
  /** The account's version these changes reach. */
  version: number;
  /** The series whose entries changed: each one's progress is in `entries`, unless none is left. */
  changed: number[];
  entries: SeriesProgressEntry[];
  drops: Map<number, bigint[]>;
}

/**
 * The progress of the series whose entries changed after version `since`, the dropped series and
 * the version it all reaches: one statement, so one view of the account (and one round trip).
 */
export async function listProgressChanges(
  db: Db,
  userId: string,
  today: string,
  since: number,
): Promise<ProgressChanges> {
  const [row] = await changesStatement(db, { userId, today, since });
  return {
    version: Number(row!.version ?? 0),
    changed: row!.changed,
    entries: row!.series.map(progressEntry),
    drops: dropTimes(row!.drops),
  };
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

const versionStatement = preparedStatement<{ version: number }, { userId: string }>(
  'progress_sync_version',
  sql`select version from personal_sync where user_id = ${sql.placeholder('userId')}`,
);

/**
 * The account's place in its stream of changes (me-schema.ts `personal_sync`): every write to its
 * history, lists or settings raises it, so an answer computed at one version holds until it moves.
 */
export async function findSyncVersion(db: Db, userId: string): Promise<number> {
  const [row] = await versionStatement(db, { userId });
  return row ? Number(row.version) : 0;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';

/**
 * One digest per table: its row count and the md5 of its rows as text, sorted (the same SQL on
 * PGlite and PostgreSQL). Two digests are equal only if the tables hold the same rows.
 */
function digestQuery(tables: readonly string[]): string {
  return tables
    .map(
      (table) =>
        `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${table}" t`,
    )
    .join(' union all ');
}

const COUNTER_TABLE = 'test_table_writes';

/**
 * Counts the statements that write to each of `tables` (a statement-level trigger on each, which
 * also fires for a foreign key's cascaded delete and for a truncate), so that a table is digested
 * again only after a statement wrote to it: the digests of a snapshot per request were most of the
 * fuzz run's time. The count is kept per table and per connection, so that two transactions never
 * wait on one row (nor deadlock); it is read as committed, like the rows, and a rolled-back write
 * leaves it as it was. Test databases only.
 */
async function installWriteCounter(database: Pick<Database, 'rows'>, tables: readonly string[]): Promise<void> {
  await database.rows(
    sql.raw(
      `create table if not exists ${COUNTER_TABLE} (name text not null, pid int not null, n bigint not null, primary key (name, pid))`,
    ),
  );
  await database.rows(
    sql.raw(
      `create or replace function ${COUNTER_TABLE}_count() returns trigger language plpgsql as $$ ` +
        `begin insert into ${COUNTER_TABLE} values (TG_TABLE_NAME, pg_backend_pid(), 1) ` +
        `on conflict (name, pid) do update set n = ${COUNTER_TABLE}.n + 1; return null; end $$`,
    ),
  );
  for (const table of tables) {
    await database.rows(sql.raw(`drop trigger if exists ${COUNTER_TABLE}_count on "${table}"`));
    await database.rows(
      sql.raw(
        `create trigger ${COUNTER_TABLE}_count after insert or update or delete or truncate on "${table}" ` +
          `for each statement execute function ${COUNTER_TABLE}_count()`,
      ),
    );
  }
}

interface Cached {
  /** The tables given a counting trigger, which is in place once `installed` has settled. */
  counted: Set<string>;
  installed: Promise<void>;
  /** Each digested table's write count when it was digested, and its digest. */
  digests: Map<string, { writes: string; digest: string }>;
}
const cache = new WeakMap<object, Cached>();

/**
 * A digest of each of `tables` (row count and md5 of the sorted rows). A table is read again only
 * when a statement has written to it since its last digest; otherwise its last digest stands,
 * since nothing else changes a table's rows.
 */
export async function tableDigests(
  database: Pick<Database, 'rows'>,
  tables: readonly string[],
): Promise<Record<string, string>> {
  const cached = cache.get(database) ?? {
    installed: Promise.resolve(),
    counted: new Set<string>(),
    digests: new Map(),
  };
  cache.set(database, cached);
  const uncounted = tables.filter((table) => !cached.counted.has(table));
  if (uncounted.length > 0) {
    for (const table of uncounted) cached.counted.add(table);
    cached.installed = cached.installed.then(() => installWriteCounter(database, uncounted));
  }
  await cached.installed;
  // The counts first, then the rows: a write committed in between gives a newer digest with an
  // older count, which is read again next time; never an older digest with a newer count.
  const counts = await database.rows<{ name: string; writes: string }>(
    sql.raw(`select name, sum(n)::text as writes from ${COUNTER_TABLE} group by name`),
  );
  const writes = new Map(counts.map((row) => [row.name, row.writes]));
  const stale = tables.filter((table) => cached.digests.get(table)?.writes !== (writes.get(table) ?? '0'));
  if (stale.length > 0) {
    const rows = await database.rows<{ name: string; digest: string }>(sql.raw(digestQuery(stale)));
    for (const row of rows) cached.digests.set(row.name, { writes: writes.get(row.name) ?? '0', digest: row.digest });
  }
  return Object.fromEntries(tables.map((table) => [table, cached.digests.get(table)!.digest]));
}

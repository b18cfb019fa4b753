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
 * Counts the statements that write to `tables` (a statement-level trigger on each), so that
 * digests of large tables that nothing writes to (the catalogue: ~15,000 rows, ~50 ms to digest
 * on PGlite) are taken again only after a write. Test databases only.
 */
async function installWriteCounter(database: Pick<Database, 'rows'>, tables: readonly string[]): Promise<void> {
  await database.rows(
    sql.raw(`create table if not exists ${COUNTER_TABLE} (id boolean primary key, n bigint not null)`),
  );
  await database.rows(sql.raw(`insert into ${COUNTER_TABLE} values (true, 0) on conflict (id) do nothing`));
  await database.rows(
    sql.raw(
      `create or replace function ${COUNTER_TABLE}_count() returns trigger language plpgsql as $$ ` +
        `begin update ${COUNTER_TABLE} set n = n + 1; return null; end $$`,
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
  ready: Promise<void>;
  writes: string | null;
  digests: Record<string, string>;
}
const cache = new WeakMap<object, Cached>();

/**
 * Digests of `changing` tables, read every time, and of `large` ones, read again only when a
 * statement has written to them since the last read.
 */
export async function tableDigests(
  database: Pick<Database, 'rows'>,
  changing: readonly string[],
  large: readonly string[],
): Promise<Record<string, string>> {
  let cached = cache.get(database);
  if (!cached) {
    cached = { ready: installWriteCounter(database, large), writes: null, digests: {} };
    cache.set(database, cached);
  }
  await cached.ready;
  const rows = await database.rows<{ name: string; digest: string }>(
    sql.raw(`${digestQuery(changing)} union all select '#writes', n::text from ${COUNTER_TABLE}`),
  );
  const digests = Object.fromEntries(rows.map((row) => [row.name, row.digest]));
  const writes = digests['#writes']!;
  delete digests['#writes'];
  if (writes !== cached.writes) {
    const again = await database.rows<{ name: string; digest: string }>(sql.raw(digestQuery(large)));
    cached.digests = Object.fromEntries(again.map((row) => [row.name, row.digest]));
    cached.writes = writes;
  }
  return { ...digests, ...cached.digests };
}

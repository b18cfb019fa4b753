import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, root, SERVER, startProcess, stopProcess } from './lib.mjs';

/**
 * The benchmark catalogue on PostgreSQL: a database BENCH_DATABASE (`marquee_bench`) holding the
 * default catalogue plus generated titles up to BENCH_TITLES (1,000,000), when a PostgreSQL server
 * answers at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres). `npm run
 * bench` uses it; `node bench/catalogue.bench.mjs --prepare` only builds it (slow the first time).
 * Each app version migrates the database it is given: two branches benchmarked side by side need
 * a database each.
 */
const TARGET_TITLES = Number(process.env.BENCH_TITLES ?? 1_000_000);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'marquee_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error(`BENCH_DATABASE must be a plain database name: ${DATABASE}`);

const WORDS_A = [
  'Silent',
  'Dark',
  'Golden',
  'Broken',
  'Last',
  'Hidden',
  'Crimson',
  'Wild',
  'Electric',
  'Frozen',
  'Midnight',
  'Burning',
  'Lonely',
  'Secret',
  'Distant',
  'Savage',
  'Velvet',
  'Iron',
  'Paper',
  'Glass',
  'Hollow',
  'Restless',
  'Stolen',
  'Endless',
  'Quiet',
  'Bitter',
  'Northern',
  'Lucky',
  'Wicked',
  'Silver',
];
const WORDS_B = [
  'River',
  'Harbor',
  'Empire',
  'Garden',
  'Horizon',
  'Kingdom',
  'Station',
  'Letters',
  'Summer',
  'Winter',
  'City',
  'Machine',
  'Shadows',
  'Highway',
  'Island',
  'Orchard',
  'Promise',
  'Frontier',
  'Symphony',
  'Mirror',
  'Circus',
  'Voyage',
  'Tide',
  'Canyon',
  'Saints',
  'Echoes',
  'Engine',
  'Border',
  'Carnival',
  'Lighthouse',
];
const WORDS_C = [
  '',
  '',
  '',
  ' of the North',
  ' of Fire',
  ' Returns',
  ' II',
  ' in Paris',
  ' at Dawn',
  ' of Tomorrow',
  ': Origins',
  ' Forever',
];

/** Fills the titles table up to `target` rows with generated films and series (deterministic). */
async function generateTitles(client, target) {
  const [{ count }] = (await client.query('select count(*)::int as count from titles')).rows;
  if (count >= target) {
    await ensureIndexes(client);
    return count;
  }
  console.log(`Generating ${target - count} titles (indexes rebuilt afterwards)...`);
  const indexes = (
    await client.query(
      `select indexname, indexdef from pg_indexes where tablename = 'titles' and indexname not like '%_pk'`,
    )
  ).rows;
  for (const index of indexes) await client.query(`drop index if exists ${index.indexname}`);
  const arr = (words) => `array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}]`;
  await client.query(`
    insert into titles (media_type, id, title, original_title, original_language, overview, release_date, year, genre_ids, runtime,
      certification, vote_average, vote_count, popularity, search_title)
    select media_type, id, title, title, lang, 'A generated title for benchmarks.', release_date, extract(year from release_date)::int,
      genres, 80 + (g % 90), (array['G','PG','PG-13','R','NR'])[1 + (g % 5)], round((3 + (g::bigint * 7919 % 70) / 10.0)::numeric, 1),
      (g::bigint * 104729 % 200000)::int, round((0.5 + (g::bigint * 7919 % 100000) / 1000.0)::numeric, 3), lower(title)
    from (
      select g, case when g % 10 = 0 then 'tv' else 'movie' end as media_type, 1000000 + g as id,
        (${arr(WORDS_A)})[1 + (g % ${WORDS_A.length})] || ' ' || (${arr(WORDS_B)})[1 + ((g / ${WORDS_A.length}) % ${WORDS_B.length})]
          || (${arr(WORDS_C)})[1 + ((g / ${WORDS_A.length * WORDS_B.length}) % ${WORDS_C.length})] as title,
        (array['en','en','en','fr','es','de','ja','ko','it','zh'])[1 + (g % 10)] as lang,
        date '1920-01-01' + (g::bigint * 7919 % 38000)::int as release_date,
        case when g % 10 = 0 then array[(array[18,35,80,10759,10765,9648])[1 + (g % 6)]]
             else array[(array[28,12,16,35,80,99,18,10751,14,36,27,10402,9648,10749,878,53,10752,37])[1 + (g % 18)],
                        (array[18,35,53,28,10749])[1 + (g % 5)]] end as genres
      from generate_series(1, ${target - count}) as g
    ) generated`);
  await ensureIndexes(client);
  return target;
}

/**
 * The titles indexes as the committed migrations leave them (read from the SQL files, so that a
 * benchmark run that stopped half-way can always put them back): created and not dropped later.
 */
function titleIndexes() {
  const dir = path.join(root, 'apps/server/drizzle');
  const statements = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .flatMap((file) => readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint'))
    .map((statement) => statement.trim().replace(/;$/, ''));
  const indexes = new Map();
  for (const statement of statements) {
    const created = /^CREATE INDEX "(titles_[^"]+)"/.exec(statement);
    if (created) indexes.set(created[1], { name: created[1], statement });
    const dropped = /^DROP INDEX (?:IF EXISTS )?"(titles_[^"]+)"/.exec(statement);
    if (dropped) indexes.delete(dropped[1]);
  }
  return [...indexes.values()];
}

async function ensureIndexes(client) {
  await client.query(`set maintenance_work_mem = '512MB'`);
  for (const index of titleIndexes())
    await client.query(index.statement.replace('CREATE INDEX', 'CREATE INDEX IF NOT EXISTS'));
  // Vacuum too: search reads titles from an index alone only on pages the visibility map marks, and
  // the triggers leave dead rows in the texts and words (autovacuum may be off).
  await client.query('vacuum analyze titles, search_texts, title_words');
}

/** Creates and fills the 1,000,000-title database; returns its URL, or null without PostgreSQL. */
export async function preparePostgres() {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`No PostgreSQL at ${ADMIN_URL}: skipping the 1,000,000-title scenario.`);
    return null;
  }
  const exists = (await admin.query(`select 1 from pg_database where datname = $1`, [DATABASE])).rowCount > 0;
  if (!exists) await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  // One start migrates the database and imports the default catalogue. A new importer version
  // re-imports it in one transaction that first deletes every title, the generated ones too (they
  // are made again below): at 1,000,000 titles that outlasts the requests' query time limit.
  const port = await freePort();
  const { child } = await startProcess(
    SERVER,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url.toString(),
      DB_QUERY_TIMEOUT_MS: '600000',
    },
    `http://127.0.0.1:${port}/api/health`,
  );
  await stopProcess(child);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const total = await generateTitles(client, TARGET_TITLES);
  await client.end();
  return { url: url.toString(), total };
}

/**
 * Empties what the scenarios write (accounts and everything they own, comments, rate-limit
 * counts), keeping the catalogue: every run starts from the same database.
 */
export async function clearUserData(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('truncate "user", comments, rate_limit, verification cascade');
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--prepare')) {
  // Only build the 1,000,000-title database (slow the first time), to time the queries later.
  const prepared = await preparePostgres();
  console.log(prepared ? `Prepared ${prepared.total} titles at ${prepared.url}` : 'No PostgreSQL');
  process.exit(0);
}

import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { startApp, stopProcess } from './lib.mjs';
import { account } from './sync-load.mjs';

/**
 * Up Next on a big account (issue 30): `GET /api/me/progress` for an account following
 * PROGRESS_BENCH_SERIES series (200) with PROGRESS_BENCH_WATCHED watched episodes (10,000) over
 * the local catalogue. The series are put into the catalogue's episodes table (ids 800,000 and
 * up, six seasons of ten episodes, the last five not aired yet), the history through the sync as
 * a device would; then the progress is asked one request after another (PROGRESS_BENCH_REPEAT,
 * 200: answered from the server's cache of the account's unchanged answer after the first), each
 * right after a change (one entry synced with the device's cursor: the server computes again
 * the series the change touched and merges them into its held answer), and by PROGRESS_BENCH_CLIENTS (10)
 * clients at once for BENCH_DURATION seconds.
 *
 * Goal (on PostgreSQL): p95 under 50 ms. On PGlite and PostgreSQL (a throwaway database): run
 * alone with `node bench/progress.bench.mjs`; `npm run bench` runs it too. BENCH_TARGETS,
 * BENCH_POSTGRES_URL.
 */
const SERIES = Number(process.env.PROGRESS_BENCH_SERIES ?? 200);
const WATCHED = Number(process.env.PROGRESS_BENCH_WATCHED ?? 10_000);
const REPEAT = Number(process.env.PROGRESS_BENCH_REPEAT ?? 200);
const CLIENTS = Number(process.env.PROGRESS_BENCH_CLIENTS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PROGRESS_GOAL = { p95: 50 };

const FIRST_SERIES = 800_000;
const SEASONS = 6;
const EPISODES = 10;
const PER_SERIES = Math.ceil(WATCHED / SERIES);

/** The catalogue's episodes of the bench's series: weekly from 2015, the last five next year. */
function episodeRows() {
  const rows = [];
  const future = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (let index = 0; index < SERIES; index++) {
    for (let season = 1; season <= SEASONS; season++) {
      for (let episode = 1; episode <= EPISODES; episode++) {
        const n = (season - 1) * EPISODES + episode;
        const aired = n <= SEASONS * EPISODES - 5;
        const day = new Date(Date.UTC(2015, 0, 1) + n * 7 * 86_400_000).toISOString().slice(0, 10);
        rows.push([FIRST_SERIES + index, season, episode, `Episode ${n}`, aired ? day : future]);
      }
    }
  }
  return rows;
}

/** Inserts the episodes with one multi-row statement per 1,000, through any `query(text, values)`. */
async function insertEpisodes(query) {
  await query(`delete from episodes where series_id >= ${FIRST_SERIES}`, []);
  const rows = episodeRows();
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000);
    const values = batch.flat();
    const tuples = batch.map(
      (_, row) => `($${row * 5 + 1}, $${row * 5 + 2}, $${row * 5 + 3}, $${row * 5 + 4}, $${row * 5 + 5}::date)`,
    );
    await query(
      `insert into episodes (series_id, season_number, episode_number, name, air_date) values ${tuples.join(', ')}`,
      values,
    );
  }
  await query('analyze episodes', []);
}

async function sync(base, cookie, body) {
  const response = await fetch(`${base}/api/me/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sync: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

/**
 * The account's history: PER_SERIES watched episodes of each series, in order, marked or
 * completed, sent with a cursor as a device does; the device's cursor after it.
 */
async function seedHistory(base, cookie) {
  const operations = [];
  let n = 0;
  for (let index = 0; index < SERIES; index++) {
    const id = FIRST_SERIES + index;
    for (let k = 0; k < PER_SERIES && n < WATCHED; k++, n++) {
      const at = new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString();
      const season = 1 + Math.floor(k / EPISODES);
      const episode = 1 + (k % EPISODES);
      operations.push({
        op: 'upsert',
        store: 'history',
        at,
        item: {
          id: `tv:${id}:s${season}:e${episode}`,
          movie_id: id,
          movie_title: `Series ${id}`,
          movie_poster: `/poster-${id}.jpg`,
          content_type: 'tv',
          watched_at: at,
          duration_watched: 2600,
          total_duration: 2700,
          completed: n % 2 === 0,
          source: n % 2 === 0 ? 'player' : 'manual',
          synced: false,
          season_number: season,
          episode_number: episode,
          episode_title: `Episode ${k + 1}`,
        },
      });
    }
  }
  let cursor = null;
  for (let start = 0; start < operations.length; start += 500) {
    ({ cursor } = await sync(base, cookie, { operations: operations.slice(start, start + 500), cursor }));
  }
  // The device catches up (what the pages left), as sync-incremental.bench.mjs does.
  for (;;) {
    const answer = await sync(base, cookie, { operations: [], cursor });
    cursor = answer.cursor;
    if (!answer.has_more) return cursor;
  }
}

async function progress(base, cookie, path = '/api/me/progress') {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { cookie } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`progress: ${response.status} ${text.slice(0, 300)}`);
  return { ms, bytes: Buffer.byteLength(text), answer: JSON.parse(text) };
}

function percentile(sorted, p) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(title, samples, extra = {}) {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    title,
    requests: samples.length,
    bytes: Math.max(...samples.map((sample) => sample.bytes)),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    ...extra,
  };
}

/** Seeds one account on a running app and measures; the rows. */
async function measure(label, kind, base) {
  const cookie = await account(base, 90);
  const seeding = performance.now();
  let cursor = await seedHistory(base, cookie);
  console.log(
    `${label}: ${WATCHED.toLocaleString('en-US')} watched episodes of ${SERIES} series put in through the sync in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const first = await progress(base, cookie);
  const { results } = first.answer;
  const check = results[0];
  if (results.length !== SERIES || check.aired_episodes !== SEASONS * EPISODES - 5 || !check.next_episode) {
    throw new Error(`unexpected progress: ${results.length} series, first ${JSON.stringify(check)}`);
  }
  console.log(
    `${label}: the first answer (${results.length} series, ${first.bytes.toLocaleString('en-US')} bytes) in ${first.ms.toFixed(1)} ms`,
  );
  for (let n = 0; n < 20; n++) await progress(base, cookie);
  const sequential = [];
  for (let n = 0; n < REPEAT; n++) sequential.push(await progress(base, cookie));
  const rows = [summary(`${label}: GET /api/me/progress, one after another`, sequential, { kind })];
  // After a change (one episode's progress synced with the device's cursor, as the player sends
  // it), the answer is not the held one: the server computes again what the change touched.
  const changed = [];
  for (let n = 0; n < Math.max(20, Math.round(REPEAT / 4)); n++) {
    const at = new Date(Date.now() - 60_000 + n).toISOString();
    const id = FIRST_SERIES + (n % SERIES);
    const item = {
      id: `tv:${id}:s6:e1`,
      movie_id: id,
      movie_title: `Series ${id}`,
      movie_poster: `/poster-${id}.jpg`,
      content_type: 'tv',
      watched_at: at,
      duration_watched: 60 + n,
      total_duration: 2700,
      completed: false,
      synced: false,
      season_number: 6,
      episode_number: 1,
      episode_title: 'Episode 51',
    };
    ({ cursor } = await sync(base, cookie, { operations: [{ op: 'upsert', store: 'history', at, item }], cursor }));
    changed.push(await progress(base, cookie));
  }
  rows.push(summary(`${label}: GET /api/me/progress, each after a change`, changed, { kind }));
  // For scale on this machine at this moment: a page of the same account's history (one indexed
  // read of 50 rows) through the same server, session and all.
  const floor = [];
  for (let n = 0; n < REPEAT; n++) floor.push(await progress(base, cookie, '/api/me/history?page=1'));
  rows.push(summary(`${label}: GET /api/me/history?page=1 (for scale)`, floor, { kind, reference: true }));
  const concurrent = [];
  const until = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) concurrent.push(await progress(base, cookie));
    }),
  );
  rows.push(
    summary(`${label}: GET /api/me/progress, ${CLIENTS} clients at once`, concurrent, {
      kind,
      rps: Math.round(concurrent.length / DURATION),
    }),
  );
  return rows;
}

async function pgliteRows() {
  const dataDir = path.join(tmpdir(), `marquee-bench-progress-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  try {
    // A first start makes the database and imports the catalogue; the bench's series go in while
    // the server is stopped (PGlite has one process), then it starts again on them.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    await stopProcess((await startApp(env)).child);
    const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    await insertEpisodes((text, values) => client.query(text, values));
    await client.close();
    const { child, base } = await startApp(env);
    try {
      return await measure('PGlite', 'pglite', base);
    } finally {
      await stopProcess(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresRows() {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`No PostgreSQL at ${ADMIN_URL}: skipping Up Next on PostgreSQL.`);
    return [];
  }
  const name = `marquee_bench_progress_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    // As on PGlite: a first start migrates and imports the catalogue (which replaces the episodes
    // table whole), then the bench's series go in, then the server starts again on them.
    const env = { DATABASE_URL: url.toString() };
    await stopProcess((await startApp(env)).child);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await insertEpisodes((text, values) => client.query(text, values));
    await client.end();
    const { child, base } = await startApp(env);
    try {
      return await measure('PostgreSQL', 'postgres', base);
    } finally {
      await stopProcess(child);
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Every target of BENCH_TARGETS; the rows, for printProgressTable. */
export async function progressBench(targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',')) {
  const rows = [];
  if (targets.includes('pglite')) rows.push(...(await pgliteRows()));
  if (targets.includes('postgres')) rows.push(...(await postgresRows()));
  return rows;
}

export function printProgressTable(rows) {
  const header = ['Up Next', 'requests', 'req/s', 'answer bytes', 'p50 ms', 'p95 ms', 'p99 ms', 'goal'];
  const lines = rows.map((row) => [
    row.title,
    String(row.requests),
    row.rps === undefined ? '' : String(row.rps),
    row.bytes.toLocaleString('en-US'),
    String(row.p50),
    String(row.p95),
    String(row.p99),
    row.kind === 'postgres' && !row.reference
      ? `p95 < ${PROGRESS_GOAL.p95}: ${row.p95 < PROGRESS_GOAL.p95 ? 'ok' : 'MISSED'}`
      : '',
  ]);
  const widths = header.map((cell, index) => Math.max(cell.length, ...lines.map((line) => line[index].length)));
  const format = (line) =>
    line.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await progressBench();
  console.log('');
  printProgressTable(rows);
}

import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApp, stopProcess } from './lib.mjs';
import { account } from './sync-load.mjs';

/**
 * Incremental sync on a big account (issue 27; DESIGN.md "Sync rules"): accounts with 10,000
 * history entries each, put in through POST /api/me/sync in 500-operation batches as a device's
 * first sync would, then one change at a time sent with the device's cursor, as a device does:
 *
 * - one history progress update, one Watch Later upsert: the answer's size and the latency
 *   (client side, the whole answer read), one device after another;
 * - the same progress updates from SYNC_BENCH_DEVICES devices at once (one account each), each
 *   sending its next change as soon as its answer came (a closed loop, like autocannon's);
 * - for comparison, the old contract: the same change without a cursor, answered with the whole state.
 *
 * Goals (on PostgreSQL): answer under 10 KB, p95 under 30 ms. On PGlite and PostgreSQL (a
 * throwaway database). Run alone: `node bench/sync-incremental.bench.mjs`; `npm run bench` runs it
 * too. SYNC_BENCH_ENTRIES (10000), SYNC_BENCH_DEVICES (10), SYNC_BENCH_REPEAT (300),
 * BENCH_DURATION (s of the concurrent run, 10), BENCH_TARGETS, BENCH_POSTGRES_URL.
 */
const ENTRIES = Number(process.env.SYNC_BENCH_ENTRIES ?? 10_000);
const DEVICES = Number(process.env.SYNC_BENCH_DEVICES ?? 10);
const REPEAT = Number(process.env.SYNC_BENCH_REPEAT ?? 300);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SYNC_GOALS = { bytes: 10 * 1024, p95: 30 };
const BATCH = 500;

/** The n-th history entry of a seeded account: episodes of 200 series, then films. */
function historyItem(n, at, progress = 1800) {
  const tv = n < ENTRIES * 0.8;
  const movieId = tv ? 500_000 + Math.floor(n / 40) : 600_000 + n;
  const episode = tv ? { season_number: 1 + Math.floor((n % 40) / 10), episode_number: 1 + (n % 10) } : {};
  return {
    id: tv ? `tv:${movieId}:${episode.season_number}:${episode.episode_number}` : `movie:${movieId}`,
    movie_id: movieId,
    movie_title: tv ? `Series ${movieId}` : `Film ${movieId}`,
    movie_poster: `/poster-${movieId}.jpg`,
    content_type: tv ? 'tv' : 'movie',
    watched_at: at,
    duration_watched: progress,
    total_duration: tv ? 2700 : 6300,
    completed: progress >= 2400,
    synced: false,
    ...(tv ? { ...episode, episode_title: `Episode ${episode.episode_number}` } : {}),
  };
}

function watchLaterItem(movieId, at) {
  return {
    id: `movie:${movieId}`,
    movie_id: movieId,
    movie_title: `Film ${movieId}`,
    movie_poster: `/poster-${movieId}.jpg`,
    movie_overview: 'A film saved for later, with an overview of a usual length for the catalogue.',
    movie_release_date: '1999-03-31',
    movie_vote_average: 7.5,
    content_type: 'movie',
    added_at: at,
    synced: false,
  };
}

/** One POST /api/me/sync; the answer's bytes, its parsed body and the time until it was read whole. */
async function sync(base, cookie, body) {
  const started = performance.now();
  const response = await fetch(`${base}/api/me/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`sync: ${response.status} ${text.slice(0, 300)}`);
  return { ms, bytes: Buffer.byteLength(text), answer: JSON.parse(text) };
}

/** Puts ENTRIES history entries into the account, 500 operations a request; returns the last cursor. */
async function seed(base, cookie) {
  let cursor = null;
  const at = (n) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString();
  for (let start = 0; start < ENTRIES; start += BATCH) {
    const operations = [];
    for (let n = start; n < Math.min(ENTRIES, start + BATCH); n++)
      operations.push({ op: 'upsert', store: 'history', at: at(n), item: historyItem(n, at(n)) });
    ({ cursor } = (await sync(base, cookie, { operations, cursor })).answer);
  }
  // The device catches up: whatever the pages left (has_more), it asks until nothing is left.
  for (;;) {
    const { answer } = await sync(base, cookie, { operations: [], cursor });
    cursor = answer.cursor;
    if (!answer.has_more) return cursor;
  }
}

function percentile(sorted, p) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(title, samples, extra = {}) {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const bytes = samples.map((sample) => sample.bytes).sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    title,
    requests: samples.length,
    bytes: bytes.at(-1) ?? 0,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    ...extra,
  };
}

/** A clock for the changes: each one a millisecond after the last, near the server's time. */
function changeClock() {
  let last = Date.now() - 60_000;
  return () => new Date((last = Math.max(last + 1, Date.now() - 60_000))).toISOString();
}

async function targetRows(label, kind, env) {
  const { child, base } = await startApp(env);
  try {
    const devices = [];
    const seeding = performance.now();
    for (let index = 0; index < DEVICES; index++) {
      const cookie = await account(base, 60 + index);
      devices.push({ cookie, cursor: await seed(base, cookie) });
    }
    const seedSeconds = (performance.now() - seeding) / 1000;
    console.log(
      `${label}: ${DEVICES} accounts of ${ENTRIES.toLocaleString('en-US')} history entries put in through the sync in ${seedSeconds.toFixed(1)} s`,
    );
    const at = changeClock();
    const rows = [];
    const main = devices[0];
    // A device sends its change and its cursor, and keeps the cursor of the answer.
    const change = async (device, operation) => {
      const result = await sync(base, device.cookie, { operations: [operation], cursor: device.cursor });
      device.cursor = result.answer.cursor;
      if (result.answer.has_more) throw new Error('one change answered with more than a page');
      return result;
    };
    const progress = (n) => {
      const when = at();
      return { op: 'upsert', store: 'history', at: when, item: historyItem(n % ENTRIES, when, 60 + (n % 2000)) };
    };
    const saved = (n) => {
      const when = at();
      return { op: 'upsert', store: 'watch_later', at: when, item: watchLaterItem(700_000 + (n % 50), when) };
    };
    // Warm up: plans and caches of a fresh process.
    for (let n = 0; n < 20; n++) await change(main, progress(n));

    const run = async (make, count) => {
      const samples = [];
      for (let n = 0; n < count; n++) samples.push(await change(main, make(n)));
      return samples;
    };
    rows.push(summary(`${label}: one history progress update, with cursor`, await run(progress, REPEAT), { kind }));
    rows.push(summary(`${label}: one Watch Later upsert, with cursor`, await run(saved, REPEAT), { kind }));

    // Devices at once, each on its own account, each sending its next change when its answer came.
    const concurrent = [];
    const until = performance.now() + DURATION * 1000;
    let sent = 0;
    await Promise.all(
      devices.map(async (device) => {
        while (performance.now() < until) concurrent.push(await change(device, progress(sent++)));
      }),
    );
    rows.push(
      summary(`${label}: one history progress update, with cursor, ${DEVICES} devices at once`, concurrent, {
        kind,
        rps: Math.round(concurrent.length / DURATION),
      }),
    );

    // The old contract: the same change without a cursor answers the whole state.
    const whole = [];
    for (let n = 0; n < Math.max(10, Math.round(REPEAT / 10)); n++) {
      const operation = progress(n);
      whole.push(await sync(base, main.cookie, { operations: [operation] }));
    }
    rows.push(summary(`${label}: one history progress update, no cursor (whole state)`, whole, { kind, old: true }));
    return rows;
  } finally {
    await stopProcess(child);
  }
}

/** Whether a row meets the goals (rows of the new contract on PostgreSQL), else null. */
function meets(row) {
  if (row.old || row.kind !== 'postgres') return null;
  return row.bytes < SYNC_GOALS.bytes && row.p95 < SYNC_GOALS.p95;
}

export function printSyncTable(rows) {
  const header = ['incremental sync', 'requests', 'req/s', 'answer bytes (max)', 'p50 ms', 'p95 ms', 'p99 ms', 'goal'];
  const lines = rows.map((row) => {
    const ok = meets(row);
    return [
      row.title,
      String(row.requests),
      row.rps === undefined ? '' : String(row.rps),
      row.bytes.toLocaleString('en-US'),
      String(row.p50),
      String(row.p95),
      String(row.p99),
      ok === null ? '' : `< 10 KB, p95 < ${SYNC_GOALS.p95}: ${ok ? 'ok' : 'MISSED'}`,
    ];
  });
  const widths = header.map((cell, index) => Math.max(cell.length, ...lines.map((line) => line[index].length)));
  const format = (line) =>
    line.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

/** Every target of BENCH_TARGETS; the rows, for printSyncTable. */
export async function syncBench(targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',')) {
  const rows = [];
  if (targets.includes('pglite')) {
    const dataDir = path.join(tmpdir(), `marquee-bench-sync-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    try {
      rows.push(...(await targetRows('PGlite', 'pglite', { DATA_DIR: dataDir, DATABASE_URL: '' })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (targets.includes('postgres')) {
    const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
    let connected = true;
    await admin.connect().catch(() => {
      connected = false;
      console.log(`No PostgreSQL at ${ADMIN_URL}: skipping the incremental sync on PostgreSQL.`);
    });
    if (connected) {
      const name = `marquee_bench_sync_${process.pid}`;
      await admin.query(`create database ${name}`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      try {
        rows.push(...(await targetRows('PostgreSQL', 'postgres', { DATABASE_URL: url.toString() })));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await syncBench();
  console.log('');
  printSyncTable(rows);
}

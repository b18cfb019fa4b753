import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, load, printTable, startApp, startProcess, stopProcess } from './lib.mjs';
import { account } from './sync-load.mjs';

/**
 * `npm run bench:session` (never part of `npm test`): what a signed-in request costs beside a bare
 * Fastify route measured in the same run, on PGlite and on PostgreSQL (a throwaway database).
 *
 * - signed-in `GET /api/me/settings` at 50 connections, spread over 20 accounts (target: at least
 *   30 % of the bare route's req/s), beside `GET /api/health` (one database round trip, no session);
 * - a mixed load at 200 connections: settings, history, Watch Later, the session and a catalogue
 *   page, signed in and not (target: p99 under 500 ms).
 *
 * BENCH_DURATION (s per run, 5), BENCH_TARGETS (pglite,postgres), BENCH_ADMIN_URL (PostgreSQL).
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ACCOUNTS = 20;

async function bareRow(connections) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child } = await startProcess(
    ['bench/bare-server.mjs'],
    { PORT: String(port), DATABASE_URL: '' },
    `${base}/bare`,
  );
  try {
    return await load({ title: 'bare Fastify JSON route', urls: [`${base}/bare`], connections, duration: DURATION });
  } finally {
    await stopProcess(child);
  }
}

/** Rotates the cookies of `cookies` over the requests, so that every account is asked for in turn. */
function rotating(cookies) {
  let next = 0;
  return (request) => ({ ...request, headers: { ...request.headers, cookie: cookies[next++ % cookies.length] } });
}

async function appRows(label, env) {
  const { child, base } = await startApp(env);
  try {
    const cookies = [];
    for (let index = 0; index < ACCOUNTS; index++) cookies.push(await account(base, 100 + index));
    const settings = `${base}/api/me/settings`;
    for (const cookie of cookies) {
      const response = await fetch(settings, { headers: { cookie } });
      if (!response.ok) throw new Error(`settings: ${response.status}`);
    }
    const rows = [];
    // The floor under the signed-in figure: a route of this app making one database round trip
    // and no session lookup (settings makes one query too, plus the session's).
    rows.push(
      await load({
        title: `${label}: floor, GET /api/health`,
        urls: [`${base}/api/health`],
        connections: 50,
        duration: DURATION,
      }),
    );
    rows.push(
      await load({
        title: `${label}: signed-in GET /api/me/settings`,
        urls: [settings],
        connections: 50,
        duration: DURATION,
        setupRequest: rotating(cookies),
      }),
    );
    const mixed = [
      settings,
      `${base}/api/me/history`,
      `${base}/api/me/watch-later`,
      `${base}/api/auth/get-session`,
      `${base}/api/me/settings`,
      `${base}/api/catalogue/discover?type=movie`,
    ];
    for (const url of mixed) await fetch(url, { headers: { cookie: cookies[0] } });
    rows.push({
      ...(await load({
        title: `${label}: mixed signed-in load`,
        urls: mixed,
        connections: 200,
        duration: DURATION,
        setupRequest: rotating(cookies),
      })),
      target: { p99: 500 },
    });
    return rows;
  } finally {
    await stopProcess(child);
  }
}

const rows = [await bareRow(50), await bareRow(200)];
if (targets.includes('pglite')) {
  const dataDir = path.join(tmpdir(), 'marquee-bench-session-pglite');
  rmSync(dataDir, { recursive: true, force: true });
  rows.push(...(await appRows('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })));
  rmSync(dataDir, { recursive: true, force: true });
}
if (targets.includes('postgres')) {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  let connected = true;
  await admin.connect().catch(() => {
    connected = false;
    console.log(`No PostgreSQL at ${ADMIN_URL}: skipping it.`);
  });
  if (connected) {
    const name = `marquee_bench_session_${process.pid}`;
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      rows.push(...(await appRows('PostgreSQL', { DATABASE_URL: url.toString() })));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

console.log(`\nSigned-in requests: ${DURATION} s per run (autocannon shares the cores with the server)\n`);
printTable(rows);
const settingsRows = rows.filter((row) => row.title.endsWith('/api/me/settings'));
const bare50 = rows[0];
for (const row of settingsRows) {
  const share = row.rps / bare50.rps;
  const floor = rows.find(
    (other) => other.title === row.title.replace(/signed-in GET \/api\/me\/settings$/, 'floor, GET /api/health'),
  );
  const ofFloor = floor ? `, ${((row.rps / floor.rps) * 100).toFixed(0)} % of the floor` : '';
  console.log(
    `${row.title}: ${(share * 100).toFixed(0)} % of bare${ofFloor} (target 30 % of bare): ${share >= 0.3 ? 'ok' : 'MISSED'}`,
  );
}
for (const row of rows.filter((candidate) => candidate.target?.p99)) {
  console.log(`${row.title}: p99 ${row.p99} ms (target < 500 ms): ${row.p99 < 500 ? 'ok' : 'MISSED'}`);
}
const failing = rows.filter((row) => row.errors > 0);
if (failing.length) {
  console.error(`\n${failing.length} run(s) had errors: ${failing.map((row) => row.title).join('; ')}`);
  process.exitCode = 1;
}

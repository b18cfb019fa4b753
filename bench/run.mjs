import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clearUserData, preparePostgres } from './catalogue.bench.mjs';
import { freePort, load, printTable, SERVER, startApp as startAppOnPort, startProcess, stopProcess } from './lib.mjs';
import { idleMemory, MEMORY_GOALS, PROBE_ARGS, printMemory, probeEnv, sampleMemory } from './memory.mjs';
import { scenarios } from './scenarios.mjs';
import { printSyncTable, syncBench } from './sync-incremental.bench.mjs';
import { printTranscodeTable, transcodeBench } from './transcode.bench.mjs';
import { printProgressTable, progressBench } from './progress.bench.mjs';
import { importsBench, printImportsTable } from './imports.bench.mjs';

/**
 * `npm run bench` (never part of `npm test`): every scenario of scenarios.mjs against the running
 * app, on PGlite with the default catalogue (what `npm start` serves) and on PostgreSQL with
 * 1,000,000 titles (when PostgreSQL answers), beside a bare Fastify JSON route measured in the
 * same run at each connection count used. autocannon shares the cores with the server: compare
 * the ratios of one run, not absolute figures.
 *
 * BENCH_DURATION (s per run, 10), BENCH_CONNECTIONS (default count, 50), BENCH_ONLY (scenario titles
 * separated by commas, or by semicolons when a title has a comma: "search, uncached;details"),
 * BENCH_TARGETS (pglite,postgres).
 *
 * Then, unless BENCH_ONLY names scenarios or BENCH_SYNC=0: the incremental sync on accounts of
 * 10,000 history entries (sync-incremental.bench.mjs); unless BENCH_PROGRESS=0, Up Next on an
 * account of 200 series and 10,000 watched episodes (progress.bench.mjs); unless BENCH_IMPORTS=0, a 10,000-row
 * Letterboxd diary imported on PGlite (imports.bench.mjs); and on PGlite the server's memory
 * (memory.mjs: idle after the first start and after a restart, peak under the loads).
 * Then, unless BENCH_ONLY names scenarios or BENCH_TRANSCODE=0: the Library's conversions
 * (transcode.bench.mjs: first byte and first fragment of a 1080p remux and transcode, CPU per stream).
 *
 * BENCH_MEMORY=only measures the memory alone, in a few minutes: PGlite, only the scenarios that
 * run at 200 connections, no bare route and none of the benches that follow.
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const onlyList = process.env.BENCH_ONLY;
// One title with a comma ("search, uncached") is that title, not two.
const isTitle = (text) => scenarios.some((scenario) => scenario.title === text.trim());
const only =
  onlyList === undefined
    ? undefined
    : isTitle(onlyList)
      ? [onlyList.trim()]
      : onlyList.split(onlyList.includes(';') ? ';' : ',').map((title) => title.trim());
const memoryOnly = process.env.BENCH_MEMORY === 'only';
const targets = memoryOnly ? ['pglite'] : (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const chosen = scenarios.filter(
  (scenario) => (!only || only.includes(scenario.title)) && (!memoryOnly || scenario.connections?.includes(200)),
);
/** The connection counts a scenario runs at (at 50 before 200: the figures at 200 are those of a warm server). */
const countsOf = (scenario) => scenario.connections ?? [CONNECTIONS];
const unknown = only?.filter((title) => !isTitle(title)) ?? [];
if (unknown.length) {
  console.error(
    `BENCH_ONLY names no scenario: ${unknown.map((title) => `"${title}"`).join(', ')}. Scenarios: ${scenarios.map((scenario) => scenario.title).join('; ')}`,
  );
  process.exit(1);
}

/**
 * The bare route at each connection count and, with the PostgreSQL database, the bare route with
 * the one round trip most searches make, at the default count: the floor under the uncached search figures.
 */
async function bareRows(connectionCounts, databaseUrl) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child } = await startProcess(
    ['bench/bare-server.mjs'],
    { PORT: String(port), DATABASE_URL: databaseUrl ?? '' },
    `${base}/bare`,
  );
  try {
    const rows = [];
    for (const connections of connectionCounts)
      rows.push(
        await load({ title: 'bare Fastify JSON route', urls: [`${base}/bare`], connections, duration: DURATION }),
      );
    if (databaseUrl) {
      const title = 'floor: Fastify route, 1 prepared PostgreSQL round trip';
      rows.push(await load({ title, urls: [`${base}/bare-db`], connections: CONNECTIONS, duration: DURATION }));
    }
    return rows;
  } finally {
    await stopProcess(child);
  }
}

/** Starts the app as `npm start` does (bench/lib.mjs startApp) with `env`; `memory`: with the probe. */
async function startApp(env, memory) {
  const probe = memory ? probeEnv() : {};
  const { child, base } = await startAppOnPort({ ...probe, ...env }, memory ? [...PROBE_ARGS, ...SERVER] : SERVER);
  return { child, base, probe };
}

/**
 * Starts the app once with `env` and runs every chosen scenario against it. With `memoryRows`
 * (PGlite), the server's memory idle after this start and its peak under the loads go there.
 */
async function appRows(label, kind, env, memoryRows) {
  const { child, base, probe } = await startApp(env, Boolean(memoryRows));
  const sampler = memoryRows ? sampleMemory(child.pid) : null;
  try {
    if (memoryRows) {
      const idle = await idleMemory(child, probe);
      memoryRows.push({ title: 'peak during the first start (catalogue import)', rss: idle.hwm });
      memoryRows.push({ title: 'idle after the first start (catalogue import)', ...idle, goal: MEMORY_GOALS.idle });
    }
    const rows = [];
    for (const scenario of chosen) {
      const request = await scenario.prepare(base);
      // Warm up: the first queries of a fresh process compile plans and fill caches.
      for (const url of request.urls) await fetch(url, { method: request.method, headers: request.headers });
      for (const connections of countsOf(scenario)) {
        sampler?.during(connections);
        const row = await load({ title: `${label}: ${scenario.title}`, connections, duration: DURATION, ...request });
        const target = scenario.target;
        const applies =
          target && (!target.on || target.on === kind) && (!target.connections || target.connections === connections);
        rows.push(applies ? { ...row, target } : row);
      }
    }
    if (sampler) {
      const { peak, byLabel } = sampler.stop();
      if (byLabel.has(200))
        memoryRows.push({
          title: 'peak under the 200-connection runs',
          rss: byLabel.get(200),
          goal: MEMORY_GOALS.load,
        });
      memoryRows.push({ title: 'peak over the whole run', rss: peak });
    }
    return rows;
  } finally {
    sampler?.stop();
    await stopProcess(child);
  }
}

/** A restart on the data of the first start: what a server holds idle on an existing database. */
async function restartedIdle(env) {
  const { child, probe } = await startApp(env, true);
  try {
    return { title: 'idle after a restart', ...(await idleMemory(child, probe)), goal: MEMORY_GOALS.idle };
  } finally {
    await stopProcess(child);
  }
}

const connectionCounts = [...new Set(chosen.flatMap(countsOf))];
const prepared = targets.includes('postgres') ? await preparePostgres() : null;
const rows = memoryOnly ? [] : await bareRows(connectionCounts, prepared?.url);
const memoryRows = [];
if (targets.includes('pglite')) {
  // A new database each run: what earlier runs wrote (comments read grew with every run's
  // comments) and their rate-limit counts (sign-up) must not change this run's figures.
  const pgliteDir = path.join(tmpdir(), 'marquee-bench-pglite');
  rmSync(pgliteDir, { recursive: true, force: true });
  const env = { DATA_DIR: pgliteDir, DATABASE_URL: '' };
  rows.push(...(await appRows('PGlite, default catalogue', 'pglite', env, memoryRows)));
  memoryRows.push(await restartedIdle(env));
}
if (prepared) {
  await clearUserData(prepared.url);
  const label = `PostgreSQL, ${prepared.total.toLocaleString('en-US')} titles`;
  rows.push(...(await appRows(label, 'postgres', { DATABASE_URL: prepared.url })));
}
const everything = onlyList === undefined && !memoryOnly;
const syncRows = everything && process.env.BENCH_SYNC !== '0' ? await syncBench(targets) : [];
const transcodeRows = everything && process.env.BENCH_TRANSCODE !== '0' ? await transcodeBench() : [];
// Up Next on an account of 200 series and 10,000 watched episodes (progress.bench.mjs).
const progressRows = everything && process.env.BENCH_PROGRESS !== '0' ? await progressBench(targets) : [];
// Imports match on the local catalogue: PGlite, as `npm start` serves it (imports.bench.mjs).
const imports =
  everything && process.env.BENCH_IMPORTS !== '0' && targets.includes('pglite') ? await importsBench() : null;
console.log(`\nBenchmark: ${DURATION} s per run (autocannon shares the cores with the server)\n`);
printTable(rows);
if (syncRows.length) {
  console.log('');
  printSyncTable(syncRows);
}
if (progressRows.length) {
  console.log('');
  printProgressTable(progressRows);
}
if (imports) {
  console.log('');
  printImportsTable(imports);
}
if (memoryRows.length) {
  console.log('');
  printMemory(memoryRows);
}
if (transcodeRows.length) {
  console.log('');
  printTranscodeTable(transcodeRows);
}
// A benchmark that errs measures the wrong thing: the run fails.
const failing = rows.filter((row) => row.errors > 0);
if (failing.length) {
  const kinds = (row) =>
    Object.entries(row.errorKinds ?? {})
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ');
  console.error(
    `\n${failing.length} run(s) had errors: ${failing.map((row) => `${row.title} (${kinds(row)})`).join('; ')}`,
  );
  process.exitCode = 1;
}

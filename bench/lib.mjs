import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../scripts/server-env.mjs';

export const root = path.resolve(import.meta.dirname, '..');
/** The app as `npm start` runs it (Node's flags of scripts/server-env.mjs, TypeScript through tsx). */
export const SERVER = [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a node script as a child process and waits until `url` answers. */
export async function startProcess(args, env, url, timeoutMs = 600_000) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk) => output.push(chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}):\n${output.join('').slice(-3000)}`);
    try {
      if ((await fetch(url)).ok) return { child, output };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer in time:\n${output.join('').slice(-3000)}`);
}

export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Starts the app on a free port as `npm start` does (scripts/server-env.mjs), with `env` over the
 * benches' defaults, and waits until it answers /api/health. TRUST_PROXY lets a bench sign up its
 * accounts from distinct forwarded addresses (sign-up is limited per address). `args` replace the
 * node arguments (e.g. with a memory probe before SERVER).
 */
export async function startApp(env = {}, args = SERVER) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child } = await startProcess(
    args,
    {
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DEV_OUTBOX: '1',
      TRUST_PROXY: '1',
      ...env,
    },
    `${base}/api/health`,
  );
  return { child, base };
}

/**
 * Runs autocannon against one or more URLs (requests spread over them; `vary` changes each
 * request's path, `setupRequest` may rewrite each request whole) and returns the figures
 * this project reports: requests per second, exact latency percentiles (from every response
 * time, since autocannon's own summary has no p95) and errors (failures, timeouts, 4xx and 5xx).
 */
export async function load({
  title,
  urls,
  connections = 50,
  duration = 10,
  method = 'GET',
  body,
  headers,
  vary,
  setupRequest,
}) {
  let sent = 0;
  const requests = urls.map((url) => {
    const parsed = new URL(url);
    const path = parsed.pathname + parsed.search;
    return {
      method,
      path,
      ...(body ? { body } : {}),
      ...(vary ? { setupRequest: (request) => ({ ...request, path: vary(path, sent++) }) } : {}),
      // A scenario may also rewrite each request whole (its body and headers, e.g. a cookie).
      ...(setupRequest ? { setupRequest } : {}),
    };
  });
  const times = [];
  const instance = autocannon({ url: new URL(urls[0]).origin, connections, duration, requests, headers });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    title,
    connections,
    rps: Math.round(result.requests.average),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    // 3xx counts as an answer: a revalidated request's 304 is the expected one.
    // autocannon's `errors` counts its timeouts too.
    errors: result.errors + result['4xx'] + result['5xx'],
    errorKinds: {
      'connection errors': result.errors - result.timeouts,
      timeouts: result.timeouts,
      '4xx': result['4xx'],
      '5xx': result['5xx'],
    },
    total: result.requests.total,
  };
}

/** "ok" or "MISSED" against a scenario's target ({p95} in ms, {vsBare} as a share), or ''. */
function verdict(row, bare) {
  const target = row.target;
  if (!target) return '';
  if (target.p95 !== undefined) return `p95 < ${target.p95}: ${row.p95 < target.p95 ? 'ok' : 'MISSED'}`;
  if (target.vsBare !== undefined && bare) {
    const share = row.rps / bare.rps;
    return `>= ${target.vsBare * 100}% of bare: ${share >= target.vsBare ? 'ok' : 'MISSED'}`;
  }
  return '';
}

export function printTable(rows) {
  const header = ['scenario', 'conn', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'vs bare', 'target'];
  const lines = rows.map((row) => {
    // Each row is compared with the bare route measured at the same number of connections.
    const bare = rows.find((other) => other.title.startsWith('bare') && other.connections === row.connections);
    return [
      row.title,
      String(row.connections),
      String(row.rps),
      String(row.p50),
      String(row.p95),
      String(row.p99),
      String(row.errors),
      bare ? `${((row.rps / bare.rps) * 100).toFixed(0)}%` : '',
      verdict(row, bare),
    ];
  });
  const widths = header.map((cell, index) => Math.max(cell.length, ...lines.map((line) => line[index].length)));
  const format = (line) =>
    line.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

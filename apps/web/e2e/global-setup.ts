import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { startFakeJellyfin, type FakeJellyfin } from '../../server/test/fake-jellyfin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    wsEndpoint: string;
    /** The fake Jellyfin the server indexes (JELLYFIN_URL), and its key: no page may see either. */
    jellyfinUrl: string;
    jellyfinKey: string;
    /** The server's MEDIA_DIR: a copy of e2e/fixtures/media a test may add files to (the server watches it). */
    mediaDir: string;
    /** A file that says when the web build and the server are ready, or why they failed (see wait-for-server.ts). */
    serverStatus: string;
  }
}

/** The server's MEDIA_DIR, made at setup from e2e/fixtures/media. */
const mediaDir = mkdtempSync(path.join(tmpdir(), 'marquee-e2e-media-'));

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * A port for the server, chosen now and held until the server is started: the files learn the
 * address before the server listens. It lies below the range the system takes ports of outgoing
 * connections from (the server tests open thousands meanwhile), so none of those can take it.
 */
async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const [lowest] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/).map(Number);
  const below = Number.isInteger(lowest) && lowest! > 20_000 ? lowest! : 32_768;
  for (let attempt = 0; ; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (below - 10_000));
    const server = createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) {
      let closed: Promise<void> | undefined;
      return { port, release: () => (closed ??= new Promise((resolve) => server.close(() => resolve()))) };
    }
    if (attempt > 50) throw new Error('no free port for the server');
  }
}

/** A process's /proc/<pid>/stat fields from its state on (field 3 of proc(5) is [0]); null once gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU time (user and system, in clock ticks) the process and its descendants have used so far:
 * a first start imports the catalogue in a child process while the server waits for it. Null
 * where /proc cannot tell.
 */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const own = statFields(pid);
  if (!own) return null;
  // utime, stime, and the children's it has waited for (cutime, cstime): fields 14-17.
  let ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(own[index]), 0);
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return Number.isFinite(ticks) ? ticks : null;
  }
  // Children still running, and theirs: ppid is field 4.
  const byParent = new Map<number, number[]>();
  const fields = new Map<number, string[]>();
  for (const entry of entries) {
    const found = statFields(Number(entry));
    if (!found) continue;
    fields.set(Number(entry), found);
    const parent = Number(found[1]);
    byParent.set(parent, [...(byParent.get(parent) ?? []), Number(entry)]);
  }
  const pending = [...(byParent.get(pid) ?? [])];
  while (pending.length > 0) {
    const child = pending.pop()!;
    const found = fields.get(child)!;
    ticks += Number(found[11]) + Number(found[12]);
    pending.push(...(byParent.get(child) ?? []));
  }
  return Number.isFinite(ticks) ? ticks : null;
}

/**
 * Waits until the server answers its health route. A start is hung when the process (with its
 * children) has used no CPU for `START_STALL_MS` (where /proc tells; elsewhere when it has not answered by then): a
 * start that works, however slowly on a loaded machine, keeps using CPU (a first start imports the
 * catalogue: 76 s at load 25, 15 s idle), and the one hang seen in CI sat idle.
 */
async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const started = Date.now();
  let ticks = cpuTicks(server.pid);
  let progressAt = started;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before answering`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    const now = Date.now();
    const used = cpuTicks(server.pid);
    if (used !== null && ticks !== null && used > ticks) {
      ticks = used;
      progressAt = now;
    }
    if (now - progressAt > START_STALL_MS) {
      const waited = Math.round((now - started) / 1000);
      throw new Error(
        ticks === null
          ? `the server did not answer ${url}/api/health within ${waited} s`
          : `the server did not answer ${url}/api/health and has used no CPU for ${START_STALL_MS / 1000} s (${waited} s after its start)`,
      );
    }
    if (now - started > START_LIMIT_MS) {
      throw new Error(`the server did not answer ${url}/api/health within ${START_LIMIT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface StartedServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** How long a start may go without using CPU before it counts as hung (waitForHealth). */
const START_STALL_MS = 30_000;
/** How long a start may take at most, busy or not. */
const START_LIMIT_MS = 600_000;

class StartHung extends Error {}

/**
 * Stops the server (`signal`, SIGTERM unless told otherwise, then SIGKILL after 10 s) and removes
 * its data folder.
 */
async function stopServer(server: ChildProcess, dataDir: string, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.exitCode === null && server.signalCode === null) {
    server.kill(signal);
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        resolve(undefined);
      }, 10_000);
      server.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * What a hung server was doing: Node writes a diagnostic report (JavaScript stack, open handles)
 * when sent SIGUSR2, which the server was started to allow.
 */
async function diagnose(server: ChildProcess, dataDir: string): Promise<string> {
  server.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const reports = readdirSync(dataDir).filter((name) => /^report\..*\.json$/.test(name));
  if (reports.length === 0) return 'no diagnostic report was written (the main thread did not answer the signal)';
  const report = JSON.parse(readFileSync(path.join(dataDir, reports[0]!), 'utf8')) as {
    javascriptStack?: { message?: string; stack?: string[] };
    libuv?: Array<{ type: string; is_active?: boolean }>;
  };
  const handles = (report.libuv ?? []).filter((handle) => handle.is_active).map((handle) => handle.type);
  return [
    `JavaScript stack: ${report.javascriptStack?.message ?? ''}`,
    ...(report.javascriptStack?.stack ?? []).slice(0, 15),
    `active libuv handles: ${handles.join(', ') || 'none'}`,
  ].join('\n');
}

/** Starts the real server on `port` with an embedded database in a new temp folder. */
async function startOnce(jellyfin: FakeJellyfin, port: number): Promise<StartedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const server = spawn(
    process.execPath,
    [
      '--report-on-signal',
      '--report-signal=SIGUSR2',
      `--report-directory=${dataDir}`,
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/main.ts'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseUrl,
        DEV_OUTBOX: '1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        TMDB_API_TOKEN: '',
        COMMUNITY_URL: 'https://chat.example.org/marquee',
        MEDIA_DIR: mediaDir,
        JELLYFIN_URL: jellyfin.url,
        JELLYFIN_API_KEY: jellyfin.apiKey,
        // Every browser test reaches this one server from 127.0.0.1: one visitor's analytics limit
        // would be spent by the whole suite.
        EVENTS_RATE_LIMIT: '1000000',
        // Each test file sends its own X-Forwarded-For (session.ts, visitorAddress), so the limits
        // per address on sign-ups and sign-ins hold for one file's accounts, not the whole suite's.
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const output = () => `server output:\n${logs.join('').slice(-4000) || '(none)'}`;
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    const hung = server.exitCode === null;
    const diagnosis = hung ? `\n${await diagnose(server, dataDir)}` : '';
    await stopServer(server, dataDir, 'SIGKILL');
    const message = `${(error as Error).message}\n${output()}${diagnosis}`;
    throw hung ? new StartHung(message) : new Error(message);
  }
  return { baseUrl, stop: () => stopServer(server, dataDir) };
}

/**
 * Starts the server, once more if the first start hung without a word: that happened once in CI
 * (the embedded database never finished opening its new folder) and could not be reproduced, so
 * the second attempt keeps the suite running while the first one's diagnosis is printed.
 */
async function startServer(jellyfin: FakeJellyfin, port: number): Promise<StartedServer> {
  try {
    return await startOnce(jellyfin, port);
  } catch (error) {
    if (!(error instanceof StartHung)) throw error;
    console.error(`e2e: the server's first start hung; starting it again.\n${error.message}`);
    return startOnce(jellyfin, port);
  }
}

/** Builds the web app when it is missing or stale (scripts/web-build.mjs), in a process of its own. */
function buildWebApp(): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [path.join(root, 'scripts/web-build.mjs'), '--quiet'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the web build failed with exit code ${code}`)),
    );
  });
}

/**
 * Starts one Chromium that every browser test file connects to, and, without waiting for them,
 * builds the web app if stale and starts the real server (embedded database in a temp folder) on
 * a port chosen now. The browser files run after every other file: the build and the start (a
 * minute of a busy 2-core machine, during which the other files could not begin) happen while
 * those run, and each browser file waits for them (wait-for-server.ts).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH} (apt-get install chromium; .ci/run does it)`);
  }
  cpSync(path.join(import.meta.dirname, 'fixtures/media'), mediaDir, { recursive: true });
  const statusDir = mkdtempSync(path.join(tmpdir(), 'marquee-e2e-status-'));
  const serverStatus = path.join(statusDir, 'status');
  const report = (status: string) => {
    writeFileSync(`${serverStatus}.new`, status);
    renameSync(`${serverStatus}.new`, serverStatus);
  };
  report('starting');

  // The Jellyfin source's server (e2e/jellyfin.test.ts): a fake written from Jellyfin's API.
  const jellyfin = await startFakeJellyfin({ control: true });
  let browser: BrowserServer;
  let reserved: Awaited<ReturnType<typeof reservePort>> | undefined;
  try {
    reserved = await reservePort();
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (error) {
    await reserved?.release();
    await jellyfin.close();
    throw error;
  }
  const { port, release } = reserved;
  const starting = (async () => {
    try {
      await buildWebApp();
      await release();
      const started = await startServer(jellyfin, port);
      report('ready');
      return started;
    } catch (error) {
      await release();
      report(`failed\n${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  })();

  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('jellyfinUrl', jellyfin.url);
  project.provide('jellyfinKey', jellyfin.apiKey);
  project.provide('mediaDir', mediaDir);
  project.provide('serverStatus', serverStatus);

  return async () => {
    await browser.close();
    await (await starting)?.stop();
    await jellyfin.close();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(statusDir, { recursive: true, force: true });
  };
}

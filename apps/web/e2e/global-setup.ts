import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- a plain .mjs script shared with `npm start`
import { ensureWebBuild } from '../../../scripts/web-build.mjs';
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
  }
}

/** The server's MEDIA_DIR, made at setup from e2e/fixtures/media. */
const mediaDir = mkdtempSync(path.join(tmpdir(), 'marquee-e2e-media-'));

const root = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before answering`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

interface StartedServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** How long a start may take before it counts as hung: a healthy one takes 5–15 s here. */
const START_TIMEOUT_MS = 90_000;

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

/** Starts the real server on a free port with an embedded database in a new temp folder. */
async function startOnce(jellyfin: FakeJellyfin): Promise<StartedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-e2e-'));
  const port = await freePort();
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
    await waitForHealth(baseUrl, server, START_TIMEOUT_MS);
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
async function startServer(jellyfin: FakeJellyfin): Promise<StartedServer> {
  try {
    return await startOnce(jellyfin);
  } catch (error) {
    if (!(error instanceof StartHung)) throw error;
    console.error(`e2e: the server's first start hung; starting it again.\n${error.message}`);
    return startOnce(jellyfin);
  }
}

/**
 * Builds the web app if stale, starts the real server (embedded database in a temp folder) on
 * a free port, and one Chromium that every browser test file connects to.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH} (apt-get install chromium; .ci/run does it)`);
  }
  ensureWebBuild({ quiet: true });
  cpSync(path.join(import.meta.dirname, 'fixtures/media'), mediaDir, { recursive: true });

  let started: StartedServer | undefined;
  let browser: BrowserServer | undefined;
  // The Jellyfin source's server (e2e/jellyfin.test.ts): a fake written from Jellyfin's API.
  const jellyfin = await startFakeJellyfin({ control: true });
  try {
    started = await startServer(jellyfin);
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (error) {
    await started?.stop();
    await jellyfin.close();
    throw error;
  }
  const { baseUrl } = started;

  project.provide('baseUrl', baseUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('jellyfinUrl', jellyfin.url);
  project.provide('jellyfinKey', jellyfin.apiKey);
  project.provide('mediaDir', mediaDir);

  return async () => {
    await browser?.close();
    await started.stop();
    await jellyfin.close();
    rmSync(mediaDir, { recursive: true, force: true });
  };
}

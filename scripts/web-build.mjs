import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const stampFile = path.join(web, 'dist/.build-stamp');
const lockDir = path.join(web, '.build-lock');
/** A lock older than this was left by a build that died: taken over. */
const STALE_LOCK_MS = 10 * 60_000;
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/core/src',
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when the web build is missing or older than any of its sources. */
export function isWebBuildStale() {
  if (!existsSync(stampFile)) return true;
  const built = statSync(stampFile).mtimeMs;
  return SOURCES.some((entry) => newestMtime(entry) > built);
}

/**
 * Runs `work` while holding the build lock: two builds at once (a test run and `npm start`, two
 * test runs) write the same dist/ and one fails on the other's files. The lock is a directory,
 * which only one process can create.
 */
function withBuildLock(work) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Builds the web app when it is missing or stale; returns whether it built. */
export function ensureWebBuild({ force = false, quiet = false } = {}) {
  if (!force && !isWebBuildStale()) return false;
  return withBuildLock(() => {
    // Another build may have finished while this one waited.
    if (!force && !isWebBuildStale()) return false;
    if (!quiet) process.stdout.write('Building the web app...\n');
    // The app for the browser, then the server-side renderer (dist-ssr/) that the server loads.
    for (const extra of [[], ['--ssr', 'src/entry-server.tsx']]) {
      const result = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...extra, '--logLevel', quiet ? 'error' : 'warn'],
        // Always the production build, also when a test runner (NODE_ENV=test) asks for it: the
        // browser tests check what ships, and a later `npm start` reuses this build.
        { cwd: web, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
      );
      if (result.status !== 0) throw new Error(`web build failed with exit code ${result.status}`);
    }
    writeFileSync(stampFile, new Date().toISOString());
    return true;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureWebBuild({ force: process.argv.includes('--force'), quiet: process.argv.includes('--quiet') });
}

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `npm test`: every test — core and server unit tests, API tests on PGlite (and on PostgreSQL
// when TEST_DATABASE_URL is set), web component tests and browser tests. Extra arguments go to
// one vitest run, as given (`npm test -- --project server`).
//
// Without arguments, two vitest runs go at once: the browser tests, one file after another, and
// everything else on one worker. The browser tests keep about two thirds of a 2-core machine
// busy (Chromium's renderer and compositor, the server, vitest) and wait on it the rest of the
// time; the other tests fill that time instead of running before them. Each run writes its counts
// (summary-reporter.ts) and this script prints the total last.
const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);

/** Runs vitest with the arguments; resolves with its exit status. */
function run(vitestArgs, env = {}) {
  const child = spawn(process.execPath, [vitest, 'run', ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

if (args.length > 0) process.exit(await run(args));

const summaries = mkdtempSync(path.join(tmpdir(), 'marquee-test-'));
const parts = [
  {
    name: 'unit, API and web component tests',
    args: [
      '--project=core',
      '--project=server',
      ...(process.env.TEST_DATABASE_URL ? ['--project=server-postgres'] : []),
      '--project=web',
      '--maxWorkers=1',
    ],
  },
  { name: 'browser tests', args: ['--project=e2e'] },
];
const started = Date.now();
const statuses = await Promise.all(
  parts.map((part, index) =>
    run(part.args, { MARQUEE_TEST_SUMMARY: path.join(summaries, `${index}.json`) }).then((status) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n${part.name}: ${status === 0 ? 'passed' : 'FAILED'} after ${seconds} s`);
      return status;
    }),
  ),
);

const total = { passed: 0, failed: 0, skipped: 0 };
parts.forEach((part, index) => {
  let counts;
  try {
    counts = JSON.parse(readFileSync(path.join(summaries, `${index}.json`), 'utf8'));
  } catch {
    // The run ended before its reporter wrote (a crash, a failed global setup): a failure.
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  console.log(`${part.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const key of Object.keys(total)) total[key] += counts[key];
});
rmSync(summaries, { recursive: true, force: true });
const failed = statuses.some((status) => status !== 0);
if (failed && total.failed === 0) total.failed = 1;
process.stdout.write(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(failed ? 1 : 0);

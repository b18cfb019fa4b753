import { spawn } from 'node:child_process';
import path from 'node:path';

// `npm test`: every test — core and server unit tests, API tests on PGlite (and on PostgreSQL
// when TEST_DATABASE_URL is set), web component tests and browser tests. Extra arguments go to
// vitest as they are (one run: `npm test -- --project server src/app.test.ts`).
//
// Without arguments the run has two lanes side by side: the browser tests, whose files run one
// after another against one server and one browser, and everything else. In one vitest run the
// browser files would only start once every other file had finished (vitest runs the files of a
// project without file parallelism after the rest), so the run took the sum of both. The browser
// lane's output is printed in one piece when it ends; the last line adds up both lanes.
const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);

/** Runs vitest with `extra`; `buffered` keeps its output until it ends. Resolves its exit code and summary. */
function run(extra, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...extra], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Colours as on a terminal of ours, also through the pipe.
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    const kept = [];
    let summary = null;
    const take = (stream, target) => (chunk) => {
      const text = chunk.toString();
      const found = text.match(/^Tests: (\d+) passed, (\d+) failed, (\d+) skipped$/m);
      if (found) summary = found.slice(1).map(Number);
      if (buffered) kept.push([target, text]);
      else target.write(text);
    };
    child.stdout.on('data', take(child.stdout, process.stdout));
    child.stderr.on('data', take(child.stderr, process.stderr));
    child.on('close', (code, signal) => {
      for (const [target, text] of kept) target.write(text);
      resolve({ code: code ?? (signal ? 1 : 0), summary });
    });
  });
}

if (args.length > 0) {
  process.exit((await run(args)).code);
}

const [browser, rest] = await Promise.all([run(['--project', 'e2e'], { buffered: true }), run(['--project', '!e2e'])]);
const total = [0, 1, 2].map((index) => (browser.summary?.[index] ?? 0) + (rest.summary?.[index] ?? 0));
if (!browser.summary || !rest.summary)
  process.stdout.write('\nA lane ended without its summary: see its output above.');
process.stdout.write(`\nBoth lanes:\nTests: ${total[0]} passed, ${total[1]} failed, ${total[2]} skipped\n`);
process.exit(browser.code !== 0 || rest.code !== 0 ? 1 : 0);

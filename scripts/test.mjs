import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `npm test`: every test — core and server unit tests, API tests on PGlite (and on PostgreSQL
// when TEST_DATABASE_URL is set), web component tests and browser tests. Extra arguments go to vitest.
const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

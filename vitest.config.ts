import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './scripts/slow-first-sequencer.ts';

const webSrc = path.resolve(import.meta.dirname, 'apps/web/src');

/** Server tests that touch no database: run once, not again on PostgreSQL. */
const DATABASE_FREE = [
  'src/config.test.ts',
  'src/main.test.ts',
  'src/catalogue/art/**',
  'src/catalogue/local/vega-films.test.ts',
  'src/catalogue/local/curated-data.test.ts',
  'src/catalogue/local/popularity.test.ts',
  'src/catalogue/tmdb/tmdb-mappers.test.ts',
];

function serverProject(name: string, database: 'pglite' | 'postgres') {
  return {
    test: {
      name,
      root: './apps/server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: database === 'postgres' ? DATABASE_FREE : [],
      environment: 'node',
      // The files of a worker share its process: the app's modules are imported and the PGlite
      // snapshots (test/test-db.ts) are made once per worker, not once per file, which halved the
      // server tests' time. Each file builds its own app and database; none mocks a module.
      isolate: false,
      env: { MARQUEE_TEST_DB: database },
      // The template databases each PostgreSQL test database is copied from, dropped at the end.
      globalSetup: database === 'postgres' ? ['./test/postgres-templates.ts'] : [],
      testTimeout: 30_000,
      // A worker's first database with the local catalogue (test/test-db.ts) is built in a file's
      // beforeAll: idle in about 20 s, on two cores loaded by other work it passed 60.
      hookTimeout: 180_000,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core
    // machine, so every file ran after the other. With two, two files run at once.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The slowest files first, whatever their project (scripts/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'core',
          root: './packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // The property tests run hundreds of cases: 1-3 s on a quiet machine, past vitest's 5 s
          // default at load 30. A verdict must not depend on the machine's load.
          testTimeout: 30_000,
        },
      },
      serverProject('server', 'pglite'),
      // The same server tests again on a real PostgreSQL when one is given (CI sets it).
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // Longer than the waits of src/test/setup.ts, so a slow wait fails as itself.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './apps/web',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A browser waits on the network and a render: on two busy cores that can pass a second.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['./e2e/global-setup.ts'],
          // Waits for the server that the global setup starts without waiting for it.
          setupFiles: ['./e2e/wait-for-server.ts'],
          // One browser and one server are shared; files run one after another, after every
          // other project's files. Two at a time (fileParallelism with maxWorkers 2 and a group
          // of their own) took a fifth less time but failed two timing-bound tests on a loaded
          // machine (a row's scroll, a dialog's opening).
          fileParallelism: false,
          // In one process, which imports Playwright and the helpers once, not once per file
          // (2-3 s a file on a busy machine). No file may leave a patched global behind; what
          // must differ per file does (session.ts, visitorHeaders). A group of its own, after
          // the others: vitest runs the files of a single-worker project without isolation there.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

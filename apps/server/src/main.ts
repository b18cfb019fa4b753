import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isDatabaseUnavailable } from './plugins/errors.ts';
import { isCatalogueCurrent } from './catalogue/local/local-import.ts';
import { readSearchVocabulary } from './catalogue/local/local-search.ts';
import { seedCuratedLists } from './modules/lists/lists-seed.ts';
import { primeTickQueue } from './prime-tick-queue.ts';

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * One line on why the database did not open: the driver's reason (drizzle wraps it in the text of
 * the first migration query), and for a server that does not answer, where it was looked for.
 */
function describeOpenError(error: unknown, databaseUrl: string | null): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error && root.message.startsWith('Failed query')) {
    root = root.cause;
  }
  const message = (root instanceof Error ? root.message : String(root)).split('\n')[0]!.trim();
  if (databaseUrl && isDatabaseUnavailable(root)) {
    const url = new URL(databaseUrl);
    const code = (root as { code?: unknown }).code;
    const reason = typeof code === 'string' ? code : message;
    return `PostgreSQL at ${url.hostname}:${url.port || '5432'} is not reachable (${reason}): is it running?`;
  }
  return message;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig({ APP_VERSION: readVersion(), ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`marquee: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // Before the database opens: PGlite's start would otherwise leave nextTick slow (see the module).
  await primeTickQueue();

  // A new PGlite folder is created (initdb, migrations: 700 MB at the peak) and filled in the
  // import's process, which hands that memory back when it ends (issue 28).
  const isNewPglite = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'));
  if (isNewPglite && !config.tmdbApiToken) {
    try {
      await importInOwnProcess(config);
    } catch (error) {
      if (!(error instanceof ImportFailed))
        process.stderr.write(`marquee: cannot import the local catalogue: ${String(error)}\n`);
      process.exit(1);
    }
  }

  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      queryTimeoutMs: config.dbQueryTimeoutMs,
    });
  } catch (error) {
    const variable = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
    process.stderr.write(
      `marquee: cannot open the database (${variable}): ${describeOpenError(error, config.databaseUrl)}\n`,
    );
    process.exit(1);
  }

  if (!config.tmdbApiToken) {
    try {
      if (!(await isCatalogueCurrent(database.db))) {
        // PGlite's folder is open to one process at a time: the import's process takes it, then
        // a new instance here starts from PGlite's usual memory size (the import's batches and
        // index builds left pages of its WebAssembly memory touched, and that memory never shrinks).
        if (database.kind === 'pglite') await database.close();
        await importInOwnProcess(config);
        if (database.kind === 'pglite') {
          database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir, migrate: false });
        }
      }
      // A no-op unless the lists' definitions changed since the import built them.
      const lists = await seedCuratedLists(database.db);
      if (lists.seeded) process.stdout.write(`marquee: built ${lists.lists} curated lists\n`);
      await readSearchVocabulary(database.db);
    } catch (error) {
      if (!(error instanceof ImportFailed)) {
        process.stderr.write(
          `marquee: cannot import the local catalogue: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
      await database.close();
      process.exit(1);
    }
  }

  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a stuck one must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`marquee: cannot listen on ${config.host}:${config.port} (PORT/HOST): ${reason}\n`);
    await database.close();
    process.exit(1);
  }
  collectStartupGarbage();
}

/**
 * Runs catalogue/local/local-import-main.ts in a child process with this process's Node flags
 * (tsx among them) and database settings; its lines go to this process's output. Rejects with the
 * child's reason, which it has already printed, when the import failed.
 */
function importInOwnProcess(config: Config): Promise<void> {
  const entry = path.resolve(import.meta.dirname, 'catalogue/local/local-import-main.ts');
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    env: { ...process.env, DATABASE_URL: config.databaseUrl ?? '', DATA_DIR: config.dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new ImportFailed(signal ? `stopped by ${signal}` : `exit code ${code}`));
    });
  });
}

/** The import's process printed why it failed; this only carries how it ended. */
class ImportFailed extends Error {}

/**
 * The start leaves garbage behind: PGlite's WebAssembly bytes, the rows the search vocabulary was built from. V8 collects it when it finds
 * the process idle, a minute or two later; until then the idle server held about 20 MB more. `npm
 * start` exposes gc (scripts/server-env.mjs); started otherwise, the server leaves it to V8.
 */
function collectStartupGarbage(): void {
  globalThis.gc?.();
}

await main();

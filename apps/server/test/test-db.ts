import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, openDatabase, type Database, type Db } from '../src/db/client.ts';
import { importLocalCatalogue } from '../src/catalogue/local/local-import.ts';

/**
 * A fresh, migrated database for one test file.
 * In the server-postgres test project (TEST_DATABASE_URL set) a throwaway database is created on
 * that PostgreSQL server, copied from a template made once per worker, and dropped afterwards;
 * otherwise an in-memory PGlite starts from a snapshot made once per worker. Either saves the
 * migration (and import) time of every later file.
 */
export interface TestDatabase extends Database {
  /** Closes the database and drops it (PostgreSQL). */
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Import the default local catalogue (titles, seasons, episodes). */
  catalogue?: boolean;
  /** PostgreSQL: the address the app reaches its database at, given the real one (e.g. through a proxy). */
  reachVia?: (url: URL) => URL;
  /** PostgreSQL: the queries' time limit (DB_QUERY_TIMEOUT_MS), when a test needs a short one. */
  queryTimeoutMs?: number;
}

/** The fixed "now" of catalogue imports in tests, so that popularity and ranking are stable. */
export const TEST_NOW = new Date('2026-11-01T12:00:00Z');

const snapshots = new Map<string, Promise<Blob>>();

function snapshot(withCatalogue: boolean): Promise<Blob> {
  const key = withCatalogue ? 'catalogue' : 'empty';
  let pending = snapshots.get(key);
  if (!pending) {
    pending = (async () => {
      const client = await PGlite.create({ extensions: { pg_trgm } });
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      if (withCatalogue) await importLocalCatalogue(db as unknown as Db, { now: TEST_NOW });
      const dump = await client.dumpDataDir('none');
      await client.close();
      return dump;
    })();
    snapshots.set(key, pending);
  }
  return pending;
}

async function postgresQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): URL {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The start of the names of this run's template databases (postgres-templates.ts). */
    postgresTemplatePrefix: string;
  }
}

const templates = new Map<string, Promise<string>>();

/**
 * PostgreSQL: a migrated database (with the local catalogue when asked) that each test database
 * is copied from, made once per worker: migrating took 1–3 s a database and importing the
 * catalogue 4–12 s, for about seventy databases a run; a copy takes a fraction of either. It is
 * dropped at the end of the run (postgres-templates.ts), and never connected to meanwhile, as
 * PostgreSQL copies only a database nobody is connected to.
 */
function postgresTemplate(adminUrl: string, withCatalogue: boolean): Promise<string> {
  const key = withCatalogue ? 'catalogue' : 'empty';
  let pending = templates.get(key);
  if (!pending) {
    pending = (async () => {
      const name = `${inject('postgresTemplatePrefix')}_${process.pid}_${key}`;
      await postgresQuery(adminUrl, `CREATE DATABASE ${name}`);
      const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name).toString(), dataDir: null });
      try {
        if (withCatalogue) await importLocalCatalogue(database.db, { now: TEST_NOW });
      } finally {
        await database.close();
      }
      return name;
    })();
    templates.set(key, pending);
  }
  return pending;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env.MARQUEE_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const loadDataDir = await snapshot(options.catalogue === true);
    const database = await openDatabase({ databaseUrl: null, dataDir: null, loadDataDir, migrate: false });
    return { ...database, destroy: () => database.close() };
  }

  const template = await postgresTemplate(adminUrl, options.catalogue === true);
  const name = `marquee_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await postgresQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({
    databaseUrl: (options.reachVia?.(url) ?? url).toString(),
    dataDir: null,
    migrate: false,
    queryTimeoutMs: options.queryTimeoutMs,
  });
  return {
    ...database,
    async destroy() {
      await database.close();
      await postgresQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

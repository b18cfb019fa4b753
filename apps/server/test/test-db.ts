import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/db/client.ts';

/**
 * A fresh, migrated database for one test file.
 * In the server-postgres test project (TEST_DATABASE_URL set), a throwaway database is created on that PostgreSQL server and
 * dropped afterwards; otherwise an in-memory PGlite starts from a migrated snapshot, made once
 * per worker, which saves the migration time of every file after the first.
 */
export interface TestDatabase extends Database {
  /** Drops the throwaway database (PostgreSQL) after closing it. */
  destroy(): Promise<void>;
}

let snapshot: Promise<Blob> | null = null;

async function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return snapshot;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.MARQUEE_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const database = await openDatabase({
      databaseUrl: null,
      dataDir: null,
      loadDataDir: await migratedSnapshot(),
      migrate: false,
    });
    return { ...database, destroy: () => database.close() };
  }

  const name = `marquee_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    ...database,
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from './schema.ts';
import { migrateDatabase, PGLITE_SHARED_BUFFERS } from './client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';

describe(`database (${process.env.MARQUEE_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('has the pg_trgm extension and the migrated tables', async () => {
    const rows = await database.rows<{ score: number }>(sql`select similarity('marquee', 'marque') as score`);
    expect(Number(rows[0]?.score)).toBeGreaterThan(0.5);
    await database.db.insert(appMeta).values({ key: 'probe', value: { ok: true } });
    const stored = await database.db.select().from(appMeta).where(eq(appMeta.key, 'probe'));
    expect(stored[0]?.value).toEqual({ ok: true });
  });

  it.skipIf(process.env.MARQUEE_TEST_DB === 'postgres')(
    "runs PGlite with the app's shared buffers, not PostgreSQL's 128 MB (its resident memory)",
    async () => {
      const rows = await database.rows<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    },
  );

  it('re-running the migrations changes nothing', async () => {
    await migrateDatabase(database);
    const rows = await database.db.select().from(appMeta).where(eq(appMeta.key, 'probe'));
    expect(rows).toHaveLength(1);
  });
});

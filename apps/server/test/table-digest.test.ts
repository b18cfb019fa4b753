import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigests } from './table-digest.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

/**
 * The digests say whether a request changed a table (test/resilience/fuzz.test.ts and the security
 * suites): a table is read again only after a statement wrote to it, so every kind of write must
 * be seen, on PGlite and on PostgreSQL.
 */
describe('table digests', () => {
  let database: TestDatabase;
  const tables = ['digest_parent', 'digest_child', 'digest_other'];
  const run = (statement: string) => database.rows(sql.raw(statement));
  const digests = () => tableDigests(database, tables);

  beforeAll(async () => {
    database = await createTestDatabase();
    await run('create table digest_parent (id int primary key, name text not null)');
    await run(
      'create table digest_child (id int primary key, parent int not null references digest_parent on delete cascade)',
    );
    await run('create table digest_other (id int primary key)');
    await run(`insert into digest_parent values (1, 'one'), (2, 'two')`);
    await run('insert into digest_child values (10, 1), (20, 2)');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('are the same while nothing changes a row, even after a write that leaves the rows as they were', async () => {
    const before = await digests();
    expect(await digests()).toEqual(before);
    await run('update digest_parent set name = name');
    await run('delete from digest_child where id = 999');
    expect(await digests()).toEqual(before);
  });

  it('change with an insert, an update and a delete, and only for the table written to', async () => {
    let before = await digests();
    for (const statement of [
      'insert into digest_other values (1)',
      'update digest_other set id = 2',
      'delete from digest_other',
    ]) {
      await run(statement);
      const after = await digests();
      expect(after.digest_other, statement).not.toBe(before.digest_other);
      expect({ ...after, digest_other: null }, statement).toEqual({ ...before, digest_other: null });
      before = after;
    }
  });

  it("change for the rows a foreign key's cascade deletes", async () => {
    const before = await digests();
    await run('delete from digest_parent where id = 2');
    const after = await digests();
    expect(after.digest_parent).not.toBe(before.digest_parent);
    expect(after.digest_child).not.toBe(before.digest_child);
  });

  it('change with a truncate', async () => {
    await run('insert into digest_other values (5)');
    const before = await digests();
    await run('truncate digest_other');
    expect((await digests()).digest_other).not.toBe(before.digest_other);
  });

  it('stay as they were after a write that is rolled back', async () => {
    const before = await digests();
    await expect(
      run(`do $$ begin insert into digest_other values (7); raise exception 'rolled back'; end $$`),
    ).rejects.toThrow();
    expect(await digests()).toEqual(before);
  });

  it('take in a table first asked for later', async () => {
    await run('create table digest_late (id int primary key)');
    const before = await tableDigests(database, [...tables, 'digest_late']);
    await run('insert into digest_late values (1)');
    const after = await tableDigests(database, [...tables, 'digest_late']);
    expect(after.digest_late).not.toBe(before.digest_late);
    expect(after.digest_late).toMatch(/^1:/);
  });
});

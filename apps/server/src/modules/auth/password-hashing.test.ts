import { sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { scryptHashing, SCRYPT_COST } from './password-hashing.ts';

describe('scryptHashing', () => {
  it("writes and reads better-auth's own hashes at better-auth's cost", async () => {
    const ours = scryptHashing(SCRYPT_COST);
    const hash = await ours.hash('correct horse');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'correct horse' })).toBe(true);
    const theirs = await hashPassword('Ünïcode pässword');
    expect(await ours.verify({ hash: theirs, password: 'Ünïcode pässword' })).toBe(true);
    expect(await ours.verify({ hash: theirs, password: 'Unicode password' })).toBe(false);
  });

  it('verifies a hash only at the cost it was made with', async () => {
    const cheap = scryptHashing(1024);
    const hash = await cheap.hash('secret-1');
    expect(await cheap.verify({ hash, password: 'secret-1' })).toBe(true);
    expect(await cheap.verify({ hash, password: 'secret-2' })).toBe(false);
    expect(await scryptHashing(SCRYPT_COST).verify({ hash, password: 'secret-1' })).toBe(false);
  });

  it('refuses a cost that is not a power of two, and a hash without its salt', async () => {
    expect(() => scryptHashing(1000)).toThrow('The scrypt cost must be a power of two, not 1000');
    await expect(scryptHashing(1024).verify({ hash: 'abcdef', password: 'x' })).rejects.toThrow(
      'Invalid password hash',
    );
  });
});

describe('the app', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("hashes a new account's password at better-auth's full cost unless told otherwise", async () => {
    const config = testConfig();
    const app = await buildApp({ config, database, logger: false });
    try {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: config.publicUrl },
        payload: { email: 'full-cost@example.org', password: 'full-cost-secret', name: '' },
      });
      expect(answer.statusCode).toBe(200);
      const [row] = await database.rows<{ password: string }>(
        sql`select password from account a join "user" u on u.id = a.user_id where u.email = 'full-cost@example.org'`,
      );
      expect(await scryptHashing(SCRYPT_COST).verify({ hash: row!.password, password: 'full-cost-secret' })).toBe(true);
      expect(await scryptHashing(1024).verify({ hash: row!.password, password: 'full-cost-secret' })).toBe(false);
    } finally {
      await app.close();
    }
  });
});

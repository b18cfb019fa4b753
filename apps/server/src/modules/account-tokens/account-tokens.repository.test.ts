import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { user } from '../auth/auth-schema.ts';
import {
  findUserByAccountToken,
  getOrCreateAccountToken,
  newAccountToken,
  renewAccountToken,
} from './account-tokens.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function newUser(): Promise<string> {
  const id = randomUUID();
  await database.db.insert(user).values({ id, name: '', email: `${id}@example.org`, emailVerified: true });
  return id;
}

describe('account tokens', () => {
  it('are 43 URL-safe characters, different each time', () => {
    const [a, b] = [newAccountToken(), newAccountToken()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('are made once per account and purpose, and name their account for that purpose only', async () => {
    const userId = await newUser();
    const webhooks = await getOrCreateAccountToken(database.db, userId, 'webhooks');
    expect(await getOrCreateAccountToken(database.db, userId, 'webhooks')).toBe(webhooks);
    const calendar = await getOrCreateAccountToken(database.db, userId, 'calendar');
    expect(calendar).not.toBe(webhooks);

    expect(await findUserByAccountToken(database.db, 'webhooks', webhooks)).toBe(userId);
    expect(await findUserByAccountToken(database.db, 'calendar', calendar)).toBe(userId);
    expect(await findUserByAccountToken(database.db, 'calendar', webhooks)).toBeNull();
  });

  it('made at once by two requests end as one token', async () => {
    const userId = await newUser();
    const tokens = await Promise.all([1, 2, 3].map(() => getOrCreateAccountToken(database.db, userId, 'webhooks')));
    expect(new Set(tokens).size).toBe(1);
  });

  it('renewed, the old one names nobody and the new one the account', async () => {
    const userId = await newUser();
    const old = await getOrCreateAccountToken(database.db, userId, 'webhooks');
    const renewed = await renewAccountToken(database.db, userId, 'webhooks');
    expect(renewed).not.toBe(old);
    expect(await findUserByAccountToken(database.db, 'webhooks', old)).toBeNull();
    expect(await findUserByAccountToken(database.db, 'webhooks', renewed)).toBe(userId);
    expect(await getOrCreateAccountToken(database.db, userId, 'webhooks')).toBe(renewed);
  });

  it('unknown or malformed tokens name nobody', async () => {
    expect(await findUserByAccountToken(database.db, 'webhooks', newAccountToken())).toBeNull();
    expect(await findUserByAccountToken(database.db, 'webhooks', '')).toBeNull();
    expect(await findUserByAccountToken(database.db, 'webhooks', "x' or 1=1 --")).toBeNull();
  });
});

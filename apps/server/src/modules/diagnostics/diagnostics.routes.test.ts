import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/diagnostics/db', () => {
  it('says a visitor is not signed in, and that both tables work', async () => {
    const response = await t.app.inject('/api/diagnostics/db');
    expect(response.json()).toEqual({
      auth: { status: 'failed', message: 'User not authenticated. Please sign in first.' },
      comments: { status: 'working', message: null },
      user_profiles: { status: 'working', message: null },
    });
  });

  it('passes the authentication check for a signed-in user', async () => {
    const { cookie } = await signedInUser(t.app);
    const response = await t.app.inject({ url: '/api/diagnostics/db', headers: { cookie } });
    expect(response.json().auth).toEqual({ status: 'working', message: null });
  });

  it('says which table is missing (42P01)', async () => {
    await t.database.db.execute(sql`alter table comments rename to comments_away`);
    try {
      const response = await t.app.inject('/api/diagnostics/db');
      expect(response.json().comments).toEqual({
        status: 'failed',
        message: 'Comments table does not exist. Please run the database schema setup.',
      });
      expect(response.json().user_profiles.status).toBe('working');
    } finally {
      await t.database.db.execute(sql`alter table comments_away rename to comments`);
    }
  });
});

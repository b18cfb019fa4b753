import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/client.ts';
import { CONNECTION_FAILED, diagnosticsRoutes } from './diagnostics.routes.ts';

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

describe('GET /api/diagnostics/db during an outage', () => {
  it("tells an anonymous caller the database is unreachable, not the database's address", async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5499'), { code: 'ECONNREFUSED' });
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
    });
    await diagnosticsRoutes(app, { execute: () => Promise.reject(refused) } as unknown as Db);
    try {
      const response = await app.inject('/api/diagnostics/db');
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('5499');
      expect(response.json()).toEqual({
        auth: { status: 'failed', message: 'User not authenticated. Please sign in first.' },
        comments: { status: 'failed', message: CONNECTION_FAILED },
        user_profiles: { status: 'failed', message: CONNECTION_FAILED },
      });
      expect(logged.join('')).toContain('ECONNREFUSED 127.0.0.1:5499');
    } finally {
      await app.close();
    }
  });

  it("keeps a table's own error from an anonymous caller, and shows it to a signed-in one", async () => {
    const denied = Object.assign(new Error('permission denied for table comments'), { code: '42501' });
    const real = t.database.db.execute.bind(t.database.db);
    const db = {
      execute: (query: Parameters<typeof real>[0]) =>
        JSON.stringify(query).includes('"comments"') ? Promise.reject(denied) : real(query),
    } as unknown as Db;
    const app = Fastify();
    app.decorate('auth', t.app.auth);
    await diagnosticsRoutes(app, db);
    try {
      const anonymous = (await app.inject('/api/diagnostics/db')).json();
      expect(anonymous.comments.message).toBe(
        'Comments table error: the query failed (the server log has the details).',
      );
      const { cookie } = await signedInUser(t.app);
      const signedIn = (await app.inject({ url: '/api/diagnostics/db', headers: { cookie } })).json();
      expect(signedIn.comments.message).toBe('Comments table error: permission denied for table comments');
    } finally {
      await app.close();
    }
  });
});

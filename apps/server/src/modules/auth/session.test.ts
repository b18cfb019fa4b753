import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItemSchema } from '@marquee/core';
import { buildApp } from '../../app.ts';
import { applySync } from '../me/me.repository.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { TEST_PASSWORD_HASHING, testConfig } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';

/**
 * Two app servers on one database, as behind a load balancer: on PGlite two apps over the one
 * database (it is single-process); on PostgreSQL the second has its own pool and listener.
 */
let database: TestDatabase;
let second: Database;
let a: FastifyInstance;
let b: FastifyInstance;
/** The SQL texts both apps sent to the database, in order. */
const statements: string[] = [];

/** Notes every statement sent through the driver underneath drizzle and better-auth. */
function recordStatements(target: Database): void {
  const driver =
    target.kind === 'pglite'
      ? (target as Database & { client: PGlite }).client
      : (target as Database & { pool: pg.Pool }).pool;
  const query = driver.query.bind(driver) as (...args: unknown[]) => Promise<unknown>;
  (driver as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
    statements.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
    return query(text, ...rest);
  };
}

const readsSessions = (text: string) => /from "session"/i.test(text);

beforeAll(async () => {
  database = await createTestDatabase();
  second =
    database.kind === 'pglite'
      ? database
      : await openDatabase({
          databaseUrl: (database as unknown as { pool: pg.Pool }).pool.options.connectionString!,
          dataDir: null,
          migrate: false,
        });
  recordStatements(database);
  if (second !== database) recordStatements(second);
  const build = (on: Database) =>
    buildApp({ config: testConfig(), database: on, logger: false, passwordHashing: TEST_PASSWORD_HASHING });
  a = await build(database);
  b = await build(second);
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second && second !== database) await second.close();
  await database?.destroy();
});

const settings = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/me/settings', headers: { cookie } });

function post(app: FastifyInstance, url: string, cookie: string, payload: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url, payload, headers: { cookie, origin: TEST_ORIGIN } });
}

function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith('marquee.session_token='))!.split(';')[0]!;
}

async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: '192.0.2.200',
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response.headers['set-cookie']);
}

describe('signed-in requests', () => {
  it('answer a known session cookie without reading the session table', async () => {
    const { cookie } = await signedInUser(a);
    statements.length = 0;
    expect((await settings(a, cookie)).statusCode).toBe(200);
    expect(statements.filter(readsSessions).length).toBeGreaterThan(0);

    statements.length = 0;
    for (let request = 0; request < 20; request++) expect((await settings(a, cookie)).statusCode).toBe(200);
    expect(statements.filter(readsSessions)).toEqual([]);
    // The settings come from memory too (personal-cache.ts); on PostgreSQL the barrier's pings go
    // on the listener's own connection (session-cache.ts), not through the pool.
    expect(statements).toEqual([]);
  });

  it('answer settings from memory, and a change synced on one app server is read on the other at once', async () => {
    const { cookie } = await signedInUser(a);
    const gridColumns = async (app: FastifyInstance) => (await settings(app, cookie)).json().settings.gridColumns;
    expect(await gridColumns(a)).toBe(6);
    expect(await gridColumns(b)).toBe(6);
    for (const [writer, value] of [
      [a, 5],
      [b, 7],
      [a, 8],
    ] as const) {
      const at = new Date(Date.now() - 60_000 + value * 1000).toISOString();
      const synced = await post(writer, '/api/me/sync', cookie, {
        operations: [{ op: 'upsert', store: 'settings', item: { gridColumns: value }, at }],
      });
      expect(synced.statusCode).toBe(200);
      // Both servers had the old answer in memory; neither may serve it now.
      expect(await gridColumns(a)).toBe(value);
      expect(await gridColumns(b)).toBe(value);
    }
    const answer = (await settings(b, cookie)).json();
    expect(answer.updated_at).toEqual(expect.any(String));
  });

  it("answer history and Watch Later from memory, and any writer's change is read on both app servers at once", async () => {
    const { cookie, userId } = await signedInUser(a);
    const read = async (app: FastifyInstance, url: string) => {
      const response = await app.inject({ url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return response.json() as { results: { movie_id: number }[] };
    };
    const ids = async (app: FastifyInstance, url: string) =>
      (await read(app, url)).results.map((item) => item.movie_id);
    for (const app of [a, b]) {
      expect(await ids(app, '/api/me/history')).toEqual([]);
      expect(await ids(app, '/api/me/watch-later')).toEqual([]);
    }
    statements.length = 0;
    await read(a, '/api/me/history');
    await read(a, '/api/me/watch-later');
    expect(statements).toEqual([]);

    const at = new Date(Date.now() - 1000).toISOString();
    const film = { movie_id: 603, movie_title: 'The Matrix', content_type: 'movie' } as const;
    const synced = await post(b, '/api/me/sync', cookie, {
      operations: [{ op: 'upsert', store: 'watch_later', item: { ...film, id: 'movie:603', added_at: at }, at }],
    });
    expect(synced.statusCode).toBe(200);
    expect(await ids(a, '/api/me/watch-later')).toEqual([603]);
    // A media server's webhook writes through applySync without a request of the user's.
    const watched = { ...film, id: 'movie:603', watched_at: at, source: 'webhook' as const };
    await applySync(second.db, userId, [
      { op: 'upsert', store: 'history', item: historyItemSchema.parse(watched), at },
    ]);
    expect(await ids(a, '/api/me/history')).toEqual([603]);
    expect(await ids(b, '/api/me/history')).toEqual([603]);
  });

  it('read an answer missing from memory once for all the requests asking for it meanwhile', async () => {
    const { cookie } = await signedInUser(a);
    expect((await settings(a, cookie)).statusCode).toBe(200);
    statements.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => a.inject({ url: '/api/me/watch-later', headers: { cookie } })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(statements.filter((text) => /from "watch_later"/i.test(text))).toHaveLength(1);
  });

  it('answer the session every page load asks for from memory, the same as better-auth does', async () => {
    const { cookie } = await signedInUser(a);
    const fromBetterAuth = await a.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(fromBetterAuth.statusCode).toBe(200);
    expect((await settings(a, cookie)).statusCode).toBe(200);
    statements.length = 0;
    const fromMemory = await a.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(statements).toEqual([]);
    expect(fromMemory.statusCode).toBe(200);
    expect(fromMemory.headers['cache-control']).toBe('no-store');
    expect(fromMemory.json()).toEqual(fromBetterAuth.json());

    expect((await settings(b, cookie)).statusCode).toBe(200);
    expect((await post(a, '/api/auth/sign-out', cookie)).statusCode).toBe(200);
    expect((await b.inject({ url: '/api/auth/get-session', headers: { cookie } })).json()).toBeNull();
  });

  it('refuses a cookie on every app server as soon as it signs out on one', async () => {
    const { cookie } = await signedInUser(a);
    // Both servers have the session in memory.
    expect((await settings(a, cookie)).statusCode).toBe(200);
    expect((await settings(b, cookie)).statusCode).toBe(200);
    expect((await settings(b, cookie)).statusCode).toBe(200);

    expect((await post(a, '/api/auth/sign-out', cookie)).statusCode).toBe(200);
    expect((await settings(b, cookie)).statusCode).toBe(401);
    expect((await settings(a, cookie)).statusCode).toBe(401);
  });

  it('ends the other sessions everywhere at once when the password changes', async () => {
    const { email, cookie: laptop } = await signedInUser(a, undefined, 'first-password');
    const phone = await signIn(b, email, 'first-password');
    for (const app of [a, b]) {
      expect((await settings(app, laptop)).statusCode).toBe(200);
      expect((await settings(app, phone)).statusCode).toBe(200);
    }

    const change = await post(a, '/api/auth/change-password', laptop, {
      currentPassword: 'first-password',
      newPassword: 'second-password',
      revokeOtherSessions: true,
    });
    expect(change.statusCode).toBe(200);
    for (const app of [b, a]) expect((await settings(app, phone)).statusCode).toBe(401);
    // The changing device goes on with the session the change gave it.
    const renewed = sessionCookie(change.headers['set-cookie']);
    expect((await settings(b, renewed)).statusCode).toBe(200);
  });

  it('ends the other sessions everywhere at once when they are revoked', async () => {
    const { email, cookie: laptop } = await signedInUser(a);
    const phone = await signIn(a, email, 'correct-horse');
    expect((await settings(b, phone)).statusCode).toBe(200);
    expect((await settings(b, laptop)).statusCode).toBe(200);

    expect((await post(a, '/api/auth/revoke-other-sessions', laptop)).statusCode).toBe(200);
    expect((await settings(b, phone)).statusCode).toBe(401);
    expect((await settings(b, laptop)).statusCode).toBe(200);
  });

  it('sends feedback from the confirmed new e-mail address on every app server at once', async () => {
    const { cookie, userId } = await signedInUser(a, `mover-${Date.now()}@example.org`);
    const sendFeedback = (app: FastifyInstance, subject: string) =>
      post(app, '/api/feedback', cookie, { feedback_type: 'general', subject, message: 'Hello.' });
    // b holds the session, and with it the user's address.
    expect((await sendFeedback(b, 'before')).statusCode).toBe(201);
    const newEmail = `moved-${Date.now()}@example.org`;
    expect((await post(a, '/api/auth/change-email', cookie, { newEmail, callbackURL: '/settings' })).statusCode).toBe(
      200,
    );
    const outbox = (await a.inject('/api/dev/outbox')).json().results as Array<{ to: string; links: string[] }>;
    const link = new URL(outbox.find((mail) => mail.to === newEmail)!.links[0]!);
    expect((await a.inject({ url: link.pathname + link.search, headers: { cookie } })).statusCode).toBeLessThan(400);

    expect((await sendFeedback(b, 'after')).statusCode).toBe(201);
    const sent = await database.rows<{ subject: string; email: string }>(
      sql`select subject, email from feedback where user_id = ${userId} order by created_at`,
    );
    expect(sent.map((row) => [row.subject, row.email])).toEqual([
      ['before', expect.stringMatching(/^mover-/)],
      ['after', newEmail],
    ]);
  });
});

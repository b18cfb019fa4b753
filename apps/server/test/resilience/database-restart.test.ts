import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/**
 * Issue #10: the database restarts while the server runs. PostgreSQL is taken away the way a
 * restart does it — every backend of the app's database terminated and new connections refused —
 * and given back, while the same app instance keeps serving. Only meaningful on a real server:
 * PGlite lives inside the process and cannot restart under it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.MARQUEE_TEST_DB === 'postgres' && Boolean(adminUrl);

describe.skipIf(!onPostgres)('the database restarts under a running server', () => {
  let t: TestApp;
  let admin: pg.Client;
  let name: string;
  let cookie: string;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { catalogue: true });
    const [row] = await t.database.rows<{ name: string }>(sql`select current_database() as name`);
    name = row!.name;
    ({ cookie, email } = await signedInUser(t.app));
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${name} allow_connections true`).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  async function goDown() {
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
  }
  const comeBack = () => admin.query(`alter database ${name} allow_connections true`);

  /** A request that must end quickly: the pool's connection timeout is the longest wait allowed. */
  async function timed(options: InjectOptions) {
    const started = Date.now();
    const response = await t.app.inject(options);
    return { response, ms: Date.now() - started };
  }

  it('answers 503 in the API error shape while it is down, serves cached answers, and recovers without a restart', async () => {
    const cachedSearch = '/api/catalogue/search?q=godfather';
    expect((await t.app.inject(cachedSearch)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me/history', headers: { cookie } })).statusCode).toBe(200);

    await goDown();
    const down: InjectOptions[] = [
      { url: '/api/me/history', headers: { cookie } },
      { url: '/api/me/settings', headers: { cookie } },
      { url: '/api/catalogue/search?q=casablanca' },
      { url: '/api/catalogue/movie/550' },
      { url: '/api/health' },
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'correct-horse' },
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '198.51.100.7',
      },
    ];
    for (const request of down) {
      const { response, ms } = await timed(request);
      const url = String(request.url);
      expect(response.statusCode, url).toBe(503);
      expect(ms, url).toBeLessThan(6_000);
      if (url !== '/api/health') {
        expect(response.json(), url).toEqual({
          error: { code: 'unavailable', message: 'Service temporarily unavailable' },
        });
      }
    }
    // What the answer cache already holds does not need the database.
    expect((await t.app.inject(cachedSearch)).statusCode).toBe(200);

    await comeBack();
    expect((await t.app.inject({ url: '/api/me/history', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject('/api/catalogue/search?q=casablanca')).statusCode).toBe(200);
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok', db: 'postgres' });
  });

  it('survives idle connections dropped between requests (the pool reconnects, nothing crashes)', async () => {
    expect((await t.app.inject({ url: '/api/me/watch-later', headers: { cookie } })).statusCode).toBe(200);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    // The idle clients' error events arrive asynchronously; give them a moment to land.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await t.app.inject({ url: '/api/me/watch-later', headers: { cookie } });
    expect(after.statusCode).toBe(200);
  });
});

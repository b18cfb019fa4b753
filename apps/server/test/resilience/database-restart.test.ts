import { setTimeout as delay } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { historyItem } from '../api-routes.ts';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.ts';
import type { TestDatabaseOptions } from '../test-db.ts';
import { startTestServer, type HttpAnswer, type HttpRequest, type TestServer } from '../test-server.ts';
import { isDatabaseUnavailable } from '../../src/plugins/errors.ts';

/**
 * Issue #10: the database restarts while the server runs. On PostgreSQL the app reaches its
 * database through a TCP proxy that the test takes down the way a restart does (every connection
 * dropped, new ones refused) while requests are in flight, then brings back: requests fail fast
 * with a clean 503, /api/health says the database is down, nothing crashes, and the same app
 * process serves again once the database is back.
 *
 * PGlite is not a server: it runs inside the app's process, and nothing outside can restart it.
 * What can happen to it is that it stops (closed, or crashed in its WebAssembly): that is tested
 * too, and answered the same clean way; bringing it back is a restart of the app.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.MARQUEE_TEST_DB === 'postgres' && Boolean(adminUrl);

/** No request may wait longer than this while the database is away (the pool's connect limit is 5 s). */
const DOWN_BOUND_MS = 3_000;
const unavailable = {
  error: { code: 'unavailable', message: 'The database is not reachable right now. Please try again in a moment.' },
};
const at = () => new Date().toISOString();

function syncRequest(cookie: string, movieId: number): HttpRequest {
  return {
    method: 'POST',
    url: '/api/me/sync',
    headers: { origin: TEST_ORIGIN, cookie },
    payload: { operations: [{ op: 'upsert', store: 'watch_later', item: watchLaterItem(movieId), at: at() }] },
  };
}

function watchLaterItem(movieId: number) {
  const { id, movie_id, movie_title, movie_poster, content_type } = historyItem(movieId);
  return { id, movie_id, movie_title, movie_poster, content_type, added_at: at(), synced: false };
}

/**
 * What a write left in the database, read once it is back: all of it, none, or only a part (which
 * no write may leave, whatever its answer was).
 */
type Leftover = (database: TestServer['database']) => Promise<'all' | 'none' | 'part'>;

/**
 * The test's own read through the server's pool, once the database is back: a connection the
 * database ended may still wait in the pool, and fails the first query given to it.
 */
async function rowsAfter<T extends Record<string, unknown>>(
  database: TestServer['database'],
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await database.rows<T>(query);
    } catch (error) {
      if (attempt >= 3 || !isDatabaseUnavailable(error)) throw error;
    }
  }
}

async function countOf(database: TestServer['database'], query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsAfter<{ count: number }>(database, query);
  return row!.count;
}

/** A write of one row, found by `where`. */
const oneRow =
  (where: ReturnType<typeof sql>): Leftover =>
  async (database) =>
    (await countOf(database, sql`select count(*)::int as count from ${where}`)) > 0 ? 'all' : 'none';

/** A sign-up writes the user, its profile and its password's account: all three or none. */
const signUpLeftover =
  (email: string): Leftover =>
  async (database) => {
    const [row] = await rowsAfter<{ users: number; profiles: number; accounts: number }>(
      database,
      sql`
      select (select count(*)::int from "user" where email = ${email}) as users,
             (select count(*)::int from user_profiles p join "user" u on u.id = p.id where u.email = ${email}) as profiles,
             (select count(*)::int from account a join "user" u on u.id = a.user_id where u.email = ${email}) as accounts`,
    );
    const parts = [row!.users, row!.profiles, row!.accounts];
    return parts.every((count) => count === 1) ? 'all' : parts.every((count) => count === 0) ? 'none' : 'part';
  };

let serial = 0;

/** The requests every user makes, each of which needs the database; the writes are new ones each time. */
function everyday(cookie: string, email: string): Array<[string, HttpRequest, Leftover?]> {
  const n = ++serial;
  const newEmail = `everyday-${n}-${Date.now()}@example.org`;
  // Per-address limits (sign-up, feedback) count each of these as a new visitor.
  const visitor = `127.6.${n >> 8}.${n & 255}`;
  return [
    ['history', { url: '/api/me/history', headers: { cookie } }],
    ['settings', { url: '/api/me/settings', headers: { cookie } }],
    ['sync (a transaction)', syncRequest(cookie, 680)],
    ['uncached search', { url: `/api/catalogue/search?q=casablanca&page=${Math.ceil(Math.random() * 3)}` }],
    ['title', { url: '/api/catalogue/movie/238' }],
    ['comments', { url: '/api/comments?content_type=movie&content_id=680' }],
    ['session', { url: '/api/auth/get-session', headers: { cookie } }],
    [
      'sign-in',
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'correct-horse' },
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '127.5.0.7',
      },
    ],
    [
      'comment',
      {
        method: 'POST',
        url: '/api/comments',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { content_type: 'movie', content_id: 680, content: `Everyday comment ${n}` },
      },
      oneRow(sql`comments where content = ${`Everyday comment ${n}`}`),
    ],
    [
      'profile',
      {
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { username: `everyday_${n}` },
      },
      oneRow(sql`user_profiles where username = ${`everyday_${n}`}`),
    ],
    [
      'update-user',
      {
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { name: `everyday_name_${n}` },
      },
      oneRow(sql`"user" where name = ${`everyday_name_${n}`}`),
    ],
    [
      'feedback',
      {
        method: 'POST',
        url: '/api/feedback',
        headers: { origin: TEST_ORIGIN },
        payload: { name: 'Ada', email: 'ada@example.org', subject: `Everyday ${n}`, message: 'Still there?' },
        remoteAddress: visitor,
      },
      oneRow(sql`feedback where subject = ${`Everyday ${n}`}`),
    ],
    [
      'events',
      {
        method: 'POST',
        url: '/api/events',
        headers: { origin: TEST_ORIGIN },
        payload: {
          events: [
            { name: 'search', params: { term: 'alien' }, at: at(), session_id: `everyday-${n}`, page: '/search' },
          ],
          consent: { shareWatchHistory: false },
        },
      },
      oneRow(sql`analytics_events where session_id = ${`everyday-${n}`}`),
    ],
    [
      'sign-up',
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: newEmail, password: 'correct-horse', name: '' },
        remoteAddress: visitor,
      },
      signUpLeftover(newEmail),
    ],
  ];
}

function expectServed(what: string, response: HttpAnswer) {
  expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
}

/**
 * Once the database is back: no write was half applied, whatever it was answered (a 503 may come
 * after the database did it all, when only its answer was lost), and no account lacks a part.
 */
async function expectNoHalfWrites(
  database: TestServer['database'],
  writes: Array<readonly [string, HttpAnswer, Leftover?]>,
): Promise<void> {
  for (const [what, response, leftover] of writes) {
    if (leftover) expect(await leftover(database), `${what} (answered ${response.statusCode})`).not.toBe('part');
  }
  const [orphans] = await rowsAfter<Record<string, number>>(
    database,
    sql`
    select (select count(*)::int from "user" u where not exists (select 1 from account a where a.user_id = u.id)) as users_without_account,
           (select count(*)::int from "user" u where not exists (select 1 from user_profiles p where p.id = u.id)) as users_without_profile`,
  );
  expect(orphans).toEqual({ users_without_account: 0, users_without_profile: 0 });
}

/** Sends them all at once. */
function sendAll(t: TestServer, requests: Array<[string, HttpRequest, Leftover?]>) {
  return Promise.all(
    requests.map(([what, request, leftover]) =>
      t.request(request).then((response) => [what, response, leftover] as const),
    ),
  );
}

/** Sends them one after another. */
async function sendEach(t: TestServer, requests: Array<[string, HttpRequest, Leftover?]>) {
  const answers: Array<readonly [string, HttpAnswer, Leftover?]> = [];
  for (const [what, request, leftover] of requests) answers.push([what, await t.request(request), leftover] as const);
  return answers;
}

const healthBody = (status: 'ok' | 'unavailable') => ({
  status,
  db: 'postgres',
  catalogue: 'local',
  version: expect.any(String),
});

function expectCleanUnavailable(what: string, response: HttpAnswer) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
  expect(response.json(), what).toEqual(unavailable);
  expect(response.ms, what).toBeLessThan(DOWN_BOUND_MS);
}

/** A server with the catalogue whose every database connection goes through a TCP proxy the test holds. */
async function startBehindProxy(options: TestDatabaseOptions = {}): Promise<{ proxy: TcpProxy; t: TestServer }> {
  const target = new URL(adminUrl!);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const t = await startTestServer({}, undefined, {
    ...options,
    catalogue: true,
    reachVia(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      return proxied;
    },
  });
  return { proxy, t };
}

describe.skipIf(!onPostgres)('PostgreSQL restarts under a running server', () => {
  let proxy: TcpProxy;
  let t: TestServer;
  let cookie: string;
  let email: string;

  beforeAll(async () => {
    ({ proxy, t } = await startBehindProxy());
    ({ cookie, email } = await signedInUser(t.app));
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await t?.close();
    await proxy?.close();
  });

  it('drops the requests in flight with a clean 503, answers 503 at once while down, and recovers in the same process', async () => {
    const cachedSearch = '/api/catalogue/search?q=godfather';
    expect((await t.request(cachedSearch)).statusCode).toBe(200);
    expect((await t.request(syncRequest(cookie, 550))).statusCode).toBe(200);
    expect(proxy.open).toBeGreaterThan(0);

    // Requests in flight: the database has their queries and has not answered yet.
    proxy.hold();
    const pending = sendAll(t, everyday(cookie, email));
    await delay(300);
    await proxy.cut();
    const inFlight = await pending;
    for (const [what, response] of inFlight) expectCleanUnavailable(`in flight: ${what}`, response);

    // While it is away, every request that needs it fails at once, and the health check says so.
    const whileDown = await sendEach(t, everyday(cookie, email));
    for (const [what, response] of whileDown) expectCleanUnavailable(`while down: ${what}`, response);
    const health = await t.request('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual(healthBody('unavailable'));
    expect(health.ms).toBeLessThan(DOWN_BOUND_MS);
    // What the answer cache already holds does not need the database.
    expect((await t.request(cachedSearch)).statusCode).toBe(200);

    await proxy.restore();
    for (const [what, response] of await sendEach(t, everyday(cookie, email))) expectServed(`after: ${what}`, response);
    expect((await t.request('/api/health')).json()).toEqual(healthBody('ok'));
    await expectNoHalfWrites(t.database, [...inFlight, ...whileDown]);
    const saved = (await t.request({ url: '/api/me/watch-later', headers: { cookie } })).json();
    expect(saved.results.map((item: { movie_id: number }) => item.movie_id)).toEqual(
      expect.arrayContaining([550, 680]),
    );
  });

  it('brings live comments back: the LISTEN connection reconnects after the database returns', async () => {
    await proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.restore();
    const author = await signedInUser(t.app);

    const stream = await openEventStream(t.port, '/api/comments/stream?content_type=movie&content_id=769');
    try {
      // The listener retries every second; a comment posted once it is back reaches the stream.
      let seen = false;
      for (let attempt = 0; attempt < 8 && !seen; attempt++) {
        const posted = await t.request({
          method: 'POST',
          url: '/api/comments',
          headers: { origin: TEST_ORIGIN, cookie: author.cookie },
          payload: { content_type: 'movie', content_id: 769, content: `Back again ${attempt}` },
        });
        expect(posted.statusCode).toBe(201);
        seen = await stream.waitFor(`Back again ${attempt}`, 1_000);
      }
      expect(seen).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('fails a transaction whose connection is lost, and leaves no error event unhandled (that would end the process)', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const transaction = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await proxy.cut();
        await tx.execute(sql`select 2`);
      });
      await expect(transaction).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await proxy.restore();
    }
    expect((await t.request({ url: '/api/me/history', headers: { cookie } })).statusCode).toBe(200);
  });

  it('survives idle connections dropped between requests (the pool reconnects, nothing crashes)', async () => {
    expect((await t.request({ url: '/api/me/watch-later', headers: { cookie } })).statusCode).toBe(200);
    await proxy.cut();
    await proxy.restore();
    // The idle clients' error events arrive asynchronously; give them a moment to land.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await t.request({ url: '/api/me/watch-later', headers: { cookie } });
    expect(after.statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('PostgreSQL stops answering without dropping its connections', () => {
  /** DB_QUERY_TIMEOUT_MS of this server: a query waits at most this long for its answer. */
  const QUERY_TIMEOUT_MS = 1_000;
  let proxy: TcpProxy;
  let t: TestServer;
  let cookie: string;
  let email: string;

  beforeAll(async () => {
    ({ proxy, t } = await startBehindProxy({ queryTimeoutMs: QUERY_TIMEOUT_MS }));
    ({ cookie, email } = await signedInUser(t.app));
  });
  afterAll(async () => {
    proxy?.resume();
    await t?.close();
    await proxy?.close();
  });

  it('answers every request a clean 503 within the query time limit while it hangs, and serves again when it answers', async () => {
    expect((await t.request({ url: '/api/me/history', headers: { cookie } })).statusCode).toBe(200);

    // The database keeps every connection open and answers nothing: a hung server, a partition.
    proxy.hold();
    const together = await sendAll(t, everyday(cookie, email));
    for (const [what, response] of together) expectCleanUnavailable(`hung, together: ${what}`, response);
    // One after another: the connections given up are replaced by new ones, which hang as well.
    // Each waits out the time limit, so the writes checked for leftovers, answered together above,
    // are not sent again.
    const oneByOne = await sendEach(
      t,
      everyday(cookie, email).filter(([, , leftover]) => !leftover),
    );
    for (const [what, response] of oneByOne) expectCleanUnavailable(`hung, one by one: ${what}`, response);
    const health = await t.request('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual(healthBody('unavailable'));
    expect(health.ms).toBeLessThan(DOWN_BOUND_MS);

    proxy.resume();
    for (const [what, response] of await sendEach(t, everyday(cookie, email))) expectServed(`after: ${what}`, response);
    expect((await t.request('/api/health')).json()).toEqual(healthBody('ok'));
    await expectNoHalfWrites(t.database, [...together, ...oneByOne]);
  });
});

describe.skipIf(!onPostgres)("PostgreSQL ends the server's sessions (SQLSTATE 57P01, as a restart does)", () => {
  let t: TestServer;
  /** Watches the server's sessions and ends them; `locker` holds locks in a transaction. */
  let admin: pg.Client;
  let locker: pg.Client;
  let cookie: string;
  let email: string;

  beforeAll(async () => {
    t = await startTestServer({}, undefined, { catalogue: true });
    ({ cookie, email } = await signedInUser(t.app));
    const [{ name }] = (await t.database.rows<{ name: string }>(sql`select current_database() as name`)) as [
      { name: string },
    ];
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    [admin, locker] = [1, 2].map(
      () => new pg.Client({ connectionString: url.toString(), application_name: 'marquee-test-admin' }),
    ) as [pg.Client, pg.Client];
    await Promise.all([admin.connect(), locker.connect()]);
  });
  afterAll(async () => {
    await Promise.all([admin?.end(), locker?.end()]);
    await t?.close();
  });

  /** pg_terminate_backend on every session of the server (on the test database, but this one). */
  async function endServerSessions(): Promise<number> {
    // The sessions are chosen first, in a materialized CTE: in one WHERE clause PostgreSQL may call
    // pg_terminate_backend before the other conditions, and it then ended the sessions of the
    // other test files' databases too (and tried its own background processes).
    const { rows } = await admin.query<{ ended: number }>(
      `with server_sessions as materialized (
         select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and application_name <> 'marquee-test-admin' and backend_type = 'client backend'
       )
       select count(*)::int as ended from server_sessions where pg_terminate_backend(pid)`,
    );
    return rows[0]!.ended;
  }

  /** Sessions of the server whose query waits for a lock. */
  async function waitingOnLocks(): Promise<number> {
    const { rows } = await admin.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and application_name <> 'marquee-test-admin'
          and wait_event_type = 'Lock'`,
    );
    return rows[0]!.waiting;
  }

  function expectServedOrUnavailable(what: string, response: HttpAnswer) {
    if (response.statusCode === 503) expectCleanUnavailable(what, response);
    else expectServed(what, response);
  }

  it('answers the requests whose sessions it ends in flight a clean 503, never a 500, and serves the next ones', async () => {
    for (const [what, response] of await sendEach(t, everyday(cookie, email)))
      expectServed(`before: ${what}`, response);

    // The admin holds every table, so that the requests' queries wait inside the database.
    const { rows } = await admin.query<{ tables: string }>(
      `select string_agg(format('%I', tablename), ', ') as tables from pg_tables where schemaname = 'public'`,
    );
    await locker.query('begin');
    await locker.query(`lock table ${rows[0]!.tables} in access exclusive mode`);
    let inFlight: Array<readonly [string, HttpAnswer, Leftover?]>;
    try {
      const pending = sendAll(t, everyday(cookie, email));
      // The pool's ten connections all wait; the other requests wait for one of them.
      for (let tries = 0; tries < 40 && (await waitingOnLocks()) < 10; tries++) await delay(50);
      expect(await waitingOnLocks()).toBe(10);
      expect(await endServerSessions()).toBeGreaterThanOrEqual(10);
      await locker.query('rollback');
      inFlight = await pending;
    } finally {
      await locker.query('rollback').catch(() => {});
    }
    for (const [what, response] of inFlight) expectServedOrUnavailable(`in flight: ${what}`, response);
    expect(inFlight.filter(([, response]) => response.statusCode === 503).length).toBeGreaterThanOrEqual(10);

    for (const [what, response] of await sendEach(t, everyday(cookie, email))) expectServed(`after: ${what}`, response);
    expect((await t.request('/api/health')).json()).toEqual(healthBody('ok'));
    await expectNoHalfWrites(t.database, inFlight);
  });

  it('survives its idle sessions ended between requests: each next request is served or answers a clean 503, then all are served', async () => {
    const answers: Array<readonly [string, HttpAnswer, Leftover?]> = [];
    for (let round = 0; round < 3; round++) {
      expect((await t.request({ url: '/api/me/history', headers: { cookie } })).statusCode).toBe(200);
      expect(await endServerSessions()).toBeGreaterThan(0);
      for (const answer of await sendEach(t, everyday(cookie, email))) {
        expectServedOrUnavailable(`round ${round}: ${answer[0]}`, answer[1]);
        answers.push(answer);
      }
    }
    for (const [what, response] of await sendEach(t, everyday(cookie, email))) expectServed(`after: ${what}`, response);
    await expectNoHalfWrites(t.database, answers);
  });

  it('leaves no half-made account when a sign-up loses its session between its statements', async () => {
    // The sign-up has written the user and its profile and waits to write the password's account.
    const signUp = everyday(cookie, email).find(([what]) => what === 'sign-up')!;
    await locker.query('begin');
    await locker.query('lock table account in access exclusive mode');
    let answer: HttpAnswer;
    try {
      const pending = t.request(signUp[1]);
      for (let tries = 0; tries < 40 && (await waitingOnLocks()) < 1; tries++) await delay(50);
      expect(await waitingOnLocks()).toBe(1);
      expect(await endServerSessions()).toBeGreaterThan(0);
      await locker.query('rollback');
      answer = await pending;
    } finally {
      await locker.query('rollback').catch(() => {});
    }
    expectServedOrUnavailable('sign-up', answer);
    await expectNoHalfWrites(t.database, [['sign-up', answer, signUp[2]]]);
  });
});

describe.skipIf(onPostgres)('the embedded database (PGlite) stops under a running server', () => {
  let t: TestServer;
  let cookie: string;
  let email: string;

  beforeAll(async () => {
    t = await startTestServer({}, undefined, { catalogue: true });
    ({ cookie, email } = await signedInUser(t.app));
  });
  afterAll(() => t?.close());

  it('answers a clean 503 at once to every request that needs it, and the health check says so', async () => {
    expect((await t.request({ url: '/api/me/history', headers: { cookie } })).statusCode).toBe(200);
    await (t.database as unknown as { client: PGlite }).client.close();
    for (const [what, response] of await sendEach(t, everyday(cookie, email))) {
      // The session and the history page read a moment ago are answered from memory
      // (auth/session-cache.ts, me/personal-cache.ts).
      if (what === 'session' || what === 'history') expect(response.statusCode).toBe(200);
      else expectCleanUnavailable(what, response);
    }
    const health = await t.request('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ ...healthBody('unavailable'), db: 'pglite' });
  });
});

/** An open Server-Sent Events connection, read as it arrives. */
async function openEventStream(port: number, path: string) {
  const { request } = await import('node:http');
  let received = '';
  const waiting = new Set<() => void>();
  const outgoing = request({ host: '127.0.0.1', port, path, agent: false });
  await new Promise<void>((resolve, reject) => {
    outgoing.on('response', (response) => {
      expect(response.statusCode).toBe(200);
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        for (const wake of waiting) wake();
      });
      resolve();
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
  return {
    waitFor(text: string, timeoutMs: number): Promise<boolean> {
      if (received.includes(text)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const wake = () => {
          if (!received.includes(text)) return;
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.delete(wake);
          resolve(false);
        }, timeoutMs);
        waiting.add(wake);
      });
    },
    close: () => outgoing.destroy(),
  };
}

import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { historyItem } from '../api-routes.ts';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.ts';
import type { TestDatabaseOptions } from '../test-db.ts';
import { startTestServer, type HttpAnswer, type HttpRequest, type TestServer } from '../test-server.ts';

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

/** The requests every user makes, each of which needs the database. */
function everyday(cookie: string, email: string): Array<[string, HttpRequest]> {
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
  ];
}

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
    const inFlight = everyday(cookie, email).map(([what, request]) =>
      t.request(request).then((response) => [what, response] as const),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await proxy.cut();
    for (const [what, response] of await Promise.all(inFlight)) {
      expectCleanUnavailable(`in flight: ${what}`, response);
    }

    // While it is away, every request that needs it fails at once, and the health check says so.
    for (const [what, request] of everyday(cookie, email)) {
      expectCleanUnavailable(`while down: ${what}`, await t.request(request));
    }
    const health = await t.request('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', db: 'postgres' });
    expect(health.ms).toBeLessThan(DOWN_BOUND_MS);
    // What the answer cache already holds does not need the database.
    expect((await t.request(cachedSearch)).statusCode).toBe(200);

    await proxy.restore();
    for (const [what, request] of everyday(cookie, email)) {
      const response = await t.request(request);
      expect(response.statusCode, `after: ${what}: ${response.body}`).toBe(200);
    }
    expect((await t.request('/api/health')).json()).toMatchObject({ status: 'ok', db: 'postgres' });
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
    const together = await Promise.all(
      everyday(cookie, email).map(([what, request]) =>
        t.request(request).then((response) => [what, response] as const),
      ),
    );
    for (const [what, response] of together) expectCleanUnavailable(`hung, together: ${what}`, response);
    // One after another: the connections given up are replaced by new ones, which hang as well.
    for (const [what, request] of everyday(cookie, email)) {
      expectCleanUnavailable(`hung, one by one: ${what}`, await t.request(request));
    }
    const health = await t.request('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(DOWN_BOUND_MS);

    proxy.resume();
    for (const [what, request] of everyday(cookie, email)) {
      const response = await t.request(request);
      expect(response.statusCode, `after: ${what}: ${response.body}`).toBe(200);
    }
    expect((await t.request('/api/health')).json()).toMatchObject({ status: 'ok', db: 'postgres' });
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
    for (const [what, request] of everyday(cookie, email)) {
      expectCleanUnavailable(what, await t.request(request));
    }
    const health = await t.request('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', db: 'pglite' });
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

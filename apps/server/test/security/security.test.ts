import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFileId } from '../../src/modules/media/media-library.ts';
import {
  API_ROUTES,
  fillPath,
  requestOf,
  storedState,
  stringPaths,
  userDataSnapshot,
  withValueAt,
  type ApiRoute,
} from '../api-routes.ts';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { rawHttp, startTestServer, type HttpAnswer, type HttpRequest, type TestServer } from '../test-server.ts';

/**
 * Issue #10, security: the app listening on a real port, attacked over HTTP through every route of
 * test/api-routes.ts (a new route there is covered here without further edits). Requests come from
 * many loopback addresses (127.0.0.0/8), so per-address limits only bite the test about them.
 */
const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE titles; --",
  '1 UNION SELECT email, password FROM account --',
  "1'); DELETE FROM session; --",
  '$1',
  '%_%',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '\u0000',
  'ünïcødé 🎬 \u202e',
];

/** What must never appear in an answer: traces, SQL, driver or file-system details. */
const LEAKS =
  /Failed query|syntax error|at \w+ \(|node_modules|drizzle|pg_catalog|\bselect\b.+\bfrom\b|\/etc\/passwd|root:x:|TOP-SECRET/i;
const SECRET = 'TOP-SECRET-MARKER: this file lies outside every served folder';

let t: TestServer;
let alice: { cookie: string; userId: string; email: string };
let bob: { cookie: string; userId: string; email: string };
let titleCount: number;
let address = 0;
let folder: string;
let movieFileId: string;
/** Each request from its own loopback address. */
const nextAddress = () => `127.1.${(++address >> 8) & 255}.${address & 255 || 1}`;
const send = (request: HttpRequest | string) =>
  t.request({ remoteAddress: nextAddress(), ...(typeof request === 'string' ? { url: request } : request) });

async function countTitles() {
  const [row] = await t.database.rows<{ count: number }>(sql`select count(*)::int as count from titles`);
  return row!.count;
}

/** The user a route's request is sent as: Alice, or someone of its own when it may end the session. */
async function userFor(route: ApiRoute) {
  return route.ownUser ? signedInUser(t.app) : alice;
}

beforeAll(async () => {
  // A built web app and a media folder, each with a secret file beside it that must never be served.
  folder = mkdtempSync(path.join(tmpdir(), 'marquee-security-'));
  writeFileSync(path.join(folder, 'secret.txt'), SECRET);
  const web = path.join(folder, 'web');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abcdef12.js"></script></head><body></body></html>',
  );
  writeFileSync(path.join(web, 'assets', 'index-abcdef12.js'), 'console.log("marquee")');
  const media = path.join(folder, 'media');
  mkdirSync(media);
  writeFileSync(path.join(media, 'Fight Club (1999).mp4'), Buffer.alloc(4096, 7));
  symlinkSync(path.join(folder, 'secret.txt'), path.join(media, 'Leak (1999).mp4'));

  t = await startTestServer({ WEB_DIST_DIR: web, MEDIA_DIR: media }, undefined, { catalogue: true });
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
  await send(
    requestOf(
      API_ROUTES.find((route) => route.path === '/api/me/sync')!,
      { headers: { cookie: alice.cookie } },
    ),
  );
  titleCount = await countTitles();
  for (let tries = 0; ; tries++) {
    const library = (await send({ url: '/api/media/library' })).json();
    if (!library.scanning && library.scanned_at) {
      movieFileId = library.results.find((file: { path: string }) => file.path === 'Fight Club (1999).mp4')?.id;
      break;
    }
    if (tries > 100) throw new Error('the media folder was not scanned');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(movieFileId).toBe(mediaFileId('Fight Club (1999).mp4'));
});
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

function expectSafe(response: HttpAnswer, what: string, sent = '') {
  expect(response.statusCode, what).toBeLessThan(500);
  // An answer may echo the input back (as JSON); only what the server added counts as a leak.
  const added = sent ? response.body.split(JSON.stringify(sent).slice(1, -1)).join('') : response.body;
  expect(added, what).not.toMatch(LEAKS);
  if (response.statusCode >= 400) {
    expect(JSON.parse(response.body), what).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  }
  // A reflected string is only harmless where no browser renders it as a page.
  if (sent.includes('<') && response.body.includes(sent)) {
    expect(String(response.headers['content-type']), what).not.toMatch(/html|svg|xml/);
  }
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
}

describe('the route table', () => {
  it('names every route the app serves (the suites below attack the table)', () => {
    const missing = t.routes.filter(
      ({ method, url }) =>
        url.startsWith('/api/') &&
        !API_ROUTES.some((route) => route.method === method && (route.path === url || url.endsWith('*'))),
    );
    expect(missing).toEqual([]);
  });
});

describe('injection through every text input', () => {
  const cases = API_ROUTES.flatMap((route) => [
    ...Object.keys(route.params ?? {}).map((name) => ({
      route,
      where: `path :${name}`,
      name,
      kind: 'params' as const,
    })),
    ...Object.keys(route.query ?? {}).map((name) => ({ route, where: `query ${name}`, name, kind: 'query' as const })),
    ...stringPaths(route.body?.()).map((path) => ({
      route,
      where: `body ${path.join('.')}`,
      path,
      kind: 'body' as const,
    })),
  ]);

  it.each(cases.map((c) => [`${c.route.method} ${c.route.path} ${c.where}`, c] as const))(
    '%s: nothing executes, nothing leaks, 4xx or a safe 2xx',
    async (_, c) => {
      const user = await userFor(c.route);
      for (const payload of INJECTIONS) {
        const headers = { cookie: c.route.session || c.route.ownUser ? user.cookie : '' };
        const request =
          c.kind === 'params'
            ? requestOf(c.route, { params: { ...c.route.params, [c.name]: payload }, headers })
            : c.kind === 'query'
              ? requestOf(c.route, { query: { ...c.route.query, [c.name]: payload }, headers })
              : requestOf(c.route, { body: withValueAt(c.route.body!(), c.path, payload), headers });
        const response = await send(request);
        expectSafe(response, `${request.method} ${request.url} ${JSON.stringify(payload)}`, payload);
      }
      expect(await countTitles()).toBe(titleCount);
    },
  );

  it('still knows every session and title afterwards (no DROP or DELETE ran)', async () => {
    expect(await countTitles()).toBe(titleCount);
    expect((await send({ url: '/api/me/history', headers: { cookie: alice.cookie } })).statusCode).toBe(200);
  });

  it('stores a script in a comment as inert text, served as JSON only', async () => {
    const author = await signedInUser(t.app);
    const content = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>';
    const posted = await send({
      method: 'POST',
      url: '/api/comments',
      headers: { origin: TEST_ORIGIN, cookie: author.cookie },
      payload: { content_type: 'movie', content_id: 552, content },
    });
    expect(posted.statusCode).toBe(201);
    const thread = await send({ url: '/api/comments?content_type=movie&content_id=552' });
    expect(thread.json().results[0].content).toBe(content);
    expect(thread.headers['content-type']).toMatch(/^application\/json/);
    expect(thread.headers['x-content-type-options']).toBe('nosniff');
  });
});

/** Streams a body in chunks without a declared length; resolves with the answer, whenever it comes. */
function streamBody(route: ApiRoute, cookie: string, chunk: Buffer, chunks: number): Promise<HttpAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: '127.0.0.1',
      port: t.port,
      method: route.method,
      path: fillPath(route),
      localAddress: nextAddress(),
      agent: false,
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    let answered = false;
    outgoing.on('response', (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        const body = Buffer.concat(parts).toString();
        resolve({
          statusCode: response.statusCode!,
          headers: response.headers,
          body,
          ms: Date.now() - started,
          json: () => JSON.parse(body),
        });
      });
    });
    // The server may hang up once it has refused the body: writes after that fail, which is fine.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.write('{"padding":"');
    let sent = 0;
    const pump = () => {
      while (sent < chunks && !answered) {
        sent++;
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
      }
      if (!answered) outgoing.end('"}');
    };
    pump();
  });
}

describe('bodies', () => {
  const withBody = API_ROUTES.filter((route) => route.body);
  const tooLarge = { error: { code: 'payload_too_large', message: 'Request body is too large' } };

  it.each(withBody.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: an oversized body is a 413 in the error shape, sent whole, streamed, or only announced',
    async (_, route) => {
      const before = await userDataSnapshot(t.database);
      const huge = { padding: 'x'.repeat(3 * 1024 * 1024) };
      const whole = await send(requestOf(route, { body: huge, headers: { cookie: alice.cookie } }));
      expect(whole.statusCode).toBe(413);
      expect(whole.json()).toEqual(tooLarge);

      // Chunked, with no length announced: counted as it arrives and refused once past the limit.
      const streamed = await streamBody(route, alice.cookie, Buffer.alloc(64 * 1024, 'x'), 48);
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json()).toEqual(tooLarge);

      // A length of 10 GB announced and nothing sent: refused at once, without waiting for the body.
      const announced = await rawHttp(
        t.port,
        `${route.method} ${fillPath(route)} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\n` +
          `Cookie: ${alice.cookie}\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\nConnection: close\r\n\r\n`,
        5_000,
      );
      expect(announced.statusCode).toBe(413);
      expect(JSON.parse(announced.body)).toEqual(tooLarge);
      expect(await userDataSnapshot(t.database)).toEqual(before);
    },
  );

  it.each(withBody.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: deeply nested JSON is a 400, not a crash',
    async (_, route) => {
      // As deep as the route's body limit lets through, so the depth check is what answers.
      const depth = Math.min(50_000, Math.floor(((route.bodyLimit ?? Infinity) - 1) / 6));
      const payload = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      const response = await send({
        ...requestOf(route, { headers: { cookie: alice.cookie, 'content-type': 'application/json' } }),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_input');
    },
  );

  it('refuses prototype pollution in a body', async () => {
    const sync = API_ROUTES.find((route) => route.path === '/api/me/sync')!;
    const response = await send({
      ...requestOf(sync, { headers: { cookie: alice.cookie, 'content-type': 'application/json' } }),
      payload: '{"operations":[],"__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('keeps serving others while a client trickles a body, and stores nothing from a body cut short', async () => {
    const before = await userDataSnapshot(t.database);
    const body = JSON.stringify({
      operations: [{ op: 'upsert', store: 'watch_later', item: { movie_id: 603 }, at: '2026-11-20T10:00:00.000Z' }],
    });
    const started = Date.now();
    const slow = rawHttp(
      t.port,
      `POST /api/me/sync HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nCookie: ${alice.cookie}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length + 100}\r\nConnection: close\r\n\r\n${body}`,
      3_000,
    ).catch((error: Error) => error);
    // Meanwhile the server answers everyone else at once.
    for (const url of ['/api/health', '/api/catalogue/movie/550', '/api/me/history']) {
      const response = await send({ url, headers: { cookie: alice.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.ms, url).toBeLessThan(2_000);
    }
    // The client gives up before sending the promised bytes: the request never reaches the route.
    expect(await slow).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(await userDataSnapshot(t.database)).toEqual(before);
    expect((await send('/api/health')).statusCode).toBe(200);
  });
});

describe('path traversal', () => {
  // Written on the wire exactly as here (raw socket): no client normalises the dots away.
  it.each([
    '/api/art/w342/poster/movie/..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/art/w342/poster/movie/%2e%2e%2f%2e%2e%2fpackage.json',
    '/api/art/..%2F..%2F..%2Fetc/poster/movie/550.svg',
    '/api/art/w342/poster/movie/550.svg%00.html',
    '/api/art/w400/still/tv/1396/1/..%5C..%5Cetc%5Cpasswd',
    '/api/art/w342/poster/movie/....//....//etc/passwd',
    '/api/art/../../../etc/passwd',
    '/api/art/w342/poster/movie/../../../../secret.txt',
    '/api/media/stream/..%2F..%2Fsecret.txt',
    '/api/media/stream/../../secret.txt',
    '/api/media/stream/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/api/media/stream/..\\..\\secret.txt',
    '/api/media/title/movie/..%2F..%2F..%2Fsecret.txt',
    '/api/media/stream/MOVIE_ID/../../../secret.txt',
    '/api/media/stream/MOVIE_ID%2F..%2F..%2Fsecret.txt',
    '/assets/..%2F..%2Fsecret.txt',
    '/assets/../../secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%252F..%252Fsecret.txt',
    '/../secret.txt',
    '/..%2F..%2Fpackage.json',
    '//secret.txt',
    '/index.html/../../secret.txt',
  ])('%s reads no file', async (target) => {
    const url = target.replace('MOVIE_ID', movieFileId);
    const response = await rawHttp(t.port, `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(response.statusCode).toBeGreaterThanOrEqual(200);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toMatch(/TOP-SECRET|root:x:|"workspaces"|"dependencies"/);
  });

  it('serves a Library file by its id, and never the file a symlink in the folder points out to', async () => {
    const movie = await send({ url: `/api/media/stream/${movieFileId}`, headers: { range: 'bytes=0-15' } });
    expect(movie.statusCode).toBe(206);
    expect(movie.headers['content-range']).toBe('bytes 0-15/4096');
    const leak = await send(`/api/media/stream/${mediaFileId('Leak (1999).mp4')}`);
    expect(leak.statusCode).toBe(404);
    expect(leak.body).not.toContain('TOP-SECRET');
  });

  it('serves the built app itself (the folder the traversal attempts start from is the right one)', async () => {
    expect((await send('/assets/index-abcdef12.js')).body).toBe('console.log("marquee")');
    expect((await send('/')).body).toContain('/assets/index-abcdef12.js');
  });
});

describe('sessions on /api/me/*, the comment routes and the account routes', () => {
  const personal = API_ROUTES.filter((route) => route.session);

  it('covers every /api/me route and every comment change', () => {
    const paths = personal.map((route) => `${route.method} ${route.path}`);
    for (const route of API_ROUTES.filter((candidate) => candidate.path.startsWith('/api/me/'))) {
      expect(paths).toContain(`${route.method} ${route.path}`);
    }
    expect(paths).toEqual(
      expect.arrayContaining(['POST /api/comments', 'PATCH /api/comments/:id', 'DELETE /api/comments/:id']),
    );
  });

  it.each(personal.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s without a session or with a forged one is a 401',
    async (_, route) => {
      for (const cookie of ['', 'marquee.session_token=forged.signature', `${alice.cookie}tampered`]) {
        const response = await send(requestOf(route, { headers: { cookie } }));
        expect(response.statusCode, cookie).toBe(401);
        expect(response.json().error.code).toBe('unauthorized');
      }
    },
  );

  it.each(personal.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s with another user's session touches only that user's data",
    async (_, route) => {
      const other = route.ownUser ? await signedInUser(t.app) : bob;
      const before = await storedState(send, alice.cookie);
      const response = await send(requestOf(route, { headers: { cookie: other.cookie } }));
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain(alice.email);
      expect(response.body).not.toContain(alice.userId);
      expect(await storedState(send, alice.cookie)).toEqual(before);
    },
  );
});

describe("another user's comment", () => {
  it('cannot be edited or deleted by someone else, nor without a session; it stays as written', async () => {
    // Someone who has not posted yet: the suites above post as Alice up to her per-minute limit.
    const author = await signedInUser(t.app);
    const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
    const posted = await send({
      method: 'POST',
      url: '/api/comments',
      headers: headers(author.cookie),
      payload: { content_type: 'movie', content_id: 551, content: 'Alice wrote this.' },
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().id as string;
    const thread = async () => (await send({ url: '/api/comments?content_type=movie&content_id=551' })).json();
    const before = await thread();
    for (const cookie of [bob.cookie, undefined]) {
      const edit = await send({
        method: 'PATCH',
        url: `/api/comments/${id}`,
        headers: headers(cookie),
        payload: { content: 'Bob was here.' },
      });
      const remove = await send({ method: 'DELETE', url: `/api/comments/${id}`, headers: headers(cookie) });
      expect([edit.statusCode, remove.statusCode]).toEqual(cookie ? [403, 403] : [401, 401]);
    }
    expect(await thread()).toEqual(before);
    expect(before.results[0].content).toBe('Alice wrote this.');
  });
});

describe('cross-site requests (CSRF)', () => {
  const mutating = API_ROUTES.filter((route) => route.method !== 'GET');

  it.each(mutating.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: a form posted from another site is refused and changes nothing',
    async (_, route) => {
      const before = await userDataSnapshot(t.database);
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(route.body?.() ?? {})) fields[key] = String(value);
      for (const [headers, contentType, payload] of [
        [{ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 'application/x-www-form-urlencoded'],
        [{ origin: 'null' }, 'application/x-www-form-urlencoded'],
        [{ 'sec-fetch-site': 'cross-site' }, 'application/x-www-form-urlencoded'],
        // A "simple" request a page may send without a preflight, with a JSON body.
        [{ origin: 'https://evil.example' }, 'text/plain', JSON.stringify(route.body?.() ?? {})],
        [{ origin: `${TEST_ORIGIN}.evil.example` }, 'application/json', JSON.stringify(route.body?.() ?? {})],
      ] as Array<[Record<string, string>, string, string?]>) {
        const response = await send({
          method: route.method,
          url: fillPath(route),
          headers: { ...headers, cookie: alice.cookie, 'content-type': contentType },
          payload: payload ?? new URLSearchParams(fields).toString(),
        });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
      expect(await userDataSnapshot(t.database)).toEqual(before);
    },
  );
});

describe('brute force on sign-in', () => {
  it('answers 429 to one address trying many passwords', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: bob.email, password: `guess-${attempt}` },
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '127.2.0.99',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('answers 429 to many addresses trying passwords on one account', async () => {
    const target = await signedInUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: target.email, password: `guess-${attempt}` },
        headers: { origin: TEST_ORIGIN },
        remoteAddress: `127.3.0.${attempt + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // Locked for the attacker means locked for a moment for the owner too, but never a 500.
    const owner = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: target.email, password: 'correct-horse' },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '127.3.1.1',
    });
    expect(owner.statusCode).toBe(429);
    expect(owner.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('response headers', () => {
  const pages = ['/', '/browse', '/movie/550'];
  const api = API_ROUTES.filter((route) => route.method === 'GET').map((route) => fillPath(route));

  it.each([...pages, ...api, '/api/no-such-route', '/api/art/w342/poster/movie/550.svg'])(
    '%s carries the security headers',
    async (url) => {
      const route = API_ROUTES.find((candidate) => candidate.method === 'GET' && fillPath(candidate) === url);
      const response = await send({
        url,
        headers: { cookie: alice.cookie },
        ...(route ? { url: requestOf(route).url, headersOnly: route.stream === true } : {}),
      });
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toBe('');
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );
});

describe('built assets', () => {
  it('carry no sniffing and the resource policy, without the headers only a document obeys', async () => {
    const response = await send('/assets/index-abcdef12.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
    // Cached a year and never asked for again: no validators.
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['last-modified']).toBeUndefined();
  });

  it('leave a page at an /assets/ address with its full headers', async () => {
    const response = await send('/assets/no-such-file.html');
    expect(String(response.headers['content-type'])).not.toMatch(/javascript|css/);
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('session cookie flags', () => {
  async function signInCookie(server: TestServer, origin: string) {
    const email = `flags-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    const headers = { origin };
    await server.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'correct-horse', name: '' },
      headers,
      remoteAddress: nextAddress(),
    });
    const outbox = (await server.request('/api/dev/outbox')).json();
    const link = new URL(outbox.results.find((m: { to: string }) => m.to === email).links[0]);
    await server.request({ url: link.pathname + link.search });
    const signIn = await server.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'correct-horse' },
      headers,
      remoteAddress: nextAddress(),
    });
    const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    return cookies.find((cookie) => /session_token=/.test(cookie))!;
  }

  it('is HttpOnly and SameSite=Lax, without Secure over http', async () => {
    const cookie = await signInCookie(t, TEST_ORIGIN);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure (and __Secure- prefixed) when PUBLIC_URL is https', async () => {
    // The catalogue snapshot is already made in this worker; an empty one would be migrated anew.
    const https = await startTestServer({ PUBLIC_URL: 'https://marquee.example' }, undefined, { catalogue: true });
    try {
      const cookie = await signInCookie(https, 'https://marquee.example');
      expect(cookie).toMatch(/^__Secure-marquee\.session_token=/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await https.close();
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFileId } from '../../src/modules/media/media-library.ts';
import { API_ROUTES, fillPath, requestOf, userDataSnapshot, type ApiRoute } from '../api-routes.ts';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { rawHttp, startTestServer, type HttpAnswer, type RawAnswer, type TestServer } from '../test-server.ts';
import { asUser, createSender, type User } from './security-fixture.ts';

/**
 * Issue #10, security: requests no client of the app sends. Oversized and deeply nested bodies,
 * paths that climb out of the media folder, the artwork routes and the built app, and the headers
 * every answer carries, errors included.
 */
const SECRET = 'TOP-SECRET-MARKER: this file lies outside every served folder';
const SECRET_FOUND = /TOP-SECRET|root:x:|"workspaces"|"dependencies"/;

let t: TestServer;
let send: ReturnType<typeof createSender>['send'];
let nextAddress: () => string;
let alice: User;
let folder: string;
let movieFileId: string;

beforeAll(async () => {
  // A built web app and a media folder, with secrets beside them that must never be served: one
  // named like a video, so that a check of the file type alone would not keep it back.
  folder = mkdtempSync(path.join(tmpdir(), 'marquee-security-'));
  writeFileSync(path.join(folder, 'secret.txt'), SECRET);
  writeFileSync(path.join(folder, 'secret.mp4'), SECRET);
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
  ({ send, nextAddress } = createSender(t));
  alice = await signedInUser(t.app);
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

/**
 * A relative path (`/` between its parts) written in each way a server might decode into `../`:
 * encoded once or twice, with backslashes, overlong UTF-8, a NUL before a harmless extension,
 * and `....//`, which a filter that strips `../` once turns into `../`.
 */
function encodings(parts: string[]): string[] {
  const join = (separator: string, dots = '..') => parts.map((part) => (part === '..' ? dots : part)).join(separator);
  return [
    join('%2F'),
    join('%2f', '%2e%2e'),
    join('%252F', '%252e%252e'),
    join('%5C'),
    join('%5c', '%2e%2e'),
    join('%c0%af', '%c0%ae%c0%ae'),
    join('%2F', '%c0%ae%c0%ae'),
    join('%2F%2F', '....'),
    `${join('%2F')}%00.mp4`,
    `${join('%2F')}%2500.mp4`,
  ];
}

/**
 * Where a traversal aims: from MEDIA_DIR exactly one level up to the planted secrets (a handler
 * resolving the id inside the folder would serve them), an absolute path to them, and far enough
 * up to reach /etc/passwd from any working directory.
 */
function traversalTargets(): string[][] {
  const secrets = [path.join(folder, 'secret.mp4'), path.join(folder, 'secret.txt')];
  return [
    ['..', 'secret.mp4'],
    ['..', 'secret.txt'],
    ...secrets.map((file) => ['', ...file.split(path.sep).filter(Boolean)]),
    [...Array(16).fill('..'), ...folder.split(path.sep).filter(Boolean), 'secret.mp4'],
    [...Array(16).fill('..'), 'etc', 'passwd'],
    ['', 'etc', 'passwd'],
  ];
}

const raw = (method: string, url: string) =>
  rawHttp(t.port, `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

/** A traversal is refused outright: a client error, and none of the secrets in the body. */
function expectRefused(response: RawAnswer, what: string) {
  expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, what).toBeLessThan(500);
  expect(response.body, what).not.toMatch(SECRET_FOUND);
  expect(response.head, what).not.toMatch(new RegExp(`content-length: ${SECRET.length}\\r`, 'i'));
}

describe('path traversal', () => {
  it('never serves a file outside the media folder, by GET or HEAD, however the path is written', async () => {
    for (const target of traversalTargets()) {
      for (const id of encodings(target)) {
        for (const method of ['GET', 'HEAD']) {
          expectRefused(await raw(method, `/api/media/stream/${id}`), `${method} ${id}`);
        }
      }
    }
    // Unencoded, as the request line may carry it (no client normalises the dots away).
    for (const url of ['/api/media/stream/../secret.mp4', `/api/media/stream/${movieFileId}/../../secret.mp4`]) {
      expectRefused(await raw('GET', url), url);
    }
  });

  it('never serves a file from the artwork routes, in any of their parameters', async () => {
    const urls = (file: string) => [
      `/api/art/w342/poster/movie/${file}`,
      `/api/art/${file}/poster/movie/550.svg`,
      `/api/art/w400/still/tv/1396/1/${file}`,
      `/api/art/w400/still/tv/${file}/1/1.svg`,
    ];
    for (const target of traversalTargets()) {
      for (const file of encodings(target)) {
        for (const url of urls(file)) expectRefused(await raw('GET', url), url);
      }
    }
    for (const url of ['/api/art/../../../etc/passwd', '/api/art/w342/poster/movie/../../../../secret.txt']) {
      expectRefused(await raw('GET', url), url);
    }
  });

  // Written on the wire exactly as here (raw socket). The web build is folder/web: two levels up
  // from /assets/, one from the root, lies the secret.
  it.each([
    '/assets/..%2F..%2Fsecret.txt',
    '/assets/../../secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%252F..%252Fsecret.txt',
    '/assets/..%5C..%5Csecret.txt',
    '/assets/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt',
    '/../secret.txt',
    '/..%2Fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/..%2F..%2Fpackage.json',
    '//secret.txt',
    '/index.html/../../secret.txt',
  ])('the built app: %s reads no file', async (url) => {
    const response = await raw('GET', url);
    expect(response.statusCode).toBeGreaterThanOrEqual(200);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toMatch(SECRET_FOUND);
  });

  it('serves a Library file by its id, and never the file a symlink in the folder points out to', async () => {
    const movie = await send({ url: `/api/media/stream/${movieFileId}`, headers: { range: 'bytes=0-15' } });
    expect(movie.statusCode).toBe(206);
    expect(movie.headers['content-range']).toBe('bytes 0-15/4096');
    const head = await raw('HEAD', `/api/media/stream/${movieFileId}`);
    expect(head.head).toMatch(/content-length: 4096\r/i);
    const leak = await send(`/api/media/stream/${mediaFileId('Leak (1999).mp4')}`);
    expect(leak.statusCode).toBe(404);
    expect(leak.body).not.toContain('TOP-SECRET');
  });

  it('serves the built app itself (the folder the traversal attempts start from is the right one)', async () => {
    expect((await send('/assets/index-abcdef12.js')).body).toBe('console.log("marquee")');
    expect((await send('/')).body).toContain('/assets/index-abcdef12.js');
  });
});

describe('response headers', () => {
  function expectSecurityHeaders(response: HttpAnswer, what: string) {
    const csp = String(response.headers['content-security-policy']);
    const directive = (name: string) => new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(csp)?.[1]?.trim();
    const scriptSrc = directive('script-src') ?? directive('default-src') ?? '';
    expect(scriptSrc, what).not.toBe('');
    for (const source of scriptSrc.split(/\s+/)) {
      // Each source is this origin, a hash, or a named https host: nothing any page or file could match.
      expect(source, `${what}: script-src ${scriptSrc}`).not.toMatch(
        /\*|^(https?|data|blob|filesystem|ws|wss):?$|^'(unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic|wasm-unsafe-eval)'$/i,
      );
    }
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options'], what).toBe('nosniff');
    expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    const permissions = String(response.headers['permissions-policy']);
    for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(permissions, what).toContain(`${denied}=()`);
    // The player's embeds and its <video> keep what they need.
    for (const kept of ['fullscreen', 'autoplay', 'picture-in-picture'])
      expect(permissions, what).toContain(`${kept}=*`);
  }

  const pages = ['/', '/browse', '/movie/550'];
  const api = API_ROUTES.filter((route) => route.method === 'GET');

  it.each(pages)('the page %s carries the security headers', async (url) => {
    const response = await send(url);
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, url);
  });

  it.each(api.map((route) => [`GET ${route.path}`, route] as const))(
    '%s carries the security headers',
    async (_, route) => {
      const response = await send({ ...requestOf(route, { headers: { cookie: alice.cookie } }) });
      expectSecurityHeaders(response, route.path);
    },
  );

  it.each([
    ['a 404 of an unknown API path', { url: '/api/no-such-route' }],
    ['a 404 of a missing title', { url: '/api/catalogue/movie/999999999' }],
    ['the artwork', { url: '/api/art/w342/poster/movie/550.svg' }],
    [
      'a 404 of an unknown API path, by DELETE',
      { method: 'DELETE', url: '/api/no-such-route', headers: { origin: TEST_ORIGIN } },
    ],
    ['a 400 of a POST', { method: 'POST', url: '/api/feedback', headers: { origin: TEST_ORIGIN }, payload: {} }],
    ['a 401 of a POST', { method: 'POST', url: '/api/comments', headers: { origin: TEST_ORIGIN }, payload: {} }],
    [
      'a 403 of a cross-site POST',
      { method: 'POST', url: '/api/feedback', headers: { origin: 'https://evil.example' }, payload: {} },
    ],
    [
      'a 413 of a PATCH',
      {
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { origin: TEST_ORIGIN },
        payload: { padding: 'x'.repeat(2 << 20) },
      },
    ],
    [
      'a 415 of a POST',
      {
        method: 'POST',
        url: '/api/feedback',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/xml' },
        payload: '<a/>',
      },
    ],
  ] as const)('%s carries the security headers', async (_, request) => {
    const response = await send(request);
    expect(response.statusCode).toBeGreaterThanOrEqual(request.url.includes('art') ? 200 : 400);
    expectSecurityHeaders(response, `${request.url}`);
  });

  it.each([
    [
      "a path part over the router's length limit (414)",
      `/api/catalogue/movie/${'9'.repeat(400)}`,
      414,
      'uri_too_long',
    ],
    ['a comment id over it, by DELETE (414)', `/api/comments/${'x'.repeat(400)}`, 414, 'uri_too_long'],
    ['a path part that is no valid percent-encoding (400)', '/api/catalogue/movie/%E0%A4%A', 400, 'invalid_input'],
  ] as const)('answers %s in the API error shape, with the security headers', async (_, url, status, code) => {
    const response = await send({
      method: url.includes('comments') ? 'DELETE' : 'GET',
      url,
      headers: { origin: TEST_ORIGIN, cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code, message: expect.stringMatching(/^Invalid path: /) } });
    expectSecurityHeaders(response, url);
  });

  it.each([
    [
      'an address over 16 KB (431)',
      `GET /api/health?${'x'.repeat(20_000)}=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    [
      'a header over 16 KB (431)',
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    ['bytes that are no HTTP (400)', 'HELLO THERE\r\n\r\n', 400, 'invalid_input'],
  ] as const)(
    "answers %s from Node's parser in the API error shape, with the security headers",
    async (_, bytes, status, code) => {
      const answer = await rawHttp(t.port, bytes);
      expect(answer.statusCode).toBe(status);
      expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
      const headers = Object.fromEntries(
        answer.head
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      expectSecurityHeaders(
        { statusCode: answer.statusCode, headers, body: answer.body, ms: 0, json: () => JSON.parse(answer.body) },
        code,
      );
      // The server goes on answering.
      expect((await send('/api/health')).statusCode).toBe(200);
    },
  );

  it('carries them on a 401 of a signed-out session and a 429, too', async () => {
    const user = await signedInUser(t.app);
    await send(asUser(user.cookie, 'POST', '/api/auth/sign-out', {}));
    const unauthorized = await send(asUser(user.cookie, 'POST', '/api/me/sync', { operations: [] }));
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized, 'a 401');
    let limited: HttpAnswer | undefined;
    for (let attempt = 0; attempt < 12 && limited?.statusCode !== 429; attempt++) {
      limited = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: `nobody-${attempt}@example.org`, password: 'guess-guess' },
        remoteAddress: '127.5.0.1',
      });
    }
    expect(limited!.statusCode).toBe(429);
    expectSecurityHeaders(limited!, 'a 429');
  });
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

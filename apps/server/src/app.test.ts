import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './plugins/errors.ts';
import { TURN_BUDGET_MS } from './plugins/turn-budget.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body>');
  writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify([
      { path: '', modulepreload: ['/assets/home-screen-AbCd1234.js'] },
      { path: 'movie/:id', modulepreload: ['/assets/detail-screen-AbCd1234.js', '/assets/player-AbCd1234.js'] },
      { path: 'browse', modulepreload: ['/assets/browse-screen-AbCd1234.js'] },
      { path: 'browse/:type', modulepreload: ['/assets/browse-screen-AbCd1234.js'] },
      { path: '*', modulepreload: ['/assets/not-found-screen-AbCd1234.js'] },
    ]),
  );
  writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), 'console.log(1);'.repeat(200));
  writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js.br'), brotliCompressSync('console.log(1);'.repeat(200)));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

describe('the app', () => {
  let t: TestApp;
  /** The turn of the event loop the busy route's handlers ran in (counted by `countTurns`). */
  let turn = 0;
  const handlerTurns: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      {
        WEB_DIST_DIR: fakeWebDist(),
        COMMUNITY_URL: 'https://chat.example/marquee',
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
      },
      (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail');
        });
        app.get('/api/test/conflict', async () => {
          throw new AppError('conflict', 'Username is taken');
        });
        app.post('/api/test/echo', async (request) => request.body);
        app.get('/api/test/busy', async () => {
          handlerTurns.push(turn);
          // Longer than a turn's budget (plugins/turn-budget.ts).
          const until = performance.now() + 3 * TURN_BUDGET_MS;
          while (performance.now() < until);
          return { ok: true };
        });
      },
    );
  });
  afterAll(() => t.close());

  it('serves a request that finds the turn of the event loop spent in a later turn', async () => {
    let isCounting = true;
    const countTurns = () => {
      turn++;
      if (isCounting) setImmediate(countTurns);
    };
    countTurns();
    try {
      const answers = await Promise.all([1, 2, 3].map(() => t.app.inject('/api/test/busy')));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    } finally {
      isCounting = false;
    }
    // Served whole in one turn, the requests kept new connections from being accepted meanwhile.
    expect(new Set(handlerTurns).size).toBe(3);
  });

  it('answers GET /api/health with the design shape', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      db: t.database.kind,
      catalogue: 'local',
      version: '0.1.0',
    });
  });

  it('answers GET /api/config with image sizes, mode and operator links', async () => {
    const body = (await t.app.inject('/api/config')).json();
    expect(body.catalogue).toBe('local');
    expect(body.images.poster_sizes).toEqual(['w92', 'w342', 'w500', 'w780', 'original']);
    expect(body.community_url).toBe('https://chat.example/marquee');
    // Only configured social providers get a button; their secrets never leave the server.
    expect(body.auth_providers).toEqual([{ id: 'github', name: 'GitHub' }]);
    expect(JSON.stringify(body)).not.toContain('gh-secret');
  });

  it('hides internal errors behind a bare 500', async () => {
    const response = await t.app.inject('/api/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal', message: 'Internal server error' },
    });
    expect(response.body).not.toContain('secret');
  });

  it('maps application errors to their status', async () => {
    const response = await t.app.inject('/api/test/conflict');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'conflict', message: 'Username is taken' },
    });
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_input');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
  });

  it('answers unknown API paths with a JSON 404, never the app', async () => {
    const response = await t.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('serves the app for client routes (SPA fallback) and 404s missing files', async () => {
    // A path no route of the app matches is the not-found page: the app, with a 404.
    for (const [url, status] of [
      ['/', 200],
      ['/some/unknown', 404],
      ['/movie/42', 200],
      ['/browse?type=tv', 200],
    ] as const) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject('/assets/missing-Zz999999.js')).statusCode).toBe(404);
  });

  it("preloads each page's own chunks and the API answers it starts with", async () => {
    const links = async (url: string) =>
      [
        ...(await t.app.inject(url)).body.matchAll(/<link rel="(\w+)"(?: as="fetch")? crossorigin href="([^"]+)">/g),
      ].map(([, rel, href]) => `${rel} ${href}`);
    const everyPage = ['preload /api/config', 'preload /api/auth/get-session'];
    expect(await links('/')).toEqual([...everyPage, 'modulepreload /assets/home-screen-AbCd1234.js']);
    expect(await links('/movie/42?autoplay=1')).toEqual([
      ...everyPage,
      'preload /api/catalogue/movie/42',
      'modulepreload /assets/detail-screen-AbCd1234.js',
      'modulepreload /assets/player-AbCd1234.js',
    ]);
    expect(await links('/browse/tv')).toEqual([...everyPage, 'modulepreload /assets/browse-screen-AbCd1234.js']);
    expect(await links('/no/such/page')).toEqual([...everyPage, 'modulepreload /assets/not-found-screen-AbCd1234.js']);
    // Only a numeric id reaches the page: nothing from the address is written into it as is.
    expect(await links('/movie/%22%3E%3Cscript%3E')).toEqual([
      ...everyPage,
      'modulepreload /assets/detail-screen-AbCd1234.js',
      'modulepreload /assets/player-AbCd1234.js',
    ]);
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject('/assets/index-AbCd1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const brotli = await t.app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers and a CSP without inline scripts', async () => {
    const response = await t.app.inject('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('compresses large responses', async () => {
    const response = await t.app.inject({
      url: '/api/test/echo',
      method: 'POST',
      payload: { text: 'marquee '.repeat(500) },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

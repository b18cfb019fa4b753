import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { scriptSafeJson } from './web.ts';

const INLINE_SCRIPT = "document.documentElement.classList.add('dim');";
const INDEX_HTML = `<!doctype html><html><head>
<script>${INLINE_SCRIPT}</script>
<link rel="stylesheet" crossorigin href="/assets/index-AbCd1234.css">
</head><body>
<div id="boot-overlay" role="status" aria-label="Loading Marquee"><div class="boot-mark"></div></div>
<div id="root"></div>
</body></html>`;

/**
 * A web build with a server-side renderer beside it, as `npm run build` writes them: the renderer
 * renders what it is asked through the API transport the server gives it, and misbehaves on cue.
 */
function webBuildWithRenderer(): { dist: string; renderer: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'marquee-ssr-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.css'), 'body{color:red}');
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify([
      { path: 'movie/:id', modulepreload: ['/assets/detail-screen-AbCd1234.js'] },
      { path: 'settings', modulepreload: ['/assets/settings-screen-AbCd1234.js'] },
      { path: '*', modulepreload: ['/assets/not-found-screen-AbCd1234.js'] },
    ]),
  );
  const renderer = path.join(root, 'dist-ssr', 'entry-server.js');
  writeFileSync(
    renderer,
    `let transport;
export const calls = [];
export function setServerTransport(next) { transport = next; }
export async function renderPage(url) {
  calls.push(url);
  if (url.startsWith('/settings')) return null;
  if (url.startsWith('/movie/boom')) throw new Error('render failed');
  if (url.startsWith('/declined-nowhere')) return null;
  if (url === '/nope' || url === '/movie/999999') return { html: '<h1>Not Found</h1>', state: {}, status: 404 };
  const config = await (await transport('/api/config', {})).json();
  return {
    html: '<h1>' + url + '</h1><p>' + config.catalogue + '</p>',
    state: { note: '</script><script>alert(1)</script>' },
  };
}`,
  );
  return { dist, renderer };
}

describe('server-rendered pages', () => {
  let t: TestApp;
  let renderer: string;

  beforeAll(async () => {
    const build = webBuildWithRenderer();
    renderer = build.renderer;
    t = await createTestApp({ WEB_DIST_DIR: build.dist });
  });
  afterAll(() => t.close());

  const calls = async () => ((await import(pathToFileURL(renderer).href)) as { calls: string[] }).calls;

  it('sends the rendered markup in #root with its data, styles inline and no start-up overlay', async () => {
    const response = await t.app.inject('/movie/42');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    // The renderer asked this server's own API for the config.
    expect(html).toContain('<div id="root"><h1>/movie/42</h1><p>local</p></div>');
    expect(html).toContain('<script type="application/json" id="ssr-state">');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(html).not.toContain('boot-overlay');
    // Inline, with its link disabled: never fetched, but the chunk loader sees the sheet is there.
    expect(html).toMatch(
      /<style>body\{color:red\}<\/style><link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css" disabled>/,
    );
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    // Its data is in the page: only the session is preloaded, and no screen chunk competes with images.
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">');
    expect(html).not.toContain('/api/config"');
    expect(html).not.toContain('modulepreload');
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const csp = String((await t.app.inject('/movie/5')).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(scriptSrc.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('compresses the page for a client that accepts brotli', async () => {
    const response = await t.app.inject({ url: '/movie/7', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>/movie/7</h1>');
  });

  it('keeps a rendered page for a while instead of rendering it again', async () => {
    await t.app.inject('/movie/99');
    await t.app.inject('/movie/99');
    expect((await calls()).filter((url) => url === '/movie/99')).toHaveLength(1);
  });

  it('sends the plain app when the renderer declines or fails', async () => {
    for (const url of ['/settings', '/movie/boom']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('boot-overlay');
      expect(response.body, url).toContain('<link rel="stylesheet" crossorigin href="/assets/index-AbCd1234.css">');
      expect(response.body, url).not.toContain('ssr-state');
    }
    expect((await t.app.inject('/settings')).body).toContain('/assets/settings-screen-AbCd1234.js');
  });

  it('answers 404 with the rendered not-found screen when the page shows one', async () => {
    for (const url of ['/nope', '/movie/999999']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('<div id="root"><h1>Not Found</h1></div>');
      // Kept like any rendered page, status included.
      expect((await t.app.inject({ url, method: 'HEAD' })).statusCode, url).toBe(404);
    }
    expect((await calls()).filter((url) => url === '/nope')).toHaveLength(1);
  });

  it("answers 404 for a path only the router's catch-all takes, when the browser renders it", async () => {
    const response = await t.app.inject('/declined-nowhere/at/all');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('/assets/not-found-screen-AbCd1234.js');
  });

  it('writes JSON that no script or comment markup can end early', () => {
    const text = scriptSafeJson({ a: '</script><!-- \u2028 \u2029' });
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- \u2028 \u2029' });
  });
});

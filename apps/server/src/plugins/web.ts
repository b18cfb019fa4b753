import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from './errors.ts';

// A hashed name, possibly as its precompressed .br or .gz copy.
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/** What the web build writes to route-preloads.json: each route's own chunks. */
interface RoutePreload {
  /** The route's path as the web router declares it ('' for home, ':param' segments, '*'). */
  path: string;
  modulepreload: string[];
}

function readRoutePreloads(webDistDir: string): RoutePreload[] {
  try {
    return JSON.parse(readFileSync(path.join(webDistDir, 'route-preloads.json'), 'utf8')) as RoutePreload[];
  } catch {
    return [];
  }
}

/** The route a page path belongs to, as React Router would pick it (exact segments before params). */
export function matchRoute<T extends { path: string }>(routes: readonly T[], pathname: string): T | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const score = (route: T): number => {
    if (route.path === '*') return 0;
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) return -1;
    let points = 1;
    for (const [index, part] of pattern.entries()) {
      if (part.startsWith(':')) points += 1;
      else if (part.toLowerCase() === segments[index]!.toLowerCase()) points += 2;
      else return -1;
    }
    return points;
  };
  let best: T | undefined;
  let bestScore = -1;
  for (const route of routes) {
    const points = score(route);
    if (points > bestScore) [best, bestScore] = [route, points];
  }
  return best;
}

/**
 * The API answers a page asks for before anything else: every page reads the app config (image
 * host) and the session; a detail page its title. Preloading them lets them travel with the
 * JavaScript instead of after it.
 */
export function criticalApiPaths(pathname: string, { withData = true } = {}): string[] {
  if (!withData) return ['/api/auth/get-session'];
  const paths = ['/api/config', '/api/auth/get-session'];
  const detail = /^\/(movie|series|tv)\/(\d{1,9})\/?$/.exec(pathname);
  if (detail) paths.push(`/api/catalogue/${detail[1] === 'movie' ? 'movie' : 'tv'}/${detail[2]}`);
  return paths;
}

/** What the web build's server-side renderer (apps/web/src/entry-server.tsx) offers. */
interface ServerRenderer {
  setServerTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
  /** `status`: 404 when the page shows a not-found state (an unknown path, a missing title). */
  renderPage(url: string, origin: string): Promise<{ html: string; state: unknown; status?: number } | null>;
}

/** A server render that takes longer than this is abandoned: the browser renders the page itself. */
const RENDER_TIMEOUT_MS = 3000;
/** Rendered pages (and page shells) kept, and how long a rendered page is kept. */
const RENDER_CACHE_SIZE = 300;
const RENDER_CACHE_MS = 60_000;

/** JSON that can sit inside a <script> element: no "</script>" or "<!--" can close it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A page the server rendered, in index.html: the markup in #root, its data beside it for the
 * browser to hydrate with, and no start-up overlay (the page is already on screen).
 *
 * The style sheet comes inline, and its link stays, disabled (browsers do not fetch a disabled
 * sheet): the helper that loads the app's chunks adds any style sheet a chunk depends on unless a
 * link to it is in the page, and the app's own sheet is a dependency of every chunk that imports
 * from the entry. Without the link it was fetched, parsed and applied again, restyling the whole page.
 */
export function renderedPageHtml(html: string, page: { html: string; state: unknown }, styles = ''): string {
  return html
    .replace(STYLESHEET_LINK, (link) => (styles ? `<style>${styles}</style>${link.replace(/>$/, ' disabled>')}` : link))
    .replace(/<div id="boot-overlay"[^>]*>.*?<\/div><\/div>/s, '')
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div><script type="application/json" id="ssr-state">${scriptSafeJson(page.state)}</script>`,
    );
}

/**
 * The CSP sources ('sha256-…') of the inline scripts in index.html: the one that applies the
 * settings before the first paint runs, and nothing else inline can.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}

/** index.html of a web build, or '' when there is none. */
export function readIndexHtml(webDistDir: string): string {
  try {
    return readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  } catch {
    return '';
  }
}

/** The app's style sheet as index.html links it. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;

/**
 * The style sheet's text, which a rendered page carries inline: the page then paints as soon as
 * it arrives, without waiting for another request.
 */
function readStyles(indexHtml: string, webDistDir: string): string {
  const href = STYLESHEET_LINK.exec(indexHtml)?.[1];
  if (!href) return '';
  try {
    return readFileSync(path.join(webDistDir, href), 'utf8').replace(/<\/style/gi, '<\\/style');
  } catch {
    return '';
  }
}

/** Loads the server-side renderer the web build wrote beside the app, if there is one. */
async function loadRenderer(app: FastifyInstance, webDistDir: string): Promise<ServerRenderer | null> {
  const file = path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) {
    app.log.warn({ file }, 'no server-side renderer: pages render in the browser only');
    return null;
  }
  try {
    const renderer = (await import(pathToFileURL(file).href)) as ServerRenderer;
    // The renderer's API requests are answered by this server's own routes, in process.
    renderer.setServerTransport(async (apiPath) => {
      const answer = await app.inject({
        method: 'GET',
        url: apiPath,
        headers: { accept: 'application/json' },
      });
      return new Response(new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    });
    return renderer;
  } catch (error) {
    app.log.error({ err: error, file }, 'the server-side renderer failed to load: pages render in the browser only');
    return null;
  }
}

/** A page as sent: the document, its status, and its compressed copies once a client asked for them. */
interface PageDocument {
  html: string;
  status: number;
  br?: Buffer;
  gzip?: Buffer;
}

/** The body for the client's Accept-Encoding (brotli, then gzip), compressed once per document. */
export function encodedBody(
  doc: PageDocument,
  acceptEncoding: string | undefined,
): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.split(';')[0]!.trim()));
  if (accepted.has('br')) {
    doc.br ??= brotliCompressSync(doc.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return { body: doc.br, encoding: 'br' };
  }
  if (accepted.has('gzip')) {
    doc.gzip ??= gzipSync(doc.html, { level: 6 });
    return { body: doc.gzip, encoding: 'gzip' };
  }
  return { body: doc.html };
}

/**
 * The documents of pages: rendered on the server where the renderer can (each kept for a minute,
 * the catalogue they show changes rarely), otherwise index.html for the browser to render.
 */
function createPageDocuments(
  app: FastifyInstance,
  indexHtml: string,
  routes: readonly RoutePreload[],
  renderer: ServerRenderer | null,
  styles: string,
) {
  const rendered = new Map<string, PageDocument & { expires: number }>();
  const shells = new Map<string, PageDocument>();
  const shell = (pathname: string): PageDocument => {
    const html = pageHtml(indexHtml, routes, pathname);
    // Without a render, the router's catch-all still tells a path that no screen answers.
    const status = matchRoute(routes, pathname)?.path === '*' ? 404 : 200;
    const key = `${status} ${html}`;
    let doc = shells.get(key);
    if (!doc) {
      doc = { html, status };
      if (shells.size >= RENDER_CACHE_SIZE) shells.delete(shells.keys().next().value!);
      shells.set(key, doc);
    }
    return doc;
  };

  /**
   * The player (rendered in the browser) of a title the catalogue does not have shows "Content not
   * found": its address leads nowhere, and the answer says so (404) as a rendered page's would.
   */
  async function isMissingWatchPage(pathname: string): Promise<boolean> {
    const watch = /^\/watch\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
    if (!watch) return false;
    const [, type, id] = watch;
    if ((type !== 'movie' && type !== 'series') || !/^\d{1,9}$/.test(id!) || Number(id) < 1) return true;
    const answer = await app.inject({
      method: 'GET',
      url: `/api/catalogue/${type === 'movie' ? 'movie' : 'tv'}/${id}`,
      headers: { accept: 'application/json' },
    });
    return answer.statusCode === 404;
  }

  async function render(
    url: string,
    origin: string,
  ): Promise<{ html: string; state: unknown; status?: number } | null> {
    if (!renderer) return null;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        app.log.warn({ url }, `server render took over ${RENDER_TIMEOUT_MS} ms: the browser renders the page`);
        resolve(null);
      }, RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([renderer.renderPage(url, origin), timeout]);
    } catch (error) {
      app.log.error({ err: error, url }, 'server render failed: the browser renders the page');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return async (url: string, origin: string): Promise<PageDocument> => {
    const pathname = url.split('?')[0] ?? '/';
    const cached = rendered.get(url);
    if (cached && cached.expires > Date.now()) return cached;
    const page = await render(url, origin);
    if (!page) {
      const doc = shell(pathname);
      return doc.status === 200 && (await isMissingWatchPage(pathname)) ? { ...doc, status: 404 } : doc;
    }
    // The page's data and styles are in the document, and it is on screen before any script
    // runs: nothing is preloaded but the session, leaving the network to the page's images.
    const doc = {
      html: renderedPageHtml(pageHtml(indexHtml, [], pathname, { withData: false }), page, styles),
      status: page.status ?? 200,
      expires: Date.now() + RENDER_CACHE_MS,
    };
    rendered.delete(url);
    rendered.set(url, doc);
    if (rendered.size > RENDER_CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
    return doc;
  };
}

/** index.html with the page's preloads added to its head (without the data a rendered page carries). */
export function pageHtml(
  indexHtml: string,
  routes: readonly RoutePreload[],
  pathname: string,
  { withData = true } = {},
): string {
  const links = [
    ...criticalApiPaths(pathname, { withData }).map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`,
    ),
    ...(matchRoute(routes, pathname)?.modulepreload ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
    ),
  ];
  return indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any client route (the SPA fallback). API paths never fall back.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : '';
  const routePreloads = hasBuild ? readRoutePreloads(webDistDir) : [];
  const renderer = hasBuild ? await loadRenderer(app, webDistDir) : null;
  const styles = renderer ? readStyles(indexHtml, webDistDir) : '';
  const pageDocument = createPageDocuments(app, indexHtml, routePreloads, renderer, styles);
  if (!hasBuild) app.log.warn({ webDistDir }, 'web app is not built: only the API is served (run npm run build)');
  else {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      cacheControl: false,
      index: false,
      // The web build writes .br and .gz copies of its scripts and styles.
      preCompressed: true,
      // @fastify/static 10 hands the reply to setHeaders.
      setHeaders(reply: FastifyReply, filePath: string) {
        const isHashed = HASHED_ASSET.test(filePath.split(path.sep).join('/'));
        void reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // A hashed file never changes and is cached for a year without asking again: the validators
  // and range support that @fastify/static adds to every file would only be bytes on each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/assets/') && reply.statusCode === 200 && HASHED_ASSET.test(request.url.split('?')[0]!))
      for (const name of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(name);
    done(null, payload);
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/');
    const isAssetPath = url.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(url);
    if (hasBuild && wantsPage && !isAssetPath) {
      const doc = await pageDocument(request.url, `${request.protocol}://${request.host}`);
      const { body, encoding } = encodedBody(doc, request.headers['accept-encoding']);
      if (encoding) void reply.header('content-encoding', encoding);
      return reply
        .status(doc.status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    throw new AppError('not_found', `No route for ${request.method} ${url}`);
  });
}

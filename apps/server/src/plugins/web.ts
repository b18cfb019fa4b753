import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
export function criticalApiPaths(pathname: string): string[] {
  const paths = ['/api/config', '/api/auth/get-session'];
  const detail = /^\/(movie|series|tv)\/(\d{1,9})\/?$/.exec(pathname);
  if (detail) paths.push(`/api/catalogue/${detail[1] === 'movie' ? 'movie' : 'tv'}/${detail[2]}`);
  return paths;
}

/** index.html with the page's preloads added to its head. */
export function pageHtml(indexHtml: string, routes: readonly RoutePreload[], pathname: string): string {
  const links = [
    ...criticalApiPaths(pathname).map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`),
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

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/');
    const isAssetPath = url.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(url);
    if (hasBuild && wantsPage && !isAssetPath) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageHtml(indexHtml, routePreloads, url));
    }
    throw new AppError('not_found', `No route for ${request.method} ${url}`);
  });
}

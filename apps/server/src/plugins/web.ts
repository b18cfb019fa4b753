import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from './errors.ts';

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any client route (the SPA fallback). API paths never fall back.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (!hasBuild) app.log.warn({ webDistDir }, 'web app is not built: only the API is served (run npm run build)');
  else {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      cacheControl: false,
      index: false,
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('not_found', `No route for ${request.method} ${url}`);
  });
}

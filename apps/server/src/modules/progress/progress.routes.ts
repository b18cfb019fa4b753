import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { hasHeardAnnouncements, mayUseMemory, requireUser } from '../auth/session.ts';
import { acceptsGzip, GZIP_THRESHOLD } from '../catalogue/send-answer.ts';
import type { PersonalCache } from '../me/personal-cache.ts';
import { findSyncVersion } from './progress.repository.ts';
import { answerProgress, ProgressCache } from './progress.service.ts';

/** `GET /api/me/progress` (DESIGN.md "HTTP API contract"): the series in progress, for Up Next. */
export async function progressRoutes(
  app: FastifyInstance,
  db: Db,
  catalogue: CatalogueProvider,
  {
    now = () => new Date(),
    cache = new ProgressCache(),
    personalCache,
  }: { now?: () => Date; cache?: ProgressCache; personalCache?: PersonalCache } = {},
): Promise<void> {
  /**
   * The account's version, kept with its other personal reads (personal-cache.ts): every write
   * announces itself and evicts them on every app server, and a request that passed the sessions'
   * barrier has heard every announcement committed before it arrived. An unchanged account's Up
   * Next then costs no database round trip (10 clients at once waited on the pool for it).
   */
  async function syncVersion(request: FastifyRequest, userId: string): Promise<number> {
    if (!personalCache) return findSyncVersion(db, userId);
    const what = 'sync-version';
    const held = personalCache.get(userId, what);
    if (held !== undefined && mayUseMemory(app, request)) return Number(held);
    if ((held ?? personalCache.reading(userId, what)) !== undefined && (await hasHeardAnnouncements(app, request))) {
      const json = personalCache.get(userId, what) ?? (await personalCache.reading(userId, what));
      if (json !== undefined) return Number(json);
    }
    return Number(await personalCache.load(userId, what, async () => String(await findSyncVersion(db, userId))));
  }

  // Compressed here, not by the app-wide plugin: the held answer keeps its gzip.
  app.get('/api/me/progress', { compress: false }, async (request, reply) => {
    const user = await requireUser(app, request);
    const answer = await answerProgress(
      { db, catalogue, cache, syncVersion: () => syncVersion(request, user.id) },
      user.id,
      now(),
    );
    void reply
      .header('cache-control', 'private, no-store')
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (answer.json.length >= GZIP_THRESHOLD && acceptsGzip(request)) {
      return reply.header('content-encoding', 'gzip').send(answer.gzip());
    }
    return reply.send(answer.json);
  });
}

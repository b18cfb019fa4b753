import type { FastifyInstance } from 'fastify';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../auth/session.ts';
import { findSyncVersion } from './progress.repository.ts';
import { getProgress, ProgressCache, utcDay } from './progress.service.ts';

/** `GET /api/me/progress` (DESIGN.md "HTTP API contract"): the series in progress, for Up Next. */
export async function progressRoutes(
  app: FastifyInstance,
  db: Db,
  catalogue: CatalogueProvider,
  { now = () => new Date(), cache = new ProgressCache() }: { now?: () => Date; cache?: ProgressCache } = {},
): Promise<void> {
  app.get('/api/me/progress', async (request, reply) => {
    const user = await requireUser(app, request);
    void reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8');
    const at = now();
    // Read before computing: a change committed meanwhile is in the answer or raises the version.
    const key = `${await findSyncVersion(db, user.id)}:${utcDay(at)}`;
    const cached = cache.get(user.id, key, at.getTime());
    if (cached !== undefined) return reply.send(cached);
    const json = JSON.stringify({ results: await getProgress({ db, catalogue }, user.id, at) });
    cache.set(user.id, key, json, at.getTime());
    return reply.send(json);
  });
}

import type { FastifyInstance } from 'fastify';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../auth/session.ts';
import { answerProgress, ProgressCache } from './progress.service.ts';

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
    return reply.send((await answerProgress({ db, catalogue, cache }, user.id, now())).json);
  });
}

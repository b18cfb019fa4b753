import type { FastifyInstance } from 'fastify';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../auth/session.ts';
import { getProgress } from './progress.service.ts';

/** `GET /api/me/progress` (DESIGN.md "HTTP API contract"): the series in progress, for Up Next. */
export async function progressRoutes(
  app: FastifyInstance,
  db: Db,
  catalogue: CatalogueProvider,
  now: () => Date = () => new Date(),
): Promise<void> {
  app.get('/api/me/progress', async (request, reply) => {
    const user = await requireUser(app, request);
    void reply.header('cache-control', 'private, no-store');
    return { results: await getProgress({ db, catalogue }, user.id, now()) };
  });
}

import type { FastifyInstance } from 'fastify';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../auth/session.ts';
import { acceptsGzip, GZIP_THRESHOLD } from '../catalogue/send-answer.ts';
import { answerProgress, ProgressCache } from './progress.service.ts';

/** `GET /api/me/progress` (DESIGN.md "HTTP API contract"): the series in progress, for Up Next. */
export async function progressRoutes(
  app: FastifyInstance,
  db: Db,
  catalogue: CatalogueProvider,
  { now = () => new Date(), cache = new ProgressCache() }: { now?: () => Date; cache?: ProgressCache } = {},
): Promise<void> {
  // Compressed here, not by the app-wide plugin: the held answer keeps its gzip.
  app.get('/api/me/progress', { compress: false }, async (request, reply) => {
    const user = await requireUser(app, request);
    const answer = await answerProgress({ db, catalogue, cache }, user.id, now());
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

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

export interface HealthDeps {
  database: Pick<Database, 'kind' | 'ping'>;
  catalogueMode: 'local' | 'tmdb';
  version: string;
}

/** GET /api/health: `{status, db, catalogue, version}`; 503 when the database does not answer. */
export async function healthRoutes(app: FastifyInstance, deps: HealthDeps): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    let healthy = true;
    try {
      await deps.database.ping();
    } catch (error) {
      healthy = false;
      request.log.warn({ err: error }, 'health check: database did not answer');
    }
    void reply.header('cache-control', 'no-store');
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'unavailable',
      db: deps.database.kind,
      catalogue: deps.catalogueMode,
      version: deps.version,
    });
  });
}

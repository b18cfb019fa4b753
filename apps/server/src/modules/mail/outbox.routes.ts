import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer.ts';

/** GET /api/dev/outbox: only registered with DEV_OUTBOX=1; e-mails sent without SMTP, newest first. */
export async function outboxRoutes(app: FastifyInstance, mailer: Mailer): Promise<void> {
  app.get('/api/dev/outbox', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { results: mailer.outbox() };
  });
}

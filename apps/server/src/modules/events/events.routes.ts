import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { analyticsBatchSchema } from '@marquee/core/analytics/analytics-batch-schema';
import { ANALYTICS_LIMITS } from '@marquee/core/analytics/analytics-events';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findSessionUser } from '../auth/session.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { findSessionEvents } from './events.repository.ts';
import { recordEvents } from './events.service.ts';

// A core (zod/mini) schema, whose objects never compile: 50 events took ~0.2 ms on the runtime
// parser, ~0.03 ms compiled. A failed parse still runs the runtime parser, so the 400 names the
// same field.
const analyticsBatch = z.compile(analyticsBatchSchema);

/** POST /api/events (DESIGN.md: first-party analytics): a batch from the browser's consent sink. */
export async function eventsRoutes(app: FastifyInstance, db: Db, maxPerWindow?: number): Promise<void> {
  app.post('/api/events', { bodyLimit: ANALYTICS_LIMITS.bodyBytes }, async (request, reply) => {
    const batch = parseOrThrow(analyticsBatch, request.body ?? {}, 'body');
    const user = await findSessionUser(app, request);
    try {
      const accepted = await recordEvents(db, {
        events: batch.events,
        shareWatchHistory: batch.consent.shareWatchHistory,
        sessionUserId: user?.id ?? null,
        clientAddress: request.ip,
        maxPerWindow,
      });
      return reply.status(202).send({ accepted });
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate_limited' && typeof error.details?.retryAfter === 'number') {
        void reply.header('retry-after', String(error.details.retryAfter));
      }
      throw error;
    }
  });
}

export const sessionQuery = z.object({
  session_id: z.string({ message: 'is required' }).min(1, 'is required').max(64),
});

/**
 * GET /api/dev/events?session_id=: only registered with DEV_OUTBOX=1, like the mail outbox; lets
 * browser tests and developers see what one browser session stored.
 */
export async function devEventsRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get('/api/dev/events', async (request, reply) => {
    const { session_id: sessionId } = parseOrThrow(sessionQuery, request.query, 'query');
    void reply.header('cache-control', 'no-store');
    return { results: await findSessionEvents(db, sessionId) };
  });
}

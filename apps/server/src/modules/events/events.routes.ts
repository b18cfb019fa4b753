import type { FastifyInstance } from 'fastify';
import { ANALYTICS_LIMITS, analyticsBatchSchema } from '@marquee/core/analytics/analytics-events';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findSessionUser } from '../auth/session.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { recordEvents } from './events.service.ts';

/** POST /api/events (DESIGN.md: first-party analytics): a batch from the browser's consent sink. */
export async function eventsRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.post('/api/events', { bodyLimit: ANALYTICS_LIMITS.bodyBytes }, async (request, reply) => {
    const batch = parseOrThrow(analyticsBatchSchema, request.body ?? {}, 'body');
    const user = await findSessionUser(app, request);
    try {
      const accepted = await recordEvents(db, {
        events: batch.events,
        shareWatchHistory: batch.consent.shareWatchHistory,
        sessionUserId: user?.id ?? null,
        clientAddress: request.ip,
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

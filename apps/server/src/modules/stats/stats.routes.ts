import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { titleFactsParamsSchema } from '@marquee/core/catalogue/exclusions';
import { parseTitleTokens } from '@marquee/core/library/hiding';
import type { Db } from '../../db/client.ts';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { requireUser } from '../auth/session.ts';
import { getAccountStats, titleFacts } from './stats.service.ts';

/** `?year=` of GET /api/me/stats: the year in review's year. */
export const statsQuery = z.object({
  year: z.coerce
    .number()
    .int('must be a whole number')
    .min(1900, 'must be 1900 or later')
    .max(2100, 'must be 2100 or earlier')
    .optional(),
});

/**
 * GET /api/me/stats (the account's statistics) and GET /api/catalogue/facts (genres, year and
 * runtime of titles: what a guest's browser needs to compute the same statistics).
 */
export async function statsRoutes(app: FastifyInstance, db: Db, catalogue: CatalogueProvider): Promise<void> {
  app.get('/api/me/stats', async (request, reply) => {
    const user = await requireUser(app, request);
    const { year } = parseOrThrow(statsQuery, request.query, 'query');
    void reply.header('cache-control', 'private, no-store');
    return getAccountStats(db, catalogue, user.id, year);
  });

  app.get('/api/catalogue/facts', async (request, reply) => {
    const { ids } = parseOrThrow(titleFactsParamsSchema, request.query, 'query');
    const refs = parseTitleTokens(ids) ?? [];
    void reply.header('cache-control', 'public, max-age=600');
    return { results: await titleFacts(db, catalogue, refs) };
  });
}

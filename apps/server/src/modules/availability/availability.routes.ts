import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { titleIdSchema } from '@marquee/core';
import { availabilityParamsSchema } from '@marquee/core/catalogue/availability';
import { parseTitleTokens } from '@marquee/core/library/hiding';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import type { Availability } from './availability.service.ts';

export const seriesAvailabilityParams = z.object({ id: titleIdSchema });

/**
 * Answers follow the indexes within seconds (a file added to MEDIA_DIR): a browser or proxy may
 * reuse one briefly, never for long. They are the same for every visitor.
 */
const CACHE = 'public, max-age=5';

/**
 * GET /api/availability?ids=movie:603,tv:1399 (at most 100 titles) and GET /api/availability/tv/:id
 * (each playable episode): where titles can play before anyone presses Watch Now (issue 29).
 */
export async function availabilityRoutes(app: FastifyInstance, availability: Availability): Promise<void> {
  app.get('/api/availability', async (request, reply) => {
    const { ids } = parseOrThrow(availabilityParamsSchema, request.query, 'query');
    const seen = new Set<string>();
    const refs = (parseTitleTokens(ids) ?? []).filter(({ type, id }) => {
      const key = `${type}:${id}`;
      return !seen.has(key) && Boolean(seen.add(key));
    });
    void reply.header('cache-control', CACHE);
    return availability.forTitles(refs);
  });

  app.get('/api/availability/tv/:id', async (request, reply) => {
    const { id } = parseOrThrow(seriesAvailabilityParams, request.params, 'id');
    const answer = await availability.forSeries(id);
    void reply.header('cache-control', CACHE);
    return answer;
  });
}

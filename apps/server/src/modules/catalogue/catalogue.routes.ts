import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  discoverParamsSchema,
  genresParamsSchema,
  mediaTypeSchema,
  searchParamsSchema,
  seasonNumberSchema,
  titleIdSchema,
  topRatedParamsSchema,
} from '@marquee/core';
import { AppError, describeZodError } from '../../plugins/errors.ts';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { sendAnswer } from './send-answer.ts';

/**
 * Parses a request part with a schema, a core (zod/mini) or a classic one; a failure is a 400
 * naming the parameter.
 */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new AppError('invalid_input', describeZodError(result.error, where));
  return result.data;
}

const idParams = z.object({ id: titleIdSchema });
const seasonParams = z.object({ id: titleIdSchema, n: seasonNumberSchema });
const similarParams = z.object({ type: mediaTypeSchema, id: titleIdSchema });

/** Catalogue answers change slowly; let browsers and proxies keep them a little while. */
const CACHE_LIST = 'public, max-age=120';
const CACHE_DETAILS = 'public, max-age=600';

/** sendAnswer keeps its own gzip copy of each answer. */
const NO_COMPRESS = { compress: false } as const;

/** /api/catalogue/* (DESIGN.md "HTTP API contract"): thin routes over the active provider. */
export async function catalogueRoutes(app: FastifyInstance, catalogue: CatalogueProvider): Promise<void> {
  app.get('/api/catalogue/discover', NO_COMPRESS, async (request, reply) => {
    const params = parseOrThrow(discoverParamsSchema, request.query, 'query');
    return sendAnswer(request, reply, await catalogue.discover(params), CACHE_LIST);
  });

  app.get('/api/catalogue/search', NO_COMPRESS, async (request, reply) => {
    const params = parseOrThrow(searchParamsSchema, request.query, 'query');
    return sendAnswer(request, reply, await catalogue.search(params), CACHE_LIST);
  });

  app.get('/api/catalogue/top-rated', NO_COMPRESS, async (request, reply) => {
    const params = parseOrThrow(topRatedParamsSchema, request.query, 'query');
    return sendAnswer(request, reply, await catalogue.topRated(params), CACHE_LIST);
  });

  app.get('/api/catalogue/movie/:id', NO_COMPRESS, async (request, reply) => {
    const { id } = parseOrThrow(idParams, request.params, 'id');
    return sendAnswer(request, reply, await catalogue.movie(id), CACHE_DETAILS);
  });

  app.get('/api/catalogue/tv/:id', NO_COMPRESS, async (request, reply) => {
    const { id } = parseOrThrow(idParams, request.params, 'id');
    return sendAnswer(request, reply, await catalogue.tv(id), CACHE_DETAILS);
  });

  app.get('/api/catalogue/tv/:id/season/:n', NO_COMPRESS, async (request, reply) => {
    const { id, n } = parseOrThrow(seasonParams, request.params, 'path');
    return sendAnswer(request, reply, await catalogue.season(id, n), CACHE_DETAILS);
  });

  app.get('/api/catalogue/:type/:id/similar', NO_COMPRESS, async (request, reply) => {
    const { type, id } = parseOrThrow(similarParams, request.params, 'path');
    return sendAnswer(request, reply, await catalogue.similar(type, id), CACHE_DETAILS);
  });

  app.get('/api/catalogue/genres', NO_COMPRESS, async (request, reply) => {
    const { type } = parseOrThrow(genresParamsSchema, request.query, 'query');
    return sendAnswer(request, reply, { genres: await catalogue.genres(type) }, CACHE_DETAILS);
  });
}

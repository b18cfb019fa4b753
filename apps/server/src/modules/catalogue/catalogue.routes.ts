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

/** Parses a request part with a core schema; a failure is a 400 naming the parameter. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('invalid_input', describeZodError(result.error, where));
  return result.data;
}

const idParams = z.object({ id: titleIdSchema });
const seasonParams = z.object({ id: titleIdSchema, n: seasonNumberSchema });
const similarParams = z.object({ type: mediaTypeSchema, id: titleIdSchema });

/** Catalogue answers change slowly; let browsers and proxies keep them a little while. */
const CACHE_LIST = 'public, max-age=120';
const CACHE_DETAILS = 'public, max-age=600';

/** /api/catalogue/* (DESIGN.md "HTTP API contract"): thin routes over the active provider. */
export async function catalogueRoutes(app: FastifyInstance, catalogue: CatalogueProvider): Promise<void> {
  app.get('/api/catalogue/discover', async (request, reply) => {
    const params = parseOrThrow(discoverParamsSchema, request.query, 'query');
    void reply.header('cache-control', CACHE_LIST);
    return catalogue.discover(params);
  });

  app.get('/api/catalogue/search', async (request, reply) => {
    const params = parseOrThrow(searchParamsSchema, request.query, 'query');
    void reply.header('cache-control', CACHE_LIST);
    return catalogue.search(params);
  });

  app.get('/api/catalogue/top-rated', async (request, reply) => {
    const params = parseOrThrow(topRatedParamsSchema, request.query, 'query');
    void reply.header('cache-control', CACHE_LIST);
    return catalogue.topRated(params);
  });

  app.get('/api/catalogue/movie/:id', async (request, reply) => {
    const { id } = parseOrThrow(idParams, request.params, 'id');
    void reply.header('cache-control', CACHE_DETAILS);
    return catalogue.movie(id);
  });

  app.get('/api/catalogue/tv/:id', async (request, reply) => {
    const { id } = parseOrThrow(idParams, request.params, 'id');
    void reply.header('cache-control', CACHE_DETAILS);
    return catalogue.tv(id);
  });

  app.get('/api/catalogue/tv/:id/season/:n', async (request, reply) => {
    const { id, n } = parseOrThrow(seasonParams, request.params, 'path');
    void reply.header('cache-control', CACHE_DETAILS);
    return catalogue.season(id, n);
  });

  app.get('/api/catalogue/:type/:id/similar', async (request, reply) => {
    const { type, id } = parseOrThrow(similarParams, request.params, 'path');
    void reply.header('cache-control', CACHE_DETAILS);
    return catalogue.similar(type, id);
  });

  app.get('/api/catalogue/genres', async (request, reply) => {
    const { type } = parseOrThrow(genresParamsSchema, request.query, 'query');
    void reply.header('cache-control', CACHE_DETAILS);
    return { genres: await catalogue.genres(type) };
  });
}

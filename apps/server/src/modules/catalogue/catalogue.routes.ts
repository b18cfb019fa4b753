import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  discoverParamsSchema,
  genresParamsSchema,
  mediaTypeSchema,
  type MediaType,
  searchParamsSchema,
  seasonNumberSchema,
  titleIdSchema,
  topRatedParamsSchema,
} from '@marquee/core';
import { availableParamsSchema } from '@marquee/core/catalogue/availability';
import { exclusionParamsSchema, type HideSet } from '@marquee/core/catalogue/exclusions';
import type { Db } from '../../db/client.ts';
import { AppError, describeZodError } from '../../plugins/errors.ts';
import { SIMILAR_LIMIT, SIMILAR_MAX, type CatalogueProvider } from '../../catalogue/provider.ts';
import { discoverAvailable } from '../../catalogue/available.ts';
import { isExcluded, pageWithout, type Exclusions } from '../../catalogue/excluding.ts';
import { findSessionUser } from '../auth/session.ts';
import { findAccountExclusions } from './account-exclusions.ts';
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

/** An answer with titles left out depends on who asks: no shared cache may keep it. */
const CACHE_PRIVATE = 'private, no-store';

/** Only what the server can play: it follows the Library and the media server within seconds. */
const CACHE_AVAILABLE = 'public, max-age=5';

/** sendAnswer keeps its own gzip copy of each answer. */
const NO_COMPRESS = { compress: false } as const;

/**
 * /api/catalogue/* (DESIGN.md "HTTP API contract"): thin routes over the active provider. Discover,
 * top-rated and similar take `exclude` and `hide` (DESIGN.md "Hide watched, not interested"): a
 * request without them is the plain, publicly cached one; with them the titles are left out and
 * pages stay full (catalogue/excluding.ts). `db` reads a signed-in account's own sets for `hide`.
 * Discover's `available=1` keeps only the titles the server can play (catalogue/available.ts).
 */
export async function catalogueRoutes(
  app: FastifyInstance,
  catalogue: CatalogueProvider,
  db?: Db,
  /** The titles the server can play (modules/availability), for discover's `available=1`. */
  playable?: { playableIds(type: MediaType): readonly number[] },
): Promise<void> {
  /** The titles this request leaves out, or null when it asks to leave none out. */
  async function exclusionsOf(request: FastifyRequest): Promise<Exclusions | null> {
    const { exclude, hide } = parseOrThrow(exclusionParamsSchema, request.query, 'query');
    if (exclude === undefined && hide === undefined) return null;
    const excluded = new Set(exclude ? exclude.split(',') : []);
    if (hide && db) {
      // A guest's (or a signed-out device's) hide asks for nothing: its own titles come in exclude.
      const user = await findSessionUser(app, request);
      if (user)
        for (const key of await findAccountExclusions(db, user.id, hide.split(',') as HideSet[])) excluded.add(key);
    }
    return excluded;
  }

  app.get('/api/catalogue/discover', NO_COMPRESS, async (request, reply) => {
    const params = parseOrThrow(discoverParamsSchema, request.query, 'query');
    const { available } = parseOrThrow(availableParamsSchema, request.query, 'query');
    const excluded = await exclusionsOf(request);
    if (available === '1') {
      const ids = playable?.playableIds(params.type) ?? [];
      const answer = await discoverAvailable(catalogue, params, ids, excluded);
      return sendAnswer(request, reply, answer, excluded ? CACHE_PRIVATE : CACHE_AVAILABLE);
    }
    if (!excluded) return sendAnswer(request, reply, await catalogue.discover(params), CACHE_LIST);
    const answer = await pageWithout((page) => catalogue.discover({ ...params, page }), params.page, excluded);
    return sendAnswer(request, reply, answer, CACHE_PRIVATE);
  });

  app.get('/api/catalogue/search', NO_COMPRESS, async (request, reply) => {
    const params = parseOrThrow(searchParamsSchema, request.query, 'query');
    return sendAnswer(request, reply, await catalogue.search(params), CACHE_LIST);
  });

  app.get('/api/catalogue/top-rated', NO_COMPRESS, async (request, reply) => {
    const params = parseOrThrow(topRatedParamsSchema, request.query, 'query');
    const excluded = await exclusionsOf(request);
    if (!excluded) return sendAnswer(request, reply, await catalogue.topRated(params), CACHE_LIST);
    const answer = await pageWithout((page) => catalogue.topRated({ ...params, page }), params.page, excluded);
    return sendAnswer(request, reply, answer, CACHE_PRIVATE);
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
    const excluded = await exclusionsOf(request);
    if (!excluded) return sendAnswer(request, reply, await catalogue.similar(type, id), CACHE_DETAILS);
    // The row stays full: what is left out is replaced from further down the list, read four times
    // longer each time until it fills, the list ends or SIMILAR_MAX titles were read.
    for (let limit = SIMILAR_LIMIT * 4; ; limit *= 4) {
      const answer = await catalogue.similar(type, id, limit);
      const results = answer.results.filter((item) => !isExcluded(excluded, item));
      if (results.length >= SIMILAR_LIMIT || answer.results.length < limit || limit >= SIMILAR_MAX) {
        return sendAnswer(request, reply, { results: results.slice(0, SIMILAR_LIMIT) }, CACHE_PRIVATE);
      }
    }
  });

  app.get('/api/catalogue/genres', NO_COMPRESS, async (request, reply) => {
    const { type } = parseOrThrow(genresParamsSchema, request.query, 'query');
    return sendAnswer(request, reply, { genres: await catalogue.genres(type) }, CACHE_DETAILS);
  });
}

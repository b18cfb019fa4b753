import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LIST_MOVIES_PAGE_SIZE, LISTS_PAGE_SIZE, listIdSchema, listPageParamsSchema } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { findList, listLists } from './lists.repository.ts';

const CACHE = 'public, max-age=300';

/** GET /api/lists and /api/lists/:id (DESIGN.md): the curated lists, paged. */
export async function listsRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get('/api/lists', async (request, reply) => {
    const { page } = parseOrThrow(listPageParamsSchema, request.query, 'query');
    const { total, lists } = await listLists(db, page, LISTS_PAGE_SIZE);
    void reply.header('cache-control', CACHE);
    return { page, results: lists, total_pages: Math.ceil(total / LISTS_PAGE_SIZE), total_results: total };
  });

  app.get('/api/lists/:id', async (request, reply) => {
    const parsed = z.object({ id: listIdSchema }).safeParse(request.params);
    // An id no list could have is simply not found.
    if (!parsed.success) throw new AppError('not_found', 'List not found');
    const { page } = parseOrThrow(listPageParamsSchema, request.query, 'query');
    const found = await findList(db, parsed.data.id, page, LIST_MOVIES_PAGE_SIZE);
    if (!found) throw new AppError('not_found', 'List not found');
    void reply.header('cache-control', CACHE);
    return {
      ...found.list,
      page,
      total_pages: Math.ceil(found.total / LIST_MOVIES_PAGE_SIZE),
      total_results: found.total,
    };
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { syncRequestSchema } from '@marquee/core';
import { MAX_STORED_INTEGER } from '@marquee/core/library/common';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import type { EpisodeCheck } from './episode-check.ts';
import { refusedSyncBody } from './sync-refusal.ts';
import { hasHeardAnnouncements, mayUseMemory, requireUser } from '../auth/session.ts';
import { PersonalCache } from './personal-cache.ts';
import { applySync, findSettings, listWatchLater, pageHistory } from './me.repository.ts';

/**
 * `?page=` of `GET /api/me/history`: 50 entries a page, as far as an account's history goes;
 * `series=`: only the episodes of that series (the History screen removes a whole series with them).
 */
export const historyQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(1_000_000).default(1),
  series: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(MAX_STORED_INTEGER, 'is too large')
    .optional(),
});

/** At most this many operations in one sync request; the client sends its queue in batches. */
export const SYNC_BATCH_LIMIT = 500;

// The core schemas are zod/mini ones, whose objects never compile: 500 operations took ~2 ms on the
// runtime parser, ~0.6 ms with classic zod's compiled objects, well under 0.1 ms compiled here. A
// failed parse still runs the runtime parser, so the 400 names the same field.
const syncRequest = z.compile(syncRequestSchema);

/**
 * /api/me/*: the signed-in user's history, Watch Later and settings; every query scoped to them.
 * `personalCache` answers the reads from memory (personal-cache.ts); the app listens for its
 * evictions with the sessions' (listenForSessionChanges), and `applySync` announces them.
 * `episodes` refuses a sync naming an episode the catalogue says does not exist (episode-check.ts).
 */
export async function meRoutes(
  app: FastifyInstance,
  db: Db,
  personalCache = new PersonalCache(),
  episodes?: EpisodeCheck,
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/me/')) void reply.header('cache-control', 'private, no-store');
    done();
  });

  /** Answers `read`'s result for the signed-in user, from memory when nothing has changed since. */
  function cachedRead(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    what: string,
    read: () => Promise<unknown>,
  ): FastifyReply | Promise<FastifyReply> {
    const json = personalCache.get(userId, what);
    // A cached answer counts only once every eviction committed before this request was heard.
    if (json !== undefined && mayUseMemory(app, request)) return sendJson(reply, json);
    return readPastBarrier(request, reply, userId, what, read);
  }

  async function readPastBarrier(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    what: string,
    read: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    // A cached answer, or one being read, counts only once every eviction committed before this
    // request was heard; an eviction heard meanwhile drops both.
    let json: string | undefined;
    if (
      (personalCache.get(userId, what) ?? personalCache.reading(userId, what)) !== undefined &&
      (await hasHeardAnnouncements(app, request))
    ) {
      json = personalCache.get(userId, what) ?? (await personalCache.reading(userId, what));
    }
    json ??= await personalCache.load(userId, what, async () => JSON.stringify(await read()));
    return sendJson(reply, json);
  }

  app.get('/api/me/history', async (request, reply) => {
    const user = await requireUser(app, request);
    const { page, series } = parseOrThrow(historyQuery, request.query, 'query');
    return cachedRead(request, reply, user.id, `history:${series ?? ''}:${page}`, () =>
      pageHistory(db, user.id, page, series),
    );
  });

  app.get('/api/me/watch-later', async (request, reply) => {
    const user = await requireUser(app, request);
    return cachedRead(request, reply, user.id, 'watch-later', async () => ({
      results: await listWatchLater(db, user.id),
    }));
  });

  app.get('/api/me/settings', async (request, reply) => {
    const user = await requireUser(app, request);
    return cachedRead(request, reply, user.id, 'settings', () => findSettings(db, user.id));
  });

  app.post('/api/me/sync', { bodyLimit: 2 * 1024 * 1024 }, async (request) => {
    const user = await requireUser(app, request);
    const parsed = z.safeParse(syncRequest, request.body);
    // A refused batch names its operation, which the device drops before sending the rest again.
    if (!parsed.success) throw refusedSyncBody(parsed.error);
    const { operations, cursor } = parsed.data;
    if (operations.length > SYNC_BATCH_LIMIT) {
      throw new AppError(
        'invalid_input',
        `Invalid operations: must hold at most ${SYNC_BATCH_LIMIT} operations per request`,
      );
    }
    await episodes?.refuseUnknownEpisodes(operations);
    const answer = await (cursor === undefined
      ? applySync(db, user.id, operations)
      : applySync(db, user.id, operations, { cursor }));
    // applySync announced the change to every app server; this one forgets at once.
    if (operations.length > 0) personalCache.evict(user.id);
    return answer;
  });
}

function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { syncRequestSchema } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { hasHeardAnnouncements, requireUser } from '../auth/session.ts';
import { SETTINGS_CHANNEL, SettingsCache } from './settings-cache.ts';
import { applySync, findSettings, listWatchLater, pageHistory } from './me.repository.ts';

/** `?page=` of `GET /api/me/history`: 50 entries a page, as far as an account's history goes. */
export const historyQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(1_000_000).default(1),
});

/** At most this many operations in one sync request; the client sends its queue in batches. */
export const SYNC_BATCH_LIMIT = 500;

// The core schemas are zod/mini ones, whose objects never compile: 500 operations took ~2 ms on the
// runtime parser, ~0.6 ms with classic zod's compiled objects, well under 0.1 ms compiled here. A
// failed parse still runs the runtime parser, so the 400 names the same field.
const syncRequest = z.compile(syncRequestSchema);

/**
 * /api/me/*: the signed-in user's history, Watch Later and settings; every query scoped to them.
 * `settingsCache` answers settings reads from memory (settings-cache.ts); the app listens for its
 * evictions with the sessions' (listenForSessionChanges).
 */
export async function meRoutes(app: FastifyInstance, db: Db, settingsCache = new SettingsCache()): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/me/')) void reply.header('cache-control', 'private, no-store');
    done();
  });

  app.get('/api/me/history', async (request) => {
    const user = await requireUser(app, request);
    const { page } = parseOrThrow(historyQuery, request.query, 'query');
    return pageHistory(db, user.id, page);
  });

  app.get('/api/me/watch-later', async (request) => {
    const user = await requireUser(app, request);
    return { results: await listWatchLater(db, user.id) };
  });

  app.get('/api/me/settings', async (request, reply) => {
    const user = await requireUser(app, request);
    // A cached answer counts only once every eviction committed before this request was heard.
    const cached = settingsCache.get(user.id) !== undefined && (await hasHeardAnnouncements(app, request));
    const json = cached ? settingsCache.get(user.id) : undefined;
    if (json !== undefined) return reply.type('application/json; charset=utf-8').send(json);
    const ticket = settingsCache.ticket();
    const answer = JSON.stringify(await findSettings(db, user.id));
    settingsCache.set(user.id, answer, ticket);
    return reply.type('application/json; charset=utf-8').send(answer);
  });

  app.post('/api/me/sync', { bodyLimit: 2 * 1024 * 1024 }, async (request) => {
    const user = await requireUser(app, request);
    const { operations, cursor } = parseOrThrow(syncRequest, request.body, 'body');
    if (operations.length > SYNC_BATCH_LIMIT) {
      throw new AppError(
        'invalid_input',
        `Invalid operations: must hold at most ${SYNC_BATCH_LIMIT} operations per request`,
      );
    }
    const answer = await (cursor === undefined
      ? applySync(db, user.id, operations)
      : applySync(db, user.id, operations, { cursor }));
    if (operations.some((operation) => operation.store === 'settings')) {
      // After the commit: this server forgets at once, the others when they hear it.
      settingsCache.evict(user.id);
      await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${user.id})`);
    }
    return answer;
  });
}

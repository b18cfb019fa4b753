import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { exportFilename } from '@marquee/core/account-data/marquee-export';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { Db } from '../../db/client.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { sessionsOf } from '../auth/auth.ts';
import { requireUser } from '../auth/session.ts';
import { PERSONAL_CHANNEL } from '../me/personal-cache.ts';
import { deleteAccount, exportJsonStream, exportLetterboxdZip } from './account-data.service.ts';

/** `GET /api/me/export?format=`: everything of the account as JSON (the default), or films for Letterboxd. */
export const exportQuery = z.object({
  format: z.enum(['json', 'letterboxd'], { message: 'must be json or letterboxd' }).default('json'),
});

/** `DELETE /api/me`: the account's password (an account without one has just signed in instead). */
export const deleteAccountBody = z
  .object({ password: z.string().max(128, 'must be 128 characters or fewer').optional() })
  .strict();

/**
 * The account's exports and its deletion (issue 31): GET /api/me/export and DELETE /api/me. Reads
 * and deletes the personal tables by SQL of its own (account-data.repository.ts).
 */
export async function accountDataRoutes(
  app: FastifyInstance,
  db: Db,
  catalogue: Pick<CatalogueProvider, 'movie' | 'mode'>,
): Promise<void> {
  app.get('/api/me/export', async (request, reply) => {
    const user = await requireUser(app, request);
    const { format } = parseOrThrow(exportQuery, request.query, 'query');
    const now = new Date();
    const isJson = format === 'json';
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${exportFilename(now, isJson ? 'json' : 'zip', 'utc')}"`)
      .type(isJson ? 'application/json; charset=utf-8' : 'application/zip')
      .send(isJson ? exportJsonStream(db, user.id, now) : exportLetterboxdZip({ db, catalogue }, user.id));
  });

  app.delete('/api/me', async (request, reply) => {
    const user = await requireUser(app, request);
    const { password } = parseOrThrow(deleteAccountBody, request.body ?? {}, 'body');
    const authContext = await app.auth.$context;
    const sessions = sessionsOf(app.auth);
    await deleteAccount(
      {
        db,
        verifyPassword: (data) => authContext.password.verify(data),
        async sessionStartedAt() {
          const found = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
          return found ? new Date(found.session.createdAt) : null;
        },
        async announceGone(userId) {
          // Its sessions and the personal reads cached for it end on every app server at once,
          // not when a cached entry runs out.
          await sessions.announcements.announce(userId);
          await db.execute(sql`select pg_notify(${PERSONAL_CHANNEL}, ${userId})`);
        },
      },
      { id: user.id, email: user.email },
      password,
    );
    const secure = sessions.cookieName.startsWith('__Secure-') ? '; Secure' : '';
    const prefix = sessions.cookieName.slice(0, -'session_token'.length);
    return reply
      .header(
        'set-cookie',
        ['session_token', 'session_data', 'dont_remember'].map(
          (name) => `${prefix}${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`,
        ),
      )
      .send({ deleted: true });
  });
}

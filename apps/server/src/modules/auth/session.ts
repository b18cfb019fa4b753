import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import type { Database } from '../../db/client.ts';
import { listen } from '../../db/notify.ts';
import { AppError } from '../../plugins/errors.ts';
import { sessionsOf } from './auth.ts';
import { SESSIONS_CHANNEL, SessionBarrier, sessionCookieValue } from './session-cache.ts';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image?: string | null;
  createdAt: Date;
}

/**
 * The signed-in user of a request, or null. A session cookie seen in the last minute is answered
 * from memory (session-cache.ts); any other goes to better-auth, which checks its signature and
 * the session row.
 */
export async function findSessionUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser | null> {
  const { cache, cookieName, barrier } = sessionsOf(app.auth);
  const header = request.headers.cookie;
  if (!header?.includes(cookieName)) return null;
  const cookie = sessionCookieValue(header, cookieName);
  if (cookie !== null && cache.get(cookie)) {
    // Read again past the barrier: an eviction heard meanwhile removed it.
    const cached = !barrier || (await barrier.pass()) ? cache.get(cookie) : undefined;
    if (cached) return cached;
  }
  const ticket = cache.ticket();
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const user = Object.freeze({ ...session.user }) as SessionUser;
  if (cookie !== null) cache.set(cookie, user, new Date(session.session.expiresAt), ticket);
  return user;
}

/** The signed-in user of a request; a 401 when there is none. */
export async function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser> {
  const user = await findSessionUser(app, request);
  if (!user) throw new AppError('unauthorized', 'Sign in to use this');
  return user;
}

/**
 * Evicts from this app server's session cache what any app server on the same database announces
 * (auth.ts's database hooks), until the app closes.
 */
export async function listenForSessionChanges(app: FastifyInstance, database: Database): Promise<void> {
  const sessions = sessionsOf(app.auth);
  const { cache, announcements } = sessions;
  // PGlite runs in this process and calls its listeners before the NOTIFY's statement returns: it
  // needs no barrier.
  const ownChannel = `${SESSIONS_CHANNEL}_${randomUUID().replace(/-/g, '')}`;
  const barrier =
    database.kind === 'postgres'
      ? new SessionBarrier((n) =>
          database.db.execute(sql`select pg_notify(${ownChannel}, ${String(n)})`).then(() => {}),
        )
      : undefined;
  sessions.barrier = barrier;
  const channels = barrier ? [SESSIONS_CHANNEL, ownChannel] : [SESSIONS_CHANNEL];
  const stop = await listen(
    database,
    channels,
    (payload, channel) => (channel === SESSIONS_CHANNEL ? announcements.hear(payload) : barrier?.heard(payload)),
    {
      onListening(isListening) {
        cache.setListening(isListening);
        if (!isListening) {
          announcements.stopWaiting();
          barrier?.fail();
        }
      },
    },
  );
  app.addHook('onClose', stop);
}

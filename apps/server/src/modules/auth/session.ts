import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Database } from '../../db/client.ts';
import { listen, type Listener } from '../../db/notify.ts';
import { AppError } from '../../plugins/errors.ts';
import { SESSION_SECONDS, sessionsOf } from './auth.ts';
import {
  ECHO_LIMIT_MS,
  SESSIONS_CHANNEL,
  SessionBarrier,
  sessionCookieValue,
  type CachedSessionRecord,
} from './session-cache.ts';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image?: string | null;
  createdAt: Date;
}

/** Requests that have passed the barrier since they arrived: once is enough for each. */
const heardSinceArrival = new WeakSet<FastifyRequest>();

/**
 * Whether a request may take what memory holds as it is: no barrier to wait for (PGlite), or it
 * has passed it already. Otherwise hasHeardAnnouncements first. Cached reads take this path
 * without a promise: with better-auth's and the app's AsyncLocalStorages on, each promise a
 * request made cost a few microseconds of Node 20's async hooks.
 */
export function mayUseMemory(app: FastifyInstance, request: FastifyRequest): boolean {
  const { barrier } = sessionsOf(app.auth);
  return !barrier || heardSinceArrival.has(request);
}

/** The request's session cookie: undefined without one, null when unusable as a key (session-cache.ts). */
function sessionCookieOf(app: FastifyInstance, request: FastifyRequest): string | null | undefined {
  const { cookieName } = sessionsOf(app.auth);
  const header = request.headers.cookie;
  if (!header?.includes(cookieName)) return undefined;
  return sessionCookieValue(header, cookieName);
}

/** What the cache holds for `cookie`, read past the barrier (an eviction heard meanwhile removed it). */
async function cachedSessionPastBarrier(app: FastifyInstance, request: FastifyRequest, cookie: string) {
  return (await hasHeardAnnouncements(app, request)) ? sessionsOf(app.auth).cache.getSession(cookie) : undefined;
}

const NO_USER = Promise.resolve(null);

/**
 * The signed-in user of a request, or null. A session cookie seen in the last minute is answered
 * from memory (session-cache.ts); any other goes to better-auth, which checks its signature and
 * the session row.
 */
export function findSessionUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser | null> {
  const cookie = sessionCookieOf(app, request);
  if (cookie === undefined) return NO_USER;
  const cached = cookie === null ? undefined : sessionsOf(app.auth).cache.getSession(cookie);
  if (cached && mayUseMemory(app, request)) return Promise.resolve(cached.user);
  return lookUpSessionUser(app, request, cookie, cached !== undefined);
}

async function lookUpSessionUser(
  app: FastifyInstance,
  request: FastifyRequest,
  cookie: string | null,
  isCached: boolean,
): Promise<SessionUser | null> {
  if (isCached && cookie !== null) {
    const cached = await cachedSessionPastBarrier(app, request, cookie);
    if (cached) return cached.user;
  }
  const { cache } = sessionsOf(app.auth);
  const ticket = cache.ticket();
  const found = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!found) return null;
  const user = Object.freeze({ ...found.user }) as SessionUser;
  const session = Object.freeze({
    ...found.session,
    expiresAt: new Date(found.session.expiresAt),
    updatedAt: new Date(found.session.updatedAt),
  });
  if (cookie !== null) cache.set(cookie, user, session, ticket);
  return user;
}

/**
 * GET /api/auth/get-session's answer from the cache, or null when better-auth must answer: not
 * cached, or due for better-auth's daily renewal (which sets the cookie again, so that an active
 * user's browser keeps it past the first 30 days).
 */
export async function findCachedSessionAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  now = Date.now(),
): Promise<{ session: CachedSessionRecord; user: SessionUser } | null> {
  const cookie = sessionCookieOf(app, request);
  let cached = cookie ? sessionsOf(app.auth).cache.getSession(cookie) : undefined;
  if (cached && !mayUseMemory(app, request)) cached = await cachedSessionPastBarrier(app, request, cookie!);
  if (!cached) return null;
  const isDueForRenewal =
    cached.session.expiresAt.getTime() - SESSION_SECONDS.expiresIn * 1000 + SESSION_SECONDS.updateAge * 1000 <= now;
  return isDueForRenewal ? null : cached;
}

/**
 * Waits until this app server has heard every announcement committed before now (on PostgreSQL a
 * NOTIFY round trip, shared by the requests waiting at the time); false when that cannot be known.
 */
export async function hasHeardAnnouncements(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  if (mayUseMemory(app, request)) return true;
  const heard = await sessionsOf(app.auth).barrier!.pass();
  if (heard) heardSinceArrival.add(request);
  return heard;
}

/** The signed-in user of a request; a 401 when there is none. */
export async function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser> {
  const user = await findSessionUser(app, request);
  if (!user) throw new AppError('unauthorized', 'Sign in to use this');
  return user;
}

/** Another cache kept fresh by announcements heard on the sessions' listener connection. */
export interface AlsoListening {
  channel: string;
  hear(payload: string): void;
  setListening(isListening: boolean): void;
}

/**
 * Evicts from this app server's session cache what any app server on the same database announces
 * (auth.ts's database hooks), until the app closes. `also` are other caches evicted the same way,
 * on the same connection, so that the sessions' barrier covers their evictions too.
 */
export async function listenForSessionChanges(
  app: FastifyInstance,
  database: Database,
  also: readonly AlsoListening[] = [],
): Promise<void> {
  const sessions = sessionsOf(app.auth);
  const { cache, announcements } = sessions;
  // PGlite runs in this process and calls its listeners before the NOTIFY's statement returns: it
  // needs no barrier.
  const ownChannel = `${SESSIONS_CHANNEL}_${randomUUID().replace(/-/g, '')}`;
  const connection: { listener?: Listener } = {};
  // The pings go out on the listening connection: no pooled connection to wait for under load.
  // A ping waits no longer than a query may (DB_QUERY_TIMEOUT_MS): with the database hung, a
  // signed-in request still answers its 503 within about twice that, as it did when pings went
  // through the pool.
  const barrier =
    database.kind === 'postgres'
      ? new SessionBarrier(
          async (n) => {
            if (!connection.listener) throw new Error('not listening yet');
            await connection.listener.notify(ownChannel, String(n));
          },
          Math.min(ECHO_LIMIT_MS, database.queryTimeoutMs ?? ECHO_LIMIT_MS),
        )
      : undefined;
  sessions.barrier = barrier;
  const channels = [SESSIONS_CHANNEL, ...also.map((other) => other.channel), ...(barrier ? [ownChannel] : [])];
  const listener = await listen(
    database,
    channels,
    (payload, channel) => {
      if (channel === SESSIONS_CHANNEL) announcements.hear(payload);
      else if (channel === ownChannel) barrier?.heard(payload);
      else also.find((other) => other.channel === channel)?.hear(payload);
    },
    {
      onListening(isListening) {
        cache.setListening(isListening);
        for (const other of also) other.setListening(isListening);
        if (!isListening) {
          announcements.stopWaiting();
          barrier?.fail();
        }
      },
    },
  );
  connection.listener = listener;
  app.addHook('onClose', () => listener.stop());
}

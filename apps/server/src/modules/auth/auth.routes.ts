import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Db } from '../../db/client.ts';
import {
  AppError,
  DATABASE_UNAVAILABLE_MESSAGE,
  ERROR_STATUS,
  isDatabaseUnavailable,
  type ErrorCode,
} from '../../plugins/errors.ts';
import { ACCOUNT_LIMITS, hitAccountLimit, noteSignIn, signInRefusal } from './account-rate-limit.ts';
import { authCall, type Auth } from './auth.ts';
import { findCachedSessionAnswer } from './session.ts';

/** better-auth's own error codes become the API's, by status (422 is invalid input too). */
function codeForStatus(status: number): ErrorCode {
  if (status === 422) return 'invalid_input';
  const match = (Object.entries(ERROR_STATUS) as Array<[ErrorCode, number]>).find(([, value]) => value === status);
  return match?.[0] ?? (status >= 500 ? 'internal' : 'invalid_input');
}

/** Turns a Fastify request into the fetch Request better-auth handles. */
function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const url = new URL(request.url, publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // The client address as Fastify established it (proxy headers only count with TRUST_PROXY), so
  // that better-auth's per-IP rate limits cannot be dodged with a forged X-Forwarded-For.
  headers.set('x-forwarded-for', request.ip);
  return new Request(url, {
    method: request.method,
    headers,
    ...(hasBody ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
  });
}

/** The origin the request was sent to (its Host, with the scheme); '' when the Host is not one. */
function ownOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return '';
  }
}

function minutes(seconds: number): string {
  const value = Math.ceil(seconds / 60);
  return `${value} minute${value === 1 ? '' : 's'}`;
}

/** better-auth's redirect targets, in a query or a body. */
const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

/**
 * Whether a redirect target stays on this site once resolved the way a browser resolves it. Dot
 * segments, encoded or not, normalise away: better-auth answered `/.//evil.example`,
 * `/x/..//evil.example` and `/%2e//evil.example` with `Location: //evil.example`, which a browser
 * reads as another host. The value is judged as sent and percent-decoded once more, in case an
 * endpoint decodes it again. Control characters and backslashes, which browsers drop or read as
 * slashes, are refused outright.
 */
function staysOnSite(value: string, publicUrl: string): boolean {
  if ([...value].some((character) => character <= '\u001f' || character === '\u007f' || character === '\\')) {
    return false;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  const origin = new URL(publicUrl).origin;
  return [value, decoded].every((candidate) => {
    if (!URL.canParse(candidate, origin)) return false;
    const resolved = new URL(candidate, origin);
    return resolved.origin === origin && !resolved.pathname.startsWith('//');
  });
}

/**
 * A redirect target must be a path on this site or an http(s) address on it, for every
 * better-auth endpoint that takes one. Anything else made better-auth throw on building the URL, a
 * 500 for what is bad input. better-auth checks addresses against the trusted origins too, but
 * not the dot segments above.
 */
function checkRedirectTargets(request: FastifyRequest, publicUrl: string): void {
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const field of REDIRECT_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (value === undefined) continue;
      const isPath = typeof value === 'string' && /^\/(?![/\\])/.test(value);
      const isAddress = typeof value === 'string' && /^https?:\/\/[^/\\]/i.test(value) && URL.canParse(value);
      if (!isPath && !isAddress) {
        throw new AppError('invalid_input', `Invalid ${field}: expected a path on this site or an http(s) address`);
      }
      if (!staysOnSite(value, publicUrl)) throw new AppError('forbidden', `Invalid ${field}`);
    }
  }
}

/** The longest text any better-auth input may be: a signed ID token fits; nothing a person types comes near. */
export const AUTH_TEXT_LIMIT = 4096;

/**
 * Refuses a text over AUTH_TEXT_LIMIT in a query or body, naming its field. better-auth sets no
 * length on most of its inputs and copies some into the address it redirects to (a sign-in's
 * loginHint, a callback's code): 20,000 characters there made a Location header no HTTP client
 * reads (Node's stops at 16 KB).
 */
function checkTextLengths(value: unknown, where: string[] = [], depth = 0): void {
  if (typeof value === 'string') {
    if (value.length > AUTH_TEXT_LIMIT) {
      throw new AppError('invalid_input', `Invalid ${where.join('.')}: must be ${AUTH_TEXT_LIMIT} characters or fewer`);
    }
    return;
  }
  if (!value || typeof value !== 'object' || depth > 8) return;
  for (const [key, item] of Object.entries(value)) checkTextLengths(item, [...where, key], depth + 1);
}

/**
 * Refuses an attempt over the per-account limits with 429 before better-auth sees it; returns the
 * e-mail of a sign-in, whose outcome is to be noted (noteSignIn), else null.
 */
async function enforceAccountLimit(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  if (request.method !== 'POST') return null;
  const path = new URL(request.url, 'http://x').pathname.replace(/^\/api\/auth/, '');
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || !email.trim()) return null;
  const isSignIn = path === '/sign-in/email';
  const rule = ACCOUNT_LIMITS.find((candidate) => candidate.path === path);
  if (!rule && !isSignIn) return null;
  const retryAfter = isSignIn ? await signInRefusal(db, email, request.ip) : await hitAccountLimit(db, rule!, email);
  if (retryAfter === null) return isSignIn ? email : null;
  void reply.header('retry-after', String(retryAfter));
  throw new AppError('rate_limited', `Too many attempts for this account. Please try again in ${minutes(retryAfter)}.`);
}

/** /api/auth/*: every better-auth endpoint (sign-up, sign-in, sign-out, session, verification, reset, social). */
export async function authRoutes(
  app: FastifyInstance,
  auth: Auth,
  db: Db,
  publicUrl: string,
  isDatabaseUp: () => Promise<boolean> = async () => true,
): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      // Every page load asks for the session: a cached one is answered without better-auth.
      if (request.method === 'GET' && request.url === '/api/auth/get-session') {
        const cached = await findCachedSessionAnswer(app, request);
        if (cached) return reply.header('cache-control', 'no-store').send(cached);
      }
      checkTextLengths(request.query);
      checkTextLengths(request.body);
      checkRedirectTargets(request, publicUrl);
      const signInEmail = await enforceAccountLimit(db, request, reply);
      const failure: { error?: unknown } = {};
      const response = await authCall.run({ failure, origin: ownOrigin(request) }, () =>
        auth.handler(toFetchRequest(request, publicUrl)),
      );
      // A wrong password (or an unknown e-mail) is 401; a right one is 200, or 403 while unconfirmed.
      if (signInEmail !== null && (response.status === 401 || response.status === 200)) {
        await noteSignIn(db, signInEmail, request.ip, response.status === 200);
      }
      void reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') void reply.header(key, value);
      });
      for (const cookie of response.headers.getSetCookie()) void reply.header('set-cookie', cookie);
      void reply.header('cache-control', 'no-store');
      const text = await response.text();
      if (response.status >= 400) {
        // One error shape for the whole API: {"error":{"code","message"}}, also where better-auth
        // answers an error with no body or the body `null` (e.g. account-info without a session).
        let body: { message?: unknown } = {};
        try {
          if (response.headers.get('content-type')?.includes('application/json')) body = JSON.parse(text) ?? {};
        } catch {
          body = {};
        }
        // better-auth answers a bare 500 whatever went wrong; a database that does not answer, or
        // that dropped this request's connection (a restart ends every session), is a 503.
        if (response.status >= 500) {
          request.log.error({ err: failure.error }, 'better-auth failed');
          if (isDatabaseUnavailable(failure.error) || !(await isDatabaseUp())) {
            return reply.status(503).send({ error: { code: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } });
          }
        }
        const code = codeForStatus(response.status);
        const message =
          response.status >= 500
            ? 'Internal server error'
            : typeof body.message === 'string' && body.message
              ? body.message
              : 'Authentication failed';
        void reply.header('content-type', 'application/json; charset=utf-8');
        return reply.send({ error: { code, message } });
      }
      return reply.send(text || null);
    },
  });
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { APIError, createEmailVerificationToken } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import { eq, sql } from 'drizzle-orm';
import { USERNAME_PATTERN } from '@marquee/core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sqlStateOf } from '../../plugins/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { account, rateLimit, session, user, userProfiles, verification } from './auth-schema.ts';
import type { PasswordHashing } from './password-hashing.ts';
import {
  SESSIONS_CHANNEL,
  SessionAnnouncements,
  SessionCache,
  type SessionBarrier,
  type SessionCacheOptions,
} from './session-cache.ts';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  secret: string;
  /** How passwords are hashed; by default better-auth's own scrypt (password-hashing.ts). */
  passwordHashing?: PasswordHashing;
  /** The session cache's size, TTL and clock (tests move the clock). */
  sessionCache?: SessionCacheOptions;
}

/** An auth's session cache and the name of the cookie it is keyed by (session.ts reads both). */
export interface AuthSessions {
  cache: SessionCache;
  cookieName: string;
  announcements: SessionAnnouncements;
  /** PostgreSQL: what a cache hit waits for (session.ts sets it when it starts listening). */
  barrier?: SessionBarrier;
}

const sessionsByAuth = new WeakMap<object, AuthSessions>();

/** The session cache of an auth made by createAuth. */
export function sessionsOf(auth: object): AuthSessions {
  const sessions = sessionsByAuth.get(auth);
  if (!sessions) throw new Error('sessionsOf: not an auth made by createAuth');
  return sessions;
}

/**
 * What auth.ts's hooks and options need of the better-auth call under way, in one
 * AsyncLocalStorage: with several, Node 20's async hooks pass each one on at every promise and
 * callback of every request once they are in use (a few microseconds a request each).
 * - `transaction`: the transaction a piece of better-auth's work runs in (a sign-up: the user, its
 *   password's account and its profile), for the database hooks below. A hook that queried the
 *   pool instead would wait for a second connection while the transaction holds the first: PGlite
 *   has only one, and under load PostgreSQL's pool ran out the same way.
 * - `failure`: the error that made better-auth fail the request under way, if any. better-auth
 *   answers every failure as a bare 500; auth.routes.ts reads the cause here to answer a database
 *   that dropped the request's connection with a 503, as every other route does.
 * - `origin`: the origin (scheme, host and port) the request under way was sent to, as Fastify
 *   read it (the forwarded one only with TRUST_PROXY), for better-auth's origin check.
 */
export interface AuthCall {
  transaction?: Db;
  failure?: { error?: unknown };
  origin?: string;
}

/** The better-auth call under way (AuthCall); auth.routes.ts runs each request's in it. */
export const authCall = new AsyncLocalStorage<AuthCall>();

/** The database as better-auth's adapter sees it: each transaction it opens is noted for the hooks. */
function notingTransactions(db: Db): Db {
  return new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key === 'transaction') {
        return (work: (tx: Db) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) =>
          target.transaction(
            (tx) =>
              authCall.run({ ...authCall.getStore(), transaction: tx as unknown as Db }, () =>
                work(tx as unknown as Db),
              ),
            config,
          );
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A session lasts 30 days, renewed (its cookie set again) when used a day or more after the last renewal. */
export const SESSION_SECONDS = { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 } as const;

/** How long a confirmation link works. */
const CONFIRMATION_SECONDS = 24 * 60 * 60;

/** The callbackURL of a sign-up request (auth.routes.ts has checked it stays on this site), else "/". */
async function callbackOf(request: Request | undefined): Promise<string> {
  try {
    const body = (await request?.json()) as { callbackURL?: unknown } | undefined;
    return typeof body?.callbackURL === 'string' ? body.callbackURL : '/';
  } catch {
    return '/';
  }
}

/** Where a hook's queries go: the transaction under way, else the pool. */
const current = (db: Db): Db => authCall.getStore()?.transaction ?? db;

/**
 * Makes the user's profile (product.md §3 User profile) from its user row, unless it has one: in
 * the sign-up's transaction, with its account, so that a sign-up leaves all three or none.
 */
async function ensureProfile(db: Db, userId: string): Promise<void> {
  try {
    await db.execute(sql`
      insert into ${userProfiles} (id, username, email, avatar_url)
      select id, nullif(name, ''), email, image from ${user} where id = ${userId}
      on conflict (id) do nothing`);
  } catch (error) {
    // Another sign-up took the name between the check and here.
    if (sqlStateOf(error) === '23505') {
      throw new APIError('CONFLICT', { message: 'Username is already taken' });
    }
    throw error;
  }
}

async function isUsernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(
      sql`lower(${userProfiles.username}) = lower(${username})${exceptUserId ? sql` and ${userProfiles.id} <> ${exceptUserId}` : sql``}`,
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The origins better-auth trusts. With PUBLIC_URL set, that address only. Without it, also the
 * address the request was sent to: a page served from http://127.0.0.1:3000 or a LAN address
 * posts with that Origin and that Host, which is same-site, while a forged request carries the
 * forging site's Origin and the server's Host.
 */
function trustedOrigins(config: Config): string[] | (() => string[]) {
  if (config.isPublicUrlSet) return [config.publicUrl];
  return () => {
    const own = authCall.getStore()?.origin;
    return own ? [config.publicUrl, own] : [config.publicUrl];
  };
}

function keepFailure(error: unknown): void {
  const scope = authCall.getStore()?.failure;
  if (scope && error !== undefined) scope.error ??= error;
}

/**
 * better-auth on the project database: e-mail and password (confirmation required before
 * signing in), password reset by e-mail, social providers enabled by environment variables,
 * rate limits kept in the database (shared by every app server), scrypt password hashes
 * (memory-hard). The sign-up name is the optional username; a user_profiles row is made with it.
 */
export function createAuth({ db, config, mailer, secret, passwordHashing, sessionCache }: AuthDeps) {
  const isHttps = config.publicUrl.startsWith('https:');
  const cache = new SessionCache(sessionCache);
  const sessions: AuthSessions = {
    cache,
    cookieName: `${isHttps ? '__Secure-' : ''}marquee.session_token`,
    // Hooks run once their transaction has committed: on the pool.
    announcements: new SessionAnnouncements(cache, async (payload) => {
      await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${payload})`);
    }),
  };
  /**
   * A user's sessions ended or its account changed: every app server forgets what it cached of
   * them (session-cache.ts), before the answer that did it leaves.
   */
  const sessionsChanged = (userId: string) => sessions.announcements.announce(userId);
  const socialProviders = {
    ...(config.oauth.github ? { github: config.oauth.github } : {}),
    ...(config.oauth.google ? { google: config.oauth.google } : {}),
  };
  const oidc = config.oauth.oidc;

  const sendConfirmation = (to: string, url: string) =>
    mailer.send({
      to,
      subject: 'Confirm your Marquee account',
      text: `Welcome to Marquee!\n\nConfirm your e-mail address to finish creating your account:\n${url}\n\nIf you did not sign up, ignore this e-mail.`,
    });

  const auth = betterAuth({
    appName: 'Marquee',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    database: drizzleAdapter(notingTransactions(db), {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
      // A sign-up is one transaction: the user, its password's account and its profile, or none.
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      resetPasswordTokenExpiresIn: 60 * 60,
      /**
       * A sign-up with an address that has an account answers as a new one would (nothing reveals
       * the account). Unconfirmed, it gets a new confirmation link: a lost or expired first one
       * locked the address out. Confirmed, its owner is told, and pointed to sign-in and reset.
       */
      async onExistingUserSignUp({ user: existing }, request) {
        if (existing.emailVerified) {
          await mailer.send({
            to: existing.email,
            subject: 'Your Marquee account',
            text: `Someone, maybe you, tried to create a Marquee account with this e-mail address, which already has one.\n\nSign in at ${config.publicUrl}/ (Forgot password there sends a reset link).\n\nIf it was not you, ignore this e-mail: nothing has changed.`,
          });
          return;
        }
        const token = await createEmailVerificationToken(secret, existing.email, undefined, CONFIRMATION_SECONDS, {
          userId: existing.id,
        });
        const callbackURL = await callbackOf(request);
        await sendConfirmation(
          existing.email,
          `${config.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`,
        );
      },
      async sendResetPassword({ user: target, url }) {
        await mailer.send({
          to: target.email,
          subject: 'Reset your Marquee password',
          text: `Someone asked to reset the password of your Marquee account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_SECONDS,
      async sendVerificationEmail({ user: target, url }) {
        await sendConfirmation(target.email, url);
      },
    },
    socialProviders,
    // Changing the e-mail sends a confirmation link to the new address; it changes once clicked.
    user: { changeEmail: { enabled: true } },
    plugins: oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                clientId: oidc.clientId,
                clientSecret: oidc.clientSecret,
                discoveryUrl: oidc.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
              },
            ],
          }),
        ]
      : [],
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: {
        // Every page asks for the session: limiting it would lock out a busy household behind
        // one address, and it reveals nothing without a session cookie.
        '/get-session': false,
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    session: SESSION_SECONDS,
    advanced: {
      // better-auth skips its origin and redirect checks when NODE_ENV=test or TEST is set: on, so
      // that a server started that way, and the tests, behave as in production.
      disableOriginCheck: false,
      cookiePrefix: 'marquee',
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps },
    },
    // Where better-auth turns an error into its 500: some endpoints throw it on (onError), others
    // log it and throw a bare one (get-session). The route logs the failure with the request's id.
    onAPIError: {
      onError(error) {
        keepFailure(error);
      },
    },
    logger: {
      level: 'error',
      log(_level, _message, ...args) {
        keepFailure(args.find((arg) => arg instanceof Error));
      },
    },
    databaseHooks: {
      user: {
        update: {
          // update-user lets `name: null` through its own checks; the column is NOT NULL, so it
          // was a database error (500) instead of a 400.
          async before(changes) {
            if ('name' in changes && typeof changes.name !== 'string') {
              throw new APIError('BAD_REQUEST', { message: 'Invalid name: expected a string' });
            }
            return { data: changes };
          },
          // The profile repeats the e-mail (product.md §3 User profile): keep it in step. After
          // hooks run once the transaction has committed: on the pool.
          async after(updated) {
            await db
              .update(userProfiles)
              .set({ email: updated.email, updatedAt: new Date() })
              .where(eq(userProfiles.id, updated.id));
            // The cached sessions carry the user: its e-mail, name, confirmation.
            await sessionsChanged(updated.id);
          },
        },
        delete: {
          async after(deleted) {
            await sessionsChanged(deleted.id);
          },
        },
        create: {
          async before(candidate) {
            const username = candidate.name?.trim() ?? '';
            if (username && !USERNAME_PATTERN.test(username)) {
              throw new APIError('BAD_REQUEST', {
                message: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores',
              });
            }
            if (username && (await isUsernameTaken(current(db), username))) {
              throw new APIError('CONFLICT', { message: 'Username is already taken' });
            }
            return { data: { ...candidate, name: username } };
          },
        },
      },
      // Sign-out, revocation, a password changed (other sessions revoked) or reset: the sessions
      // end everywhere at once, not when a cache entry runs out.
      session: {
        delete: {
          async after(ended) {
            await sessionsChanged(ended.userId);
          },
        },
      },
      // Every user gets an account as it is made (a password, or a social provider's): the
      // profile is made with it, in the same transaction.
      account: {
        create: {
          async before(candidate) {
            await ensureProfile(current(db), candidate.userId);
            return { data: candidate };
          },
        },
      },
    },
  });
  sessionsByAuth.set(auth, sessions);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
export { isUsernameTaken, USERNAME_PATTERN };

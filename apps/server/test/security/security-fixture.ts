import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { COMMENTS_PER_MINUTE } from '../../src/modules/comments/comments.routes.ts';
import { API_ROUTES, type ApiRoute } from '../api-routes.ts';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import type { HttpAnswer, HttpRequest, TestServer } from '../test-server.ts';

/**
 * Shared by the security suites (issue #10): the app listening on a real port, attacked over HTTP.
 * Requests come from many loopback addresses (127.0.0.0/8), so per-address limits only bite the
 * tests about them.
 */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE titles; --",
  '1 UNION SELECT email, password FROM account --',
  "1'); DELETE FROM session; --",
  '$1',
  '%_%',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '\u0000',
  'ünïcødé 🎬 \u202e',
];

/** The payloads a text field can hold: PostgreSQL cannot store U+0000, so the API refuses it (400). */
export const STORABLE_INJECTIONS = INJECTIONS.filter((payload) => !payload.includes('\u0000'));

/** What must never appear in an answer: traces, SQL, driver or file-system details. */
export const LEAKS =
  /Failed query|syntax error|at \w+ \(|node_modules|drizzle|pg_catalog|\bselect\b.+\bfrom\b|\/etc\/passwd|root:x:|TOP-SECRET/i;

export type User = Awaited<ReturnType<typeof signedInUser>>;

/** A string no other test run or user shares, to find one user's data in anyone's answer. */
export const uniqueMark = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;

export function apiRoute(method: ApiRoute['method'], path: string): ApiRoute {
  const route = API_ROUTES.find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) throw new Error(`${method} ${path} is not in test/api-routes.ts`);
  return route;
}

/** Sends each request from an address of its own, so that per-address limits never add up. */
export function createSender(t: TestServer) {
  let address = 0;
  const nextAddress = () => `127.1.${(++address >> 8) & 255}.${address & 255 || 1}`;
  const send = (request: HttpRequest | string) =>
    t.request({ remoteAddress: nextAddress(), ...(typeof request === 'string' ? { url: request } : request) });
  return { send, nextAddress };
}

/**
 * Signed-in users to post comments as, each used for fewer than the per-user limit a minute:
 * a payload sent as a user already over the limit would stop at the 429 and test nothing.
 */
export function createCommenters(t: TestServer) {
  let current: User | null = null;
  let posts = 0;
  return async function nextCommenter(): Promise<User> {
    if (!current || posts >= COMMENTS_PER_MINUTE - 1) {
      current = await signedInUser(t.app);
      posts = 0;
    }
    posts++;
    return current;
  };
}

let emails = 0;
/** An e-mail no account has yet: per-account limits (sign-in, sign-up, reset) start at zero for it. */
export const freshEmail = () => `fresh-${++emails}-${Date.now()}-${randomBytes(3).toString('hex')}@example.org`;

/** A signed-in user's JSON request with the same-site Origin a browser sends. */
export function asUser(cookie: string, method: string, url: string, payload?: unknown): HttpRequest {
  return { method, url, headers: { origin: TEST_ORIGIN, cookie }, ...(payload === undefined ? {} : { payload }) };
}

export function expectSafe(response: HttpAnswer, what: string, sent = '') {
  expect(response.statusCode, what).toBeLessThan(500);
  // An answer may echo inputs back as JSON (this one, or one stored earlier): only what the server
  // added counts as a leak.
  let added = response.body;
  for (const input of [sent, ...INJECTIONS])
    if (input) added = added.split(JSON.stringify(input).slice(1, -1)).join('');
  expect(added, what).not.toMatch(LEAKS);
  if (response.statusCode >= 400) {
    expect(JSON.parse(response.body), what).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  }
  // A reflected string is only harmless where no browser renders it as a page.
  if (sent.includes('<') && response.body.includes(sent)) {
    expect(String(response.headers['content-type']), what).not.toMatch(/html|svg|xml/);
  }
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
}

/**
 * The request reached the route's own code: it was not stopped by a rate limit meant for someone
 * else, and the path matched a route (an injected path parameter is the route's to refuse).
 */
export function expectReachedHandler(response: HttpAnswer, what: string) {
  expect(response.statusCode, `${what}: stopped by a rate limit, the payload was never tried`).not.toBe(429);
  if (response.statusCode === 404) expect(response.body, what).not.toMatch(/No route for/);
}

/** Row counts of the tables that hold people's data, read straight from the database. */
export async function tableCounts(t: TestServer): Promise<Record<string, number>> {
  const tables = ['user', 'session', 'account', 'user_profiles', 'viewing_history', 'watch_later', 'user_settings'];
  const [row] = await t.database.rows<Record<string, number>>(
    sql.raw(
      `select ${[...tables, 'comments', 'feedback', 'analytics_events', 'titles']
        .map((table) => `(select count(*)::int from "${table}") as "${table}"`)
        .join(', ')}`,
    ),
  );
  return row!;
}

/** The session token a cookie carries (the part before the signature): what a session list would show. */
export const sessionToken = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

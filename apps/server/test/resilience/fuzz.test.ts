import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_ROUTES,
  fillPath,
  HEAD_ROUTES,
  MEDIA_FIXTURES,
  PASSWORD,
  queryString,
  requestOf,
  tableCovers,
  userDataSnapshot,
  type ApiRoute,
  type RouteFixture,
  type ValidParts,
} from '../api-routes.ts';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { installFakeGitHub } from '../fake-github.ts';
import { ABSENT, type Schema } from '../fuzz/zod-arbitrary.ts';
import {
  LAST_ETAG,
  LAST_MODIFIED,
  routeArbitraries,
  withoutAbsent,
  type FuzzRequest,
  type RouteArbitraries,
  type RouteSchemas,
} from '../fuzz/request-arbitrary.ts';
import type { HttpAnswer, HttpRequest } from '../test-server.ts';
import { startTestServer, type TestServer } from '../test-server.ts';
import { seedCuratedLists } from '../../src/modules/lists/lists-seed.ts';

/**
 * Issue #10: every input of every API endpoint fuzzed against the app listening on a real port.
 * The endpoints are read from the app itself (its routes, its own HEAD routes, and better-auth's
 * endpoints behind /api/auth/*); one without a row in test/api-routes.ts fails the run, since its
 * row is what the fuzzer derives the endpoint's inputs from: the schemas it parses them with
 * (test/route-schemas.ts, or better-auth's own) and its valid request (test/fuzz/).
 *
 * Per endpoint: first a sweep (its valid request with one input at a time at each of its edges),
 * then FUZZ_RUNS random requests, from a seed fixed per endpoint (FUZZ_SEED). By default 40 on
 * PGlite and 15 on PostgreSQL: the random requests try the endpoint's validation, which is the
 * same on both; what differs is the SQL, which the sweep and the first requests already reach
 * (every endpoint must accept one). The seed differs between the two, so they send different
 * random requests. Every request runs; there is no time limit that could cut an
 * endpoint short. Whatever arrives:
 * - the answer is never a 5xx, and a 4xx has the API's error shape;
 * - a rejected request (a 4xx, or a redirect to an error page) leaves every user table and the
 *   catalogue as they were (compared in the database), and so does any request to a route the
 *   table does not mark as changing data;
 * - a request its schemas refuse is never accepted;
 * - the server keeps answering.
 * Longer runs: FUZZ_RUNS=1000 FUZZ_SEED=$RANDOM npx vitest run --project server test/resilience/fuzz.test.ts
 * (FUZZ_REPORT=1 prints each endpoint's share of valid, accepted and rejected requests.)
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.MARQUEE_TEST_DB === 'postgres' ? 15 : 40));
const SEED = Number(process.env.FUZZ_SEED ?? 20261120);
const ROUTES = [...API_ROUTES, ...HEAD_ROUTES];

interface Account {
  email: string;
  password: string;
  cookie: string;
  userId: string;
  signIns: number;
}

let t: TestServer;
let shared: Account;
let other: Account;
let address = 0;
let clockAhead = 0;
let restoreFetch: () => void;

const nextAddress = () => `127.4.${(++address >> 8) & 255}.${address & 255 || 1}`;
const send = (request: HttpRequest) => t.request({ remoteAddress: nextAddress(), timeoutMs: 10_000, ...request });

async function newAccount(): Promise<Account> {
  const user = await signedInUser(t.app);
  return { ...user, password: PASSWORD, signIns: 1 };
}

/** Signs the account in again (per-account limit: 10 a quarter hour), else replaces it. */
async function signInAgain(account: Account): Promise<Account> {
  if (account.signIns < 9) {
    const answer = await send({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: account.email, password: account.password },
    });
    const cookie = sessionCookie(answer);
    if (answer.statusCode === 200 && cookie) return { ...account, cookie, signIns: account.signIns + 1 };
  }
  return newAccount();
}

/** The session cookie an answer sets: its `name=value`, '' when it ends the session, null when it sets none. */
function sessionCookie(answer: HttpAnswer): string | null {
  const set = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const cookie = set.find((value) => value.startsWith('marquee.session_token='));
  if (!cookie) return null;
  const pair = cookie.split(';')[0]!;
  return pair === 'marquee.session_token=' || /max-age=0/i.test(cookie) ? '' : pair;
}

async function isSignedIn(cookie: string): Promise<boolean> {
  if (!cookie) return false;
  const answer = await send({ url: '/api/auth/get-session', headers: { cookie } });
  return answer.statusCode === 200 && Boolean(answer.body && answer.json()?.session);
}

/** Moves Date forward for the app (only), as far as all earlier moves together. */
function skipAhead(ms: number) {
  clockAhead += ms;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(vi.getRealSystemTime() + clockAhead);
}

function fixtureFor(account: Account): RouteFixture {
  return { send, database: t.database, user: account, skipAhead };
}

/** better-auth's endpoints as the server mounts them: `METHOD /api/auth/...`, with their schemas. */
function authEndpoints(): Array<{ method: string; url: string; body?: Schema; query?: Schema }> {
  const endpoints = Object.values(
    t.app.auth.api as Record<string, { path?: unknown; options?: { method?: unknown; body?: Schema; query?: Schema } }>,
  );
  return endpoints.flatMap((endpoint) =>
    typeof endpoint.path === 'string'
      ? ([] as unknown[])
          .concat(endpoint.options?.method ?? [])
          .filter((method): method is string => typeof method === 'string' && method !== '*')
          .map((method) => ({
            method,
            url: `/api/auth${endpoint.path as string}`,
            body: endpoint.options?.body,
            query: endpoint.options?.query,
          }))
      : [],
  );
}

function schemasOf(route: ApiRoute): RouteSchemas {
  if (!route.path.startsWith('/api/auth/')) return route.input ?? {};
  const endpoint = authEndpoints().find(
    (candidate) => candidate.method === route.method && candidate.url === route.path,
  );
  return {
    ...(endpoint?.query ? { query: endpoint.query } : {}),
    ...(endpoint?.body && route.method !== 'GET' ? { body: endpoint.body } : {}),
    ...route.input,
  };
}

/** A redirect to an error page (`?error=…`) refuses the request as surely as a 4xx does. */
function isErrorRedirect(answer: HttpAnswer): boolean {
  return answer.statusCode >= 300 && answer.statusCode < 400 && /[?&#]error=/.test(String(answer.headers.location));
}

function isAccepted(answer: HttpAnswer): boolean {
  return answer.statusCode < 400 && !isErrorRedirect(answer);
}

beforeAll(async () => {
  restoreFetch = installFakeGitHub();
  t = await startTestServer(
    { MEDIA_DIR: MEDIA_FIXTURES, GITHUB_CLIENT_ID: 'fuzz-github', GITHUB_CLIENT_SECRET: 'fuzz-github-secret' },
    undefined,
    { catalogue: true },
  );
  await seedCuratedLists(t.database.db);
  shared = await newAccount();
  other = await newAccount();
  await signedInUser(t.app, 'someone@example.org');
  for (let tries = 0; ; tries++) {
    const library = (await send({ url: '/api/media/library' })).json();
    if (!library.scanning && library.scanned_at) break;
    if (tries > 100) throw new Error('the media folder was not scanned');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t?.close();
  restoreFetch?.();
});

describe('the fuzzed endpoints', () => {
  it('are every route of the app, its own HEAD routes and every better-auth endpoint', () => {
    const endpoints = [
      ...t.routes.filter((route) => route.url.startsWith('/api/')),
      ...t.headRoutes.filter((route) => route.url.startsWith('/api/')),
      ...authEndpoints().map(({ method, url }) => ({ method, url })),
    ];
    expect(endpoints.length).toBeGreaterThan(60);
    expect(t.headRoutes).toContainEqual({ method: 'HEAD', url: '/api/media/stream/:id' });
    const uncovered = endpoints.filter(
      ({ method, url }) =>
        !ROUTES.some((route) =>
          url.endsWith('*') ? tableCovers(route, method, url) : route.method === method && route.path === url,
        ),
    );
    expect(uncovered, 'add a row per endpoint to test/api-routes.ts').toEqual([]);
  });
});

describe("each row's valid request", () => {
  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s succeeds (or answers its documented status)',
    async (_, route) => {
      const account = route.ownUser ? await newAccount() : shared;
      const prepared: ValidParts = route.prepare ? await route.prepare(fixtureFor(account)) : {};
      const cookie = [route.session || route.ownUser ? account.cookie : '', prepared.headers?.cookie]
        .filter(Boolean)
        .join('; ');
      const answer = await send(
        requestOf(route, {
          params: prepared.params ?? route.params,
          query: prepared.query ?? route.query,
          ...(prepared.body ? { body: prepared.body } : {}),
          headers: { ...(cookie ? { cookie } : {}) },
        }),
      );
      const what = `${route.method} ${route.path} → ${answer.statusCode} ${answer.headers.location ?? ''} ${answer.body.slice(0, 200)}`;
      if (route.answers) expect(answer.statusCode, what).toBe(route.answers);
      else expect(answer.statusCode, what).toBeGreaterThanOrEqual(200);
      if (!route.answers || route.answers < 400) {
        expect(answer.statusCode, what).toBeLessThan(400);
        expect(isErrorRedirect(answer), what).toBe(false);
      }
    },
  );
});

interface Stats {
  sent: number;
  schemaValid: number;
  accepted: number;
  rejected: number;
  statuses: Map<number, number>;
}
const report: Array<[string, Stats]> = [];

/** Replaces, in every string of a request, the prepared values of the route's first request with the current ones. */
function substitute(value: unknown, map: Map<string, string>): unknown {
  if (typeof value === 'string') return map.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => substitute(item, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, map)]));
  }
  return value;
}

function stringLeaves(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(path, value);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) stringLeaves(item, `${path}.${key}`, into);
  }
  return into;
}

describe('fuzzing every endpoint', () => {
  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx, no data changed by a rejection, the server still answers',
    async (key, route) => {
      let account = route.ownUser ? await newAccount() : shared;
      const first: ValidParts = route.prepare ? await route.prepare(fixtureFor(account)) : {};
      let current = first;
      const examples = {
        params: first.params ?? route.params,
        query: first.query ?? route.query,
        body: first.body ?? route.body?.(),
      };
      const arbitraries: RouteArbitraries = routeArbitraries(route, schemasOf(route), examples);
      const stats: Stats = { sent: 0, schemaValid: 0, accepted: 0, rejected: 0, statuses: new Map() };
      let lastEtag = '"none-yet"';
      let lastModified = new Date(0).toUTCString();
      let stored = await userDataSnapshot(t.database);

      const exercise = async (request: FuzzRequest) => {
        // What prepare made for the first request stands for what it made last (a spent token is replaced).
        const replacements = new Map<string, string>();
        const before = stringLeaves(first);
        for (const [place, value] of stringLeaves(current)) {
          if (before.get(place) !== undefined && before.get(place) !== value)
            replacements.set(before.get(place)!, value);
        }
        if (route.ownUser) {
          replacements.set(PASSWORD, account.password);
          replacements.set('another-horse', account.password === 'another-horse' ? PASSWORD : 'another-horse');
        }
        replacements.set(LAST_ETAG, lastEtag).set(LAST_MODIFIED, lastModified);
        const sent = substitute(request, replacements) as FuzzRequest;

        const senderCookie = {
          own: account.cookie,
          none: '',
          bogus: 'marquee.session_token=forged.signature',
          other: other.cookie,
        }[sent.sender];
        const cookie = [senderCookie, current.headers?.cookie].filter(Boolean).join('; ');
        const params = Object.fromEntries(
          Object.entries(sent.params).map(([name, value]) => [name, value === ABSENT ? '' : String(value)]),
        );
        const query = withoutAbsent(sent.query) as Record<string, string | string[]>;
        const body = sent.body && 'json' in sent.body && sent.body.json !== ABSENT ? sent.body.json : undefined;
        const raw = sent.body && 'raw' in sent.body ? sent.body : null;
        const url = fillPath(route, params) + (Object.keys(query).length ? `?${queryString(query)}` : '');
        const answer = await send({
          method: route.method,
          url,
          headers: {
            origin: TEST_ORIGIN,
            ...sent.headers,
            ...(cookie ? { cookie } : {}),
            ...(raw ? { 'content-type': raw.contentType } : {}),
          },
          ...(raw ? { payload: raw.raw } : body !== undefined ? { payload: body } : {}),
          ...(route.stream ? { headersOnly: true } : {}),
        });

        const what = `${sent.kind} ${route.method} ${url} as ${sent.sender} ${JSON.stringify(sent.headers)} ${JSON.stringify(sent.body)?.slice(0, 300)} → ${answer.statusCode} ${answer.headers.location ?? ''} ${answer.body.slice(0, 200)}`;
        const accepted = isAccepted(answer);
        const rejected = answer.statusCode >= 400 || isErrorRedirect(answer);
        const schemaValid = arbitraries.isSchemaValid(sent);
        stats.sent++;
        stats.statuses.set(answer.statusCode, (stats.statuses.get(answer.statusCode) ?? 0) + 1);
        if (schemaValid) stats.schemaValid++;
        if (accepted) stats.accepted++;
        if (rejected) stats.rejected++;

        expect(answer.statusCode, what).toBeGreaterThanOrEqual(200);
        expect(answer.statusCode, what).toBeLessThan(500);
        if (answer.statusCode >= 400 && route.method !== 'HEAD') {
          expect(answer.json(), what).toMatchObject({
            error: { code: expect.any(String), message: expect.any(String) },
          });
        }
        const now = await userDataSnapshot(t.database);
        if (rejected || !route.mutates) {
          const changed = Object.keys(now).filter(
            (table) => now[table] !== stored[table] && !(rejected && route.spentByRefusal?.includes(table)),
          );
          expect(changed, `${rejected ? 'rejected' : 'non-mutating'}: ${what}`).toEqual([]);
        }
        stored = now;
        // Without a path parameter the request is another route's (/api/lists/ is /api/lists): this
        // route's schemas do not judge it.
        const reachesRoute = (route.path.match(/:\w+/g) ?? []).every((name) => Boolean(params[name.slice(1)]));
        if (!schemaValid && reachesRoute) {
          expect(accepted, `accepted though its schema refuses it: ${what}`).toBe(false);
        }

        if (typeof answer.headers.etag === 'string') lastEtag = answer.headers.etag;
        if (typeof answer.headers['last-modified'] === 'string') lastModified = answer.headers['last-modified'];
        let replaced = false;
        if (route.ownUser && sent.sender === 'own') {
          const set = sessionCookie(answer);
          if (set !== null) account = { ...account, cookie: set };
          const newPassword = (body as { newPassword?: unknown } | undefined)?.newPassword;
          if (route.path === '/api/auth/change-password' && accepted && typeof newPassword === 'string') {
            account = { ...account, password: newPassword };
          }
          if ((accepted || answer.statusCode === 401 || set === '') && !(await isSignedIn(account.cookie))) {
            const next = await signInAgain(account);
            replaced = next.userId !== account.userId;
            account = next;
          }
        }
        if (route.prepare && ((route.consumes && accepted) || replaced)) {
          current = await route.prepare(fixtureFor(account));
        }
        // The snapshot again: signing in and preparing write too, and are not the request's doing.
        if (replaced || route.prepare || route.ownUser) stored = await userDataSnapshot(t.database);
      };

      // Another seed on each database, so that the two runs send different random requests.
      const seed = [...`${process.env.MARQUEE_TEST_DB ?? ''}${key}`].reduce(
        (hash, char) => (hash * 31 + char.charCodeAt(0)) | 0,
        SEED,
      );
      await fc.assert(fc.asyncProperty(arbitraries.request, exercise), {
        numRuns: arbitraries.sweep.length + RUNS,
        seed,
        examples: arbitraries.sweep.map((request) => [request]),
        endOnFailure: true,
      });
      report.push([key, stats]);

      // Every request ran: the sweep and all the random ones.
      expect(stats.sent).toBe(arbitraries.sweep.length + RUNS);
      // The handler was reached to its end at least once (the documented refusals aside).
      if (!route.answers || route.answers < 400) expect(stats.accepted, key).toBeGreaterThan(0);
      const health = await send({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().status).toBe('ok');
    },
    180_000,
  );
});

afterAll(() => {
  if (!process.env.FUZZ_REPORT) return;
  const percent = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(whole, 1))}%`.padStart(4);
  const lines = report.map(
    ([key, stats]) =>
      `${key.padEnd(52)} ${String(stats.sent).padStart(5)} valid ${percent(stats.schemaValid, stats.sent)} accepted ${percent(stats.accepted, stats.sent)} rejected ${percent(stats.rejected, stats.sent)}  ${[
        ...stats.statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
  );
  console.info(`fuzz report (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})\n${lines.join('\n')}`);
});

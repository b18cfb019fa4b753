import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, requestOf, tableCovers, userDataSnapshot, type ApiRoute } from '../api-routes.ts';
import { signedInUser } from '../auth-helpers.ts';
import { startTestServer, type TestServer } from '../test-server.ts';

/**
 * Issue #10: every input of every API endpoint fuzzed against the app listening on a real port.
 * The endpoints are read from the app itself (its routes, and better-auth's endpoints behind
 * /api/auth/*); one without a row in test/api-routes.ts fails the run, since its row is what the
 * fuzzer derives the endpoint's inputs from. Whatever arrives, the answer is never a 5xx, a 4xx has
 * the API's error shape, a rejected request leaves every user table as it was (compared in the
 * database), and the server keeps answering.
 */
let t: TestServer;
let cookie: string;
let address = 0;

beforeAll(async () => {
  t = await startTestServer({}, undefined, { catalogue: true });
  ({ cookie } = await signedInUser(t.app));
});
afterAll(() => t?.close());

/** better-auth's endpoints as the server mounts them: `METHOD /api/auth/...`. */
function authEndpoints(): Array<{ method: string; url: string }> {
  const endpoints = Object.values(t.app.auth.api as Record<string, { path?: unknown; options?: { method?: unknown } }>);
  return endpoints.flatMap((endpoint) =>
    typeof endpoint.path === 'string'
      ? ([] as unknown[])
          .concat(endpoint.options?.method ?? [])
          .filter((method): method is string => typeof method === 'string' && method !== '*')
          .map((method) => ({ method, url: `/api/auth${endpoint.path as string}` }))
      : [],
  );
}

describe('the fuzzed endpoints', () => {
  it('are every route of the app and every better-auth endpoint', () => {
    const endpoints = [...t.routes.filter((route) => route.url.startsWith('/api/')), ...authEndpoints()];
    expect(endpoints.length).toBeGreaterThan(60);
    const uncovered = endpoints.filter(
      ({ method, url }) =>
        !API_ROUTES.some((route) =>
          url.endsWith('*') ? tableCovers(route, method, url) : route.method === method && route.path === url,
        ),
    );
    expect(uncovered, 'add a row per endpoint to test/api-routes.ts').toEqual([]);
  });
});

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.double().map(String),
  fc.constantFrom('', ' ', '0', '-1', '1e400', 'NaN', 'null', 'true', '[]', '{}', '%', '../', 'movie|tv', '18,,|'),
);

/** Valid values most of the time, so that the fuzzer also reaches deep into each handler. */
function mixed(valid: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  return fc.record<Record<string, string>>(
    Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, fc.oneof(fc.constant(value), text)])),
    { requiredKeys: [] },
  );
}

/** A body shaped like the valid one with leaves replaced, or any JSON value at all. */
function bodyLike(valid: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(valid)) return fc.oneof(fc.array(bodyLike(valid[0]), { maxLength: 3 }), fc.jsonValue());
  if (valid && typeof valid === 'object') {
    const fields = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, bodyLike(value)]));
    return fc.oneof({ weight: 4, arbitrary: fc.record(fields, { requiredKeys: [] }) }, fc.jsonValue({ maxDepth: 3 }));
  }
  return fc.oneof({ weight: 2, arbitrary: fc.constant(valid) }, fc.jsonValue({ maxDepth: 2 }), text);
}

/** What a body arrives as: JSON of the shape above, or bytes that only claim to be JSON. */
interface Payload {
  body: unknown;
  raw?: string;
}

function payloadLike(valid: unknown): fc.Arbitrary<Payload> {
  return fc.oneof(
    { weight: 6, arbitrary: bodyLike(valid).map((body) => ({ body })) },
    text.map((raw) => ({ body: undefined, raw })),
  );
}

function requestArbitrary(route: ApiRoute) {
  return fc.record({
    params: mixed(route.params ?? {}),
    query: fc.tuple(mixed(route.query ?? {}), fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 2 })),
    payload: route.body ? payloadLike(route.body()) : fc.constant<Payload>({ body: undefined }),
  });
}

describe('fuzzing every endpoint', () => {
  it.each(API_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx, no data changed by a rejection, the server still answers',
    async (_, route) => {
      // An endpoint that may end its session or change its account gets a user of its own.
      const sender = route.ownUser ? (await signedInUser(t.app)).cookie : cookie;
      let stored = await userDataSnapshot(t.database);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async ({ params, query, payload }) => {
          address++;
          const request = requestOf(route, {
            params: { ...route.params, ...params },
            query: { ...query[1], ...route.query, ...query[0] },
            ...(route.body ? { body: payload.body } : {}),
            headers: { cookie: sender, ...(payload.raw !== undefined ? { 'content-type': 'application/json' } : {}) },
            remoteAddress: `127.4.${(address >> 8) & 255}.${address & 255 || 1}`,
          });
          const response = await t.request({
            ...request,
            ...(payload.raw !== undefined ? { payload: payload.raw } : {}),
            timeoutMs: 10_000,
          });
          const what = `${request.method} ${request.url} ${JSON.stringify(payload)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          const now = await userDataSnapshot(t.database);
          if (response.statusCode >= 400) {
            expect(response.json(), what).toMatchObject({
              error: { code: expect.any(String), message: expect.any(String) },
            });
            expect(now, what).toEqual(stored);
          }
          stored = now;
        }),
        { numRuns: 40, interruptAfterTimeLimit: 2_500, markInterruptAsFailure: false },
      );
      const health = await t.request('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json().status).toBe('ok');
    },
  );
});

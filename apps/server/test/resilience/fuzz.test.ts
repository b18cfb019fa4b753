import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, requestOf, storedState, type ApiRoute } from '../api-routes.ts';
import { signedInUser } from '../auth-helpers.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/**
 * Issue #10: every input of every route in test/api-routes.ts fuzzed against the running app.
 * Whatever arrives, the answer is never a 5xx, a 4xx has the API's error shape, and a rejected
 * request changes no stored data. Each route gets a bounded run (a few seconds at most).
 */
let t: TestApp;
let cookie: string;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
  ({ cookie } = await signedInUser(t.app));
});
afterAll(() => t.close());

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

function requestArbitrary(route: ApiRoute) {
  return fc.record({
    params: mixed(route.params ?? {}),
    query: fc.tuple(mixed(route.query ?? {}), fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 2 })),
    body: route.body ? bodyLike(route.body()) : fc.constant(undefined),
  });
}

describe('fuzzing every route', () => {
  it.each(API_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx, never a changed store after a rejection',
    async (_, route) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async ({ params, query, body }) => {
          const before = route.mutates && route.session ? await storedState(t.app, cookie) : null;
          const response = await t.app.inject(
            requestOf(route, {
              params: { ...route.params, ...params },
              query: { ...query[1], ...route.query, ...query[0] },
              ...(route.body ? { body } : {}),
              headers: { cookie },
              remoteAddress: `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            }),
          );
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
            if (before) expect(await storedState(t.app, cookie)).toEqual(before);
          }
        }),
        { numRuns: 60, interruptAfterTimeLimit: 4_000, markInterruptAsFailure: false },
      );
    },
  );
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, fillPath, requestOf, storedState, stringPaths, withValueAt } from '../api-routes.ts';
import { signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/**
 * Issue #10, security: the running app attacked through every route of test/api-routes.ts (a new
 * route there is covered here without further edits).
 */
const INJECTIONS = [
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

/** What must never appear in an answer: traces, SQL, driver or file-system details. */
const LEAKS =
  /Failed query|syntax error|at \w+ \(|node_modules|drizzle|pg_catalog|\bselect\b.+\bfrom\b|\/etc\/passwd|root:x:/i;

let t: TestApp;
let alice: { cookie: string; userId: string; email: string };
let bob: { cookie: string; userId: string; email: string };
let titleCount: number;
let address = 0;
/** Each request from its own address, so that per-IP rate limits only bite the test about them. */
const nextAddress = () => `203.0.113.${(++address % 250) + 1}`;

async function countTitles() {
  const [row] = await t.database.rows<{ count: number }>(sql`select count(*)::int as count from titles`);
  return row!.count;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { catalogue: true });
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
  await t.app.inject(
    requestOf(
      API_ROUTES.find((route) => route.path === '/api/me/sync')!,
      { headers: { cookie: alice.cookie } },
    ),
  );
  titleCount = await countTitles();
});
afterAll(() => t.close());

function expectSafe(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  what: string,
  sent = '',
) {
  expect(response.statusCode, what).toBeLessThan(500);
  // An answer may echo the input back (as JSON); only what the server added counts as a leak.
  const added = sent ? response.body.split(JSON.stringify(sent).slice(1, -1)).join('') : response.body;
  expect(added, what).not.toMatch(LEAKS);
  if (response.statusCode >= 400) {
    expect(JSON.parse(response.body), what).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  }
  // A reflected string is only harmless where no browser renders it as a page.
  if (response.body.includes('<script')) expect(String(response.headers['content-type']), what).toMatch(/json/);
}

describe('injection through every text input', () => {
  const cases = API_ROUTES.flatMap((route) => [
    ...Object.keys(route.params ?? {}).map((name) => ({
      route,
      where: `path :${name}`,
      name,
      kind: 'params' as const,
    })),
    ...Object.keys(route.query ?? {}).map((name) => ({ route, where: `query ${name}`, name, kind: 'query' as const })),
    ...stringPaths(route.body?.()).map((path) => ({
      route,
      where: `body ${path.join('.')}`,
      path,
      kind: 'body' as const,
    })),
  ]);

  it.each(cases.map((c) => [`${c.route.method} ${c.route.path} ${c.where}`, c] as const))(
    '%s: nothing executes, nothing leaks, 4xx or a safe 2xx',
    async (_, c) => {
      for (const payload of INJECTIONS) {
        const headers = { cookie: c.route.session ? alice.cookie : '' };
        const request =
          c.kind === 'params'
            ? requestOf(c.route, { params: { ...c.route.params, [c.name]: payload }, headers })
            : c.kind === 'query'
              ? requestOf(c.route, { query: { ...c.route.query, [c.name]: payload }, headers })
              : requestOf(c.route, { body: withValueAt(c.route.body!(), c.path, payload), headers });
        const response = await t.app.inject({ ...request, remoteAddress: nextAddress() });
        expectSafe(response, `${request.method} ${request.url} ${JSON.stringify(payload)}`, payload);
      }
      expect(await countTitles()).toBe(titleCount);
    },
  );

  it('still knows every session and title afterwards (no DROP or DELETE ran)', async () => {
    expect(await countTitles()).toBe(titleCount);
    expect((await t.app.inject({ url: '/api/me/history', headers: { cookie: alice.cookie } })).statusCode).toBe(200);
  });
});

describe('bodies', () => {
  const withBody = API_ROUTES.filter((route) => route.body);

  it.each(withBody.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: an oversized body is a 413 in the error shape',
    async (_, route) => {
      const huge = { padding: 'x'.repeat(3 * 1024 * 1024) };
      const response = await t.app.inject({
        ...requestOf(route, { body: huge, headers: { cookie: alice.cookie } }),
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: { code: 'payload_too_large', message: 'Request body is too large' } });
    },
  );

  it.each(withBody.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: deeply nested JSON is a 400, not a crash',
    async (_, route) => {
      // As deep as the route's body limit lets through, so the depth check is what answers.
      const depth = Math.min(50_000, Math.floor(((route.bodyLimit ?? Infinity) - 1) / 6));
      const payload = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      const response = await t.app.inject({
        ...requestOf(route, { headers: { cookie: alice.cookie, 'content-type': 'application/json' } }),
        payload,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_input');
    },
  );

  it('refuses prototype pollution in a body', async () => {
    const sync = API_ROUTES.find((route) => route.path === '/api/me/sync')!;
    const response = await t.app.inject({
      ...requestOf(sync, { headers: { cookie: alice.cookie, 'content-type': 'application/json' } }),
      payload: '{"operations":[],"__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('path traversal', () => {
  it.each([
    '/api/art/w342/poster/movie/..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/art/w342/poster/movie/%2e%2e%2f%2e%2e%2fpackage.json',
    '/api/art/..%2F..%2F..%2Fetc/poster/movie/550.svg',
    '/api/art/w342/poster/movie/550.svg%00.html',
    '/api/art/w400/still/tv/1396/1/..%5C..%5Cetc%5Cpasswd',
    '/api/art/w342/poster/movie/....//....//etc/passwd',
    '/api/art/../../../etc/passwd',
    '/assets/..%2F..%2Fpackage.json',
    '/..%2F..%2Fpackage.json',
  ])('%s reads no file', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toMatch(/root:x:|"workspaces"|"dependencies"/);
  });
});

describe('sessions on /api/me/*', () => {
  const personal = API_ROUTES.filter((route) => route.session);

  it.each(personal.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s without a session or with a forged one is a 401',
    async (_, route) => {
      for (const cookie of ['', 'marquee.session_token=forged.signature', `${alice.cookie}tampered`]) {
        const response = await t.app.inject(requestOf(route, { headers: { cookie } }));
        expect(response.statusCode, cookie).toBe(401);
        expect(response.json().error.code).toBe('unauthorized');
      }
    },
  );

  it.each(personal.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s with another user's session touches only that user's data",
    async (_, route) => {
      const before = await storedState(t.app, alice.cookie);
      const response = await t.app.inject(requestOf(route, { headers: { cookie: bob.cookie } }));
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain(alice.email);
      expect(response.body).not.toContain(alice.userId);
      expect(await storedState(t.app, alice.cookie)).toEqual(before);
    },
  );
});

describe("another user's comment", () => {
  it('cannot be edited or deleted by someone else, nor without a session; it stays as written', async () => {
    // Someone who has not posted yet: the suites above post as Alice up to her per-minute limit.
    const author = await signedInUser(t.app);
    const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: headers(author.cookie),
      payload: { content_type: 'movie', content_id: 551, content: 'Alice wrote this.' },
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().id as string;
    const thread = async () => (await t.app.inject('/api/comments?content_type=movie&content_id=551')).json();
    const before = await thread();
    for (const cookie of [bob.cookie, undefined]) {
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/comments/${id}`,
        headers: headers(cookie),
        payload: { content: 'Bob was here.' },
      });
      const remove = await t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: headers(cookie) });
      expect([edit.statusCode, remove.statusCode]).toEqual(cookie ? [403, 403] : [401, 401]);
    }
    expect(await thread()).toEqual(before);
    expect(before.results[0].content).toBe('Alice wrote this.');
  });
});

describe('cross-site requests (CSRF)', () => {
  const mutating = API_ROUTES.filter((route) => route.method !== 'GET');

  it.each(mutating.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: a form posted from another site is refused and changes nothing',
    async (_, route) => {
      const before = await storedState(t.app, alice.cookie);
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(route.body?.() ?? {})) fields[key] = String(value);
      const form = new URLSearchParams(fields).toString();
      for (const headers of [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        const response = await t.app.inject({
          method: route.method,
          url: fillPath(route),
          headers: { ...headers, cookie: alice.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
          remoteAddress: nextAddress(),
        });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
      expect(await storedState(t.app, alice.cookie)).toEqual(before);
    },
  );
});

describe('brute force on sign-in', () => {
  it('answers 429 to one address trying many passwords', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: bob.email, password: `guess-${attempt}` },
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '198.51.100.99',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });
});

describe('response headers', () => {
  it.each(['/', '/browse', '/api/health', '/api/catalogue/movie/550', '/api/art/w342/poster/movie/550.svg'])(
    '%s carries the security headers',
    async (url) => {
      const response = await t.app.inject(url);
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      if (!url.endsWith('.svg')) expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );
});

describe('session cookie flags', () => {
  async function signInCookie(app: TestApp, origin: string) {
    const email = `flags-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    const headers = { origin };
    await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'correct-horse', name: '' },
      headers,
      remoteAddress: nextAddress(),
    });
    const mail = (await app.app.inject('/api/dev/outbox')).json().results.find((m: { to: string }) => m.to === email);
    const link = new URL(mail.links[0]);
    await app.app.inject({ url: link.pathname + link.search });
    const signIn = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'correct-horse' },
      headers,
      remoteAddress: nextAddress(),
    });
    const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    return cookies.find((cookie) => /session_token=/.test(cookie))!;
  }

  it('is HttpOnly and SameSite=Lax, without Secure over http', async () => {
    const cookie = await signInCookie(t, TEST_ORIGIN);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure (and __Secure- prefixed) when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://marquee.example' });
    try {
      const cookie = await signInCookie(https, 'https://marquee.example');
      expect(cookie).toMatch(/^__Secure-marquee\.session_token=/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await https.close();
    }
  });
});

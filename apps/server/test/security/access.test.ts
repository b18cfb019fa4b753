import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, fillPath, requestOf, storedState, userDataSnapshot } from '../api-routes.ts';
import { mailedLinkTo, signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { startTestServer, type HttpRequest, type TestServer } from '../test-server.ts';
import { asUser, createSender, freshEmail, sessionToken, uniqueMark, type User } from './security-fixture.ts';

/**
 * Issue #10, security: who may act as whom. Every /api/me/*, comment and account route without a
 * session, with a forged one, with one that was signed out, and with another user's; cross-site
 * forms; brute force on sign-in; the session cookies' flags.
 */
let t: TestServer;
let send: ReturnType<typeof createSender>['send'];
let alice: User;
let bob: User;
let aliceCommentId: string;
/** In everything Alice stored, so that any answer holding some of it is found. */
const MARK = uniqueMark('m');
const at = '2026-11-20T10:00:00.000Z';

const aliceHistory = (id: number) => ({
  id: `movie:${id}`,
  movie_id: id,
  movie_title: `Alice watched ${MARK}`,
  movie_poster: `/alice-${MARK}.jpg`,
  content_type: 'movie',
  watched_at: at,
  duration_watched: 600,
  total_duration: 1000,
  completed: false,
  overview: `Alice's note ${MARK}`,
});
const aliceSaved = (id: number) => ({
  id: `movie:${id}`,
  movie_id: id,
  movie_title: `Alice saved ${MARK}`,
  movie_overview: `Alice's reason ${MARK}`,
  content_type: 'movie',
  added_at: at,
});

beforeAll(async () => {
  t = await startTestServer();
  ({ send } = createSender(t));
  alice = await signedInUser(t.app, `alice-${MARK}@example.org`);
  bob = await signedInUser(t.app);
  const writes: HttpRequest[] = [
    asUser(alice.cookie, 'POST', '/api/me/sync', {
      operations: [
        ...[603, 604].map((id) => ({ op: 'upsert', store: 'history', item: aliceHistory(id), at })),
        ...[605, 606].map((id) => ({ op: 'upsert', store: 'watch_later', item: aliceSaved(id), at })),
        {
          op: 'upsert',
          store: 'settings',
          item: {
            region: 'FR',
            favoriteGenres: [27],
            customVideoSources: [{ name: `Alice's source ${MARK}`, movieUrl: `https://${MARK}.example/{movieID}` }],
          },
          at,
        },
      ],
    }),
    asUser(alice.cookie, 'PATCH', '/api/me/profile', {
      username: `alice_${MARK}`,
      avatar_url: `https://example.org/${MARK}.png`,
    }),
    asUser(alice.cookie, 'POST', '/api/auth/update-user', { name: `Alice ${MARK}` }),
  ];
  for (const write of writes) expect((await send(write)).statusCode, write.url).toBe(200);
  const comment = await send(
    asUser(alice.cookie, 'POST', '/api/comments', { content_type: 'movie', content_id: 551, content: `Alice ${MARK}` }),
  );
  expect(comment.statusCode).toBe(201);
  aliceCommentId = comment.json().id;
});
afterAll(async () => {
  await t?.close();
});

/** What Alice sees of her own data through the API. */
async function aliceSees() {
  const session = (await send({ url: '/api/auth/get-session', headers: { cookie: alice.cookie } })).json();
  const thread = (await send('/api/comments?content_type=movie&content_id=551')).json();
  return {
    ...(await storedState(send, alice.cookie)),
    account: { name: session.user.name, image: session.user.image, email: session.user.email },
    comment: thread.results.find((comment: { id: string }) => comment.id === aliceCommentId),
  };
}

/** Every row that is Alice's, read straight from the database: one digest per table. */
async function aliceRows() {
  const owned: Array<[string, string]> = [
    ['user', 'id'],
    ['session', 'user_id'],
    ['account', 'user_id'],
    ['user_profiles', 'id'],
    ['viewing_history', 'user_id'],
    ['watch_later', 'user_id'],
    ['user_settings', 'user_id'],
    ['comments', 'user_id'],
  ];
  return t.database.rows(
    sql.raw(
      owned
        .map(
          ([table, column]) =>
            `select '${table}' as name, count(*)::int as count, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t where "${column}" = '${alice.userId}'`,
        )
        .join(' union all '),
    ),
  );
}

describe('sessions on /api/me/*, the comment routes and the account routes', () => {
  const personal = API_ROUTES.filter((route) => route.session);

  it('covers every /api/me route and every comment change', () => {
    const paths = personal.map((route) => `${route.method} ${route.path}`);
    for (const route of API_ROUTES.filter((candidate) => candidate.path.startsWith('/api/me/'))) {
      expect(paths).toContain(`${route.method} ${route.path}`);
    }
    expect(paths).toEqual(
      expect.arrayContaining(['POST /api/comments', 'PATCH /api/comments/:id', 'DELETE /api/comments/:id']),
    );
  });

  it('Alice has data of her own in every store (so that the tests below can find it leaking)', async () => {
    const seen = await aliceSees();
    expect(seen.history.results).toHaveLength(2);
    expect(seen.watchLater.results).toHaveLength(2);
    expect(seen.settings.settings.customVideoSources[0].name).toContain(MARK);
    expect(seen.profile.username).toContain(MARK);
    expect(seen.account.name).toContain(MARK);
    expect(seen.comment.content).toContain(MARK);
  });

  it.each(personal.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s without a session or with a forged one is a 401',
    async (_, route) => {
      for (const cookie of ['', 'marquee.session_token=forged.signature', `${alice.cookie}tampered`]) {
        const response = await send(requestOf(route, { headers: { cookie } }));
        expect(response.statusCode, cookie).toBe(401);
        expect(response.json().error.code).toBe('unauthorized');
      }
    },
  );

  it.each(personal.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s with another user's session shows none of Alice's data and changes none of it",
    async (_, route) => {
      // Bob has stored nothing yet: a query that forgets its user filter answers him Alice's rows.
      const other = route.ownUser ? await signedInUser(t.app) : bob;
      const before = { seen: await aliceSees(), rows: await aliceRows() };
      const response = await send(requestOf(route, { headers: { cookie: other.cookie } }));
      expect(response.statusCode).toBeLessThan(500);
      if (route.method === 'GET' && route.path.startsWith('/api/me/')) expect(response.statusCode).toBe(200);
      for (const secret of [MARK, alice.userId, sessionToken(alice.cookie)])
        expect(response.body).not.toContain(secret);
      expect({ seen: await aliceSees(), rows: await aliceRows() }).toEqual(before);
    },
  );

  it("lets Bob write only his own data, even aimed at Alice's items and naming her", async () => {
    const before = { seen: await aliceSees(), rows: await aliceRows() };
    const later = '2026-11-21T10:00:00.000Z';
    const bobWrites: HttpRequest[] = [
      // The same items as Alice's, newer: they would win over hers if they reached her rows.
      asUser(bob.cookie, 'POST', '/api/me/sync', {
        user_id: alice.userId,
        operations: [
          {
            op: 'upsert',
            store: 'history',
            item: { ...aliceHistory(603), movie_title: 'Bob watched', user_id: alice.userId },
            at: later,
          },
          { op: 'upsert', store: 'watch_later', item: { ...aliceSaved(605), movie_title: 'Bob saved' }, at: later },
          { op: 'remove', store: 'history', item: { movie_id: 604, content_type: 'movie' }, at: later },
          { op: 'remove', store: 'watch_later', item: { movie_id: 606, content_type: 'movie' }, at: later },
          { op: 'upsert', store: 'settings', item: { region: 'DE' }, at: later },
        ],
      }),
      asUser(bob.cookie, 'PATCH', '/api/me/profile', { avatar_url: 'https://example.org/bob.png' }),
      asUser(bob.cookie, 'POST', '/api/auth/update-user', { name: 'Bob', image: 'https://example.org/bob.png' }),
    ];
    for (const write of bobWrites) expect((await send(write)).statusCode, write.url).toBe(200);
    const refused: Array<[HttpRequest, number]> = [
      [asUser(bob.cookie, 'PATCH', '/api/me/profile', { username: `alice_${MARK}` }), 409],
      [asUser(bob.cookie, 'PATCH', '/api/me/profile', { id: alice.userId, username: 'bob_the_builder' }), 400],
      [asUser(bob.cookie, 'PATCH', `/api/comments/${aliceCommentId}`, { content: 'Bob was here.' }), 403],
      [asUser(bob.cookie, 'DELETE', `/api/comments/${aliceCommentId}`), 403],
      [asUser(bob.cookie, 'POST', '/api/auth/update-user', { id: alice.userId, email: 'bob@example.org' }), 400],
    ];
    for (const [request, status] of refused) {
      expect((await send(request)).statusCode, `${request.method} ${request.url}`).toBe(status);
    }

    expect({ seen: await aliceSees(), rows: await aliceRows() }).toEqual(before);
    // Bob's writes did happen, to his own data.
    const bobSees = await storedState(send, bob.cookie);
    const titles = (entries: Array<{ movie_title: string }>) => entries.map((entry) => entry.movie_title);
    expect(titles(bobSees.history.results)).toContain('Bob watched');
    expect(titles(bobSees.watchLater.results)).toEqual(['Bob saved']);
    expect(bobSees.settings.settings.region).toBe('DE');
  });

  it('refuses a session cookie once its owner has signed out', async () => {
    const user = await signedInUser(t.app);
    expect((await send({ url: '/api/me/history', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    const signOut = await send(asUser(user.cookie, 'POST', '/api/auth/sign-out', {}));
    expect(signOut.statusCode).toBe(200);
    for (const route of personal.filter((candidate) => !candidate.ownUser)) {
      const response = await send(requestOf(route, { headers: { cookie: user.cookie } }));
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
    expect((await send({ url: '/api/auth/get-session', headers: { cookie: user.cookie } })).json()).toBeNull();
  });
});

describe("another user's comment", () => {
  it('cannot be edited or deleted by someone else, nor without a session; it stays as written', async () => {
    const author = await signedInUser(t.app);
    const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
    const posted = await send({
      method: 'POST',
      url: '/api/comments',
      headers: headers(author.cookie),
      payload: { content_type: 'movie', content_id: 552, content: 'Alice wrote this.' },
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().id as string;
    const thread = async () => (await send({ url: '/api/comments?content_type=movie&content_id=552' })).json();
    const before = await thread();
    for (const cookie of [bob.cookie, undefined]) {
      const edit = await send({
        method: 'PATCH',
        url: `/api/comments/${id}`,
        headers: headers(cookie),
        payload: { content: 'Bob was here.' },
      });
      const remove = await send({ method: 'DELETE', url: `/api/comments/${id}`, headers: headers(cookie) });
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
      const before = await userDataSnapshot(t.database);
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(route.body?.() ?? {})) fields[key] = String(value);
      for (const [headers, contentType, payload] of [
        [{ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 'application/x-www-form-urlencoded'],
        [{ origin: 'null' }, 'application/x-www-form-urlencoded'],
        [{ 'sec-fetch-site': 'cross-site' }, 'application/x-www-form-urlencoded'],
        // A "simple" request a page may send without a preflight, with a JSON body.
        [{ origin: 'https://evil.example' }, 'text/plain', JSON.stringify(route.body?.() ?? {})],
        [{ origin: `${TEST_ORIGIN}.evil.example` }, 'application/json', JSON.stringify(route.body?.() ?? {})],
      ] as Array<[Record<string, string>, string, string?]>) {
        const response = await send({
          method: route.method,
          url: fillPath(route),
          headers: { ...headers, cookie: alice.cookie, 'content-type': contentType },
          payload: payload ?? new URLSearchParams(fields).toString(),
        });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
      expect(await userDataSnapshot(t.database)).toEqual(before);
    },
  );
});

describe('brute force on sign-in', () => {
  const signIn = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      headers: { origin: TEST_ORIGIN, ...headers },
      remoteAddress,
    });

  it('answers 429 to one address once it passes ten attempts a minute, each on another account', async () => {
    // A new e-mail each time: only the per-address limit can stop these.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt++) {
      statuses.push((await signIn(freshEmail(), `guess-${attempt}`, '127.2.0.99')).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
  });

  it('keeps counting an address that sends a forged X-Forwarded-For (TRUST_PROXY is off)', async () => {
    expect(t.config.trustProxy).toBe(false);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt++) {
      const forged = `203.0.113.${attempt + 1}`;
      const response = await signIn(freshEmail(), `guess-${attempt}`, '127.2.0.100', {
        'x-forwarded-for': forged,
        'x-real-ip': forged,
        forwarded: `for=${forged}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
  });

  it('answers 429 to an address guessing one account, never to the owner at another address', async () => {
    const target = await signedInUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await signIn(target.email, `guess-${attempt}`, '127.3.0.1')).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // Many more addresses, each a few guesses: none of this locks the owner out.
    for (let attempt = 0; attempt < 25; attempt++) {
      expect((await signIn(target.email, `guess-${attempt}`, `127.3.2.${attempt + 1}`)).statusCode).toBe(401);
    }
    const owner = await signIn(target.email, 'correct-horse', '127.3.1.1');
    expect(owner.statusCode).toBe(200);
    const guesser = await signIn(target.email, 'correct-horse', '127.3.0.1');
    expect(guesser.statusCode).toBe(429);
    expect(guesser.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('cookie flags', () => {
  /** Every Set-Cookie of a session's life: sign-in (remembered or not), an account change, sign-out. */
  async function sessionCookies(server: TestServer, origin: string) {
    const email = freshEmail();
    const request = (method: string, url: string, payload?: unknown, cookie = '') =>
      server.request({ method, url, payload, headers: { origin, cookie }, remoteAddress: '127.4.0.1' });
    await request('POST', '/api/auth/sign-up/email', { email, password: 'correct-horse', name: '' });
    const link = await mailedLinkTo(async () => (await server.request('/api/dev/outbox')).json().results, email);
    await server.request({ url: link.pathname + link.search });
    const setCookies: string[] = [];
    for (const rememberMe of [true, false]) {
      const signIn = await request('POST', '/api/auth/sign-in/email', { email, password: 'correct-horse', rememberMe });
      const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
      const cookie = cookies.map((line) => line.split(';')[0]!).join('; ');
      const update = await request('POST', '/api/auth/update-user', { name: 'flags' }, cookie);
      const signOut = await request('POST', '/api/auth/sign-out', {}, cookie);
      for (const response of [signIn, update, signOut])
        setCookies.push(...[response.headers['set-cookie'] ?? []].flat());
    }
    const names = setCookies.map((line) => line.split('=')[0]);
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/session_token$/), expect.stringMatching(/dont_remember$/)]),
    );
    return setCookies;
  }

  function expectFlags(cookie: string) {
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
  }

  it('are HttpOnly, SameSite=Lax and host-only, every one, without Secure over http', async () => {
    for (const cookie of await sessionCookies(t, TEST_ORIGIN)) {
      expectFlags(cookie);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });

  it('are Secure and __Secure- prefixed too, every one, when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://marquee.example' });
    try {
      for (const cookie of await sessionCookies(https, 'https://marquee.example')) {
        expectFlags(cookie);
        expect(cookie).toMatch(/^__Secure-marquee\./);
        expect(cookie).toMatch(/;\s*Secure/i);
      }
    } finally {
      await https.close();
    }
  });
});

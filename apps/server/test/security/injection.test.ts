import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, historyItem, requestOf, stringPaths, withValueAt, type ApiRoute } from '../api-routes.ts';
import { mailedLinkTo, signedInUser, TEST_ORIGIN } from '../auth-helpers.ts';
import { startTestServer, type HttpAnswer, type TestServer } from '../test-server.ts';
import {
  apiRoute,
  asUser,
  createCommenters,
  createSender,
  expectReachedHandler,
  expectSafe,
  freshEmail,
  INJECTIONS,
  STORABLE_INJECTIONS,
  tableCounts,
  uniqueMark,
  type User,
} from './security-fixture.ts';

/**
 * Issue #10, security: every text input of every route of test/api-routes.ts (a new route there is
 * covered here without further edits), plus the inputs its one valid request per route leaves out,
 * attacked with SQL and markup; what is stored comes back exactly as sent.
 */
let t: TestServer;
let send: ReturnType<typeof createSender>['send'];
let nextCommenter: ReturnType<typeof createCommenters>;
let alice: User;
let bystander: User;
let aliceCommentId: string;
let countsBefore: Record<string, number>;
const at = '2026-11-20T10:00:00.000Z';
const bystanderTitle = uniqueMark('Bystander history ');

beforeAll(async () => {
  t = await startTestServer({}, undefined, { catalogue: true });
  ({ send } = createSender(t));
  nextCommenter = createCommenters(t);
  alice = await signedInUser(t.app);
  bystander = await signedInUser(t.app);
  const synced = await send(
    asUser(bystander.cookie, 'POST', '/api/me/sync', {
      operations: [{ op: 'upsert', store: 'history', item: { ...historyItem(680), movie_title: bystanderTitle }, at }],
    }),
  );
  expect(synced.statusCode).toBe(200);
  const posted = await send(
    asUser(alice.cookie, 'POST', '/api/comments', { content_type: 'movie', content_id: 550, content: 'First!' }),
  );
  expect(posted.statusCode).toBe(201);
  aliceCommentId = posted.json().id;
  countsBefore = await tableCounts(t);
});
afterAll(async () => {
  await t?.close();
});

describe('the route table', () => {
  it('names every route the app serves (the suites attack the table)', () => {
    const missing = t.routes.filter(
      ({ method, url }) =>
        url.startsWith('/api/') &&
        !API_ROUTES.some((route) => route.method === method && (route.path === url || url.endsWith('*'))),
    );
    expect(missing).toEqual([]);
  });
});

/** A route's request with a body other than the table's, and the inputs of it to attack. */
interface Variant {
  name: string;
  route: ApiRoute;
  attack: Array<Array<string | number>>;
}

const sync = apiRoute('POST', '/api/me/sync');
const syncOf = (operation: Record<string, unknown>): ApiRoute => ({
  ...sync,
  body: () => ({ operations: [{ at, ...operation }] }),
});
const item = (...path: Array<string | number>) => ['operations', 0, 'item', ...path];
const discover = apiRoute('GET', '/api/catalogue/discover');

/** Inputs the table's one valid request per route does not hold (other stores, optional fields). */
const VARIANTS: Variant[] = [
  {
    name: 'history upsert with every optional field',
    route: syncOf({
      op: 'upsert',
      store: 'history',
      item: {
        ...historyItem(1396),
        content_type: 'tv',
        season_number: 1,
        episode_number: 2,
        movie_poster: '/poster.jpg',
        episode_title: 'Cat’s in the Bag...',
        overview: 'A teacher turns to crime.',
        backdrop_path: '/backdrop.jpg',
        release_date: '2008-01-20',
      },
    }),
    attack: ['movie_poster', 'episode_title', 'overview', 'backdrop_path', 'release_date'].map((key) => item(key)),
  },
  {
    name: 'watch later upsert',
    route: syncOf({
      op: 'upsert',
      store: 'watch_later',
      item: {
        id: 'movie:603',
        movie_id: 603,
        movie_title: 'The Matrix',
        movie_poster: '/matrix.jpg',
        movie_overview: 'Red pill or blue pill.',
        movie_release_date: '1999-03-30',
        content_type: 'movie',
        added_at: at,
      },
    }),
    attack: [
      'id',
      'movie_title',
      'movie_poster',
      'movie_overview',
      'movie_release_date',
      'content_type',
      'added_at',
    ].map((key) => item(key)),
  },
  {
    name: 'settings upsert',
    route: syncOf({
      op: 'upsert',
      store: 'settings',
      item: {
        customVideoSources: [
          { name: 'Mine', movieUrl: 'https://v.example/{movieID}', tvUrl: 'https://v.example/{seriesId}/{season}' },
        ],
        language: 'en',
        region: 'US',
        posterQuality: 'auto',
        fontSize: 'medium',
        contentRatingFilter: 'all',
        contentRating: 'all',
        defaultContentType: 'both',
      },
    }),
    attack: [
      item('customVideoSources', 0, 'name'),
      item('customVideoSources', 0, 'movieUrl'),
      item('customVideoSources', 0, 'tvUrl'),
      ...['language', 'region', 'posterQuality', 'fontSize', 'contentRatingFilter', 'contentRating'].map((key) =>
        item(key),
      ),
      item('defaultContentType'),
    ],
  },
  ...(['history', 'watch_later'] as const).map((store) => ({
    name: `${store} remove`,
    route: syncOf({ op: 'remove', store, item: { movie_id: 550, content_type: 'movie' } }),
    attack: [['operations', 0, 'op'], item('content_type')],
  })),
  {
    name: 'a reply',
    route: {
      ...apiRoute('POST', '/api/comments'),
      body: () => ({ content_type: 'movie', content_id: 550, content: 'Agreed.', parent_id: aliceCommentId }),
    },
    attack: [['parent_id']],
  },
  {
    name: 'an event naming its sender',
    route: {
      ...apiRoute('POST', '/api/events'),
      body: () => ({
        events: [
          {
            name: 'search',
            params: { term: 'alien' },
            at,
            session_id: 'security-session-1',
            user_id: 'someone-else',
            user_type: 'guest',
            app_version: '1.0.0',
          },
        ],
      }),
    },
    attack: [
      ['events', 0, 'user_id'],
      ['events', 0, 'user_type'],
      ['events', 0, 'app_version'],
      ['events', 0, 'name'],
    ],
  },
];

interface Case {
  name: string;
  route: ApiRoute;
  kind: 'params' | 'query' | 'body';
  /** The path parameter or query parameter attacked. */
  key?: string;
  /** The body field attacked. */
  path?: Array<string | number>;
}

const CASES: Case[] = [
  ...API_ROUTES.flatMap((route): Case[] => {
    const name = `${route.method} ${route.path}`;
    return [
      ...Object.keys(route.params ?? {}).map((key) => ({
        name: `${name} path :${key}`,
        route,
        kind: 'params' as const,
        key,
      })),
      ...Object.keys(route.query ?? {}).map((key) => ({
        name: `${name} query ${key}`,
        route,
        kind: 'query' as const,
        key,
      })),
      ...stringPaths(route.body?.()).map((path) => ({
        name: `${name} body ${path.join('.')}`,
        route,
        kind: 'body' as const,
        path,
      })),
    ];
  }),
  ...VARIANTS.flatMap(({ name, route, attack }) =>
    attack.map((path) => ({
      name: `${route.method} ${route.path} (${name}) body ${path.join('.')}`,
      route,
      kind: 'body' as const,
      path,
    })),
  ),
  ...['with_watch_providers', 'watch_region'].map((key) => ({
    name: `GET /api/catalogue/discover query ${key}`,
    route: { ...discover, query: { ...discover.query, with_watch_providers: '8', watch_region: 'US' } },
    kind: 'query' as const,
    key,
  })),
];

/**
 * What a payload must get where the route is known to take it to its own code (where a rate limit
 * or a missing comment stopped it before, and tested nothing): accepted, or refused as invalid.
 */
const ANSWERS: Record<string, number[]> = {
  'POST /api/auth/sign-up/email body name': [400],
  'POST /api/auth/sign-up/email body password': [200, 400],
  'POST /api/auth/sign-in/email body password': [400, 401],
  'POST /api/comments body content': [201, 400],
  'PATCH /api/comments/:id body content': [200, 400],
  'POST /api/comments (a reply) body parent_id': [400],
  'DELETE /api/me body password': [400],
};

/** The cookie each payload of a case is sent with. */
async function cookiesFor(route: ApiRoute): Promise<() => Promise<string>> {
  // Ten comments a minute per user: each payload posts as someone still under the limit.
  if (route.method === 'POST' && route.path === '/api/comments') return async () => (await nextCommenter()).cookie;
  // Ten attempts a quarter hour per account to delete it: each payload is tried on an account of its own.
  if (route.method === 'DELETE' && route.path === '/api/me') return async () => (await signedInUser(t.app)).cookie;
  if (route.ownUser) {
    const own = await signedInUser(t.app);
    return async () => own.cookie;
  }
  return async () => (route.session ? alice.cookie : '');
}

function attack(c: Case, payload: string, cookie: string) {
  const headers = { cookie };
  // The table's PATCH names no comment (a 404 whatever the body): edit one Alice wrote.
  const params =
    c.route.method === 'PATCH' && c.route.path === '/api/comments/:id' ? { id: aliceCommentId } : c.route.params;
  if (c.kind === 'params') return requestOf(c.route, { params: { ...params, [c.key!]: payload }, headers });
  if (c.kind === 'query')
    return requestOf(c.route, { params, query: { ...c.route.query, [c.key!]: payload }, headers });
  let body = withValueAt(c.route.body!(), c.path!, payload) as Record<string, unknown>;
  // Per-account limits count by e-mail: a fresh one lets every payload reach the route.
  if (typeof body.email === 'string' && c.path!.join('.') !== 'email') body = { ...body, email: freshEmail() };
  return requestOf(c.route, { params, body, headers });
}

describe('injection through every text input', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: reaches the route, nothing executes, nothing leaks',
    async (_, c) => {
      const cookieFor = await cookiesFor(c.route);
      for (const payload of INJECTIONS) {
        const request = attack(c, payload, await cookieFor());
        const response = await send(request);
        const what = `${request.method} ${request.url} ${JSON.stringify(payload)}`;
        expectSafe(response, what, payload);
        expectReachedHandler(response, what);
        if (ANSWERS[c.name]) expect(ANSWERS[c.name], `${what}: ${response.body}`).toContain(response.statusCode);
      }
    },
  );

  it("leaves every table and everyone else's session as they were (no DROP, DELETE or UPDATE ran)", async () => {
    const counts = await tableCounts(t);
    expect(counts.titles).toBe(countsBefore.titles);
    for (const [table, count] of Object.entries(countsBefore))
      expect(counts[table], table).toBeGreaterThanOrEqual(count);
    const session = await send({ url: '/api/auth/get-session', headers: { cookie: bystander.cookie } });
    expect(session.json()?.user?.id).toBe(bystander.userId);
    const history = await send({ url: '/api/me/history', headers: { cookie: bystander.cookie } });
    expect(history.json().results.map((entry: { movie_title: string }) => entry.movie_title)).toEqual([bystanderTitle]);
    const comment = await send('/api/comments?content_type=movie&content_id=550');
    expect(comment.json().results.some((found: { id: string }) => found.id === aliceCommentId)).toBe(true);
  });

  it('refuses a parameter name that is markup or SQL in an event (keys are checked, not only values)', async () => {
    for (const payload of INJECTIONS) {
      const response = await send({
        method: 'POST',
        url: '/api/events',
        headers: { origin: TEST_ORIGIN },
        payload: { events: [{ name: 'search', params: { [payload]: 'x' }, at }] },
      });
      expectSafe(response, JSON.stringify(payload), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('stored text comes back byte for byte', () => {
  it('in comments, posted and edited', async () => {
    const thread = async () => (await send('/api/comments?content_type=movie&content_id=551')).json().results;
    for (const payload of INJECTIONS) {
      const author = await nextCommenter();
      const posted = await send(
        asUser(author.cookie, 'POST', '/api/comments', { content_type: 'movie', content_id: 551, content: payload }),
      );
      if (payload.includes('\u0000')) {
        expect(posted.statusCode).toBe(400);
        continue;
      }
      expect(posted.statusCode, payload).toBe(201);
      const id = posted.json().id;
      expect((await thread()).find((comment: { id: string }) => comment.id === id)?.content).toBe(payload);
      const edited = await send(asUser(author.cookie, 'PATCH', `/api/comments/${id}`, { content: `Edit: ${payload}` }));
      expect(edited.statusCode, payload).toBe(200);
      expect((await thread()).find((comment: { id: string }) => comment.id === id)?.content).toBe(`Edit: ${payload}`);
    }
  });

  it('in history, Watch Later and settings', async () => {
    const writer = await signedInUser(t.app);
    const history = STORABLE_INJECTIONS.map((payload, index) => ({
      ...historyItem(2000 + index),
      id: payload,
      movie_title: payload,
      movie_poster: payload,
      episode_title: payload,
      overview: payload,
      backdrop_path: payload,
      release_date: payload,
    }));
    const watchLater = STORABLE_INJECTIONS.map((payload, index) => ({
      id: payload,
      movie_id: 3000 + index,
      movie_title: payload,
      movie_poster: payload,
      movie_overview: payload,
      movie_release_date: payload,
      movie_vote_average: null,
      content_type: 'movie',
      added_at: at,
    }));
    const sources = STORABLE_INJECTIONS.map((payload) => ({
      name: payload,
      movieUrl: `https://v.example/{movieID}?note=${payload}`,
      tvUrl: '',
      recommended: false,
    }));
    const synced = await send(
      asUser(writer.cookie, 'POST', '/api/me/sync', {
        operations: [
          ...history.map((entry) => ({ op: 'upsert', store: 'history', item: entry, at })),
          ...watchLater.map((entry) => ({ op: 'upsert', store: 'watch_later', item: entry, at })),
          { op: 'upsert', store: 'settings', item: { customVideoSources: sources }, at },
        ],
      }),
    );
    expect(synced.statusCode, synced.body).toBe(200);
    const read = async (url: string) => (await send({ url, headers: { cookie: writer.cookie } })).json();
    const byMovie = (entries: Array<{ movie_id: number }>) => [...entries].sort((a, b) => a.movie_id - b.movie_id);
    expect(byMovie((await read('/api/me/history')).results)).toEqual(
      history.map((entry) => ({ ...entry, source: 'player', play_count: 1, synced: true })),
    );
    expect(byMovie((await read('/api/me/watch-later')).results)).toEqual(
      watchLater.map((entry) => ({ ...entry, synced: true })),
    );
    expect((await read('/api/me/settings')).settings.customVideoSources).toEqual(sources);
  });

  it('in feedback', async () => {
    for (const payload of STORABLE_INJECTIONS) {
      const response = await send({
        method: 'POST',
        url: '/api/feedback',
        headers: { origin: TEST_ORIGIN },
        payload: { name: payload, email: 'ada@example.org', subject: payload, message: payload },
      });
      expect(response.statusCode, payload).toBe(201);
      // Nobody reads feedback through the API (it goes to the operator): read the row itself.
      const [row] = await t.database.rows<{ name: string; subject: string; message: string }>(
        sql`select name, subject, message from feedback where id = ${response.json().id}`,
      );
      expect(row).toEqual({ name: payload, subject: payload, message: payload });
    }
  });

  it("in the account's name and picture, and the profile's avatar address", async () => {
    const user = await signedInUser(t.app);
    for (const payload of STORABLE_INJECTIONS) {
      const updated = await send(
        asUser(user.cookie, 'POST', '/api/auth/update-user', { name: payload, image: payload }),
      );
      expect(updated.statusCode, payload).toBe(200);
      const session = await send({ url: '/api/auth/get-session', headers: { cookie: user.cookie } });
      expect(session.json().user).toMatchObject({ name: payload, image: payload });

      const avatar = `https://example.org/avatar.png?note=${payload}`;
      const profile = await send(asUser(user.cookie, 'PATCH', '/api/me/profile', { avatar_url: avatar }));
      expect(profile.statusCode, payload).toBe(200);
      expect((await send({ url: '/api/me/profile', headers: { cookie: user.cookie } })).json().avatar_url).toBe(avatar);
    }
  });

  it('in analytics events (read through the development endpoint)', async () => {
    const sessionId = uniqueMark('readback-');
    const response = await send({
      method: 'POST',
      url: '/api/events',
      headers: { origin: TEST_ORIGIN },
      payload: {
        events: STORABLE_INJECTIONS.map((payload) => ({
          name: 'search',
          params: { term: payload },
          at,
          session_id: sessionId,
          page: `/${payload}`,
        })),
      },
    });
    expect(response.statusCode, response.body).toBe(202);
    const stored = (await send(`/api/dev/events?session_id=${sessionId}`)).json().results;
    expect(stored.map((event: { params: { term: string } }) => event.params.term)).toEqual(STORABLE_INJECTIONS);
    expect(stored.map((event: { page: string }) => event.page)).toEqual(STORABLE_INJECTIONS.map((p) => `/${p}`));
  });

  it('attributes an event to the session, never to the user the body names', async () => {
    const sender = await signedInUser(t.app);
    const sessionId = uniqueMark('attribution-');
    const event = { name: 'search', at, session_id: sessionId, user_id: alice.userId, user_type: 'premium' };
    const batch = { events: [event], consent: { shareWatchHistory: true } };
    expect((await send(asUser(sender.cookie, 'POST', '/api/events', batch))).statusCode).toBe(202);
    expect(
      (await send({ method: 'POST', url: '/api/events', headers: { origin: TEST_ORIGIN }, payload: batch })).statusCode,
    ).toBe(202);
    const stored = (await send(`/api/dev/events?session_id=${sessionId}`)).json().results;
    expect(
      stored.map(({ userId, userType }: { userId: string | null; userType: string }) => [userId, userType]),
    ).toEqual([
      [sender.userId, 'registered'],
      [null, 'guest'],
    ]);
  });
});

describe('SQL wildcards and quotes in searches', () => {
  const WILDCARDS = [
    "' OR '1'='1",
    "' OR 1=1 --",
    "x' OR 'x'='x",
    '%',
    '_',
    '%_%',
    '%%',
    '_%',
    "%'%",
    'a%',
    '%a%',
    '\\%',
    '*',
  ];
  const total = (response: HttpAnswer) => response.json().total_results as number;

  it('search finds no more with them than with the same words alone (a wildcard matches itself only)', async () => {
    for (const payload of WILDCARDS) {
      // The words of the payload, without its quotes and wildcards; none at all: a nonsense word.
      const words = payload.replace(/[^\p{L}\p{N}]+/gu, ' ').trim() || 'zzqxvjk';
      const attacked = await send(`/api/catalogue/search?q=${encodeURIComponent(payload)}`);
      const plain = await send(`/api/catalogue/search?q=${encodeURIComponent(words)}`);
      expect(attacked.statusCode, payload).toBe(200);
      expect(total(attacked), payload).toBeLessThanOrEqual(total(plain));
    }
  });

  it('discover refuses them or matches nothing, in every text filter', async () => {
    const nonsense = await send(`/api/catalogue/discover?type=movie&with_original_language=zz`);
    expect(total(nonsense)).toBe(0);
    const filters = [
      'with_original_language',
      'with_genres',
      'with_watch_providers',
      'watch_region',
      'certification',
      'sort_by',
    ];
    for (const filter of filters) {
      for (const payload of WILDCARDS) {
        const response = await send(`/api/catalogue/discover?type=movie&${filter}=${encodeURIComponent(payload)}`);
        const what = `${filter}=${payload}`;
        expectSafe(response, what, payload);
        if (response.statusCode !== 400) expect(total(response), what).toBe(0);
      }
    }
  });
});

describe('addresses a page may be sent to or run', () => {
  const DANGEROUS_URLS = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https:javascript:alert(1)',
    '//evil.example/{movieID}',
  ];

  it('never stores a custom source URL that is not http(s) (it becomes an iframe src)', async () => {
    const user = await signedInUser(t.app);
    for (const url of DANGEROUS_URLS) {
      for (const field of ['movieUrl', 'tvUrl']) {
        const source = { name: 'Evil', movieUrl: 'https://v.example/{movieID}', tvUrl: '', [field]: url };
        const response = await send(
          asUser(user.cookie, 'POST', '/api/me/sync', {
            operations: [{ op: 'upsert', store: 'settings', item: { customVideoSources: [source] }, at }],
          }),
        );
        expect([200, 400], `${field} ${JSON.stringify(url)}`).toContain(response.statusCode);
      }
    }
    const stored = (await send({ url: '/api/me/settings', headers: { cookie: user.cookie } })).json().settings;
    for (const source of stored.customVideoSources as Array<{ movieUrl: string; tvUrl: string }>) {
      for (const url of [source.movieUrl, source.tvUrl]) expect(url.trim()).toMatch(/^(https?:\/\/[^/]|$)/i);
    }
  });

  it('escapes the error description it shows on the sign-in error page', async () => {
    for (const payload of INJECTIONS.filter((candidate) => /[<>"]/.test(candidate))) {
      const response = await send(
        `/api/auth/error?error=state_mismatch&error_description=${encodeURIComponent(payload)}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).not.toContain(payload);
      // Shown, escaped: the check above looked at a page that does reflect the description.
      expect(response.body).toContain(
        payload.replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;'),
      );
      const asCode = await send(`/api/auth/error?error=${encodeURIComponent(payload)}`);
      expect(asCode.body).not.toContain(payload);
    }
  });

  const FOREIGN = [
    'https://evil.example/steal',
    'http://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https:evil.example',
    'https://localhost:3000@evil.example/',
    `${TEST_ORIGIN}.evil.example/x`,
    ' https://evil.example',
    'javascript:alert(document.cookie)',
  ];

  /** Where an answer would send the browser: its Location, or the `url` better-auth's JSON names. */
  function expectStaysOnSite(response: HttpAnswer, what: string) {
    expect(response.statusCode, what).toBeLessThan(500);
    let url: unknown;
    try {
      url = response.json()?.url;
    } catch {
      url = undefined;
    }
    for (const target of [response.headers.location, url]) {
      if (typeof target === 'string')
        expect(new URL(target, TEST_ORIGIN).origin, `${what} → ${target}`).toBe(TEST_ORIGIN);
    }
  }

  it('refuses a callbackURL to another site on sign-in, sign-up and e-mail confirmation', async () => {
    let account = await signedInUser(t.app);
    for (const [index, target] of FOREIGN.entries()) {
      // Eight sign-ins per account stay under its limit of ten.
      if (index % 8 === 7) account = await signedInUser(t.app);
      const signIn = await send({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: account.email, password: 'correct-horse', callbackURL: target },
      });
      expectStaysOnSite(signIn, `sign-in ${target}`);

      const email = freshEmail();
      const signUp = await send({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password: 'correct-horse', name: '', callbackURL: target },
      });
      expectStaysOnSite(signUp, `sign-up ${target}`);

      // The confirmation link of a real sign-up, its callbackURL swapped: a valid token redirects.
      await send({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: `${email}.confirm`, password: 'correct-horse', name: '' },
      });
      const link = await mailedLinkTo(async () => (await send('/api/dev/outbox')).json().results, `${email}.confirm`);
      link.searchParams.set('callbackURL', target);
      expectStaysOnSite(await send(link.pathname + link.search), `verify-email ${target}`);
    }
  });

  it('signs no one in with a password that is SQL', async () => {
    const victims = [await signedInUser(t.app), await signedInUser(t.app)];
    for (const [index, payload] of INJECTIONS.entries()) {
      const response = await send({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: victims[index % 2]!.email, password: payload },
      });
      expect([400, 401], JSON.stringify(payload)).toContain(response.statusCode);
      expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
    }
  });

  it('stores a script in a comment as inert text, served as JSON only', async () => {
    const author = await nextCommenter();
    const content = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>';
    const posted = await send(
      asUser(author.cookie, 'POST', '/api/comments', { content_type: 'movie', content_id: 552, content }),
    );
    expect(posted.statusCode).toBe(201);
    const thread = await send({ url: '/api/comments?content_type=movie&content_id=552' });
    expect(thread.json().results[0].content).toBe(content);
    expect(thread.headers['content-type']).toMatch(/^application\/json/);
    expect(thread.headers['x-content-type-options']).toBe('nosniff');
  });
});

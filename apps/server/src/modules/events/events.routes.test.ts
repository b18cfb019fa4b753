import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { analyticsEvents } from './events-schema.ts';
import { EVENTS_RATE_LIMIT } from './events.service.ts';

let t: TestApp;
let address = 0;
let sessionCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(payload: unknown, options: { cookie?: string; remoteAddress?: string; origin?: string | null } = {}) {
  const origin = options.origin === undefined ? TEST_ORIGIN : options.origin;
  return t.app.inject({
    method: 'POST',
    url: '/api/events',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.remoteAddress ?? `203.0.113.${++address}`,
    headers: { ...(origin ? { origin } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

/** A session id unique to the test, so each test reads back only its own rows. */
function newSessionId() {
  return `test-session-${++sessionCounter}-${Date.now()}`;
}

const event = (sessionId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'page_view',
  params: { path: '/browse' },
  at: '2026-05-01T10:00:00.000Z',
  session_id: sessionId,
  page: '/browse',
  app_version: '1.0.0',
  ...overrides,
});

function rowsOf(sessionId: string) {
  return t.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, sessionId))
    .orderBy(asc(analyticsEvents.id));
}

describe('POST /api/events', () => {
  it('stores a valid batch and answers 202 with the number accepted', async () => {
    const sessionId = newSessionId();
    const response = await send({
      events: [
        event(sessionId),
        event(sessionId, { name: 'search', params: { term: 'alien', results: 12 }, page: '/search' }),
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const rows = await rowsOf(sessionId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      name: 'page_view',
      params: { path: '/browse' },
      page: '/browse',
      appVersion: '1.0.0',
      userId: null,
      userType: null,
    });
    expect(Date.parse(rows[0]!.occurredAt)).toBe(Date.parse('2026-05-01T10:00:00.000Z'));
    expect(rows[1]).toMatchObject({ name: 'search', params: { term: 'alien', results: 12 } });
  });

  it('refuses a bad batch with a 400 naming the field, and stores none of it', async () => {
    const sessionId = newSessionId();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /events/],
      [{ events: [] }, /events/],
      [{ events: [event(sessionId, { name: 'steal_cookies' })] }, /events\.0\.name/],
      [{ events: [event(sessionId), event(sessionId, { at: 'yesterday' })] }, /events\.1\.at/],
      [{ events: [event(sessionId, { params: { nested: { deep: true } } })] }, /events\.0\.params\.nested/],
      [{ events: [event(sessionId, { params: { term: 'x'.repeat(501) } })] }, /events\.0\.params\.term/],
      [{ events: [event(sessionId, { params: { 'Bad Key': 1 } })] }, /events\.0\.params/],
      [{ events: [event(sessionId, { page: 'https://elsewhere.example/' })] }, /events\.0\.page/],
      [{ events: [event(sessionId, { extra: 1 })] }, /events\.0/],
      [{ events: Array.from({ length: 51 }, () => event(sessionId)) }, /events/],
      [{ events: [event(sessionId)], consent: { shareWatchHistory: 'yes' } }, /consent\.shareWatchHistory/],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    expect(await rowsOf(sessionId)).toEqual([]);
  });

  it('answers 413 to a body over 64 KiB', async () => {
    const sessionId = newSessionId();
    const params = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`p${index}`, 'x'.repeat(100)]));
    const response = await send({ events: Array.from({ length: 50 }, () => event(sessionId, { params })) });
    expect(response.statusCode).toBe(413);
    expect(await rowsOf(sessionId)).toEqual([]);
  });

  it('refuses a batch sent from another site', async () => {
    const sessionId = newSessionId();
    const response = await send({ events: [event(sessionId)] }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(await rowsOf(sessionId)).toEqual([]);
  });

  it('limits how many events one client sends, with a 429 and Retry-After', async () => {
    const sessionId = newSessionId();
    const batch = { events: Array.from({ length: 50 }, () => event(sessionId)) };
    const batches = EVENTS_RATE_LIMIT.max / 50;
    const statuses: number[] = [];
    for (let index = 0; index <= batches; index++) {
      statuses.push((await send(batch, { remoteAddress: '198.51.100.77' })).statusCode);
    }
    expect(statuses).toEqual([...Array(batches).fill(202), 429]);
    expect(await rowsOf(sessionId)).toHaveLength(EVENTS_RATE_LIMIT.max);
    const limited = await send(batch, { remoteAddress: '198.51.100.77' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back by this one.
    expect((await send({ events: [event(sessionId)] }, { remoteAddress: '198.51.100.78' })).statusCode).toBe(202);
  });

  describe('with EVENTS_RATE_LIMIT', () => {
    // Built in a hook, whose time limit allows for a loaded machine (a test's 30 s may not).
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ EVENTS_RATE_LIMIT: '60' });
    });
    afterAll(() => limited?.close());

    it('takes its limit from EVENTS_RATE_LIMIT', async () => {
      const sessionId = newSessionId();
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/events',
          payload: { events: Array.from({ length: 50 }, () => event(sessionId)) },
          remoteAddress: '198.51.100.90',
          headers: { origin: TEST_ORIGIN },
        });
      expect((await post()).statusCode).toBe(202);
      expect((await post()).statusCode).toBe(429);
    });
  });

  it('lists one session’s events at GET /api/dev/events when DEV_OUTBOX=1', async () => {
    const sessionId = newSessionId();
    await send({ events: [event(sessionId), event(sessionId, { name: 'scroll_depth', params: { percent: 25 } })] });
    const response = await t.app.inject({ url: `/api/dev/events?session_id=${sessionId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((row: { name: string }) => row.name)).toEqual(['page_view', 'scroll_depth']);
    expect((await t.app.inject({ url: '/api/dev/events' })).statusCode).toBe(400);
  });

  describe('personal data (product.md §6)', () => {
    it('keeps the session’s user id and type only with the sender’s consent', async () => {
      const user = await signedInUser(t.app);
      const withConsent = newSessionId();
      const withoutConsent = newSessionId();
      await send({ events: [event(withConsent)], consent: { shareWatchHistory: true } }, { cookie: user.cookie });
      await send({ events: [event(withoutConsent)], consent: { shareWatchHistory: false } }, { cookie: user.cookie });
      expect(await rowsOf(withConsent)).toMatchObject([{ userId: user.userId, userType: 'registered' }]);
      expect(await rowsOf(withoutConsent)).toMatchObject([{ userId: null, userType: null }]);
    });

    it('never stores a user id or type the body claims', async () => {
      const user = await signedInUser(t.app);
      const claimed = { user_id: 'someone-else', user_type: 'premium' };
      const signedIn = newSessionId();
      const guest = newSessionId();
      const noConsent = newSessionId();
      await send({ events: [event(signedIn, claimed)], consent: { shareWatchHistory: true } }, { cookie: user.cookie });
      await send({ events: [event(guest, claimed)], consent: { shareWatchHistory: true } });
      await send({ events: [event(noConsent, claimed)] });
      expect(await rowsOf(signedIn)).toMatchObject([{ userId: user.userId, userType: 'registered' }]);
      expect(await rowsOf(guest)).toMatchObject([{ userId: null, userType: 'guest' }]);
      expect(await rowsOf(noConsent)).toMatchObject([{ userId: null, userType: null }]);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItem } from '../../test/api-routes.ts';
import { signedInUser, TEST_ORIGIN } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { badInputIn } from './json-body.ts';

const at = '2026-11-20T10:00:00.000Z';
const LONE = 'X\ud800';

describe('badInputIn', () => {
  it('names the first string, in document order, that the database cannot store', () => {
    expect(badInputIn({ a: 'fine', b: [{ c: 'ok' }, { d: LONE }], e: 'x\u0000' }, 'body')).toBe(
      'Invalid b.1.d: must be valid Unicode text (it holds a lone UTF-16 surrogate)',
    );
    expect(badInputIn({ q: 'a\u0000b' }, 'query')).toBe('Invalid q: must not contain a NUL character');
    expect(badInputIn('\udc00', 'body')).toMatch(/^Invalid body: /);
    expect(badInputIn({ list: { ['k\ud800']: 1 } }, 'body')).toMatch(/^Invalid list: a property name /);
  });

  it('takes surrogate pairs (emoji) and ordinary text', () => {
    expect(badInputIn({ title: '🎬 Amélie', list: ['日本', ''] }, 'body')).toBeNull();
  });
});

describe('strings the database cannot store, sent to the API', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signedInUser(t.app));
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    t.app.inject({
      method,
      url,
      // JSON.stringify writes a lone surrogate as the escape `\ud800`, as any client would.
      payload: JSON.stringify(body),
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
    });

  const cases: Array<[string, 'POST' | 'PATCH', string, unknown, string]> = [
    [
      'a history title in a sync',
      'POST',
      '/api/me/sync',
      { operations: [{ op: 'upsert', store: 'history', item: { ...historyItem(550), movie_title: LONE }, at }] },
      'operations.0.item.movie_title',
    ],
    [
      'a custom source name in the synced settings',
      'POST',
      '/api/me/sync',
      {
        operations: [
          { op: 'upsert', store: 'history', item: historyItem(550), at },
          {
            op: 'upsert',
            store: 'settings',
            item: { customVideoSources: [{ name: `Mine${'\udfff'}`, movieUrl: 'https://example.org/{movieID}' }] },
            at,
          },
        ],
      },
      'operations.1.item.customVideoSources.0.name',
    ],
    [
      'an id in a sync',
      'POST',
      '/api/me/sync',
      { operations: [{ op: 'upsert', store: 'history', item: { ...historyItem(550), id: 'movie:\u0000' }, at }] },
      'operations.0.item.id',
    ],
    [
      'an event parameter',
      'POST',
      '/api/events',
      {
        events: [{ name: 'search', params: { term: LONE }, at, session_id: 'session-1234', page: '/search' }],
        consent: { shareWatchHistory: true },
      },
      'events.0.params.term',
    ],
    ['a comment', 'POST', '/api/comments', { content_type: 'movie', content_id: 550, content: LONE }, 'content'],
    [
      'a feedback name',
      'POST',
      '/api/feedback',
      { name: LONE, email: 'ada@example.org', feedback_type: 'general', subject: 'Hi', message: 'A message.' },
      'name',
    ],
    [
      'a profile avatar address',
      'PATCH',
      '/api/me/profile',
      { username: 'film_fan', avatar_url: `https://example.org/${LONE}.png` },
      'avatar_url',
    ],
    [
      'a sign-up name (better-auth)',
      'POST',
      '/api/auth/sign-up/email',
      { email: 'lone@example.org', password: 'correct-horse', name: LONE },
      'name',
    ],
  ];

  it.each(cases)('%s answers 400 naming the field', async (_what, method, url, body, field) => {
    const answer = await send(method, url, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({
      error: { code: 'invalid_input', message: expect.stringMatching(`^Invalid ${field}: `) },
    });
  });

  it('stores nothing of a refused request', async () => {
    await send('POST', '/api/comments', { content_type: 'movie', content_id: 551, content: LONE });
    const listed = await t.app.inject({ url: '/api/comments?content_type=movie&content_id=551' });
    expect(listed.json().results).toEqual([]);
  });

  it('names a query parameter that holds NUL', async () => {
    const answer = await t.app.inject({ url: '/api/catalogue/search?q=a%00b' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('Invalid q: must not contain a NUL character');
  });
});

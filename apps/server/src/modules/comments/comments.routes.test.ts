import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { COMMENT_MAX_LENGTH, COMMENTS_PER_MINUTE } from './comments.routes.ts';

let t: TestApp;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let nextTitle = 100;

beforeAll(async () => {
  t = await createTestApp();
});
// Fresh people for each test, so that the posting limit only bites the test about it.
beforeEach(async () => {
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
});
afterAll(() => t.close());

function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

async function post(cookie: string, contentId: number, content: string, parentId?: string) {
  const response = await send('POST', '/api/comments', cookie, {
    content_id: contentId,
    content_type: 'movie',
    content,
    ...(parentId ? { parent_id: parentId } : {}),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; content: string; profile: { username: string | null } };
}

async function thread(contentId: number) {
  const response = await t.app.inject(`/api/comments?content_type=movie&content_id=${contentId}`);
  expect(response.statusCode).toBe(200);
  return response.json().results as Array<Record<string, unknown> & { replies: Array<Record<string, unknown>> }>;
}

describe('comments', () => {
  it('posts trimmed comments, oldest first, with the author profile', async () => {
    const title = nextTitle++;
    const first = await post(alice.cookie, title, '  A classic.  ');
    await post(bob.cookie, title, 'Still holds up.');
    const results = await thread(title);
    expect(results.map((comment) => comment.content)).toEqual(['A classic.', 'Still holds up.']);
    expect(results[0]).toMatchObject({
      id: first.id,
      user_id: alice.userId,
      content_type: 'movie',
      content_id: title,
      parent_id: null,
      is_deleted: false,
      is_edited: false,
      profile: { id: alice.userId },
    });
    const count = await t.app.inject(`/api/comments/count?content_type=movie&content_id=${title}`);
    expect(count.json()).toEqual({ count: 2 });
  });

  it('nests replies to any depth', async () => {
    const title = nextTitle++;
    let parent = await post(alice.cookie, title, 'level 0');
    for (let level = 1; level <= 6; level++)
      parent = await post(level % 2 ? bob.cookie : alice.cookie, title, `level ${level}`, parent.id);
    let node = (await thread(title))[0]!;
    for (let level = 1; level <= 6; level++) {
      expect(node.replies).toHaveLength(1);
      node = node.replies[0] as typeof node;
      expect(node.content).toBe(`level ${level}`);
    }
  });

  it('refuses posting, editing and deleting without a session', async () => {
    const title = nextTitle++;
    const comment = await post(alice.cookie, title, 'mine');
    const answers = [
      await send('POST', '/api/comments', null, { content_id: title, content_type: 'movie', content: 'x' }),
      await send('PATCH', `/api/comments/${comment.id}`, null, { content: 'changed' }),
      await send('DELETE', `/api/comments/${comment.id}`, null),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
  });

  it("never lets anyone edit or delete another's comment", async () => {
    const title = nextTitle++;
    const comment = await post(alice.cookie, title, 'Alice wrote this');
    const edit = await send('PATCH', `/api/comments/${comment.id}`, bob.cookie, { content: 'Bob was here' });
    const remove = await send('DELETE', `/api/comments/${comment.id}`, bob.cookie);
    expect([edit.statusCode, remove.statusCode]).toEqual([403, 403]);
    expect((await thread(title))[0]).toMatchObject({
      content: 'Alice wrote this',
      is_edited: false,
      is_deleted: false,
    });
  });

  it('edits its own comment, marking it edited', async () => {
    const title = nextTitle++;
    const comment = await post(alice.cookie, title, 'frist');
    const edit = await send('PATCH', `/api/comments/${comment.id}`, alice.cookie, { content: '  first  ' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ content: 'first', is_edited: true });
    expect(Date.parse(edit.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(edit.json().created_at));
  });

  it('soft-deletes, keeping the replies under a [deleted] placeholder', async () => {
    const title = nextTitle++;
    const parent = await post(alice.cookie, title, 'parent');
    await post(bob.cookie, title, 'a reply', parent.id);
    const lonely = await post(alice.cookie, title, 'no replies');
    expect((await send('DELETE', `/api/comments/${parent.id}`, alice.cookie)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/comments/${lonely.id}`, alice.cookie)).statusCode).toBe(200);
    const results = await thread(title);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ id: parent.id, is_deleted: true, content: '[deleted]' });
    expect(results[0]!.replies[0]).toMatchObject({ content: 'a reply', is_deleted: false });
    // Only live comments count, and a deleted one cannot be edited.
    const count = await t.app.inject(`/api/comments/count?content_type=movie&content_id=${title}`);
    expect(count.json()).toEqual({ count: 1 });
    expect((await send('PATCH', `/api/comments/${parent.id}`, alice.cookie, { content: 'back' })).statusCode).toBe(404);
  });

  it('names the field of every invalid input', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ content_id: 1, content_type: 'movie', content: '   ' }, /content.*cannot be empty/],
      [
        { content_id: 1, content_type: 'movie', content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
        /content.*2,000 characters/,
      ],
      [{ content_id: -4, content_type: 'movie', content: 'x' }, /content_id/],
      [{ content_id: 1, content_type: 'book', content: 'x' }, /content_type/],
      [{ content_id: 1, content_type: 'movie', content: 'x', parent_id: 'nope' }, /parent_id/],
      [
        { content_id: 1, content_type: 'movie', content: 'x', parent_id: '00000000-0000-4000-8000-000000000000' },
        /parent_id/,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await send('POST', '/api/comments', alice.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    const badQuery = await t.app.inject('/api/comments?content_type=movie&content_id=abc');
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error.message).toMatch(/content_id/);
  });

  it('counts many titles in one request for the cards', async () => {
    const title = nextTitle++;
    await post(bob.cookie, title, 'one');
    const response = await t.app.inject(`/api/comments/counts?items=movie:${title},tv:${title},movie:999999`);
    expect(response.json()).toEqual({ counts: { [`movie:${title}`]: 1, [`tv:${title}`]: 0, 'movie:999999': 0 } });
    expect((await t.app.inject('/api/comments/counts?items=book:1')).statusCode).toBe(400);
    // Ids are 32-bit in the database: a larger one is bad input, not a failed query.
    expect((await t.app.inject('/api/comments/counts?items=movie:2147483647')).statusCode).toBe(200);
    const tooLarge = await t.app.inject('/api/comments/counts?items=movie:1,tv:8654517558');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.message).toBe('Invalid items: has an id over 2147483647');
  });

  it('limits how fast one person can post', async () => {
    const poster = await signedInUser(t.app);
    const title = nextTitle++;
    const statuses: number[] = [];
    for (let index = 0; index <= COMMENTS_PER_MINUTE; index++) {
      const response = await send('POST', '/api/comments', poster.cookie, {
        content_id: title,
        content_type: 'movie',
        content: `comment ${index}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error.code).toBe('rate_limited');
    }
    expect(statuses).toEqual([...Array(COMMENTS_PER_MINUTE).fill(201), 429]);
  });

  it('keeps markup as text', async () => {
    const title = nextTitle++;
    await post(alice.cookie, title, '<img src=x onerror=alert(1)>');
    expect((await thread(title))[0]!.content).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('the thread cache', () => {
  it('serves a title’s thread from memory, yet every app server shows a change at once', async () => {
    const { buildApp } = await import('../../app.ts');
    // A second app server on the same database: its own cache, its own LISTEN connection.
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    try {
      const contentId = nextTitle++;
      const url = `/api/comments?content_type=movie&content_id=${contentId}`;
      const read = async () => (await t.app.inject(url)).json().results as Array<{ content: string }>;
      expect(await read()).toEqual([]);

      const written = await other.inject({
        method: 'POST',
        url: '/api/comments',
        payload: { content_id: contentId, content_type: 'movie', content: 'Written elsewhere.' },
        headers: { origin: TEST_ORIGIN, cookie: alice.cookie },
      });
      expect(written.statusCode).toBe(201);
      // Long before the cache's own 5 s limit: the announcement made the first server forget.
      await expect
        .poll(async () => (await read()).map((comment) => comment.content), { timeout: 2000 })
        .toEqual(['Written elsewhere.']);

      // The writer's own server never shows its own change late.
      const id = written.json().id as string;
      await other.inject({
        method: 'PATCH',
        url: `/api/comments/${id}`,
        payload: { content: 'Edited.' },
        headers: { origin: TEST_ORIGIN, cookie: alice.cookie },
      });
      expect((await other.inject(url)).json().results[0].content).toBe('Edited.');
    } finally {
      await other.close();
    }
  });
});

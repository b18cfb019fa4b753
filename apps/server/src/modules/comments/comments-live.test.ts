import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Opens an event stream and collects its events until `count` have arrived. */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Array<{ type: string; data: Record<string, unknown> }> = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    async until(count: number) {
      await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe('live comments (SSE fed by LISTEN/NOTIFY)', () => {
  it('sends a third person’s new, edited and deleted comment to two readers of the title', async () => {
    const writer = await signedInUser(t.app);
    const first = await openStream(`${base}/api/comments/stream?content_type=tv&content_id=1396`);
    const second = await openStream(`${base}/api/comments/stream?content_type=tv&content_id=1396`);
    const elsewhere = await openStream(`${base}/api/comments/stream?content_type=tv&content_id=1399`);
    const headers = { origin: TEST_ORIGIN, cookie: writer.cookie };

    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers,
      payload: { content_type: 'tv', content_id: 1396, content: 'Say my name.' },
    });
    const id = posted.json().id as string;
    // Each change is announced by id and read once announced: a reader sees the comment as it is
    // then, so the test (like a person) waits for one change to arrive before making the next.
    await Promise.all([first.until(1), second.until(1)]);
    await t.app.inject({ method: 'PATCH', url: `/api/comments/${id}`, headers, payload: { content: 'Say my name!' } });
    await Promise.all([first.until(2), second.until(2)]);
    await t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers });

    for (const stream of [first, second]) {
      await stream.until(3);
      expect(stream.events.map((event) => [event.type, event.data.id, event.data.content])).toEqual([
        ['created', id, 'Say my name.'],
        ['updated', id, 'Say my name!'],
        ['deleted', id, '[deleted]'],
      ]);
    }
    expect(elsewhere.events).toEqual([]);
    await Promise.all([first.close(), second.close(), elsewhere.close()]);
  });

  it('refuses a stream without a valid title', async () => {
    const response = await fetch(`${base}/api/comments/stream?content_type=book&content_id=1`);
    expect(response.status).toBe(400);
  });
});

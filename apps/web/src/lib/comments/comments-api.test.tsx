import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Comment } from '@marquee/core';
import { commentsKey, useComments } from './comments-api.ts';

/** Records every stream the page opens, and lets the test send its events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  send(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? [])
      listener({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

function Thread({ id }: { id: number }) {
  const { data } = useComments('movie', id);
  return <p>{data ? `${data.length} comments` : 'loading'}</p>;
}

const comment: Comment = {
  id: 'c1',
  user_id: 'u1',
  content_type: 'movie',
  content_id: 7,
  parent_id: null,
  profile: { id: 'u1', username: 'ada', avatar_url: null },
  content: 'Loved it',
  is_deleted: false,
  is_edited: false,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  replies: [],
};

describe('useComments', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ results: [] }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens one stream per title however many components show its thread, and closes it with the last', () => {
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Thread id={7} />
        <Thread id={7} />
        <Thread id={7} />
        <Thread id={8} />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      '/api/comments/stream?content_type=movie&content_id=7',
      '/api/comments/stream?content_type=movie&content_id=8',
    ]);

    view.rerender(
      <QueryClientProvider client={client}>
        <Thread id={7} />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.opened.map((source) => source.closed)).toEqual([false, true]);

    view.unmount();
    expect(FakeEventSource.opened.map((source) => source.closed)).toEqual([true, true]);
  });

  it('puts a comment that arrives on the stream into the cached thread once', () => {
    const client = new QueryClient();
    client.setQueryData(commentsKey('movie', 7), []);
    render(
      <QueryClientProvider client={client}>
        <Thread id={7} />
        <Thread id={7} />
      </QueryClientProvider>,
    );
    FakeEventSource.opened[0]!.send('created', comment);
    expect(client.getQueryData(commentsKey('movie', 7))).toEqual([comment]);
  });
});

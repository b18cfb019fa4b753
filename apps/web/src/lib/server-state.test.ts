import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { dehydratePage, hydrateServerState, reviveServerState } from './server-state.ts';

async function clientWith(error: Error) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery({ queryKey: ['catalogue', 'movie', 1], queryFn: () => ({ id: 1 }) });
  await client.prefetchQuery({ queryKey: ['catalogue', 'movie', 2], queryFn: () => Promise.reject(error) });
  return client;
}

describe('a server-rendered query cache', () => {
  it('carries a 404 through JSON, back as an ApiError the screen recognises', async () => {
    const client = await clientWith(new ApiError(404, 'not_found', 'Movie not found'));
    const sent = JSON.parse(JSON.stringify(dehydratePage(client))) as ReturnType<typeof dehydratePage>;
    const revived = reviveServerState(sent);
    expect(revived.queries.map((query) => query.state.status)).toEqual(['success', 'error']);
    const error = revived.queries[1]!.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Movie not found' });
  });

  it('mounts a hydrated 404 as the failure the server rendered, not as loading', async () => {
    const server = await clientWith(new ApiError(404, 'not_found', 'Movie not found'));
    const browser = new QueryClient();
    hydrateServerState(browser, JSON.parse(JSON.stringify(dehydratePage(server))));
    let asked = 0;
    // As useQuery asks for its first result: optimistic, i.e. with the fetch a mount would start.
    const options = {
      ...browser.defaultQueryOptions({ queryKey: ['catalogue', 'movie', 2], queryFn: () => ++asked }),
      _optimisticResults: 'optimistic' as const,
    };
    const first = new QueryObserver(browser, options).getOptimisticResult(options);
    expect(first.status).toBe('error');
    expect(first.error).toBeInstanceOf(ApiError);
    expect(asked).toBe(0);
  });

  it("shows where titles play as the server rendered it, and asks again once the page is the browser's", async () => {
    const server = new QueryClient();
    const answer = { media_type: 'movie', id: 603, sources: ['library'], indexing: false };
    await server.prefetchQuery({ queryKey: ['availability', 'movie', 603], queryFn: () => answer });
    await server.prefetchQuery({ queryKey: ['catalogue', 'movie', 603], queryFn: () => ({ id: 603 }) });
    const browser = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } });
    hydrateServerState(browser, JSON.parse(JSON.stringify(dehydratePage(server))));
    // The cards render the server's answer, which a rendered page kept a while may hold from before
    // a file was added: it is stale at once, so mounting asks the server again.
    expect(browser.getQueryData(['availability', 'movie', 603])).toEqual(answer);
    expect(browser.getQueryState(['availability', 'movie', 603])!.dataUpdatedAt).toBe(0);
    expect(
      browser
        .getQueryCache()
        .find({ queryKey: ['availability', 'movie', 603] })!
        .isStaleByTime(10_000),
    ).toBe(true);
    expect(
      browser
        .getQueryCache()
        .find({ queryKey: ['catalogue', 'movie', 603] })!
        .isStaleByTime(10_000),
    ).toBe(false);
  });

  it('leaves out any other failure (the page is not rendered then)', async () => {
    const client = await clientWith(new ApiError(503, 'unavailable', 'Down'));
    expect(dehydratePage(client).queries.map((query) => query.state.status)).toEqual(['success']);
  });
});

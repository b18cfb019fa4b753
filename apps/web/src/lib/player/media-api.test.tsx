import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_SCAN_POLL_MS, useTitleMedia } from './media-api.ts';

afterEach(() => vi.unstubAllGlobals());

function answers(...bodies: object[]) {
  const fetch = vi.fn(async () => {
    const body = bodies.length > 1 ? bodies.shift()! : bodies[0]!;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderTitleMedia() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useTitleMedia('movie', 7), { wrapper });
}

const file = { id: 'f', path: 'Heat (1995).mp4', season_number: null, episode_number: null, stream_url: '/s/f' };

describe('useTitleMedia', () => {
  it('asks again every few seconds while the server is indexing, then stops', async () => {
    const fetch = answers(
      { enabled: true, scanning: true, results: [] },
      { enabled: true, scanning: false, results: [file] },
    );
    const { result } = renderTitleMedia();
    await waitFor(() => expect(result.current.data?.scanning).toBe(true));
    await waitFor(() => expect(result.current.data).toEqual({ enabled: true, scanning: false, results: [file] }), {
      timeout: LIBRARY_SCAN_POLL_MS + 2000,
    });
    await new Promise((resolve) => setTimeout(resolve, LIBRARY_SCAN_POLL_MS + 200));
    expect(fetch).toHaveBeenCalledTimes(2);
  }, 15_000);
});

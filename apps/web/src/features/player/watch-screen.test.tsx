import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WatchScreen } from './watch-screen.tsx';

let answer: (path: string) => Promise<Response>;

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answer(String(input))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/watch/:type/:id" element={<WatchScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const notFound = () =>
  new Response(JSON.stringify({ error: { code: 'not_found', message: 'Movie not found' } }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

describe('WatchScreen (player.md §2)', () => {
  it('shows "Loading video player..." while the title loads', () => {
    answer = () => new Promise<Response>(() => undefined);
    renderAt('/watch/movie/550');
    expect(screen.getByRole('status').textContent?.trim()).toBe('Loading video player...');
  });

  it('shows "Content not found" for an unknown title', async () => {
    answer = async () => notFound();
    renderAt('/watch/movie/999999');
    expect(await screen.findByText('Content not found')).toBeTruthy();
    expect(document.title).toMatch(/Content not found/);
  });

  it.each(['/watch/film/550', '/watch/series/abc', '/watch/movie/0'])(
    'shows "Content not found" for %s without asking the server',
    (path) => {
      answer = async () => notFound();
      renderAt(path);
      expect(screen.getByText('Content not found')).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
    },
  );
});

import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TitleSummary } from '@marquee/core';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { TEST_APP_CONFIG } from '@/test/app-config.ts';
import { TitleGrid } from './title-grid.tsx';

function movie(id: number, title: string): TitleSummary {
  return {
    id,
    media_type: 'movie',
    title,
    original_title: title,
    release_date: '1999-03-31',
    overview: '',
    poster_path: null,
    backdrop_path: null,
    vote_average: 8,
    vote_count: 100,
    popularity: 1,
    genre_ids: [878],
    original_language: 'en',
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('TitleGrid', () => {
  it("shows each card's real comment count, asked for the whole grid in one request", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/comments/counts')
        ? Response.json({ counts: { 'movie:603': 3, 'movie:604': 0 } })
        : Response.json({ error: { code: 'not_found', message: 'not here' } }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <TitleGrid items={[movie(603, 'The Matrix'), movie(604, 'The Matrix Reloaded')]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText('3 comments')).toBeTruthy();
    expect(screen.getByLabelText('0 comments')).toBeTruthy();
    const countRequests = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/comments'));
    expect(countRequests).toEqual(['/api/comments/counts?items=movie:603,movie:604']);
  });

  it('marks where each title can play, asked for the whole grid in one request after it painted', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/config'
        ? Response.json({ ...TEST_APP_CONFIG, features: { library: true } })
        : url.startsWith('/api/availability')
          ? Response.json({
              indexing: false,
              results: [
                { media_type: 'movie', id: 603, sources: ['library', 'jellyfin'] },
                { media_type: 'movie', id: 604, sources: ['trailer'] },
                { media_type: 'movie', id: 605, sources: [] },
              ],
            })
          : Response.json({ error: { code: 'not_found', message: 'not here' } }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <TitleGrid items={[movie(603, 'The Matrix'), movie(604, 'The Matrix Reloaded'), movie(605, 'Nothing')]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Plays from Library, Jellyfin')).toBeTruthy();
    expect(screen.getByText('Library +1')).toBeTruthy();
    expect(screen.getByText('Plays from Trailer')).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards[2]!.textContent).not.toMatch(/Plays from/);
    const requests = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/availability'));
    expect(requests).toEqual(['/api/availability?ids=movie:603,movie:604,movie:605']);
  });

  it("opens the player from a playable card, and a title nothing can play at its details' reason", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/config'
          ? Response.json({ ...TEST_APP_CONFIG, features: { library: true } })
          : url.startsWith('/api/availability')
            ? Response.json({
                indexing: false,
                results: [
                  { media_type: 'movie', id: 603, sources: ['library'] },
                  { media_type: 'movie', id: 605, sources: [] },
                ],
              })
            : Response.json({ error: { code: 'not_found', message: 'not here' } }, { status: 404 }),
      ),
    );
    const view = () => (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <TitleGrid items={[movie(603, 'The Matrix'), movie(605, 'Nothing')]} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { unmount } = render(view());
    const noSource = await screen.findByRole('link', { name: 'No source for Nothing' });
    expect(noSource.getAttribute('href')).toBe('/movie/605#nothing-can-play');
    expect(screen.queryByRole('link', { name: 'Watch Nothing' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Watch The Matrix' }).getAttribute('href')).toBe('/watch/movie/603');
    unmount();

    // A custom source of the viewer's plays any film: the card offers Watch again.
    getSettingsStore().update({
      customVideoSources: [{ name: 'Mine', movieUrl: 'https://mine.example/{movieID}', tvUrl: '', recommended: false }],
    });
    try {
      render(view());
      expect(await screen.findByText('Plays from Mine')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Watch Nothing' }).getAttribute('href')).toBe('/watch/movie/605');
      expect(screen.queryByRole('link', { name: 'No source for Nothing' })).toBeNull();
    } finally {
      getSettingsStore().reset();
    }
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeasonDetails } from '@marquee/core';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { TEST_APP_CONFIG } from '@/test/app-config.ts';
import { MovieDetailScreen, SeriesDetailScreen } from './detail-screen.tsx';
import { aMovie, anEpisode, aSeries } from './test-factories.ts';

let answers: Record<string, unknown>;
const requested: string[] = [];

const withLibrary = { ...TEST_APP_CONFIG, features: { library: true } };
const season1: SeasonDetails = {
  id: 1,
  season_number: 1,
  name: 'Season 1',
  air_date: null,
  episodes: [1, 2, 3].map((number) =>
    anEpisode({ id: number, season_number: 1, episode_number: number, name: `Episode ${number}` }),
  ),
};

beforeEach(() => {
  requested.length = 0;
  answers = {
    '/api/config': withLibrary,
    '/api/catalogue/movie/550': aMovie(),
    '/api/catalogue/tv/1': aSeries(),
    '/api/catalogue/tv/1/season/1': season1,
    '/api/catalogue/movie/550/similar': { results: [] },
    '/api/catalogue/tv/1/similar': { results: [] },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      requested.push(path);
      const body = answers[path];
      return body === undefined
        ? Response.json({ error: { code: 'not_found', message: 'not here' } }, { status: 404 })
        : Response.json(body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  getSettingsStore().reset();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/movie/:id" element={<MovieDetailScreen />} />
          <Route path="/series/:id" element={<SeriesDetailScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const playsFrom = () => within(screen.getByRole('list', { name: 'Plays from' }));

describe('availability on a detail page', () => {
  it('lists where the title plays next to Watch Now', async () => {
    answers['/api/availability?ids=movie:550'] = {
      indexing: false,
      results: [{ media_type: 'movie', id: 550, sources: ['library', 'jellyfin'] }],
    };
    renderAt('/movie/550');
    expect(await screen.findByRole('list', { name: 'Plays from' })).toBeTruthy();
    expect(
      playsFrom()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Library', 'Jellyfin']);
    expect(screen.getByRole('link', { name: /Watch Now/ })).toBeTruthy();
  });

  it('says nothing can play a title without sources instead of offering Watch Now, and what would help', async () => {
    answers['/api/availability?ids=movie:550'] = {
      indexing: false,
      results: [{ media_type: 'movie', id: 550, sources: [] }],
    };
    renderAt('/movie/550');
    const panel = await screen.findByRole('region', { name: 'Nothing can play this yet' });
    expect(panel.textContent).toContain(
      "This server's media folder has no file of this film: its operator can add one.",
    );
    expect(within(panel).getByRole('link', { name: 'add a custom source in Settings' }).getAttribute('href')).toBe(
      '/settings#custom-video-sources',
    );
    expect(screen.queryByRole('link', { name: /Watch Now/ })).toBeNull();
  });

  it('keeps Watch Now when the viewer has a custom source, named among the sources', async () => {
    getSettingsStore().update({
      customVideoSources: [
        { name: 'Gamma', movieUrl: 'https://gamma.example/{movieID}', tvUrl: '', recommended: false },
      ],
    });
    answers['/api/availability?ids=movie:550'] = {
      indexing: false,
      results: [{ media_type: 'movie', id: 550, sources: [] }],
    };
    renderAt('/movie/550');
    expect(await screen.findByRole('list', { name: 'Plays from' })).toBeTruthy();
    expect(playsFrom().getByText('Gamma')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Watch Now/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Nothing can play this yet' })).toBeNull();
  });

  it('asks nothing of a server with no media folder, media server or trailers, and tells its operator what to set', async () => {
    answers['/api/config'] = TEST_APP_CONFIG;
    renderAt('/movie/550');
    const panel = await screen.findByRole('region', { name: 'Nothing can play this yet' });
    expect(panel.textContent).toContain(
      'This server has no media folder or media server: its operator can set MEDIA_DIR',
    );
    expect(panel.textContent).toContain('MEDIA_DIR');
    expect(panel.textContent).toContain('JELLYFIN_URL');
    expect(requested.some((path) => path.startsWith('/api/availability'))).toBe(false);
  });

  it("marks the episodes the server can play in a series' episode list", async () => {
    answers['/api/availability?ids=tv:1'] = {
      indexing: false,
      results: [{ media_type: 'tv', id: 1, sources: ['library'], episodes: 1 }],
    };
    answers['/api/availability/tv/1'] = {
      media_type: 'tv',
      id: 1,
      sources: ['library'],
      indexing: false,
      seasons: [{ season_number: 1, episodes: [{ episode_number: 2, sources: ['library', 'emby'] }] }],
    };
    const { container } = renderAt('/series/1');
    expect(await screen.findByText('Library · Emby')).toBeTruthy();
    const marked = [...container.querySelectorAll('[data-episode]')].filter((row) =>
      row.querySelector('[data-episode-sources]'),
    );
    expect(marked.map((row) => row.getAttribute('data-episode'))).toEqual(['2']);
    expect(marked[0]!.textContent).toContain('Plays from Library · Emby');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MovieDetails } from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { Player } from './player.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast }));

const movie = {
  id: 550,
  media_type: 'movie',
  title: 'Fight Club',
  original_title: 'Fight Club',
  overview: '',
  poster_path: null,
  backdrop_path: null,
  vote_average: 8.8,
  release_date: '1999-10-15',
  trailer_key: null,
} as unknown as MovieDetails;

const CONFIG = {
  images: { secure_base_url: '/api/art/' },
  catalogue: 'local',
  features: { trailers: false, library: true },
};

beforeEach(() => {
  toast.mockClear();
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = String(input) === '/api/config' ? CONFIG : { enabled: true, scanning: false, results: [] };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  getSettingsStore().update({
    autoplayTrailers: false,
    customVideoSources: [
      { name: 'Alpha', movieUrl: 'https://alpha.example/{movieID}', tvUrl: '', recommended: false },
      { name: 'Beta', movieUrl: 'https://beta.example/m/{movieID}', tvUrl: '', recommended: true },
    ],
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  getSettingsStore().reset();
  getHistoryStore().clear();
});

function renderPlayer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Player details={movie} onBack={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Player', () => {
  it('auto-selects the first recommended source and says so (player.md §4)', async () => {
    renderPlayer();
    const frame = await screen.findByTitle('Beta: Fight Club');
    expect(frame.getAttribute('src')).toBe('https://beta.example/m/550');
    expect(frame.getAttribute('allow')).toBe('fullscreen; encrypted-media');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-popups|allow-top-navigation/);
    expect(toast).toHaveBeenCalledWith('Auto-selected recommended source', {
      description: 'Using Beta for best experience',
      duration: 3000,
    });
  });

  it('groups the sources and lists unplayable ones disabled with the reason', async () => {
    renderPlayer();
    await screen.findByTitle('Beta: Fight Club');
    const groups = [...document.querySelectorAll('optgroup')].map((group) => [
      group.label,
      [...group.querySelectorAll('option')].map(
        (option) => `${option.textContent}${option.disabled ? ' (disabled)' : ''}`,
      ),
    ]);
    expect(groups).toEqual([
      ['RECOMMENDED', ['Library — No file for this title in the library (disabled)', 'Beta']],
      ['OTHER SOURCES', ['Trailer — The catalogue has no trailers (disabled)', 'Alpha']],
    ]);
  });

  it('announces a source change and records the title once in history', async () => {
    renderPlayer();
    await screen.findByTitle('Beta: Fight Club');
    fireEvent.change(screen.getByLabelText('Video source'), { target: { value: '2' } });
    expect(await screen.findByTitle('Alpha: Fight Club')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith('Video Source Changed', { description: 'Alpha', duration: 3000 });
    expect(getHistoryStore().getSnapshot()).toEqual([
      expect.objectContaining({ movie_id: 550, movie_title: 'Fight Club', content_type: 'movie' }),
    ]);
  });

  it('lets embeds autoplay only when autoplayTrailers is on (player.md §7)', async () => {
    getSettingsStore().set('autoplayTrailers', true);
    renderPlayer();
    expect((await screen.findByTitle('Beta: Fight Club')).getAttribute('allow')).toBe(
      'autoplay; fullscreen; encrypted-media',
    );
  });

  it('records nothing when history tracking is off', async () => {
    getSettingsStore().set('enableHistoryTracking', false);
    renderPlayer();
    await screen.findByTitle('Beta: Fight Club');
    await waitFor(() => expect(getHistoryStore().getSnapshot()).toEqual([]));
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryAddInput } from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { HistoryCompact, HistoryScreen } from './history-screen.tsx';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

function ShowState() {
  const location = useLocation();
  return <p data-testid="state">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function wrap(children: ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/history']}>
        <Routes>
          <Route path="/history" element={children} />
          <Route path="*" element={<ShowState />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function watched(at: string, input: Partial<HistoryAddInput>) {
  vi.setSystemTime(new Date(at));
  const result = getHistoryStore().add({ movie_id: 1, movie_title: 'One', content_type: 'movie', ...input });
  if (!result.ok) throw new Error(result.error.message);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  getHistoryStore().clear();
  getSettingsStore().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('History screen', () => {
  it('shows the empty text', () => {
    wrap(<HistoryScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch History');
    expect(screen.getByText('Watch movies and series to see them here.')).toBeTruthy();
  });

  it('lists entries newest first, with the last-watched episode, and resumes a series', () => {
    watched('2024-01-01T00:00:00Z', { movie_id: 1, movie_title: 'Old Film' });
    watched('2024-03-01T00:00:00Z', {
      movie_id: 7,
      movie_title: 'A Series',
      content_type: 'tv',
      season_number: 2,
      episode_number: 5,
      episode_title: 'Five',
    });
    watched('2024-02-01T00:00:00Z', {
      movie_id: 3,
      movie_title: 'Mid Film',
      duration_watched: 60,
      total_duration: 240,
    });
    wrap(<HistoryScreen />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch History (3)');
    const list = screen.getByRole('list', { name: 'Watched titles' });
    const titles = within(list)
      .getAllByRole('article')
      .map((card) => card.querySelector('h3')?.textContent);
    expect(titles).toEqual(['A Series', 'Mid Film', 'Old Film']);
    expect(screen.getByText('Last watched: S2 · E5')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Mid Film progress' }).getAttribute('aria-valuenow')).toBe('25');
    // Without an image host the posters are placeholders, named like the image would be.
    expect(screen.getByRole('img', { name: 'A Series poster' }).tagName).toBe('DIV');

    fireEvent.click(screen.getByRole('link', { name: 'A Series' }));
    expect(screen.getByTestId('state').textContent).toBe('/series/7 {"lastWatchedSeason":2,"lastWatchedEpisode":5}');
  });

  it('removes one entry and clears them all with the §8 toasts', () => {
    watched('2024-01-01T00:00:00Z', { movie_id: 1, movie_title: 'Old Film' });
    watched('2024-02-01T00:00:00Z', { movie_id: 2, movie_title: 'New Film' });
    wrap(<HistoryScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Old Film from History' }));
    expect(toast).toHaveBeenCalledWith('Removed from History', { description: 'Old Film' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch History (1)');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear History' }));
    expect(toast.success).toHaveBeenCalledWith('History Cleared');
    expect(screen.getByText('Watch movies and series to see them here.')).toBeTruthy();
  });

  it('says when history tracking is off', () => {
    getSettingsStore().set('enableHistoryTracking', false);
    wrap(<HistoryScreen />);
    expect(screen.getByRole('status').textContent).toContain('History tracking is off');
  });
});

describe('History compact', () => {
  it('shows 6 in a grid and 12 in a strip', () => {
    for (let id = 1; id <= 13; id++)
      watched(new Date(Date.UTC(2024, 0, id)).toISOString(), { movie_id: id, movie_title: `Film ${id}` });
    const grid = wrap(<HistoryCompact />);
    expect(within(grid.container).getAllByRole('article')).toHaveLength(6);
    expect(within(grid.container).getAllByRole('article')[0]!.textContent).toContain('Film 13');
    grid.unmount();
    const strip = wrap(<HistoryCompact variant="strip" />);
    expect(within(strip.container).getAllByRole('article')).toHaveLength(12);
  });
});

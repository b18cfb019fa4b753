import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WatchLaterAddInput } from '@marquee/core';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { getWatchLaterStore } from '@/lib/local-store/watch-later-store.ts';
import { WatchLaterCompact, WatchLaterScreen } from './watch-later-screen.tsx';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

function wrap(children: ReactNode) {
  // The poster's image host is not needed: without /api/config every poster is the placeholder.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function save(overrides: Partial<WatchLaterAddInput>) {
  const result = getWatchLaterStore().add({
    movie_id: 1,
    movie_title: 'One',
    content_type: 'movie',
    movie_release_date: '2001-01-01',
    ...overrides,
  });
  if (!result.ok) throw new Error(result.error.message);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  getWatchLaterStore().clear();
  getSettingsStore().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Watch Later screen', () => {
  it('shows the empty text with a Browse link', () => {
    wrap(<WatchLaterScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch Later');
    expect(screen.getByText('Add movies and series to your Watch Later list to see them here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse' }).getAttribute('href')).toBe('/browse');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('lists saved titles newest first in the grid of the gridColumns setting, and removes one', () => {
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    save({ movie_id: 1, movie_title: 'Old Film', movie_vote_average: 7.5 });
    vi.setSystemTime(new Date('2024-02-01T00:00:00Z'));
    save({ movie_id: 2, movie_title: 'New Series', content_type: 'tv', movie_release_date: null });
    getSettingsStore().set('gridColumns', 5);
    wrap(<WatchLaterScreen />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch Later (2)');
    const list = screen.getByRole('list', { name: 'Saved titles' });
    expect(list.dataset.columns).toBe('5');
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['New Series', 'Old Film']);
    expect(screen.getByRole('link', { name: 'New Series' }).getAttribute('href')).toBe('/series/2');
    expect(screen.getByRole('link', { name: 'Old Film' }).getAttribute('href')).toBe('/movie/1');
    expect(within(cards[1]!).getByText('2001 · Movie')).toBeTruthy();
    expect(within(cards[1]!).getByLabelText('Rated 7.5 out of 10')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Old Film from Watch Later' }));
    expect(toast).toHaveBeenCalledWith('Removed from Watch Later', { description: 'Old Film' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch Later (1)');
  });

  it('clears after confirmation', () => {
    save({ movie_id: 1 });
    wrap(<WatchLaterScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear Watch Later' }));
    expect(toast.success).toHaveBeenCalledWith('Watch Later Cleared');
    expect(getWatchLaterStore().getSnapshot()).toEqual([]);
  });

  it('says when auto-save is off', () => {
    getSettingsStore().set('autoSaveWatchLater', false);
    wrap(<WatchLaterScreen />);
    expect(screen.getByRole('status').textContent).toContain('Auto-save is off.');
  });
});

describe('Watch Later compact', () => {
  it('shows the newest 6 in a grid and 12 in a strip, and nothing while empty', () => {
    const { container } = wrap(<WatchLaterCompact />);
    expect(container.innerHTML).toBe('');
    for (let id = 1; id <= 14; id++) {
      vi.setSystemTime(new Date(Date.UTC(2024, 0, id)));
      save({ movie_id: id, movie_title: `Film ${id}` });
    }
    const grid = wrap(<WatchLaterCompact variant="grid" />);
    expect(within(grid.container).getAllByRole('article')).toHaveLength(6);
    expect(within(grid.container).getAllByRole('article')[0]!.textContent).toContain('Film 14');
    expect(within(grid.container).getByRole('link', { name: 'View all (14)' }).getAttribute('href')).toBe(
      '/watchlater',
    );
    grid.unmount();
    const strip = wrap(<WatchLaterCompact variant="strip" />);
    expect(within(strip.container).getByRole('region', { name: 'Watch Later titles' })).toBeTruthy();
    expect(within(strip.container).getAllByRole('article')).toHaveLength(12);
  });
});

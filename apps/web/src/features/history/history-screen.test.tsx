import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  historyItemSchema,
  historyKey,
  LOCAL_HISTORY_WARNING,
  type HistoryAddInput,
  type HistoryItem,
} from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { HistoryCompact, HistoryScreen } from './history-screen.tsx';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

function ShowState() {
  const location = useLocation();
  return <p data-testid="state">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

const USER = { id: 'u1', email: 'a@example.org', emailVerified: true, name: 'a', image: null, createdAt: '2024-01-01' };

/** The API as the screen sees it: a signed-in user whose account holds `account` (newest first). */
function serve({ account, failPages = false }: { account: HistoryItem[]; failPages?: boolean }) {
  const asked: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/auth/get-session')
        return Response.json({ user: USER, session: { id: 's', expiresAt: '2099-01-01T00:00:00Z' } });
      const series = /^\/api\/me\/history\?series=(\d+)&page=(\d+)$/.exec(path);
      if (series) {
        if (failPages) return Response.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 });
        const episodes = account.filter((item) => item.content_type === 'tv' && item.movie_id === Number(series[1]));
        const n = Number(series[2]);
        return Response.json({
          page: n,
          results: episodes.slice((n - 1) * 50, n * 50),
          total_pages: Math.ceil(episodes.length / 50),
          total_results: episodes.length,
        });
      }
      const page = /^\/api\/me\/history\?page=(\d+)$/.exec(path);
      if (page) {
        const n = Number(page[1]);
        asked.push(n);
        if (failPages) return Response.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 });
        return Response.json({
          page: n,
          results: account.slice((n - 1) * 50, n * 50),
          total_pages: Math.ceil(account.length / 50),
          total_results: account.length,
        });
      }
      return new Response('{}', { status: 503 });
    }),
  );
  return asked;
}

function wrap(children: ReactNode) {
  if (!vi.isMockFunction(globalThis.fetch))
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

/** `count` films, one a day, newest first, as the server would hold them. */
function films(count: number, { from = count }: { from?: number } = {}): HistoryItem[] {
  return Array.from({ length: count }, (_, index) => {
    const id = from - index;
    return historyItemSchema.parse({
      id: `movie:${id}`,
      movie_id: id,
      movie_title: `Film ${id}`,
      content_type: 'movie',
      watched_at: new Date(Date.UTC(2020, 0, id)).toISOString(),
      synced: true,
    });
  });
}

/** The browser's store as a sync with the server leaves it. */
function synced(items: HistoryItem[]) {
  act(() =>
    getHistoryStore().completeSync({
      flushed: [],
      server: new Map(items.map((item) => [historyKey(item), item])),
      full: true,
      at: new Date(),
    }),
  );
}

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Watched titles' }))
    .getAllByRole('article')
    .map((card) => card.querySelector('h3')?.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // A clear after an earlier test's sync is queued for the server: it leaves with a sync.
  const store = getHistoryStore();
  store.clear();
  store.completeSync({ flushed: store.getQueue(), at: new Date() });
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

  it('shows one card per series with its last-watched episode, opening onto its episodes', async () => {
    const episode = (at: string, season_number: number, episode_number: number) =>
      watched(at, { movie_id: 7, movie_title: 'A Series', content_type: 'tv', season_number, episode_number });
    episode('2024-01-01T00:00:00Z', 1, 1);
    episode('2024-01-02T00:00:00Z', 1, 2);
    watched('2024-01-03T00:00:00Z', { movie_id: 3, movie_title: 'A Film' });
    episode('2024-01-04T00:00:00Z', 2, 1);
    wrap(<HistoryScreen />);

    expect(cardTitles()).toEqual(['A Series', 'A Film']);
    expect(screen.getByText('Last watched: S2 · E1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch History (4)');

    fireEvent.click(screen.getByRole('button', { name: 'Watched episodes of A Series: 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'A Series' });
    const episodes = () =>
      within(within(dialog).getByRole('list', { name: 'Watched episodes of A Series' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(episodes()).toEqual(['S2 · E1', 'S1 · E2', 'S1 · E1']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove S1 · E2 of A Series from History' }));
    expect(toast).toHaveBeenCalledWith('Removed from History', { description: 'A Series' });
    expect(episodes()).toEqual(['S2 · E1', 'S1 · E1']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The card's own remove takes the whole series, after asking.
    fireEvent.click(screen.getByRole('button', { name: 'Remove A Series from History' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(cardTitles()).toEqual(['A Film']);
    expect(getHistoryStore().getSnapshot()).toHaveLength(1);
  });

  it("removes a whole series, the account's episodes this browser never loaded included, through the queue", async () => {
    const account = Array.from({ length: 60 }, (_, index) =>
      historyItemSchema.parse({
        id: `tv:7:s1:e${60 - index}`,
        movie_id: 7,
        movie_title: 'A Series',
        content_type: 'tv',
        season_number: 1,
        episode_number: 60 - index,
        watched_at: new Date(Date.UTC(2020, 0, 60 - index)).toISOString(),
        synced: true,
      }),
    );
    synced(account.slice(0, 3));
    serve({ account });
    wrap(<HistoryScreen />);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch History (60)'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove A Series from History' }));
    const question = screen.getByRole('alertdialog');
    await within(question).findByText('This removes all 60 watched episodes from your watch history.');
    fireEvent.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Removed from History', { description: 'A Series' }));
    // One removal per episode, queued: it reaches the server with the next sync, even after a
    // time offline.
    const removals = getHistoryStore()
      .getQueue()
      .filter((operation) => operation.op === 'remove');
    expect(removals).toHaveLength(60);
    expect(getHistoryStore().getSnapshot()).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Watched titles' })).toBeNull();
  });

  it('removes nothing of a series whose episodes cannot be listed, and says so', async () => {
    const account = films(2);
    const series = historyItemSchema.parse({
      id: 'tv:7:s1:e1',
      movie_id: 7,
      movie_title: 'A Series',
      content_type: 'tv',
      season_number: 1,
      episode_number: 1,
      watched_at: new Date(Date.UTC(2021, 0, 1)).toISOString(),
      synced: true,
    });
    synced([series, ...account]);
    serve({ account: [series, ...account], failPages: true });
    wrap(<HistoryScreen />);
    // Signed in: the account's pages were asked for (and failed).
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Remove A Series from History' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to remove from history.' }),
    );
    expect(getHistoryStore().getSnapshot()).toHaveLength(3);
    expect(getHistoryStore().getQueue()).toEqual([]);
  });

  it('pages past what the browser holds from the server, as the user asks for more', async () => {
    const account = films(130);
    // The browser holds the newest 60 of the account (as it would hold the newest 2,000).
    synced(account.slice(0, 60));
    const asked = serve({ account });
    wrap(<HistoryScreen />);

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch History (130)'));
    expect(cardTitles()).toHaveLength(48);
    expect(asked).toEqual([1]);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(96));
    expect(asked).toEqual([1, 2]);
    // Newest first across the browser's entries and the server's: no title twice, none skipped.
    expect(cardTitles().slice(58, 62)).toEqual(['Film 72', 'Film 71', 'Film 70', 'Film 69']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(130));
    expect(asked).toEqual([1, 2, 3]);
    expect(cardTitles().at(-1)).toBe('Film 1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows the browser's own changes over the server's pages", async () => {
    const account = films(120);
    synced(account.slice(0, 60));
    serve({ account });
    // Removed here, not yet told to the server, which still lists it on page 2: it stays gone.
    getHistoryStore().remove('movie:61');
    // Watched again here: one card, at the top.
    watched('2024-06-01T00:00:00Z', { movie_id: 40, movie_title: 'Film 40' });
    wrap(<HistoryScreen />);
    await waitFor(() => expect(cardTitles()).toHaveLength(48));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(96));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    const titles = cardTitles();
    expect(titles[0]).toBe('Film 40');
    expect(titles.filter((title) => title === 'Film 40')).toHaveLength(1);
    expect(titles).not.toContain('Film 61');
    expect(titles).toHaveLength(119);
  });

  it('drops an entry removed on another device once a sync says so', async () => {
    const account = films(3);
    synced(account);
    serve({ account });
    wrap(<HistoryScreen />);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch History (3)'));
    // Another device removed two, then this one's sync hears of it (the server's pages too).
    account.splice(0, 2);
    act(() =>
      getHistoryStore().completeSync({
        flushed: [],
        server: new Map([
          ['movie:3', null],
          ['movie:2', null],
        ]),
        at: new Date(Date.now() + 1000),
      }),
    );
    await waitFor(() => expect(cardTitles()).toEqual(['Film 1']));
    account.splice(0);
    act(() =>
      getHistoryStore().completeSync({
        flushed: [],
        server: new Map([['movie:1', null]]),
        at: new Date(Date.now() + 2000),
      }),
    );
    await waitFor(() => expect(screen.getByText('Watch movies and series to see them here.')).toBeTruthy());
  });

  it('says when the older history cannot be loaded, and keeps what the browser holds', async () => {
    synced(films(60));
    serve({ account: films(60), failPages: true });
    wrap(<HistoryScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your older history could not be loaded.');
    expect(cardTitles()).toHaveLength(48);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells a guest near the limit that the oldest entries will go', async () => {
    synced(films(LOCAL_HISTORY_WARNING - 1));
    wrap(<HistoryScreen />);
    expect(screen.queryByRole('note', { name: 'History limit' })).toBeNull();
    watched('2024-06-01T00:00:00Z', { movie_id: 5000, movie_title: 'One More' });
    const notice = await screen.findByRole('note', { name: 'History limit' });
    expect(notice.textContent).toContain('This browser keeps your newest 2,000 history entries.');
    expect(notice.textContent).toContain('Sign in to keep your whole history.');
  });

  it('does not tell a signed-in user about the browser limit', async () => {
    synced(films(LOCAL_HISTORY_WARNING));
    serve({ account: films(LOCAL_HISTORY_WARNING) });
    wrap(<HistoryScreen />);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Watch History (1900)'));
    expect(screen.queryByRole('note', { name: 'History limit' })).toBeNull();
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

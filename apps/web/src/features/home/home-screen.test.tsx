import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryItem, Paged, TitleSummary } from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { getWatchLaterStore } from '@/lib/local-store/watch-later-store.ts';
import type { MovieList } from '@marquee/core';
import { HeroCarousel } from './components/hero-carousel.tsx';
import { HomeScreen } from './home-screen.tsx';
import { TEST_APP_CONFIG } from '@/test/app-config.ts';

const CONFIG = TEST_APP_CONFIG;

function aTitle(id: number, overrides: Partial<TitleSummary> = {}): TitleSummary {
  return {
    id,
    media_type: 'movie',
    title: `Film ${id}`,
    release_date: '2024-05-01',
    overview: `The story of film ${id}.`,
    poster_path: `/poster/movie/${id}.svg`,
    backdrop_path: `/backdrop/movie/${id}.svg`,
    vote_average: 7.5,
    vote_count: 5000,
    popularity: 100 - id,
    genre_ids: [28, 18],
    original_language: 'en',
    ...overrides,
  };
}

function paged<T>(results: T[]): Paged<T> {
  return { page: 1, results, total_pages: 1, total_results: results.length };
}

function aList(id: number, overrides: Partial<MovieList> = {}): MovieList {
  return {
    id: `list-${id}`,
    list_title: `List ${id}`,
    list_description: `Description ${id}`,
    created_at: '2026-03-04T10:00:00.000Z',
    created_by: 'Marquee',
    movies: [
      {
        id: 1,
        media_type: 'movie',
        title: 'Film 1',
        original_title: 'Film 1',
        poster_path: '/poster/movie/1.svg',
        backdrop_path: '/backdrop/movie/1.svg',
        release_date: '2001-01-01',
        genre_ids: [18],
        vote_average: 7,
      },
    ],
    movie_count: 12,
    ...overrides,
  };
}

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });
const failure = (status: number): Answer => ({ status, body: { error: { code: 'x', message: 'failed' } } });
let answer: (path: string) => Answer;
const requested: string[] = [];

const HERO = [1, 2, 3, 4, 5, 6].map((id) => aTitle(id));

function defaultAnswer(path: string): Answer {
  if (path === '/api/config') return ok(CONFIG);
  if (path.startsWith('/api/catalogue/discover')) return ok(paged(HERO));
  if (path.startsWith('/api/catalogue/top-rated?type=tv')) {
    return ok(paged([20, 21].map((id) => aTitle(id, { media_type: 'tv', name: `Show ${id}`, title: undefined }))));
  }
  if (path.startsWith('/api/catalogue/top-rated')) return ok(paged([10, 11, 12].map((id) => aTitle(id))));
  if (path.startsWith('/api/lists')) return failure(404);
  return failure(404);
}

beforeEach(() => {
  requested.length = 0;
  answer = defaultAnswer;
  // Below-the-fold sections wait for IntersectionObserver; without it they load at once.
  vi.stubGlobal('IntersectionObserver', undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      requested.push(path);
      const { status, body } = answer(path);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  // Unmounted before fetch is given back: a query the screen starts late (the cards' comment
  // counts) would otherwise reach for a server that is not there ("socket hang up").
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  getSettingsStore().reset();
  getHistoryStore().clear();
  getWatchLaterStore().clear();
});

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname} {JSON.stringify(location.state)}
    </output>
  );
}

function renderWithProviders(ui: React.ReactNode, config: object = CONFIG) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['config'], config);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Routes>
          <Route path="/" element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function activeSlide() {
  const slides = screen.getAllByRole('group', { name: /of 5$/ });
  expect(slides).toHaveLength(1);
  return slides[0]!;
}

function currentDot() {
  return screen
    .getAllByRole('button', { name: /^Go to slide/ })
    .find((dot) => dot.getAttribute('aria-current') === 'true')
    ?.getAttribute('aria-label');
}

describe('hero carousel', () => {
  const items = HERO.slice(0, 5);

  it('is an ARIA carousel of five slides with one shown, Watch Now and details links', async () => {
    // A server with a media folder whose files play Film 1.
    answer = (path) =>
      path.startsWith('/api/availability?ids=')
        ? ok({
            results: new URL(path, 'http://x').searchParams
              .get('ids')!
              .split(',')
              .map((token) => {
                const [media_type, id] = token.split(':');
                return { media_type, id: Number(id), sources: id === '1' ? ['library'] : [] };
              }),
            indexing: false,
          })
        : defaultAnswer(path);
    renderWithProviders(<HeroCarousel items={items} />, { ...CONFIG, features: { library: true } });
    const carousel = screen.getByRole('region', { name: 'Featured titles' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(5);
    expect(currentDot()).toBe('Go to slide 1');
    const slide = activeSlide();
    expect(slide.getAttribute('aria-roledescription')).toBe('slide');
    expect(slide.getAttribute('aria-label')).toBe('1 of 5');
    expect(within(slide).getByRole('heading', { level: 2 }).textContent).toBe('Film 1');
    expect(within(slide).getByRole('link', { name: 'Watch Now' }).getAttribute('href')).toBe('/watch/movie/1');
    expect(within(slide).getByRole('link', { name: 'Details of Film 1' }).getAttribute('href')).toBe('/movie/1');
    // Film 2 plays from nothing: no Watch Now into a dead player, its details instead.
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    const second = activeSlide();
    await waitFor(() => expect(within(second).queryByRole('link', { name: 'Watch Now' })).toBeNull());
    expect(within(second).getByText('Nothing can play this yet: its details say what would.')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Details of Film 2' }).textContent).toBe('Details');
    // Film 1, answered in the same request, plays from the Library: Watch Now stays.
    expect(requested.filter((path) => path.startsWith('/api/availability?ids='))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 1' }));
    expect(within(activeSlide()).getByRole('link', { name: 'Watch Now' })).toBeTruthy();
    expect(within(activeSlide()).queryByText(/Nothing can play this yet/)).toBeNull();
  });

  it('offers no Watch Now on a server with nothing to play from, and says so', () => {
    renderWithProviders(<HeroCarousel items={items} />);
    const slide = activeSlide();
    expect(within(slide).queryByRole('link', { name: 'Watch Now' })).toBeNull();
    expect(within(slide).getByText('Nothing can play this yet: its details say what would.')).toBeTruthy();
    expect(within(slide).getByRole('link', { name: 'Details of Film 1' }).getAttribute('href')).toBe('/movie/1');
  });

  it('loads the first backdrop eagerly with high priority and a fixed size', () => {
    const { container } = renderWithProviders(<HeroCarousel items={items} />);
    const [first] = container.querySelectorAll('img[srcset*="/backdrop/movie/1.svg"]');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('width')).toBe('1280');
    expect(first?.getAttribute('height')).toBe('720');
    const second = container.querySelector('img[srcset*="/backdrop/movie/2.svg"]');
    expect(second?.getAttribute('loading')).toBe('lazy');
    // Slides further on wait until they are about to be shown.
    expect(container.querySelector('img[srcset*="/backdrop/movie/4.svg"]')).toBeNull();
  });

  it('steps with the arrows and jumps with the dots', () => {
    renderWithProviders(<HeroCarousel items={items} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide().getAttribute('aria-label')).toBe('2 of 5');
    expect(currentDot()).toBe('Go to slide 2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlide().getAttribute('aria-label')).toBe('5 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(within(activeSlide()).getByRole('heading', { level: 2 }).textContent).toBe('Film 3');
  });

  it('advances every 5 s, silently, and stops when the user presses pause', () => {
    vi.useFakeTimers();
    renderWithProviders(<HeroCarousel items={items} />);
    const live = activeSlide().parentElement!;
    expect(live.getAttribute('aria-live')).toBe('off');
    act(() => void vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('Go to slide 2');
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    expect(live.getAttribute('aria-live')).toBe('polite');
    act(() => void vi.advanceTimersByTime(15000));
    expect(currentDot()).toBe('Go to slide 2');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    act(() => void vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('Go to slide 3');
  });

  it('pauses under a mouse pointer but not after a tap', () => {
    vi.useFakeTimers();
    renderWithProviders(<HeroCarousel items={items} />);
    const carousel = screen.getByRole('region', { name: 'Featured titles' });
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(10000));
    expect(currentDot()).toBe('Go to slide 1');
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('Go to slide 2');
    fireEvent.pointerEnter(carousel, { pointerType: 'touch' });
    act(() => void vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('Go to slide 3');
  });

  it('follows a horizontal swipe and ignores a vertical one', () => {
    renderWithProviders(<HeroCarousel items={items} />);
    const carousel = screen.getByRole('region', { name: 'Featured titles' });
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(carousel, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe([300, 200], [100, 210]);
    expect(currentDot()).toBe('Go to slide 2');
    swipe([100, 200], [300, 190]);
    expect(currentDot()).toBe('Go to slide 1');
    swipe([200, 100], [150, 400]);
    expect(currentDot()).toBe('Go to slide 1');
  });

  it('holds still with the Reduced Motion setting: no rotation, no pause button, polite announcements', () => {
    vi.useFakeTimers();
    getSettingsStore().set('reducedMotion', true);
    renderWithProviders(<HeroCarousel items={items} />);
    act(() => void vi.advanceTimersByTime(20000));
    expect(currentDot()).toBe('Go to slide 1');
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
    expect(activeSlide().parentElement!.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentDot()).toBe('Go to slide 2');
  });

  it('holds still with animations turned off', () => {
    vi.useFakeTimers();
    getSettingsStore().set('enableAnimations', false);
    renderWithProviders(<HeroCarousel items={items} />);
    act(() => void vi.advanceTimersByTime(20000));
    expect(currentDot()).toBe('Go to slide 1');
  });

  it('adds the shown title to Watch Later and removes it again', () => {
    renderWithProviders(<HeroCarousel items={items} />);
    const button = within(activeSlide()).getByRole('button', { name: 'Watch Later' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(getWatchLaterStore().getSnapshot()).toMatchObject([{ movie_id: 1, content_type: 'movie' }]);
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(getWatchLaterStore().getSnapshot()).toEqual([]);
  });
});

describe('home screen', () => {
  it('keeps its h1 and shows the five featured titles that have a backdrop', async () => {
    answer = (path) =>
      path.startsWith('/api/catalogue/discover?type=movie&sort_by')
        ? ok(paged([aTitle(99, { backdrop_path: null }), ...HERO]))
        : defaultAnswer(path);
    renderWithProviders(<HomeScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Every film and series worth your evening.');
    await screen.findByRole('region', { name: 'Featured titles' });
    expect(screen.getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(5);
    expect(within(activeSlide()).getByRole('heading', { level: 2 }).textContent).toBe('Film 1');
    expect(screen.queryByText('Film 99', { selector: 'h2 *' })).toBeNull();
    expect(screen.queryByText('Film 6', { selector: 'h2 *' })).toBeNull();
    expect(requested).toContain('/api/catalogue/discover?type=movie&sort_by=popularity.desc&certification=all');
  });

  it('raises the spec alert when the featured movies fail to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = (path) => (path.startsWith('/api/catalogue/discover') ? failure(500) : defaultAnswer(path));
    renderWithProviders(<HomeScreen />);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain(
      'An error occurred while fetching movies. Please try again later.Retry',
    );
  });

  it('raises the TV alert when Top Ranked TV fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = (path) => (path.startsWith('/api/catalogue/top-rated?type=tv') ? failure(500) : defaultAnswer(path));
    renderWithProviders(<HomeScreen />);
    const tab = await screen.findByRole('tab', { name: 'TV' });
    fireEvent.click(tab);
    expect(await screen.findByText('An error occurred while fetching TV shows. Please try again later.')).toBeTruthy();
  });

  it('ranks Top Ranked with 500 votes and says so when a period is empty', async () => {
    answer = (path) => (path.includes('period=this-month') ? ok(paged([])) : defaultAnswer(path));
    renderWithProviders(<HomeScreen />);
    const ranked = await screen.findByRole('list', { name: 'Top 3 movies' });
    expect(within(ranked).getAllByRole('listitem')).toHaveLength(3);
    expect(within(ranked).getByLabelText('Rank 1').getAttribute('data-medal')).toBe('gold');
    expect(requested).toContain('/api/catalogue/top-rated?type=movie&period=all-time&vote_count_gte=500');
    fireEvent.change(screen.getByLabelText('Time frame'), { target: { value: 'this-month' } });
    expect(await screen.findByText('No titles rated in this period yet')).toBeTruthy();
  });

  it('is no dead end when a period has nothing ranked: says why, offers the newest year and All Time', async () => {
    answer = (path) => (path.includes('period=this-year') ? ok(paged([])) : defaultAnswer(path));
    renderWithProviders(<HomeScreen />);
    await screen.findByRole('list', { name: 'Top 3 movies' });
    fireEvent.change(screen.getByLabelText('Time frame'), { target: { value: 'this-year' } });
    expect(
      await screen.findByText(
        'No movies from this year have the 500 votes a ranking needs. The newest movies that do came out in 2024.',
      ),
    ).toBeTruthy();
    expect(requested).toContain('/api/catalogue/discover?type=movie&sort_by=release_date.desc&vote_count_gte=500');
    expect(screen.getByRole('link', { name: 'Best of 2024' }).getAttribute('href')).toBe(
      '/browse?primary_release_year=2024&vote_count_gte=500&sort_by=vote_average.desc',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show All Time' }));
    expect(await screen.findByRole('list', { name: 'Top 3 movies' })).toBeTruthy();
    expect((screen.getByLabelText('Time frame') as HTMLSelectElement).value).toBe('all-time');
  });

  it('shows Continue Watching only with history and the setting on, newest first and limited', async () => {
    renderWithProviders(<HomeScreen />);
    await screen.findByRole('region', { name: 'Featured titles' });
    expect(screen.queryByRole('heading', { name: 'Continue Watching' })).toBeNull();

    getSettingsStore().set('continueWatchingLimit', 4);
    vi.useFakeTimers({ toFake: ['Date'] });
    act(() => {
      for (let id = 1; id <= 6; id++) {
        vi.setSystemTime(new Date(Date.UTC(2026, 0, id)));
        getHistoryStore().add({ movie_id: id, movie_title: `Watched ${id}`, content_type: 'movie' });
      }
    });
    vi.useRealTimers();
    const region = await screen.findByRole('region', { name: 'Recently watched' });
    expect(
      within(region)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('link').textContent),
    ).toEqual(['Watched 6', 'Watched 5', 'Watched 4', 'Watched 3']);

    act(() => void getSettingsStore().set('showContinueWatching', false));
    expect(screen.queryByRole('heading', { name: 'Continue Watching' })).toBeNull();
  });

  it('opens a series from Continue Watching at the episode last watched', async () => {
    const episode: Partial<HistoryItem> = { season_number: 2, episode_number: 5, episode_title: 'The Return' };
    getHistoryStore().add({ movie_id: 77, movie_title: 'A Series', content_type: 'tv', ...episode });
    renderWithProviders(<HomeScreen />);
    const region = await screen.findByRole('region', { name: 'Recently watched' });
    expect(within(region).getByText('S2E5')).toBeTruthy();
    fireEvent.click(within(region).getByRole('link', { name: 'A Series' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/series/77 {"lastWatchedSeason":2,"lastWatchedEpisode":5}',
    );
  });

  it('says collections are on their way while the lists endpoint is missing', async () => {
    renderWithProviders(<HomeScreen />);
    expect(await screen.findByText('Curated collections are on their way')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View All Collections/ }).getAttribute('href')).toBe('/lists');
  });

  it('shows up to six featured collections with their details', async () => {
    answer = (path) =>
      path === '/api/lists?page=1'
        ? ok(
            paged(
              [1, 2, 3, 4, 5, 6, 7].map((id) => aList(id, id === 2 ? { list_description: '', created_by: null } : {})),
            ),
          )
        : defaultAnswer(path);
    renderWithProviders(<HomeScreen />);
    const section = (await screen.findByRole('heading', { name: 'Featured Collections' })).closest('section')!;
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(6));
    const first = within(section).getAllByRole('article')[0]!;
    expect(within(first).getByRole('link', { name: 'List 1' }).getAttribute('href')).toBe('/list/list-1');
    expect(first.textContent).toContain('Description 1');
    expect(first.textContent).toContain('12 movies');
    expect(first.textContent).toContain('Mar 4, 2026');
    expect(first.textContent).toContain('Marquee');
    const second = within(section).getAllByRole('article')[1]!;
    expect(second.textContent).toContain('No description available.');
    expect(second.textContent).toContain('Unknown');
  });

  it('explores five genres, favourites first: three rows, two tiles and every genre as a chip', async () => {
    getSettingsStore().set('favoriteGenres', [16]);
    renderWithProviders(<HomeScreen />);
    await waitFor(() => expect(screen.getAllByRole('region', { name: /movies$/ })).toHaveLength(3));
    const rows = screen.getAllByRole('region', { name: /movies$/ });
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Animation movies',
      'Action movies',
      'Comedy movies',
    ]);
    expect(screen.getByRole('link', { name: 'View all Animation movies' }).getAttribute('href')).toBe(
      '/genre/animation',
    );
    const tiles = screen.getByRole('list', { name: 'More genres' });
    expect(
      within(tiles)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/genre/drama', '/genre/science-fiction']);
    const chips = screen.getByRole('navigation', { name: 'All Genres' });
    expect(within(chips).getAllByRole('link')).toHaveLength(19);
    expect(within(chips).getAllByRole('link')[0]!.textContent).toBe('Animation, favourite');
    expect(requested).toContain(
      '/api/catalogue/discover?type=movie&with_genres=16&sort_by=popularity.desc&vote_count_gte=400&vote_average_gte=6.5&certification=all',
    );
  });
});

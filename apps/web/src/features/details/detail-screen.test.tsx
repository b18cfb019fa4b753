import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeasonDetails, TitleSummary } from '@marquee/core';
import { MovieDetailScreen, SeriesDetailScreen } from './detail-screen.tsx';
import { aMovie, anEpisode, aSeries } from './test-factories.ts';
import { TEST_APP_CONFIG } from '@/test/app-config.ts';

// A server with a media folder: Watch Now stays while availability is unknown (its requests 404 here).
const CONFIG = { ...TEST_APP_CONFIG, features: { library: true } };

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
const requested: string[] = [];

function ok(body: unknown): Answer {
  return { status: 200, body };
}
function notFound(message = 'not found'): Answer {
  return { status: 404, body: { error: { code: 'not_found', message } } };
}

function aSimilar(count: number): { results: TitleSummary[] } {
  return {
    results: Array.from({ length: count }, (_, index) => ({
      id: 9000 + index,
      media_type: 'movie' as const,
      title: `Similar ${index + 1}`,
      overview: '',
      poster_path: null,
      backdrop_path: null,
      vote_average: 7,
      vote_count: 10,
      popularity: 1,
      genre_ids: [18],
      original_language: 'en',
      release_date: '2000-01-01',
    })),
  };
}

function aSeason(season: number, count: number): SeasonDetails {
  return {
    id: season,
    season_number: season,
    name: `Season ${season}`,
    air_date: null,
    episodes: Array.from({ length: count }, (_, index) =>
      anEpisode({
        id: season * 1000 + index + 1,
        season_number: season,
        episode_number: index + 1,
        name: index === 0 && season === 1 ? 'Pilot' : `Episode ${index + 1}`,
      }),
    ),
  };
}

beforeEach(() => {
  requested.length = 0;
  answers = {
    '/api/config': ok(CONFIG),
    '/api/catalogue/movie/550': ok(aMovie()),
    '/api/catalogue/movie/550/similar': ok(aSimilar(14)),
    '/api/catalogue/tv/1': ok(aSeries({ number_of_seasons: 3, seasons: aSeries().seasons.concat(seasonThree()) })),
    '/api/catalogue/tv/1/season/1': ok(aSeason(1, 7)),
    '/api/catalogue/tv/1/season/2': ok(aSeason(2, 13)),
    '/api/catalogue/tv/1/season/3': ok(aSeason(3, 0)),
    '/api/catalogue/tv/1/similar': ok({ results: [] }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      requested.push(path);
      const answer = answers[path] ?? notFound();
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.title = '';
});

function seasonThree() {
  return { id: 1003, season_number: 3, name: 'Season 3', air_date: null, episode_count: 0, poster_path: null };
}

function renderAt(entry: InitialEntry) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/movie/:id" element={<MovieDetailScreen />} />
          <Route path="/series/:id" element={<SeriesDetailScreen />} />
          <Route path="/tv/:id" element={<SeriesDetailScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function meta(selector: string): string | null {
  return document.head.querySelector(`meta[${selector}]`)?.getAttribute('content') ?? null;
}

describe('movie detail screen', () => {
  it('shows the loading text, then the hero, the information and 12 similar titles', async () => {
    renderAt('/movie/550');
    expect(screen.getByText('Loading movie details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fight Club' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('David Fincher')).toBeTruthy();
    expect(screen.getByText('October 15, 1999')).toBeTruthy();
    expect(screen.getByText('$63.0M')).toBeTruthy();
    expect(screen.getByText('$100.9M')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Watch Now/ }).getAttribute('href')).toBe('/watch/movie/550');
    expect(screen.getByRole('link', { name: 'Drama' }).getAttribute('href')).toBe('/genre/drama');
    const similar = screen.getByRole('region', { name: 'More Like This' });
    await waitFor(() => expect(within(similar).getAllByRole('article')).toHaveLength(12));
    expect(screen.getByRole('region', { name: 'Discussion' })).toBeTruthy();
  });

  it('Watch Now replaces the hero with the player, and back returns (player.md §2)', async () => {
    renderAt('/movie/550');
    fireEvent.click(await screen.findByRole('link', { name: /Watch Now/ }));
    // The player's code loads at this first Watch Now.
    const player = await screen.findByRole('region', { name: 'Player: Fight Club' });
    expect(within(player).getByRole('combobox', { name: 'Video source' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Watch Now/ })).toBeNull();
    // Watch Now is gone: the focus is on the player, so the next Tab goes on from there.
    await waitFor(() => expect(document.activeElement).toBe(player));
    fireEvent.click(within(player).getByRole('button', { name: 'Back to details' }));
    const watchNow = await screen.findByRole('link', { name: /Watch Now/ });
    expect(screen.queryByRole('region', { name: 'Player: Fight Club' })).toBeNull();
    // And back on Watch Now when the player closes.
    await waitFor(() => expect(document.activeElement).toBe(watchNow));
  });

  it('toggles Watch Later from the hero', async () => {
    renderAt('/movie/550');
    const button = await screen.findByRole('button', { name: 'Add to Watch Later' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    const saved = screen.getByRole('button', { name: 'In Watch Later' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
  });

  it('sets the page title and the share meta, and puts the head back on leaving', async () => {
    const description = document.createElement('meta');
    description.name = 'description';
    description.content = 'Marquee';
    document.head.append(description);
    const view = renderAt('/movie/550');
    await screen.findByRole('heading', { level: 1, name: 'Fight Club' });
    await waitFor(() => expect(document.title).toBe('Fight Club | Marquee'));
    expect(meta('property="og:title"')).toBe('Fight Club');
    expect(meta('property="og:description"')).toBe('An insomniac office worker…');
    expect(meta('property="og:image"')).toBe(`${window.location.origin}/api/art/original/backdrop.svg`);
    expect(meta('property="og:url"')).toBe(`${window.location.origin}/movie/550`);
    expect(meta('name="twitter:card"')).toBe('summary_large_image');
    expect(meta('name="description"')).toBe('An insomniac office worker…');
    view.unmount();
    expect(meta('property="og:title"')).toBeNull();
    expect(meta('name="twitter:card"')).toBeNull();
    expect(meta('name="description"')).toBe('Marquee');
    description.remove();
  });

  it('says Movie Not Found for an absent title and for an id that cannot be one', async () => {
    answers['/api/catalogue/movie/550'] = notFound('Movie 550 not found');
    const first = renderAt('/movie/550');
    expect(await screen.findByRole('heading', { level: 1, name: 'Movie Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Movie Not Found | Marquee'));
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    first.unmount();

    renderAt('/movie/abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Movie Not Found' })).toBeTruthy();
    expect(requested.some((path) => path.includes('/movie/abc'))).toBe(false);
  });

  it('shows the error state with the message when the server fails', async () => {
    answers['/api/catalogue/movie/550'] = { status: 500, body: { error: { code: 'x', message: 'Database down' } } };
    renderAt('/movie/550');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong.' })).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
  });

  it('offers Retry when similar content fails to load', async () => {
    answers['/api/catalogue/movie/550/similar'] = { status: 500, body: {} };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/movie/550');
    expect(await screen.findByText('Failed to load similar content')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('series detail screen', () => {
  it('lists the episodes of season 1 and switches seasons', async () => {
    renderAt('/tv/1');
    expect(screen.getByText('Loading series details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Breaking Bad' })).toBeTruthy();
    expect(screen.getByText('3 Seasons')).toBeTruthy();
    expect(screen.getByText('Vince Gilligan')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Season 1 episodes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(within(list).getByText('Pilot')).toBeTruthy();
    expect(within(list).getAllByText('No description available for this episode.')).toHaveLength(7);
    expect(screen.getByRole('link', { name: /Watch Now/ }).getAttribute('href')).toBe(
      '/watch/series/1?season=1&episode=1',
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Season' }), { target: { value: '2' } });
    const second = await screen.findByRole('list', { name: 'Season 2 episodes' });
    expect(within(second).getAllByRole('listitem')).toHaveLength(13);
    expect(screen.getByText('Season 2 · 13 episodes')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Watch Now/ }).getAttribute('href')).toBe(
      '/watch/series/1?season=2&episode=1',
    );
    expect(await screen.findByText('No similar movies or series found')).toBeTruthy();
  });

  it('shows the empty season with buttons to the other seasons', async () => {
    renderAt('/series/1');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Season' }), { target: { value: '3' } });
    expect(await screen.findByText('No Episodes Available')).toBeTruthy();
    expect(
      screen.getByText('Episodes for Season 3 are not available yet. They may be released at a later date.'),
    ).toBeTruthy();
    const others = screen.getByRole('group', { name: 'Other seasons' });
    expect(
      within(others)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Season 1', 'Season 2']);
    fireEvent.click(within(others).getByRole('button', { name: 'Season 2' }));
    expect(await screen.findByRole('list', { name: 'Season 2 episodes' })).toBeTruthy();
  });

  it('resumes from the navigation state: that season, that episode highlighted, a Continue link', async () => {
    renderAt({ pathname: '/series/1', state: { lastWatchedSeason: 2, lastWatchedEpisode: 3 } });
    const list = await screen.findByRole('list', { name: 'Season 2 episodes' });
    expect((screen.getByRole('combobox', { name: 'Season' }) as HTMLSelectElement).value).toBe('2');
    const highlighted = list.querySelector('[data-highlighted]');
    expect(highlighted?.getAttribute('data-episode')).toBe('3');
    expect(within(highlighted as HTMLElement).getByText('Last watched')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Continue S2 · E3/ }).getAttribute('href')).toBe(
      '/watch/series/1?season=2&episode=3',
    );
  });
});

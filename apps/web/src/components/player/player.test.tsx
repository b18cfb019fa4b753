import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MovieDetails, TvDetails } from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { PLAYER_TIMING } from '@/lib/player/player-rules.ts';
import { Player } from './player.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast.ts', () => ({ toast }));

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

const series = {
  id: 1,
  media_type: 'tv',
  name: 'Breaking Bad',
  original_name: 'Breaking Bad',
  overview: '',
  poster_path: null,
  backdrop_path: null,
  vote_average: 9,
  first_air_date: '2008-01-20',
  seasons: [1, 2, 3].map((n) => ({
    id: n,
    season_number: n,
    name: `Season ${n}`,
    air_date: null,
    episode_count: 3,
    poster_path: null,
  })),
} as unknown as TvDetails;

const episodeOf = (season: number) => (name: string, index: number) => ({
  id: 100 * season + index,
  season_number: season,
  episode_number: index + 1,
  name,
  overview: '',
  still_path: null,
  runtime: 48,
  air_date: '2008-01-20',
  vote_average: 8,
});
const episodes = ['Pilot', "Cat's in the Bag...", "...And the Bag's in the River"].map(episodeOf(1));
const season2 = ['Seven Thirty-Seven', 'Grilled'].map(episodeOf(2));

const CONFIG = {
  images: { secure_base_url: '/api/art/' },
  catalogue: 'local',
  features: { trailers: false, library: true },
};

interface TitleMediaBody {
  enabled: boolean;
  scanning: boolean;
  results: {
    id: string;
    path: string;
    season_number: number | null;
    episode_number: number | null;
    stream_url: string;
  }[];
}

/** What the fake server answers; tests change it before rendering. */
/**
 * Lets React run the effects of what was just found: a video's and a frame's listeners are added
 * in effects, which can still be pending when the element is in the document (seen under load).
 */
const effectsRun = () => act(async () => {});

let server: { media: () => TitleMediaBody; seasonDelayMs: number };

const libraryEpisode = (season: number, episode: number) => ({
  id: `s${season}e${episode}`,
  path: `Breaking Bad/Season ${season}/S0${season}E0${episode}.webm`,
  season_number: season,
  episode_number: episode,
  stream_url: `/api/media/stream/s${season}e${episode}`,
});

beforeEach(() => {
  toast.mockClear();
  server = { media: () => ({ enabled: true, scanning: false, results: [] }), seasonDelayMs: 0 };
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path.startsWith('/api/catalogue/tv/1/season/') && server.seasonDelayMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, server.seasonDelayMs));
      }
      const body =
        path === '/api/config'
          ? CONFIG
          : path === '/api/catalogue/tv/1/season/1'
            ? { season_number: 1, episodes }
            : path === '/api/catalogue/tv/1/season/2'
              ? { season_number: 2, episodes: season2 }
              : path.startsWith('/api/catalogue/tv/1/season/')
                ? { season_number: Number(path.split('/').pop()), episodes: [] }
                : server.media();
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
  // Unmount first: a mounted player would record the title again once the settings reset.
  cleanup();
  vi.unstubAllGlobals();
  getSettingsStore().reset();
  getHistoryStore().clear();
});

function renderPlayer(details: MovieDetails | TvDetails = movie) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Player details={details} onBack={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Player', () => {
  it('shows each popup-guard notice for 2 s (player.md §9)', async () => {
    renderPlayer();
    await screen.findByTitle('Beta: Fight Club');
    vi.useFakeTimers();
    try {
      act(() => void window.open('https://ads.example/'));
      expect(screen.getByText('Blocked a popup window')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1999));
      expect(screen.queryByText('Blocked a popup window')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Blocked a popup window')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('auto-selects the first recommended source and says so (player.md §4)', async () => {
    renderPlayer();
    const frame = await screen.findByTitle('Beta: Fight Club');
    await effectsRun();
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

  it('announces a source change', async () => {
    renderPlayer();
    await screen.findByTitle('Beta: Fight Club');
    fireEvent.change(screen.getByLabelText('Video source'), { target: { value: '2' } });
    expect(await screen.findByTitle('Alpha: Fight Club')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith('Video Source Changed', { description: 'Alpha', duration: 3000 });
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

  it('plays a series episode by episode (player.md §4 Series)', async () => {
    renderPlayer(series);
    expect(await screen.findByText('Season 1 · Episode 1: Pilot')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '3 Episodes · Season 1' })).toBeTruthy();
    expect(screen.getByText('Seasons').nextSibling?.textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: /3\. \.\.\.And the Bag/ }));
    expect(toast).toHaveBeenCalledWith('Episode Changed', {
      description: "Episode 3: ...And the Bag's in the River",
      duration: 3000,
    });
    expect(screen.getByText('Loading video player...')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Next/ }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.change(screen.getByLabelText('Browse season'), { target: { value: '3' } });
    expect(await screen.findByText('No Episodes Available')).toBeTruthy();
    expect(
      screen.getByText('Episodes for Season 3 are not available yet. They may be released at a later date.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Season 1' }));
    expect(await screen.findByText('Season 1 · Episode 1: Pilot')).toBeTruthy();
  });

  it('keeps the focus on Next when it reaches the last episode, where Next then does nothing', async () => {
    renderPlayer(series);
    await screen.findByText('Season 1 · Episode 1: Pilot');
    const nextButton = screen.getByRole('button', { name: /Next/ });
    nextButton.focus();
    fireEvent.click(nextButton);
    fireEvent.click(nextButton);
    expect(await screen.findByText("Season 1 · Episode 3: ...And the Bag's in the River")).toBeTruthy();
    expect(nextButton.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(nextButton);
    fireEvent.click(nextButton);
    expect(screen.getByText("Season 1 · Episode 3: ...And the Bag's in the River")).toBeTruthy();
  });

  it('waits for the first episode before choosing, so a Library episode file wins (player.md §4)', async () => {
    // The season answers after the Library does: choosing then would find no episode yet.
    server.seasonDelayMs = 50;
    server.media = () => ({ enabled: true, scanning: false, results: [libraryEpisode(1, 1)] });
    getSettingsStore().update({
      customVideoSources: [
        {
          name: 'Gamma',
          movieUrl: '',
          tvUrl: 'https://gamma.example/{seriesId}/{season}/{episode}',
          recommended: true,
        },
      ],
    });
    renderPlayer(series);
    const video = (await screen.findByLabelText('Video player')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/media/stream/s1e1');
    expect(screen.queryByTitle(/^Gamma/)).toBeNull();
    expect(toast).not.toHaveBeenCalledWith('Auto-selected recommended source', expect.anything());
  });

  it('falls back to a backup source when the Library has no file for the next episode (player.md §4)', async () => {
    server.media = () => ({ enabled: true, scanning: false, results: [libraryEpisode(1, 1)] });
    getSettingsStore().update({
      customVideoSources: [
        {
          name: 'Gamma',
          movieUrl: '',
          tvUrl: 'https://gamma.example/{seriesId}/{season}/{episode}',
          recommended: true,
        },
      ],
    });
    renderPlayer(series);
    await screen.findByLabelText('Video player');
    fireEvent.click(screen.getByRole('button', { name: /2\. Cat's in the Bag/ }));
    const frame = await screen.findByTitle('Gamma: Breaking Bad', {}, { timeout: 3000 });
    await effectsRun();
    expect(frame.getAttribute('src')).toBe('https://gamma.example/1/1/2');
    expect(toast).toHaveBeenCalledWith('Switched to backup source', {
      description: 'Library: No file for this episode in the library. Now playing from Gamma',
      duration: 4000,
    });
    expect(screen.queryByText(/cannot play this/)).toBeNull();
  });
});

const gamma = {
  name: 'Gamma',
  movieUrl: '',
  tvUrl: 'https://gamma.example/{seriesId}/{season}/{episode}',
  recommended: true,
};
const history = () =>
  getHistoryStore()
    .getSnapshot()
    .map((item) => [item.movie_id, item.season_number, item.episode_number]);

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('Player history (DESIGN.md: an entry is written when watching starts)', () => {
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('records nothing for a title no source can play, however long it stays open', async () => {
    getSettingsStore().update({ customVideoSources: [] });
    renderPlayer();
    expect(await screen.findByText('No source can play this yet.')).toBeTruthy();
    await screen.findByText(/cannot play this/);
    vi.useFakeTimers();
    act(() => vi.advanceTimersByTime(60_000));
    expect(history()).toEqual([]);
  });

  it('records nothing when an episode merely loads, nor when the season or the episode changes', async () => {
    getSettingsStore().update({ customVideoSources: [gamma] });
    renderPlayer(series);
    expect((await screen.findByTitle('Gamma: Breaking Bad')).getAttribute('src')).toBe('https://gamma.example/1/1/1');
    fireEvent.change(screen.getByLabelText('Browse season'), { target: { value: '2' } });
    expect(await screen.findByText('Season 2 · Episode 1: Seven Thirty-Seven')).toBeTruthy();
    expect((await screen.findByTitle('Gamma: Breaking Bad')).getAttribute('src')).toBe('https://gamma.example/1/2/1');
    fireEvent.click(screen.getByRole('button', { name: /2\. Grilled/ }));
    expect(await screen.findByText('Season 2 · Episode 2: Grilled')).toBeTruthy();
    expect(history()).toEqual([]);
  });

  it('records an embed once it has loaded and stayed open 5 s, and not before', async () => {
    renderPlayer();
    const frame = await screen.findByTitle('Beta: Fight Club');
    await effectsRun();
    vi.useFakeTimers();
    act(() => vi.advanceTimersByTime(PLAYER_TIMING.embedWatchingMs));
    expect(history(), 'open but not loaded').toEqual([]);
    fireEvent.load(frame);
    act(() => vi.advanceTimersByTime(PLAYER_TIMING.embedWatchingMs - 1));
    expect(history()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(getHistoryStore().getSnapshot()).toEqual([
      expect.objectContaining({ movie_id: 550, movie_title: 'Fight Club', content_type: 'movie' }),
    ]);
  });

  it('records the episode of an embed kept open, once', async () => {
    getSettingsStore().update({ customVideoSources: [gamma] });
    renderPlayer(series);
    await screen.findByText('Season 1 · Episode 1: Pilot');
    const frame = await screen.findByTitle('Gamma: Breaking Bad');
    await effectsRun();
    vi.useFakeTimers();
    fireEvent.load(frame);
    act(() => vi.advanceTimersByTime(3 * PLAYER_TIMING.embedWatchingMs));
    expect(getHistoryStore().getSnapshot()).toEqual([
      expect.objectContaining({ movie_id: 1, season_number: 1, episode_number: 1, episode_title: 'Pilot' }),
    ]);
  });

  it('records nothing when the viewer switches source before 5 s; the new source counts from its own load', async () => {
    renderPlayer();
    const beta = await screen.findByTitle('Beta: Fight Club');
    await effectsRun();
    vi.useFakeTimers();
    fireEvent.load(beta);
    act(() => vi.advanceTimersByTime(PLAYER_TIMING.embedWatchingMs - 1000));
    fireEvent.change(screen.getByLabelText('Video source'), { target: { value: '2' } });
    const alpha = screen.getByTitle('Alpha: Fight Club');
    act(() => vi.advanceTimersByTime(PLAYER_TIMING.embedLoadTimeoutMs - 1000));
    expect(history()).toEqual([]);
    fireEvent.load(alpha);
    act(() => vi.advanceTimersByTime(PLAYER_TIMING.embedWatchingMs));
    expect(history()).toEqual([[550, null, null]]);
  });

  it('counts the time an embed is open only while the page is visible', async () => {
    renderPlayer();
    const frame = await screen.findByTitle('Beta: Fight Club');
    await effectsRun();
    vi.useFakeTimers();
    fireEvent.load(frame);
    act(() => vi.advanceTimersByTime(PLAYER_TIMING.embedWatchingMs - 1000));
    act(() => setVisibility('hidden'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(history()).toEqual([]);
    act(() => setVisibility('visible'));
    act(() => vi.advanceTimersByTime(PLAYER_TIMING.embedWatchingMs - 1));
    expect(history()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(history()).toEqual([[550, null, null]]);
  });

  it('records a Library video when it plays, not when it opens or loads', async () => {
    server.media = () => ({
      enabled: true,
      scanning: false,
      results: [
        { id: 'fc', path: 'Fight Club (1999).webm', season_number: null, episode_number: null, stream_url: '/s/fc' },
      ],
    });
    renderPlayer();
    const video = await screen.findByLabelText('Video player');
    await effectsRun();
    vi.useFakeTimers();
    fireEvent.loadedMetadata(video);
    fireEvent.play(video);
    act(() => vi.advanceTimersByTime(60_000));
    expect(history()).toEqual([]);
    fireEvent(video, new Event('playing'));
    expect(getHistoryStore().getSnapshot()).toEqual([
      expect.objectContaining({ movie_id: 550, movie_title: 'Fight Club', content_type: 'movie' }),
    ]);
  });

  it('records the episode whose Library file plays', async () => {
    server.media = () => ({ enabled: true, scanning: false, results: [libraryEpisode(1, 1)] });
    renderPlayer(series);
    await screen.findByText('Season 1 · Episode 1: Pilot');
    const video = await screen.findByLabelText('Video player');
    await effectsRun();
    expect(history()).toEqual([]);
    fireEvent(video, new Event('playing'));
    expect(getHistoryStore().getSnapshot()).toEqual([
      expect.objectContaining({ movie_id: 1, season_number: 1, episode_number: 1, episode_title: 'Pilot' }),
    ]);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MovieDetails } from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { stopSessionUrl } from '@/lib/player/media-server-api.ts';
import { choosePlayback } from './media-server-video.tsx';
import { Player } from './player.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast.ts', () => ({ toast }));

const stream = {
  direct: '/api/media-servers/stream/a1',
  directType: 'video/webm; codecs="vp8"',
  hls: '/api/media-servers/hls/a1/master.m3u8',
};
const says = (answers: Record<string, CanPlayTypeResult>) => ({
  canPlayType: (type: string) => answers[type] ?? ('' as CanPlayTypeResult),
});

describe('choosePlayback', () => {
  it('plays the file as it is when the browser can, else the HLS stream', () => {
    expect(choosePlayback(stream, says({ [stream.directType]: 'probably' }), true)).toEqual({
      mode: 'direct',
      src: stream.direct,
    });
    // Safari on an iPhone: no Media Source Extensions, HLS built in.
    expect(choosePlayback(stream, says({ 'application/vnd.apple.mpegurl': 'maybe' }), false)).toEqual({
      mode: 'native-hls',
      src: stream.hls,
    });
    // Chromium, Firefox: hls.js, even where the browser claims some HLS of its own.
    expect(choosePlayback(stream, says({ 'application/vnd.apple.mpegurl': 'maybe' }), true)).toEqual({
      mode: 'hls.js',
      src: stream.hls,
    });
    expect(choosePlayback({ ...stream, directType: null }, says({}), true).mode).toBe('hls.js');
  });
});

describe('stopSessionUrl', () => {
  it("names the play session of a variant playlist's address, or nothing", () => {
    const session = '0123456789abcdef0123456789abcdef';
    expect(
      stopSessionUrl(`/api/media-servers/hls/a1/main.m3u8?MediaSourceId=a1&PlaySessionId=${session}&VideoCodec=h264`),
    ).toBe(`/api/media-servers/hls/a1/sessions/${session}`);
    expect(stopSessionUrl('/api/media-servers/hls/a1/main.m3u8?MediaSourceId=a1')).toBeNull();
    expect(stopSessionUrl('/api/media-servers/hls/a1/main.m3u8?PlaySessionId=../../x')).toBeNull();
    expect(stopSessionUrl(undefined)).toBeNull();
  });
});

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

const file = {
  id: 'a1',
  media_type: 'movie',
  title_id: 550,
  season_number: null,
  episode_number: null,
  stream_url: stream.direct,
  hls_url: stream.hls,
  direct_type: stream.directType,
  runtime: 6,
};

describe('the Player with a Jellyfin source', () => {
  let answer: { config: Record<string, unknown>; server: Record<string, unknown> };
  let requests: string[];

  beforeEach(() => {
    toast.mockClear();
    requests = [];
    answer = {
      config: {
        images: { secure_base_url: '/api/art/' },
        catalogue: 'local',
        features: { trailers: false, library: true, media_server: true },
        media_server: { kind: 'jellyfin', name: 'Jellyfin' },
      },
      server: { enabled: true, kind: 'jellyfin', name: 'Jellyfin', state: 'ready', message: null, results: [file] },
    };
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type.startsWith('video/webm') ? 'probably' : '',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input);
        requests.push(path);
        const body =
          path === '/api/config'
            ? answer.config
            : path.startsWith('/api/media-servers/')
              ? answer.server
              : { enabled: true, scanning: false, results: [] };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
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

  const options = () =>
    [...document.querySelectorAll('option')].map(
      (option) => `${option.textContent}${option.disabled ? ' (disabled)' : ''}`,
    );

  it('picks Jellyfin when the Library has no file, plays the file through Marquee, and records on playing', async () => {
    renderPlayer();
    const video = (await screen.findByLabelText('Video player')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(stream.direct);
    expect(options()).toEqual([
      'Library — No file for this title in the library (disabled)',
      'Jellyfin',
      'Trailer — The catalogue has no trailers (disabled)',
    ]);
    expect(toast).toHaveBeenCalledWith('Auto-selected recommended source', {
      description: 'Using Jellyfin for best experience',
      duration: 3000,
    });
    expect(requests).toContain('/api/media-servers/title/movie/550');

    // Opening records nothing; playing does (DESIGN.md).
    expect(getHistoryStore().getSnapshot()).toEqual([]);
    fireEvent(video, new Event('playing'));
    await waitFor(() =>
      expect(
        getHistoryStore()
          .getSnapshot()
          .map((entry) => entry.movie_id),
      ).toEqual([550]),
    );
  });

  it('falls back to the HLS stream when the file does not play as it is, then to a backup', async () => {
    vi.mocked(HTMLMediaElement.prototype.canPlayType).mockImplementation((type) =>
      type.startsWith('video/webm') || type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    vi.stubGlobal('MediaSource', undefined);
    delete (window as { MediaSource?: unknown }).MediaSource;
    renderPlayer();
    const direct = (await screen.findByLabelText('Video player')) as HTMLVideoElement;
    expect(direct.getAttribute('src')).toBe(stream.direct);
    fireEvent.error(direct);
    await waitFor(() => expect(screen.getByLabelText('Video player').getAttribute('src')).toBe(stream.hls));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.error(screen.getByLabelText('Video player'));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load Jellyfin');
  });

  it('lists Jellyfin disabled with the reason when the server is not reachable', async () => {
    answer.server = { ...answer.server, state: 'unreachable', message: 'Jellyfin is not reachable' };
    renderPlayer();
    // The player has settled on a source (the config and the server's answer are in).
    await screen.findByText(/cannot play this/);
    expect(screen.getByText('No source can play this yet.')).toBeTruthy();
    expect(options()).toContain('Jellyfin — Jellyfin is not reachable (disabled)');
  });

  it('lists no Jellyfin and asks nothing of it on a server without one', async () => {
    answer.config = { ...answer.config, media_server: null };
    renderPlayer();
    await screen.findByText(/cannot play this/);
    expect(options().some((option) => option.startsWith('Jellyfin'))).toBe(false);
    expect(requests.some((path) => path.startsWith('/api/media-servers/'))).toBe(false);
  });
});

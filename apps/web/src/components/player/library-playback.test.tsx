import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaFilePlayback } from '@/lib/player/media-api.ts';
import { LibraryPlayback } from './library-playback.tsx';

const ID = '0123456789abcdef01234567';

const file = (overrides: Partial<MediaFilePlayback> = {}): MediaFilePlayback => ({
  id: ID,
  playback: 'remux',
  reason: null,
  duration: 120,
  direct_url: null,
  stream_url: `/api/media/play/${ID}`,
  stream_type: 'video/mp4; codecs="avc1.640033,mp4a.40.2"',
  hls_url: `/api/media/hls/${ID}/index.m3u8`,
  audio: [
    { index: 0, label: 'English (AC3 5.1)', language: 'en', default: true },
    { index: 1, label: 'French (AC3 5.1)', language: 'fr', default: false },
  ],
  subtitles: [
    { id: 's0', label: 'English', language: 'en', forced: false, url: `/api/media/subtitles/${ID}/s0` },
    { id: 'e3', label: 'French', language: 'fr', forced: false, url: `/api/media/subtitles/${ID}/e3` },
  ],
  ...overrides,
});

/** A MediaSource that opens at once and accepts what is appended: enough for the player's loader. */
class FakeMediaSource extends EventTarget {
  static isTypeSupported = () => true;
  readyState = 'closed';
  duration = NaN;
  constructor() {
    super();
    queueMicrotask(() => {
      this.readyState = 'open';
      this.dispatchEvent(new Event('sourceopen'));
    });
  }
  addSourceBuffer() {
    return Object.assign(new EventTarget(), {
      updating: false,
      mode: 'segments',
      buffered: { length: 0, start: () => 0, end: () => 0 },
      abort: () => undefined,
      appendBuffer: () => undefined,
      remove: () => undefined,
    });
  }
  endOfStream() {}
}

let requests: string[];
function answer(details: MediaFilePlayback, play: () => Response) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.startsWith('/api/media/file/')) return Response.json(details);
      return play();
    }),
  );
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LibraryPlayback
        streamUrl={`/api/media/stream/${ID}`}
        historyKey={null}
        resumeAt={null}
        analytics={{}}
        onError={() => undefined}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('MediaSource', FakeMediaSource);
  URL.createObjectURL = () => 'blob:fake';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const busy = () =>
  Response.json(
    {
      error: {
        code: 'unavailable',
        message: 'This server is already converting 2 videos for other viewers, its limit.',
      },
    },
    { status: 503 },
  );

describe('LibraryPlayback', () => {
  it('says why a file cannot play', async () => {
    answer(
      file({
        playback: 'unplayable',
        reason: 'this server has no ffmpeg to convert it for browsers (install ffmpeg or set FFMPEG_PATH)',
        stream_url: null,
        stream_type: null,
      }),
      busy,
    );
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file cannot play in a browser: this server has no ffmpeg to convert it for browsers (install ffmpeg or set FFMPEG_PATH).',
    );
    expect(screen.queryByLabelText('Video player')).toBeNull();
  });

  it("shows the server's message when it converts too many videos, and tries again", async () => {
    answer(file(), busy);
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This server is already converting 2 videos for other viewers, its limit.');
    expect(requests.filter((url) => url.startsWith('/api/media/play/'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests.filter((url) => url.startsWith('/api/media/play/'))).toHaveLength(2));
  });

  it('streams the chosen audio track and remembers the subtitle and audio languages', async () => {
    localStorage.setItem('marquee:player:subtitles', 'fr');
    answer(file(), () => new Response(new Uint8Array(8), { status: 200 }));
    show();
    const subtitles = (await screen.findByLabelText('Subtitles')) as HTMLSelectElement;
    // The remembered language's track is on.
    expect(subtitles.value).toBe('e3');
    const tracks = screen.getByLabelText('Video player').querySelectorAll('track');
    expect(Array.from(tracks, (track) => [track.label, track.srclang, track.getAttribute('src')])).toEqual([
      ['English', 'en', `/api/media/subtitles/${ID}/s0`],
      ['French', 'fr', `/api/media/subtitles/${ID}/e3`],
    ]);
    await waitFor(() => expect(requests.some((url) => /play\/.*audio=0/.test(url))).toBe(true));

    fireEvent.change(screen.getByLabelText('Audio track'), { target: { value: '1' } });
    await waitFor(() => expect(requests.some((url) => /play\/.*audio=1/.test(url))).toBe(true));
    fireEvent.change(subtitles, { target: { value: '' } });
    expect(localStorage.getItem('marquee:player:audio')).toBe('fr');
    expect(localStorage.getItem('marquee:player:subtitles')).toBe('off');
  });

  it('plays a file browsers play as it is from its bytes', async () => {
    answer(file({ playback: 'direct', direct_url: `/api/media/stream/${ID}`, audio: [], subtitles: [] }), busy);
    show();
    const video = (await screen.findByLabelText('Video player')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(`/api/media/stream/${ID}`);
    expect(screen.queryByLabelText('Subtitles')).toBeNull();
  });

  describe('in a browser without Media Source Extensions', () => {
    let canPlayType: string;
    beforeEach(() => {
      vi.stubGlobal('MediaSource', undefined);
      canPlayType = 'maybe';
      vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
        type === 'application/vnd.apple.mpegurl' ? (canPlayType as CanPlayTypeResult) : '',
      );
    });
    afterEach(() => vi.restoreAllMocks());

    it('plays the HLS playlist when the browser plays HLS, with the chosen audio track', async () => {
      answer(file(), () => new Response('#EXTM3U\n', { status: 200 }));
      show();
      const video = (await screen.findByLabelText('Video player')) as HTMLVideoElement;
      await waitFor(() =>
        expect(video.getAttribute('src')).toMatch(/^\/api\/media\/hls\/\w+\/index\.m3u8\?audio=0&viewer=/),
      );
      fireEvent.change(screen.getByLabelText('Audio track'), { target: { value: '1' } });
      await waitFor(() => expect(video.getAttribute('src')).toMatch(/\?audio=1&viewer=/));
      expect(requests.some((url) => url.startsWith('/api/media/play/'))).toBe(false);
      expect(video.querySelectorAll('track')).toHaveLength(2);
    });

    it('says so when the browser plays neither', async () => {
      canPlayType = '';
      answer(file(), busy);
      show();
      expect((await screen.findByRole('alert')).textContent).toBe(
        "This browser cannot play the server's converted video (H.264 and AAC in MP4).",
      );
    });
  });
});

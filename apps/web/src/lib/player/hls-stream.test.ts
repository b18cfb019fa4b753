import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachHlsStream, convertedPath } from './hls-stream.ts';

const TYPE = 'video/mp4; codecs="avc1.640033,mp4a.40.2"';
const HLS = '/api/media/hls/0123456789abcdef01234567/index.m3u8';
const playsHls = {
  canPlayType: (type: string): CanPlayTypeResult => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''),
};
const noHls = { canPlayType: (): CanPlayTypeResult => '' };

function mediaSource(supported: boolean) {
  return Object.assign(function FakeMediaSource() {}, { isTypeSupported: () => supported });
}

afterEach(() => vi.unstubAllGlobals());

describe('convertedPath', () => {
  it('feeds MSE where the browser has it (or ManagedMediaSource) and takes the type', () => {
    vi.stubGlobal('MediaSource', mediaSource(true));
    expect(convertedPath(TYPE, HLS, playsHls)).toBe('mse');
    vi.stubGlobal('MediaSource', undefined);
    vi.stubGlobal('ManagedMediaSource', mediaSource(true));
    expect(convertedPath(TYPE, HLS, noHls)).toBe('mse');
  });

  it('gives the HLS playlist to a browser without MSE that plays HLS (an iPhone before iOS 17.1)', () => {
    vi.stubGlobal('MediaSource', undefined);
    vi.stubGlobal('ManagedMediaSource', undefined);
    expect(convertedPath(TYPE, HLS, playsHls)).toBe('hls');
    // An MSE that refuses the stream's codecs: HLS too.
    vi.stubGlobal('MediaSource', mediaSource(false));
    expect(convertedPath(TYPE, HLS, playsHls)).toBe('hls');
  });

  it('has no way without either, or without a playlist from the server', () => {
    vi.stubGlobal('MediaSource', undefined);
    vi.stubGlobal('ManagedMediaSource', undefined);
    expect(convertedPath(TYPE, HLS, noHls)).toBeNull();
    expect(convertedPath(TYPE, null, playsHls)).toBeNull();
  });
});

describe('attachHlsStream', () => {
  it('sets the playlist as the source once the server can convert, and starts where asked', async () => {
    const fetch = vi.fn(async () => new Response('#EXTM3U\n', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const video = document.createElement('video');
    const callbacks = { onFatal: vi.fn(), onBusy: vi.fn() };
    const detach = attachHlsStream(video, { url: HLS, audio: 1, viewer: 'viewer-1234', startAt: 42 }, callbacks);
    await vi.waitFor(() => expect(video.getAttribute('src')).toBe(`${HLS}?audio=1&viewer=viewer-1234`));
    expect(fetch).toHaveBeenCalledWith(`${HLS}?audio=1&viewer=viewer-1234`, expect.anything());
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(42);
    detach();
    expect(video.getAttribute('src')).toBeNull();
    expect(callbacks.onFatal).not.toHaveBeenCalled();
  });

  it("passes on the server's message when it converts too many videos, and sets no source", async () => {
    const message = 'This server is already converting a video for other viewers, its limit.';
    vi.stubGlobal('fetch', async () => Response.json({ error: { code: 'unavailable', message } }, { status: 503 }));
    const video = document.createElement('video');
    const callbacks = { onFatal: vi.fn(), onBusy: vi.fn() };
    attachHlsStream(video, { url: HLS, audio: 0, viewer: 'viewer-1234' }, callbacks);
    await vi.waitFor(() => expect(callbacks.onBusy).toHaveBeenCalledWith(message));
    expect(video.getAttribute('src')).toBeNull();
  });
});

/**
 * The Library's converted stream as HLS (GET /api/media/hls/:id/index.m3u8), for browsers with
 * neither MediaSource nor ManagedMediaSource that play HLS themselves (iPhones before iOS 17.1):
 * the playlist is the video's source, and the browser fetches, buffers and seeks its segments.
 */
import { canPlayConverted } from './converted-stream.ts';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** How a converted stream plays here: fed to Media Source Extensions, as HLS by the browser, or not at all. */
export type ConvertedPath = 'mse' | 'hls' | null;

/**
 * MSE when the browser has it and takes the stream's type (seeking, and the server copies H.264
 * instead of encoding it); else the HLS playlist when the browser says it plays HLS; else nothing.
 */
export function convertedPath(
  type: string,
  hlsUrl: string | null,
  video: Pick<HTMLVideoElement, 'canPlayType'> = document.createElement('video'),
): ConvertedPath {
  if (canPlayConverted(type)) return 'mse';
  if (hlsUrl && video.canPlayType(HLS_TYPE) !== '') return 'hls';
  return null;
}

export interface HlsStream {
  /** `/api/media/hls/<id>/index.m3u8`. */
  url: string;
  audio: number;
  viewer: string;
  /** Where to start (seconds): the position kept across an audio track change. */
  startAt?: number;
}

export function hlsPlaylistUrl(stream: HlsStream): string {
  return `${stream.url}?${new URLSearchParams({ audio: String(stream.audio), viewer: stream.viewer })}`;
}

/**
 * Gives the video the playlist, once the server has said it can convert it now: a server at its
 * limit answers the playlist 503 with a message for the viewer, which a video element would turn
 * into a bare error. The returned function detaches it (the server's ffmpeg goes idle and stops).
 */
export function attachHlsStream(
  video: HTMLVideoElement,
  stream: HlsStream,
  callbacks: { onFatal(): void; onBusy(message: string): void },
): () => void {
  const controller = new AbortController();
  const src = hlsPlaylistUrl(stream);
  const start = stream.startAt ?? 0;
  const seek = () => {
    if (start > 0) video.currentTime = start;
  };
  void (async () => {
    let response: Response;
    try {
      response = await fetch(src, { signal: controller.signal, credentials: 'same-origin' });
    } catch {
      if (!controller.signal.aborted) callbacks.onFatal();
      return;
    }
    if (controller.signal.aborted) return;
    if (response.status === 503) {
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      return callbacks.onBusy(body.error?.message ?? 'This server is converting too many videos right now.');
    }
    // The browser reads the playlist itself.
    void response.body?.cancel().catch(() => undefined);
    if (!response.ok) return callbacks.onFatal();
    video.addEventListener('loadedmetadata', seek, { once: true });
    video.src = src;
  })();
  return () => {
    controller.abort();
    video.removeEventListener('loadedmetadata', seek);
    video.removeAttribute('src');
    video.load();
  };
}

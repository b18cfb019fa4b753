/**
 * Plays the Library's converted stream (GET /api/media/play/:id, fragmented MP4 whose timestamps
 * are the file's own) through Media Source Extensions: the video knows the whole film's duration,
 * its own controls seek, and a seek outside what has arrived starts a new stream there (the server
 * stops the old one). Reading pauses while a minute is buffered ahead, which pauses ffmpeg too.
 */

export interface ConvertedStream {
  /** `/api/media/play/<id>`. */
  url: string;
  /** MIME type with codecs (`video/mp4; codecs="avc1.640033,mp4a.40.2"`). */
  type: string;
  duration: number | null;
  audio: number;
  viewer: string;
  /** Where to start (seconds): the position kept across an audio track change. */
  startAt?: number;
}

export interface StreamCallbacks {
  /** The stream cannot play here (the browser refused it, the server failed). */
  onFatal(): void;
  /** The server is converting as many videos as it may (503): its message. */
  onBusy(message: string): void;
}

/** Buffered seconds ahead of the playhead at which reading pauses. */
export const AHEAD_S = 60;
/** Buffered seconds kept behind the playhead when the browser's buffer is full. */
const BEHIND_S = 20;

type MediaSourceClass = typeof MediaSource;

function mediaSourceClass(): MediaSourceClass | null {
  const w = window as unknown as { ManagedMediaSource?: MediaSourceClass; MediaSource?: MediaSourceClass };
  return w.ManagedMediaSource ?? w.MediaSource ?? null;
}

/** Whether this browser can play converted streams with seeking (MSE), and the type in it. */
export function canPlayConverted(type: string): boolean {
  const source = mediaSourceClass();
  return source !== null && source.isTypeSupported(type);
}

export function streamUrl(stream: ConvertedStream, start: number): string {
  const query = new URLSearchParams({ start: start.toFixed(2), audio: String(stream.audio), viewer: stream.viewer });
  return `${stream.url}?${query}`;
}

/** Attaches the stream to the video; the returned function stops it (and the server's ffmpeg). */
export function attachConvertedStream(
  video: HTMLVideoElement,
  stream: ConvertedStream,
  callbacks: StreamCallbacks,
): () => void {
  const Source = mediaSourceClass();
  if (!Source) {
    // No MSE (an older iPhone): the stream plays from the start, seeking only within what arrived.
    video.src = streamUrl(stream, stream.startAt ?? 0);
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  const source = new Source();
  const objectUrl = URL.createObjectURL(source);
  if ('ManagedMediaSource' in window) video.disableRemotePlayback = true;
  video.src = objectUrl;
  let buffer: SourceBuffer | null = null;
  let loading: AbortController | null = null;
  let loadingFrom = 0;
  let stopped = false;

  const ranges = () => {
    const list: [number, number][] = [];
    if (!buffer) return list;
    try {
      for (let i = 0; i < buffer.buffered.length; i++) list.push([buffer.buffered.start(i), buffer.buffered.end(i)]);
    } catch {
      // The buffer was removed from its source (the video is being torn down).
    }
    return list;
  };
  const rangeAt = (time: number) => ranges().find(([start, end]) => time >= start - 0.5 && time < end);
  const aheadOf = (time: number) => {
    const range = rangeAt(time);
    return range ? range[1] - time : 0;
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      if (!buffer?.updating) return resolve();
      buffer.addEventListener('updateend', () => resolve(), { once: true });
    });
  /** Resolves when the playhead moves (or seeks), to look at the buffer again. */
  const playheadMoves = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        video.removeEventListener('timeupdate', done);
        video.removeEventListener('seeking', done);
        resolve();
      };
      video.addEventListener('timeupdate', done);
      video.addEventListener('seeking', done);
    });

  async function append(chunk: Uint8Array, signal: AbortSignal): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await idle();
      if (signal.aborted || !buffer) return;
      try {
        buffer.appendBuffer(chunk as BufferSource);
        return;
      } catch (error) {
        if ((error as DOMException).name !== 'QuotaExceededError' || attempt > 0) throw error;
        // Full: drop what is far behind (and far ahead, from an earlier seek), then try once more.
        const now = video.currentTime;
        for (const [start, end] of ranges()) {
          await idle();
          if (end < now - BEHIND_S || start > now + AHEAD_S * 2) buffer.remove(start, end);
          else if (start < now - BEHIND_S) buffer.remove(start, now - BEHIND_S);
        }
        await idle();
      }
    }
  }

  async function load(from: number): Promise<void> {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    loadingFrom = from;
    const { signal } = controller;
    try {
      await idle();
      if (signal.aborted || !buffer) return;
      // A new stream starts with its own initialization segment.
      if (source.readyState === 'open') buffer.abort();
      const response = await fetch(streamUrl(stream, from), { signal, credentials: 'same-origin' });
      if (response.status === 503) {
        const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
        return callbacks.onBusy(body.error?.message ?? 'This server is converting too many videos right now.');
      }
      if (!response.ok || !response.body) return callbacks.onFatal();
      const reader = response.body.getReader();
      signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      for (;;) {
        while (!signal.aborted && aheadOf(video.currentTime) > AHEAD_S) await playheadMoves();
        const { done, value } = await reader.read();
        if (signal.aborted) return;
        if (done) break;
        await append(value, signal);
      }
      await idle();
      const end = ranges().at(-1)?.[1] ?? 0;
      if (!signal.aborted && stream.duration && end >= stream.duration - 1 && source.readyState === 'open') {
        source.endOfStream();
      }
    } catch (error) {
      if (signal.aborted || stopped) return;
      // The stream broke off (the server stopped it while the player was paused, a network hiccup):
      // the playhead's waiting event starts a new one where the buffer ends.
      if ((error as Error).name === 'TypeError') return;
      callbacks.onFatal();
    } finally {
      if (loading === controller) loading = null;
    }
  }

  const onSeeking = () => {
    const time = video.currentTime;
    if (rangeAt(time)) return;
    // The stream under way starts just before here: its data is about to arrive.
    if (loading && time >= loadingFrom && time < loadingFrom + 3) return;
    void load(time);
  };
  // Playback caught up with the buffer and nothing is arriving: continue from where it ends.
  const onWaiting = () => {
    // A stream's first frame may start a little after the playhead (audio priming, a keyframe):
    // step over the gap rather than wait before it.
    const next = ranges().find(([start]) => start > video.currentTime && start - video.currentTime < 1);
    if (next) {
      video.currentTime = next[0];
      return;
    }
    if (loading) return;
    const range = rangeAt(video.currentTime);
    const from = range ? range[1] : video.currentTime;
    if (!stream.duration || from < stream.duration - 0.5) void load(from);
  };
  video.addEventListener('seeking', onSeeking);
  video.addEventListener('waiting', onWaiting);

  source.addEventListener(
    'sourceopen',
    () => {
      if (stopped) return;
      URL.revokeObjectURL(objectUrl);
      try {
        if (stream.duration) source.duration = stream.duration;
        buffer = source.addSourceBuffer(stream.type);
        buffer.mode = 'segments';
      } catch {
        return callbacks.onFatal();
      }
      const start = stream.startAt ?? 0;
      void load(start);
      if (start > 0) video.currentTime = start;
    },
    { once: true },
  );

  return () => {
    stopped = true;
    loading?.abort();
    video.removeEventListener('seeking', onSeeking);
    video.removeEventListener('waiting', onWaiting);
    video.removeAttribute('src');
    video.load();
  };
}

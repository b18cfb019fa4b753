import { useCallback, useRef, useState } from 'react';
import { stopHlsSession } from '@/lib/player/media-server-api.ts';
import type { VideoSource } from '@/lib/player/sources.ts';
import { LibraryVideo, type LibraryVideoProps } from './library-video.tsx';

export type MediaServerStream = NonNullable<VideoSource['stream']>;

export type Playback = { mode: 'direct' | 'native-hls' | 'hls.js'; src: string };

const HLS_TYPE = 'application/vnd.apple.mpegurl';

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/**
 * How the browser plays a media server's file: as it is when it says it can play its container
 * and codecs (no transcode on the server); otherwise the server's HLS stream, which Safari on an
 * iPhone plays by itself and other browsers through hls.js on Media Source Extensions (Chromium's
 * native HLS is newer and less proven than hls.js, so a browser with MSE uses hls.js).
 */
export function choosePlayback(
  stream: MediaServerStream,
  video: Pick<HTMLVideoElement, 'canPlayType'>,
  mediaSource = hasMediaSource(),
): Playback {
  if (stream.directType && video.canPlayType(stream.directType) !== '') return { mode: 'direct', src: stream.direct };
  if (!mediaSource && video.canPlayType(HLS_TYPE) !== '') return { mode: 'native-hls', src: stream.hls };
  return { mode: 'hls.js', src: stream.hls };
}

/** hls.js retries a fatal media error once (a decoder hiccup) before the source counts as failed. */
const MEDIA_RECOVERIES = 1;

/**
 * The Jellyfin/Emby source: the Library's video (resume, progress, history on `playing`, keys)
 * fed the file itself or the server's HLS stream. A file the browser said it could play but did
 * not gets the HLS stream before the source counts as failed. hls.js (its light build) is loaded
 * only here, when an HLS stream plays in a browser that needs it; when the viewer leaves, the
 * server is asked to stop that stream's transcode.
 */
export function MediaServerVideo({
  stream,
  onError,
  ...props
}: Omit<LibraryVideoProps, 'src' | 'attach'> & { stream: MediaServerStream }) {
  const [directFailed, setDirectFailed] = useState(false);
  const probe = useRef<HTMLVideoElement | null>(null);
  probe.current ??= document.createElement('video');
  const { mode, src } = choosePlayback(directFailed ? { ...stream, directType: null } : stream, probe.current);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const attach = useCallback(
    (video: HTMLVideoElement) => {
      let cancelled = false;
      let detach = () => undefined as void;
      import('hls.js/light').then(
        ({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return onErrorRef.current();
          // No worker: the CSP allows scripts from this origin only, not the blob: worker hls.js makes.
          const hls = new Hls({ enableWorker: false });
          let recoveries = 0;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && recoveries++ < MEDIA_RECOVERIES) hls.recoverMediaError();
            else onErrorRef.current();
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          detach = () => {
            const variant = hls.levels[0]?.uri;
            hls.destroy();
            stopHlsSession(variant);
          };
        },
        () => {
          if (!cancelled) onErrorRef.current();
        },
      );
      return () => {
        cancelled = true;
        detach();
      };
    },
    [src],
  );

  function failed() {
    if (mode === 'direct') setDirectFailed(true);
    else onErrorRef.current();
  }

  return (
    <LibraryVideo {...props} key={src} src={src} onError={failed} attach={mode === 'hls.js' ? attach : undefined} />
  );
}

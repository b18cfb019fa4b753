import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { attachConvertedStream } from '@/lib/player/converted-stream.ts';
import { attachHlsStream, convertedPath } from '@/lib/player/hls-stream.ts';
import { mediaFileIdOf, useMediaFile, type MediaFilePlayback } from '@/lib/player/media-api.ts';
import {
  initialAudio,
  initialSubtitle,
  rememberAudio,
  rememberSubtitle,
  viewerId,
} from '@/lib/player/track-preferences.ts';
import { LibraryVideo, type LibraryVideoProps } from './library-video.tsx';

type Props = Omit<LibraryVideoProps, 'src' | 'attach' | 'subtitles' | 'subtitle' | 'onSubtitleChange'> & {
  /** The file's `stream_url` (`/api/media/stream/<id>`). */
  streamUrl: string;
};

const SELECT =
  'h-8 min-w-0 max-w-[45%] truncate rounded-lg border border-white/15 bg-ink-900 px-2 text-xs text-fg focus-visible:outline-2 focus-visible:outline-gold-300';

/**
 * The Library source for one file: asks the server how it plays (GET /api/media/file/:id), then
 * plays the file as it is, or the server's converted stream (an MKV with AC3, an AVI, HEVC...)
 * through Media Source Extensions, or as HLS where the browser has no MSE but plays HLS, with the file's subtitles as tracks and a choice of audio track.
 * The subtitle and audio languages picked are remembered on this device. A file no browser can
 * play here says why; a server at its limit of conversions says so and offers to try again.
 */
export function LibraryPlayback({ streamUrl, onError, ...props }: Props) {
  const id = mediaFileIdOf(streamUrl);
  const file = useMediaFile(id ?? '');
  if (!id || file.isError) {
    // An older server without the file route, or a file gone since: the bytes as they are.
    return <LibraryVideo {...props} src={streamUrl} onError={onError} />;
  }
  if (!file.data) {
    return (
      <div role="status" className="flex size-full items-center justify-center gap-2 text-fg-muted">
        <Loader2 className="size-6 animate-spin" aria-hidden /> Loading video player...
      </div>
    );
  }
  return <PlayFile key={file.data.id} file={file.data} onError={onError} {...props} />;
}

function Notice({ children, action }: { children: string; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center text-sm text-fg"
    >
      <p className="max-w-prose">{children}</p>
      {action}
    </div>
  );
}

function PlayFile({ file, onError, ...props }: Omit<Props, 'streamUrl'> & { file: MediaFilePlayback }) {
  const [audio, setAudio] = useState(() => initialAudio(file.audio));
  const [subtitle, setSubtitle] = useState(() => initialSubtitle(file.subtitles));
  const [busy, setBusy] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const position = useRef(0);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const direct = file.direct_url !== null && audio === 0;
  const converted = !direct && file.stream_url !== null && file.stream_type !== null;
  const path = useMemo(
    () => (converted ? convertedPath(file.stream_type!, file.hls_url) : null),
    [converted, file.stream_type, file.hls_url],
  );
  const supported = !converted || path !== null;

  const attach = useCallback(
    (video: HTMLVideoElement) => {
      const startAt = position.current;
      const track = () => (position.current = video.currentTime);
      video.addEventListener('timeupdate', track);
      const callbacks = {
        onFatal: () => {
          setFailed(true);
          onErrorRef.current();
        },
        onBusy: setBusy,
      };
      const detach =
        path === 'hls'
          ? attachHlsStream(video, { url: file.hls_url!, audio, viewer: viewerId(), startAt }, callbacks)
          : attachConvertedStream(
              video,
              {
                url: file.stream_url!,
                type: file.stream_type!,
                duration: file.duration,
                audio,
                viewer: viewerId(),
                startAt,
              },
              callbacks,
            );
      if (startAt > 0) void video.play().catch(() => undefined);
      return () => {
        video.removeEventListener('timeupdate', track);
        detach();
      };
    },
    // `attempt`: Try again makes a new stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [file, audio, attempt, path],
  );

  if (file.playback === 'unplayable' || (!direct && !converted)) {
    return <Notice>{`This file cannot play in a browser: ${file.reason ?? 'the server cannot convert it'}.`}</Notice>;
  }
  if (!supported) {
    return <Notice>This browser cannot play the server&apos;s converted video (H.264 and AAC in MP4).</Notice>;
  }
  if (busy) {
    return (
      <Notice
        action={
          <Button
            size="sm"
            onClick={() => {
              setBusy(null);
              setAttempt((value) => value + 1);
            }}
          >
            Try again
          </Button>
        }
      >
        {busy}
      </Notice>
    );
  }
  if (failed) return <Notice>The server could not convert this file for the browser.</Notice>;

  const choices = file.audio.length > 1 || file.subtitles.length > 0;
  return (
    <div className="flex size-full flex-col">
      <div className="min-h-0 flex-1">
        <LibraryVideo
          {...props}
          src={direct ? file.direct_url! : `${file.stream_url}#audio=${audio}`}
          attach={direct ? undefined : attach}
          onError={onError}
          subtitles={file.subtitles}
          subtitle={subtitle}
          onSubtitleChange={(next) => {
            setSubtitle(next);
            rememberSubtitle(file.subtitles.find((track) => track.id === next) ?? null);
          }}
        />
      </div>
      {choices && (
        <div className="flex shrink-0 items-center justify-end gap-2 border-t border-white/10 bg-ink-900/80 px-2 py-1.5">
          {file.audio.length > 1 && (
            <select
              aria-label="Audio track"
              className={SELECT}
              value={audio}
              onChange={(event) => {
                const next = Number(event.target.value);
                rememberAudio(file.audio.find((track) => track.index === next));
                setAudio(next);
              }}
            >
              {file.audio.map((track) => (
                <option key={track.index} value={track.index}>
                  {track.label}
                </option>
              ))}
            </select>
          )}
          {file.subtitles.length > 0 && (
            <select
              aria-label="Subtitles"
              className={SELECT}
              value={subtitle ?? ''}
              onChange={(event) => {
                const next = event.target.value || null;
                setSubtitle(next);
                rememberSubtitle(file.subtitles.find((track) => track.id === next) ?? null);
              }}
            >
              <option value="">Subtitles off</option>
              {file.subtitles.map((track) => (
                <option key={track.id} value={track.id}>
                  {track.label}
                </option>
              ))}
            </select>
          )}
        </div>
      )}
    </div>
  );
}

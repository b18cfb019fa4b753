import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { locateFfmpeg, type FfmpegStatus } from './ffmpeg.ts';
import type { MediaFile, MediaLibrary } from './media-library.ts';
import { resolveInside } from './media-library.ts';
import {
  audioLabel,
  createProbeCache,
  decidePlayback,
  type MediaProbe,
  type Playback,
  type PlaybackMode,
} from './media-probe.ts';
import { findSidecarSubtitles, languageOf, sidecarAsVtt, TEXT_SUBTITLE_CODECS } from './subtitles.ts';
import { createHlsStreams, type HlsStreams } from './hls.ts';
import { createTranscoder, streamMimeType, type TranscodeSession, type Transcoder } from './transcoder.ts';

export interface AudioTrack {
  /** 0-based among the file's audio tracks: the `audio` of the stream URL. */
  index: number;
  label: string;
  language: string | null;
  default: boolean;
}

export interface SubtitleTrack {
  /** `e3`: the file's stream 3; `s0`: the first sidecar file. */
  id: string;
  label: string;
  language: string | null;
  forced: boolean;
  url: string;
}

/** GET /api/media/file/:id: how the player plays one Library file. */
export interface FilePlayback {
  id: string;
  playback: PlaybackMode;
  reason: string | null;
  /** Seconds; the player's timeline for a converted stream. */
  duration: number | null;
  /** The file's bytes (byte ranges), when a browser plays it as it is. */
  direct_url: string | null;
  /** The converted stream (fragmented MP4): `?start=<s>&audio=<n>&viewer=<id>`; null without ffmpeg. */
  stream_url: string | null;
  /** MIME type with codecs of the converted stream, for Media Source Extensions. */
  stream_type: string | null;
  /**
   * The converted stream as an HLS playlist (`?audio=<n>&viewer=<id>`), for browsers without Media
   * Source Extensions that play HLS themselves; null without ffmpeg or a known duration.
   */
  hls_url: string | null;
  audio: AudioTrack[];
  subtitles: SubtitleTrack[];
}

export interface PlaybackOptions {
  /** FFMPEG_PATH, or null to use the project's own ffmpeg, else the system's. */
  ffmpegPath: string | null;
  /** MEDIA_TRANSCODE_LIMIT: video transcodes at once. */
  transcodeLimit: number;
  /** A stream whose viewer has read nothing for this long is stopped (a paused player holds no process). */
  idleMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

interface Located {
  real: string;
  size: number;
  mtimeMs: number;
}

export interface MediaPlayback {
  ffmpeg(): Promise<FfmpegStatus>;
  details(file: MediaFile): Promise<FilePlayback | null>;
  /** The cached verdict for the operator's index; null until the file has been probed. */
  peek(file: MediaFile): Promise<Pick<Playback, 'mode' | 'reason'> | null>;
  /** Probes the given files in the background, so that the player's first request finds them ready. */
  warm(files: readonly MediaFile[]): void;
  probe(file: MediaFile): Promise<{ located: Located; probe: MediaProbe | null } | null>;
  subtitle(file: MediaFile, trackId: string): Promise<string | null>;
  transcoder: Transcoder;
  hls: HlsStreams;
  readonly idleMs: number;
  close(): Promise<void>;
}

/** Embedded subtitles as WebVTT: ffmpeg reads the whole file for them, so they are kept (by size). */
const SUBTITLE_CACHE_BYTES = 16 * 1024 * 1024;

export function createMediaPlayback(library: MediaLibrary, options: PlaybackOptions): MediaPlayback {
  const log = options.log ?? console;
  let located: Promise<FfmpegStatus> | null = null;
  let status: FfmpegStatus | null = null;
  const ffmpeg = () => {
    located ??= locateFfmpeg(options.ffmpegPath, log).then((found) => (status = found));
    return located;
  };
  const probes = createProbeCache(() => status);
  const transcoder = createTranscoder(() => (status?.ok ? status.path : null), options.transcodeLimit);
  const idleMs = options.idleMs ?? 60_000;
  const hls = createHlsStreams(transcoder, { idleMs, log });
  // HLS has no open request to end with: a stream nobody asks anything of for idleMs goes.
  const sweeping = setInterval(() => void hls.sweep(), Math.min(5000, idleMs / 2));
  sweeping.unref();
  const subtitleCache = new Map<string, string>();
  let subtitleBytes = 0;
  let warming: Promise<void> = Promise.resolve();
  let closed = false;

  async function locate(file: MediaFile): Promise<Located | null> {
    const real = library.root ? await resolveInside(library.root, file.path) : null;
    const info = real ? await stat(real).catch(() => null) : null;
    return real && info?.isFile() ? { real, size: info.size, mtimeMs: info.mtimeMs } : null;
  }

  async function probe(file: MediaFile) {
    const where = await locate(file);
    if (!where) return null;
    await ffmpeg();
    return { located: where, probe: await probes.get(where.real, where.size, where.mtimeMs) };
  }

  async function sidecars(file: MediaFile) {
    return library.root ? findSidecarSubtitles(library.root, file.path) : [];
  }

  return {
    ffmpeg,
    transcoder,
    hls,
    idleMs,
    probe,
    async close() {
      closed = true;
      clearInterval(sweeping);
      transcoder.stopAll();
      await hls.close();
    },
    warm(files) {
      warming = warming.then(async () => {
        for (const file of files) {
          if (closed) return;
          await probe(file).catch(() => undefined);
        }
      });
    },
    async peek(file) {
      const where = await locate(file);
      if (!where || !status) return null;
      const cached = status.ok ? probes.peek(where.real, where.size, where.mtimeMs) : null;
      if (cached === undefined) return null;
      const { mode, reason } = decidePlayback(file.path, cached, status);
      return { mode, reason };
    },
    async details(file) {
      const probed = await probe(file);
      if (!probed) return null;
      const found = status!;
      const verdict = decidePlayback(file.path, probed.probe, found);
      const info = probed.probe;
      const audio: AudioTrack[] = (found.ok && info ? info.audio : []).map((track, index) => ({
        index,
        label: audioLabel(track, index),
        language: languageOf(track.language)?.code ?? null,
        default: track.default,
      }));
      const subtitles: SubtitleTrack[] = [];
      (await sidecars(file)).forEach((sidecar, index) => {
        const ext = path.extname(sidecar.path).toLowerCase();
        if ((ext === '.ass' || ext === '.ssa') && !found.ok) return;
        const flags = [sidecar.forced ? 'forced' : null, sidecar.sdh ? 'SDH' : null].filter(Boolean).join(', ');
        const name = sidecar.language?.label ?? path.basename(sidecar.path, ext);
        subtitles.push({
          id: `s${index}`,
          label: flags ? `${name} (${flags})` : name,
          language: sidecar.language?.code ?? null,
          forced: sidecar.forced,
          url: `/api/media/subtitles/${file.id}/s${index}`,
        });
      });
      if (found.ok && info) {
        info.subtitles
          .filter((track) => TEXT_SUBTITLE_CODECS.has(track.codec))
          .forEach((track, position) => {
            const language = languageOf(track.language);
            const name = [language?.label, track.title].filter(Boolean).join(' · ') || `Subtitles ${position + 1}`;
            subtitles.push({
              id: `e${track.index}`,
              label: track.forced ? `${name} (forced)` : name,
              language: language?.code ?? null,
              forced: track.forced,
              url: `/api/media/subtitles/${file.id}/e${track.index}`,
            });
          });
      }
      // Two tracks of one name (a sidecar file and the file's own track) are told apart by number.
      const seen = new Map<string, number>();
      for (const track of subtitles) {
        const count = (seen.get(track.label) ?? 0) + 1;
        seen.set(track.label, count);
        if (count > 1) track.label = `${track.label} (${count})`;
      }
      const convertible = verdict.convertible && verdict.mode !== 'unplayable';
      return {
        id: file.id,
        playback: verdict.mode,
        reason: verdict.reason,
        duration: info?.duration ?? null,
        direct_url: verdict.mode === 'direct' ? file.stream_url : null,
        stream_url: convertible && info?.video.length ? `/api/media/play/${file.id}` : null,
        stream_type: convertible && info?.video.length ? streamMimeType(info) : null,
        hls_url: convertible && info?.video.length && info.duration ? `/api/media/hls/${file.id}/index.m3u8` : null,
        audio,
        subtitles,
      };
    },
    async subtitle(file, trackId) {
      const where = await locate(file);
      if (!where || !library.root) return null;
      const sidecar = /^s(\d{1,4})$/.exec(trackId);
      if (sidecar) {
        const entry = (await sidecars(file))[Number(sidecar[1])];
        const real = entry ? await resolveInside(library.root, entry.path) : null;
        if (!real) return null;
        const text = await sidecarAsVtt(real);
        if (text !== null) return text;
        const found = await ffmpeg();
        return found.ok ? extractVtt(found.path, real, null) : null;
      }
      const embedded = /^e(\d{1,3})$/.exec(trackId);
      if (!embedded) return null;
      const probed = await probe(file);
      const track = probed?.probe?.subtitles.find((entry) => entry.index === Number(embedded[1]));
      if (!track || !TEXT_SUBTITLE_CODECS.has(track.codec) || !status?.ok) return null;
      const key = `${where.real}:${where.size}:${where.mtimeMs}:${trackId}`;
      const cached = subtitleCache.get(key);
      if (cached !== undefined) return cached;
      const text = await extractVtt(status.path, where.real, track.index);
      if (text !== null && text.length < SUBTITLE_CACHE_BYTES / 4) {
        subtitleCache.set(key, text);
        subtitleBytes += text.length;
        for (const [oldKey, oldText] of subtitleCache) {
          if (subtitleBytes <= SUBTITLE_CACHE_BYTES) break;
          subtitleCache.delete(oldKey);
          subtitleBytes -= oldText.length;
        }
      }
      return text;
    },
  };
}

/** A subtitle stream of a file (or a whole subtitle file: `stream` null) converted to WebVTT by ffmpeg. */
function extractVtt(ffmpegPath: string, file: string, stream: number | null): Promise<string | null> {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file];
  if (stream !== null) args.push('-map', `0:${stream}`);
  args.push('-f', 'webvtt', 'pipe:1');
  return new Promise((resolve) => {
    execFile(ffmpegPath, args, { timeout: 120_000, maxBuffer: 8 * 1024 * 1024 }, (error, stdout) =>
      resolve(error ? null : String(stdout)),
    );
  });
}

/**
 * Starts a viewer's converted stream and waits for its first bytes (the MP4 header, written once
 * ffmpeg has read the file's start), so that a file ffmpeg cannot convert answers an error rather
 * than an empty video. The returned stream ends with ffmpeg; `stop` kills it.
 */
export async function firstBytes(session: TranscodeSession): Promise<PassThrough | null> {
  const { child } = session;
  const out = new PassThrough();
  const started = await new Promise<boolean>((resolve) => {
    child.stdout!.once('data', (chunk: Buffer) => {
      out.write(chunk);
      // In the same tick: no chunk can be emitted between the first one and the pipe.
      child.stdout!.pipe(out);
      resolve(true);
    });
    // 'close', not 'exit': a short file's output may still be in the pipe when ffmpeg exits.
    child.once('close', () => resolve(false));
  });
  return started ? out : null;
}

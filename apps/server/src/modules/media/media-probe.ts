import { execFile } from 'node:child_process';
import path from 'node:path';
import { NO_FFMPEG_REASON, type FfmpegStatus } from './ffmpeg.ts';
import { languageOf } from './subtitles.ts';

export interface ProbedStream {
  /** The stream's index in the file (ffmpeg's `0:N`). */
  index: number;
  codec: string;
  /** The codec's profile as ffmpeg prints it ("High", "LC", "DTS-HD MA"), if any. */
  profile: string | null;
  language: string | null;
  title: string | null;
  default: boolean;
  forced: boolean;
}

export interface ProbedVideo extends ProbedStream {
  pixelFormat: string | null;
  width: number | null;
  height: number | null;
}

export interface ProbedAudio extends ProbedStream {
  channels: string | null;
}

/** What `ffmpeg -i` says about a file: its container, duration and streams. */
export interface MediaProbe {
  /** ffmpeg's demuxer names ("matroska,webm", "mov,mp4,m4a,3gp,3g2,mj2", "avi"). */
  container: string;
  /** Seconds, null when the file does not say. */
  duration: number | null;
  /** Where the file's timestamps start (seconds); a converted stream's times are made relative to it. */
  start: number;
  video: ProbedVideo[];
  audio: ProbedAudio[];
  subtitles: ProbedStream[];
}

/** Splits on commas outside parentheses: "yuv420p(tv, bt709), 1920x1080" → two parts. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

function seconds(clock: string): number | null {
  const match = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(clock.trim());
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}

const STREAM_LINE =
  /^\s*Stream #0:(\d+)(?:\[0x[0-9a-f]+\])?(?:\(([^)]*)\))?: (Video|Audio|Subtitle|Data|Attachment): (.*)$/i;

/**
 * Reads the stderr of `ffmpeg -hide_banner -i FILE` (ffmpeg 4 to 7 print the same shape), or null
 * when it has no input section (not a media file, or unreadable).
 */
export function parseFfmpegInfo(output: string): MediaProbe | null {
  const lines = output.split(/\r?\n/);
  const header = lines.findIndex((line) => /^Input #0, /.test(line));
  if (header === -1) return null;
  const container = /^Input #0, (.+), from /.exec(lines[header]!)?.[1] ?? 'unknown';
  const probe: MediaProbe = { container, duration: null, start: 0, video: [], audio: [], subtitles: [] };
  let current: ProbedStream | null = null;
  let inStreamMetadata = false;
  for (const line of lines.slice(header + 1)) {
    if (/^(?:Input|Output) #\d+/.test(line) || /^Stream mapping:/.test(line)) break;
    const duration = /^\s+Duration: ([^,]+), start: (-?[\d.]+)/.exec(line);
    if (duration) {
      probe.duration = seconds(duration[1]!);
      probe.start = Number(duration[2]);
      continue;
    }
    const stream = STREAM_LINE.exec(line);
    if (stream) {
      inStreamMetadata = false;
      current = null;
      const [, index, language, kind, details] = stream;
      const flags: string[] =
        details!.match(/\((default|forced|attached pic|hearing impaired|visual impaired)\)/g) ?? [];
      const parts = topLevelParts(details!.replace(/(?:\s*\((?:default|forced|attached pic|[a-z ]+impaired)\))+$/, ''));
      const codecPart = parts[0] ?? '';
      const codec = /^(\S+)/.exec(codecPart)?.[1] ?? 'unknown';
      const base: ProbedStream = {
        index: Number(index),
        codec,
        profile: /^\S+ \(([^)]+)\)/.exec(codecPart)?.[1] ?? null,
        language: language && language !== 'und' ? language : null,
        title: null,
        default: flags.includes('(default)'),
        forced: flags.includes('(forced)'),
      };
      if (kind === 'Video' && !flags.includes('(attached pic)')) {
        const size = parts.map((part) => /\b(\d{2,5})x(\d{2,5})\b/.exec(part)).find(Boolean);
        const video: ProbedVideo = {
          ...base,
          pixelFormat: /^([a-z0-9_]+)/.exec(parts[1] ?? '')?.[1] ?? null,
          width: size ? Number(size[1]) : null,
          height: size ? Number(size[2]) : null,
        };
        probe.video.push(video);
        current = video;
      } else if (kind === 'Audio') {
        const audio: ProbedAudio = { ...base, channels: parts[2] ? parts[2].replace(/\(.*\)$/, '') : null };
        probe.audio.push(audio);
        current = audio;
      } else if (kind === 'Subtitle') {
        probe.subtitles.push(base);
        current = base;
      }
      continue;
    }
    if (current && /^\s{4}Metadata:\s*$/.test(line)) {
      inStreamMetadata = true;
      continue;
    }
    const entry = /^\s{6,}(\w+)\s*: (.*)$/.exec(line);
    if (current && inStreamMetadata && entry) {
      if (entry[1]!.toLowerCase() === 'title') current.title = entry[2]!.trim() || null;
      continue;
    }
    if (!/^\s{6,}/.test(line)) inStreamMetadata = false;
  }
  return probe;
}

export type PlaybackMode = 'direct' | 'remux' | 'transcode' | 'unplayable';

export interface Playback {
  mode: PlaybackMode;
  /** Why the file cannot play (mode `unplayable`), written for the viewer. */
  reason: string | null;
  /** Whether ffmpeg can convert it (another audio track than the first needs it too). */
  convertible: boolean;
}

const BROWSER_MP4_AUDIO = new Set(['aac', 'mp3']);
const BROWSER_WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
const BROWSER_WEBM_AUDIO = new Set(['opus', 'vorbis']);
/** H.264 that every browser decodes: 8-bit 4:2:0 (High 10 and 4:2:2/4:4:4 profiles are not). */
const isBrowserH264 = (video: ProbedVideo) =>
  video.codec === 'h264' && (video.pixelFormat === null || /^yuvj?420p$/.test(video.pixelFormat));

/** Whether the video track can be copied into the converted stream (H.264 every browser plays). */
export const canCopyVideo = (probe: MediaProbe) => probe.video[0] !== undefined && isBrowserH264(probe.video[0]);

/**
 * How a browser gets to play a file: as it is (MP4 with H.264 and AAC/MP3, WebM with VP8/VP9/AV1
 * and Opus/Vorbis), remuxed (H.264 kept, audio to AAC, into fragmented MP4) or transcoded (video to
 * H.264 too). Without ffmpeg, a file is judged by its name: MP4 and WebM as before, others unplayable.
 */
export function decidePlayback(file: string, probe: MediaProbe | null, ffmpeg: FfmpegStatus): Playback {
  const ext = path.extname(file).toLowerCase();
  if (!ffmpeg.ok) {
    if (['.mp4', '.m4v', '.webm', '.mov'].includes(ext)) return { mode: 'direct', reason: null, convertible: false };
    return { mode: 'unplayable', reason: ffmpeg.reason, convertible: false };
  }
  if (!probe) return { mode: 'unplayable', reason: 'ffmpeg cannot read this file', convertible: false };
  const video = probe.video[0];
  if (!video) return { mode: 'unplayable', reason: 'the file has no video track', convertible: false };
  const audio = probe.audio[0];
  const mp4 = probe.container.includes('mp4') && ['.mp4', '.m4v', '.mov'].includes(ext);
  const webm = probe.container.includes('webm') && ext === '.webm';
  const direct =
    (mp4 && isBrowserH264(video) && (!audio || BROWSER_MP4_AUDIO.has(audio.codec))) ||
    (webm && BROWSER_WEBM_VIDEO.has(video.codec) && (!audio || BROWSER_WEBM_AUDIO.has(audio.codec)));
  if (direct) return { mode: 'direct', reason: null, convertible: true };
  return { mode: canCopyVideo(probe) ? 'remux' : 'transcode', reason: null, convertible: true };
}

/** "English (AC3 5.1)", "Commentary · French (AAC stereo)": an audio track as the viewer picks it. */
export function audioLabel(audio: ProbedAudio, position: number): string {
  const language = languageOf(audio.language)?.label ?? null;
  const technical = [audio.codec.toUpperCase().replace(/^EAC3$/, 'E-AC3'), audio.channels].filter(Boolean).join(' ');
  const name = [audio.title, language].filter(Boolean).join(' · ') || `Track ${position + 1}`;
  return `${name} (${technical})`;
}

/** Runs `ffmpeg -i` on a file; null when ffmpeg cannot read it. */
export function probeFile(ffmpegPath: string, file: string): Promise<MediaProbe | null> {
  return new Promise((resolve) => {
    execFile(
      ffmpegPath,
      ['-hide_banner', '-nostdin', '-i', file],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
      // ffmpeg exits 1 without an output file: its stderr is the answer either way.
      (_error, _stdout, stderr) => resolve(parseFfmpegInfo(String(stderr))),
    );
  });
}

export interface ProbeCache {
  /** The probe of a file, from the cache while its size and modification time are unchanged. */
  get(file: string, size: number, mtimeMs: number): Promise<MediaProbe | null>;
  /** The cached probe, without running ffmpeg (undefined when there is none for this version). */
  peek(file: string, size: number, mtimeMs: number): MediaProbe | null | undefined;
  readonly size: number;
}

/**
 * Probes by path, size and modification time: a file replaced or still being copied is probed
 * again once it changes. At most `concurrency` ffmpeg probes run at once; a file asked for twice
 * while its probe runs shares it.
 */
export function createProbeCache(ffmpeg: () => FfmpegStatus | null, concurrency = 2, limit = 20_000): ProbeCache {
  const cache = new Map<string, { key: string; probe: Promise<MediaProbe | null>; done?: MediaProbe | null }>();
  let running = 0;
  const waiting: (() => void)[] = [];
  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }
  return {
    get size() {
      return cache.size;
    },
    peek(file, size, mtimeMs) {
      const entry = cache.get(file);
      return entry && entry.key === `${size}:${mtimeMs}` ? entry.done : undefined;
    },
    get(file, size, mtimeMs) {
      const key = `${size}:${mtimeMs}`;
      const entry = cache.get(file);
      if (entry && entry.key === key) return entry.probe;
      const status = ffmpeg();
      if (!status?.ok) return Promise.resolve(null);
      const fresh: { key: string; probe: Promise<MediaProbe | null>; done?: MediaProbe | null } = {
        key,
        probe: slot(() => probeFile(status.path, file)),
      };
      void fresh.probe.then((done) => (fresh.done = done));
      cache.delete(file);
      cache.set(file, fresh);
      // The oldest entries go first: a library of more files than this re-probes what it lost.
      if (cache.size > limit) cache.delete(cache.keys().next().value!);
      return fresh.probe;
    },
  };
}

export { NO_FFMPEG_REASON };

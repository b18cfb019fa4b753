import { spawn, type ChildProcess } from 'node:child_process';
import { hlsOutputArgs, type HlsPlan } from './hls.ts';
import { canCopyVideo, type MediaProbe } from './media-probe.ts';

/** Longest side of a transcoded picture: 1080p H.264 to H.264 is not real time on 2 cores, 720p is. */
export const TRANSCODE_MAX_HEIGHT = 720;
/** Remuxes copy the video and only encode audio: this many of them per allowed transcode. */
export const REMUXES_PER_TRANSCODE = 4;

export interface StreamPlan {
  /** Absolute path of the file. */
  file: string;
  probe: MediaProbe;
  /** Seconds into the file where the stream starts. */
  start: number;
  /** Which audio track (0-based among the file's audio tracks). */
  audio: number;
  /** HLS segments into a folder (hls.ts) instead of one fragmented MP4 on stdout; the video is then always encoded. */
  hls?: HlsPlan;
}

/** Whether a plan encodes video (a transcode, counted against the limit) or copies it (a remux). */
export const planKind = (plan: StreamPlan): 'remux' | 'transcode' =>
  !plan.hls && canCopyVideo(plan.probe) ? 'remux' : 'transcode';

/** The chosen audio track as stereo AAC. */
const ENCODE_AUDIO = ['-c:a', 'aac', '-ac', '2', '-b:a', '160k'];
/** No subtitle, data, metadata or chapter streams in the output: the subtitles go as WebVTT. */
const NO_EXTRAS = ['-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1'];

/** libx264 veryfast, at most 720 lines, 8-bit 4:2:0 High profile. */
const ENCODE_VIDEO = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-maxrate',
  '5M',
  '-bufsize',
  '10M',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
  '-vf',
  `scale=-2:'min(${TRANSCODE_MAX_HEIGHT},ih)'`,
];

/**
 * ffmpeg's arguments for a fragmented MP4 the browser appends to Media Source Extensions: H.264
 * copied when browsers decode it, else encoded (libx264 veryfast, at most 720 lines); audio to AAC
 * stereo. Timestamps stay the file's own (`-copyts`, made relative to its start), so a stream begun
 * at `-ss 600` lands at 600 s on the player's timeline; each fragment starts at a keyframe.
 */
export function ffmpegArgs(plan: StreamPlan): string[] {
  const { probe } = plan;
  const video = probe.video[0]!;
  const audio = probe.audio[plan.audio] ?? probe.audio[0];
  const copy = canCopyVideo(probe);
  if (plan.hls) {
    const hls = hlsOutputArgs(plan.hls);
    return [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      ...(plan.start > 0 ? ['-ss', plan.start.toFixed(3)] : []),
      ...hls.input,
      '-i',
      plan.file,
      '-copyts',
      // The playlist's times count from the file's start (an MPEG-TS file may start at 1.4 s).
      ...(probe.start > 0 ? ['-output_ts_offset', (-probe.start).toFixed(6)] : []),
      '-map',
      `0:${video.index}`,
      ...(audio ? ['-map', `0:${audio.index}`] : []),
      ...ENCODE_VIDEO,
      ...(audio ? ENCODE_AUDIO : []),
      ...NO_EXTRAS,
      ...hls.output,
    ];
  }
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...(plan.start > 0 ? ['-ss', plan.start.toFixed(3)] : []),
    '-i',
    plan.file,
    '-copyts',
    ...(probe.start > 0 ? ['-output_ts_offset', (-probe.start).toFixed(6)] : []),
    '-avoid_negative_ts',
    'make_non_negative',
    '-map',
    `0:${video.index}`,
    ...(audio ? ['-map', `0:${audio.index}`] : []),
    ...(copy
      ? ['-c:v', 'copy']
      : [
          ...ENCODE_VIDEO,
          // A keyframe every 2 s: fragments (and so the first one) come at that pace.
          '-force_key_frames',
          'expr:gte(t,n_forced*2)',
        ]),
    ...(audio ? ENCODE_AUDIO : []),
    ...NO_EXTRAS,
    '-f',
    'mp4',
    '-movflags',
    '+frag_keyframe+empty_moov+default_base_moof+frag_discont',
    // A fragment at least every second: the first one, which playback waits for, comes sooner.
    '-frag_duration',
    '1000000',
    'pipe:1',
  ];
}

/** The MIME type with codecs the player gives `MediaSource.addSourceBuffer` for a converted stream. */
export function streamMimeType(probe: MediaProbe): string {
  const video = probe.video[0];
  const profile = canCopyVideo(probe) ? (video?.profile ?? 'High') : 'High';
  const avc = /baseline/i.test(profile) ? '42E0' : /^main/i.test(profile) ? '4D40' : '6400';
  // Level 5.1: the highest a browser is asked for; the stream's own level is at most that.
  const codecs = [`avc1.${avc}33`, ...(probe.audio.length ? ['mp4a.40.2'] : [])];
  return `video/mp4; codecs="${codecs.join(',')}"`;
}

export interface TranscodeSession {
  key: string;
  kind: 'remux' | 'transcode';
  child: ChildProcess;
  /** Kills ffmpeg (and its process group) and calls the `onStop` callbacks once. */
  stop(): void;
  onStop(callback: () => void): void;
}

export type StartResult =
  { ok: true; session: TranscodeSession } | { ok: false; limit: number; kind: 'remux' | 'transcode' };

export interface Transcoder {
  /**
   * Starts ffmpeg for a viewer's stream. The viewer's earlier stream of the same file (`key`) is
   * stopped first (a seek, a second tab); past the limit nothing starts.
   */
  start(key: string, plan: StreamPlan): StartResult;
  /** Running streams by kind. */
  running(): { remux: number; transcode: number };
  /** Whether `start(key, ...)` of this kind would be within the limit now (a key's own stream makes way). */
  wouldStart(key: string, kind: 'remux' | 'transcode'): StartResult | { ok: true };
  /** The process ids of the running streams (tests, the bench). */
  pids(): number[];
  stopAll(): void;
  readonly limit: number;
}

/**
 * The Library's ffmpeg processes: one per file and viewer, at most `limit` video transcodes and
 * REMUXES_PER_TRANSCODE times as many remuxes at once. A process ends with its request (see the
 * route) or when killed here.
 */
export function createTranscoder(ffmpegPath: () => string | null, limit: number): Transcoder {
  const sessions = new Map<string, TranscodeSession>();
  const count = (kind: 'remux' | 'transcode') =>
    [...sessions.values()].filter((session) => session.kind === kind).length;
  return {
    limit,
    running: () => ({ remux: count('remux'), transcode: count('transcode') }),
    wouldStart(key, kind) {
      const max = kind === 'transcode' ? limit : limit * REMUXES_PER_TRANSCODE;
      const own = sessions.get(key)?.kind === kind ? 1 : 0;
      return count(kind) - own < max ? { ok: true } : { ok: false, limit: max, kind };
    },
    pids: () => [...sessions.values()].flatMap((session) => (session.child.pid ? [session.child.pid] : [])),
    stopAll() {
      for (const session of sessions.values()) session.stop();
    },
    start(key, plan) {
      sessions.get(key)?.stop();
      const kind = planKind(plan);
      const max = kind === 'transcode' ? limit : limit * REMUXES_PER_TRANSCODE;
      if (count(kind) >= max) return { ok: false, limit: max, kind };
      const binary = ffmpegPath();
      if (!binary) throw new Error('no ffmpeg');
      // Its own process group: an FFMPEG_PATH that is a wrapper script goes with its ffmpeg.
      const child = spawn(binary, ffmpegArgs(plan), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const stopCallbacks: (() => void)[] = [];
      const session: TranscodeSession = {
        key,
        kind,
        child,
        onStop: (callback) => stopCallbacks.push(callback),
        stop() {
          if (sessions.get(key) === session) sessions.delete(key);
          for (const callback of stopCallbacks.splice(0)) callback();
          if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
        },
      };
      sessions.set(key, session);
      child.once('exit', () => {
        if (sessions.get(key) === session) sessions.delete(key);
      });
      // A failed spawn (the binary went away) ends the session like an exit.
      child.once('error', () => session.stop());
      return { ok: true, session };
    },
  };
}

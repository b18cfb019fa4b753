import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaProbe } from './media-probe.ts';
import type { TranscodeSession, Transcoder } from './transcoder.ts';

/**
 * The Library's converted stream as HLS (for browsers without Media Source Extensions: iPhones
 * before iOS 17.1), a VOD playlist of MPEG-TS segments of HLS_SEGMENT_S seconds each, cut at the
 * same instants of the file's timeline whichever ffmpeg made them: segment n covers
 * [n·D, (n+1)·D). The playlist is written from the probe's duration alone, before any segment
 * exists; ffmpeg makes segments on demand into a temporary folder and a request far ahead of it
 * starts a new ffmpeg at that segment.
 *
 * The video is always transcoded (H.264, at most 720 lines), even when the MSE stream would copy
 * it: a copied picture can only be cut at the file's own keyframes, which are not at the
 * playlist's times (see docs/media.md for the CPU this costs).
 */
export const HLS_SEGMENT_S = 2;
/** Segments one ffmpeg makes at most (its `-segment_times` list stays well under the 128 KiB of one argument). */
export const HLS_SEGMENTS_PER_RUN = 1500;
/** A request this many segments past the last one made waits for it; farther, ffmpeg starts again there. */
export const HLS_WAIT_AHEAD = 3;
/** ffmpeg pauses (SIGSTOP) once this many segments are made past the last one asked for (60 s). */
export const HLS_AHEAD = 30;
/** Segments kept on disk behind the last one asked for (60 s): a short seek back is served from them. */
export const HLS_BEHIND = 30;

/** A remainder under this at the end joins the last segment: the probe's duration may overstate the streams. */
const TAIL_MIN_S = 0.25;

/** How many segments a file of `duration` seconds has. */
export function segmentCount(duration: number): number {
  return Math.max(1, Math.ceil((duration - TAIL_MIN_S) / HLS_SEGMENT_S));
}

/**
 * The VOD playlist of a file: every segment with its length, the last one to the end. Segment
 * URLs carry the query (audio track, viewer), so each request names its stream.
 */
export function hlsPlaylist(duration: number, query: string): string {
  const count = segmentCount(duration);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    // Segments are cut at the first frame at or after their time: up to a frame longer than D.
    `#EXT-X-TARGETDURATION:${Math.max(HLS_SEGMENT_S, Math.round(duration - (count - 1) * HLS_SEGMENT_S))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let n = 0; n < count; n++) {
    const length = n < count - 1 ? HLS_SEGMENT_S : duration - n * HLS_SEGMENT_S;
    lines.push(`#EXTINF:${length.toFixed(6)},`, `${n}.ts${query}`);
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

export interface HlsPlan {
  /** The folder ffmpeg writes `<n>.ts` into. */
  dir: string;
  /** The first segment of this run. */
  segment: number;
  /** The file's segment count (its playlist's). */
  count: number;
}

/**
 * ffmpeg's output arguments for HLS segments `from` to the end of this run. Timestamps are the
 * file's own counted from its start (`-copyts`, `-output_ts_offset`: see ffmpegArgs), never shifted
 * for being negative, in the segment muxer nor in each segment's (the MPEG-TS muxer's delay keeps
 * them positive), so a segment made by a run started at it and one made by an earlier run are the
 * same interval with the same times. A keyframe is forced at every segment time (the first frame
 * of a run is one too), and the segment muxer cuts at the first keyframe at or after each time.
 * Its list of finished segments goes to stdout (`12.ts,24.0,26.0` lines).
 */
export function hlsOutputArgs(plan: HlsPlan): { input: string[]; output: string[] } {
  const D = HLS_SEGMENT_S;
  const last = Math.min(plan.count, plan.segment + HLS_SEGMENTS_PER_RUN);
  const times: string[] = [];
  for (let n = plan.segment + 1; n < last; n++) times.push((n * D).toFixed(3));
  const forced = `expr:gte(t,if(isnan(prev_forced_t),0,(floor(prev_forced_t/${D}+0.001)+1)*${D}-0.001))`;
  return {
    // A run that stops short of the end stops at a segment time (the seek is the plan's `start`).
    input: last < plan.count ? ['-t', ((last - plan.segment) * D).toFixed(3)] : [],
    output: [
      '-force_key_frames',
      forced,
      '-avoid_negative_ts',
      'disabled',
      '-f',
      'segment',
      '-segment_format',
      'mpegts',
      // Each segment's own muxer too: else the first one's times move by the encoder's delay.
      '-segment_format_options',
      'avoid_negative_ts=disabled',
      ...(times.length ? ['-segment_times', times.join(',')] : ['-segment_time', '100000000']),
      // Rounding between the encoder's and the muxer's time bases.
      '-segment_time_delta',
      '0.01',
      '-segment_start_number',
      String(plan.segment),
      '-segment_list',
      'pipe:1',
      '-segment_list_type',
      'csv',
      path.join(plan.dir, '%d.ts'),
    ],
  };
}

export interface HlsFile {
  /** Absolute path of the file. */
  file: string;
  probe: MediaProbe;
  audio: number;
}

export type SegmentResult =
  | { ok: true; path: string }
  | { ok: false; busy: { limit: number; kind: 'remux' | 'transcode' } }
  | { ok: false; failed: string };

interface Run {
  session: TranscodeSession;
  /** Its own folder: a segment being written is never one a reader has been given. */
  dir: string;
  from: number;
  /** The highest segment this run has finished (from - 1 before the first). */
  made: number;
  ended: boolean;
  /** ffmpeg itself failed (not stopped by a new run, the viewer's other stream or the server). */
  failed: boolean;
  paused: boolean;
  stderr: string;
}

interface HlsStream {
  key: string;
  variant: string;
  source: HlsFile;
  count: number;
  dir: Promise<string>;
  /** Finished segments on disk, by number. */
  done: Map<number, string>;
  run: Run | null;
  runs: number;
  lastAsked: number;
  lastAccess: number;
  removed: boolean;
  changed: Set<() => void>;
}

export interface HlsStreams {
  /**
   * Segment `n` of a viewer's HLS stream (`key`: viewer and file) once it is on disk: from an
   * earlier run, the one under way, or a new one started at `n`. Another file or audio track
   * under the same key replaces the viewer's stream.
   */
  segment(key: string, source: HlsFile, n: number): Promise<SegmentResult>;
  /** Stops the streams nobody has asked anything of for the idle time, and deletes their segments. */
  sweep(): Promise<void>;
  /** The streams (tests, the operator's index). */
  list(): {
    key: string;
    dir: string | null;
    running: boolean;
    paused: boolean;
    pid: number | null;
    /** The segment the running ffmpeg started at. */
    from: number | null;
  }[];
  close(): Promise<void>;
}

/**
 * The viewers' HLS streams: each a temporary folder of segments and at most one ffmpeg (one of
 * the Transcoder's, under the same key as the viewer's MSE stream of the file, so either replaces
 * the other and the transcode limit counts both). ffmpeg pauses (SIGSTOP) once it is HLS_AHEAD
 * segments ahead of the viewer; a stream nothing asks of for `idleMs` stops and its folder goes.
 */
export function createHlsStreams(
  transcoder: Transcoder,
  options: { idleMs: number; now?: () => number; log?: { warn(obj: unknown, msg?: string): void } },
): HlsStreams {
  const now = options.now ?? Date.now;
  const streams = new Map<string, HlsStream>();
  const dirs = new Map<HlsStream, string>();

  const signal = (stream: HlsStream) => {
    for (const wake of [...stream.changed]) wake();
  };
  const changed = (stream: HlsStream) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        stream.changed.delete(wake);
        resolve();
      };
      stream.changed.add(wake);
    });

  function group(run: Run, sig: 'SIGSTOP' | 'SIGCONT') {
    const pid = run.session.child.pid;
    if (!pid || run.ended) return;
    try {
      process.kill(-pid, sig);
    } catch {
      // gone meanwhile
    }
  }

  /** Pauses or resumes the run as the viewer's lead dictates; deletes segments far from the viewer. */
  function pace(stream: HlsStream) {
    const run = stream.run;
    if (run && !run.ended) {
      const ahead = run.made - stream.lastAsked;
      if (!run.paused && ahead >= HLS_AHEAD) {
        run.paused = true;
        group(run, 'SIGSTOP');
      } else if (run.paused && ahead < HLS_AHEAD) {
        run.paused = false;
        group(run, 'SIGCONT');
      }
    }
    for (const [n, file] of stream.done) {
      if (n < stream.lastAsked - HLS_BEHIND || n > stream.lastAsked + HLS_AHEAD * 2) {
        stream.done.delete(n);
        void rm(file, { force: true });
      }
    }
  }

  async function remove(stream: HlsStream) {
    stream.removed = true;
    if (streams.get(stream.key) === stream) streams.delete(stream.key);
    const run = stream.run;
    if (run) {
      group(run, 'SIGCONT');
      run.session.stop();
    }
    signal(stream);
    const dir = await stream.dir.catch(() => null);
    dirs.delete(stream);
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  async function startRun(stream: HlsStream, n: number): Promise<SegmentResult | null> {
    const dir = path.join(await stream.dir, `run-${stream.runs++}`);
    await mkdir(dir);
    if (stream.removed) return { ok: false, failed: 'replaced' };
    const started = transcoder.start(stream.key, {
      file: stream.source.file,
      probe: stream.source.probe,
      start: n * HLS_SEGMENT_S,
      audio: stream.source.audio,
      hls: { dir, segment: n, count: stream.count },
    });
    if (!started.ok) return { ok: false, busy: { limit: started.limit, kind: started.kind } };
    const { session } = started;
    const run: Run = { session, dir, from: n, made: n - 1, ended: false, failed: false, paused: false, stderr: '' };
    stream.run = run;
    let pending = '';
    session.child.stdout?.setEncoding('utf8');
    session.child.stdout?.on('data', (text: string) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const made = /^(\d+)\.ts,/.exec(line.trim());
        if (!made || stream.removed) continue;
        const segment = Number(made[1]);
        run.made = Math.max(run.made, segment);
        const earlier = stream.done.get(segment);
        stream.done.set(segment, path.join(dir, `${segment}.ts`));
        // A reader of the earlier copy keeps it open: removing its name is safe.
        if (earlier) void rm(earlier, { force: true });
      }
      pace(stream);
      signal(stream);
    });
    session.child.stderr?.on('data', (chunk: Buffer) => (run.stderr = (run.stderr + chunk.toString()).slice(-2000)));
    const end = () => {
      if (run.ended) return;
      run.ended = true;
      signal(stream);
    };
    // 'close': the segment list's last lines are read first.
    session.child.once('close', (code) => {
      run.failed = code !== 0 && code !== null;
      end();
    });
    session.child.once('error', () => {
      run.failed = true;
      end();
    });
    // Stopped by the Transcoder (the viewer's MSE stream took the key, the server is closing).
    session.onStop(end);
    return null;
  }

  return {
    async segment(key, source, n) {
      const variant = `${source.file}|${source.audio}`;
      let stream = streams.get(key);
      if (stream && stream.variant !== variant) {
        void remove(stream);
        stream = undefined;
      }
      if (!stream) {
        const created: HlsStream = {
          key,
          variant,
          source,
          count: segmentCount(source.probe.duration ?? 0),
          dir: mkdtemp(path.join(tmpdir(), 'marquee-hls-')),
          done: new Map(),
          run: null,
          runs: 0,
          lastAsked: n,
          lastAccess: now(),
          removed: false,
          changed: new Set(),
        };
        void created.dir.then((dir) => dirs.set(created, dir)).catch(() => undefined);
        streams.set(key, created);
        stream = created;
      }
      if (n >= stream.count) return { ok: false, failed: 'no such segment' };
      stream.lastAsked = n;
      stream.lastAccess = now();
      for (let attempt = 0; attempt < 3; attempt++) {
        await stream.dir;
        if (stream.removed) return { ok: false, failed: 'replaced' };
        pace(stream);
        const ready = stream.done.get(n);
        if (ready) return { ok: true, path: ready };
        const run = stream.run;
        if (run?.ended && run.failed && run.from <= n && n <= run.made + 1) {
          options.log?.warn({ stderr: run.stderr, file: source.file }, 'media: ffmpeg failed to make an HLS segment');
          return { ok: false, failed: 'ffmpeg could not convert it' };
        }
        const coming = run && !run.ended && n >= run.from && n <= run.made + HLS_WAIT_AHEAD;
        if (!coming) {
          const refused = await startRun(stream, n);
          if (refused) return refused;
        }
        // Until the segment is made or this run ends (each change is looked at again).
        const current = stream.run!;
        while (!stream.done.has(n) && !current.ended && stream.run === current && !stream.removed) {
          await changed(stream);
        }
      }
      const ready = stream.done.get(n);
      return ready ? { ok: true, path: ready } : { ok: false, failed: 'ffmpeg could not convert it' };
    },
    async sweep() {
      const idle = [...streams.values()].filter((stream) => now() - stream.lastAccess >= options.idleMs);
      await Promise.all(idle.map(remove));
    },
    list: () =>
      [...streams.values()].map((stream) => ({
        key: stream.key,
        dir: dirs.get(stream) ?? null,
        running: Boolean(stream.run && !stream.run.ended),
        paused: Boolean(stream.run?.paused),
        pid: stream.run?.session.child.pid ?? null,
        from: stream.run && !stream.run.ended ? stream.run.from : null,
      })),
    async close() {
      await Promise.all([...streams.values()].map(remove));
    },
  };
}

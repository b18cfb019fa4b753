import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApp, stopProcess } from './lib.mjs';

/**
 * The Library's conversions (issue 29): for a generated 1080p film, how soon the player gets the
 * stream's first byte and its first playable fragment (an MP4 `moof` + `mdat`), from the start
 * and after a seek, and the ffmpeg process's CPU per stream (read from /proc/<pid>/stat while it
 * runs): CPU seconds per second of film, i.e. the share of one core a viewer watching in real time
 * costs, and how many times faster than real time the stream is made.
 *
 * - remux: an MKV with H.264 (1080p, a keyframe every 4 s) and AC3 5.1: video copied, audio to AAC;
 * - transcode: the same picture as MPEG-4 Part 2 in an AVI with MP3: video to H.264 (veryfast, 720p);
 * - hls: both as HLS segments (browsers without Media Source Extensions), always transcoded: first
 *   byte and first fragment are those of the first segment asked for, which plays once whole.
 *
 * Goal (issue 29): the remux of a 1080p H.264 file plays within about 2 s on this 2-core machine.
 * BENCH_TRANSCODE_SECONDS: the film's length (60).
 */
export const TRANSCODE_GOAL_MS = 2000;
const SECONDS = Number(process.env.BENCH_TRANSCODE_SECONDS ?? 60);
const TICKS_PER_SECOND = 100;

function projectFfmpeg() {
  const require = createRequire(import.meta.url);
  return require('@ffmpeg-installer/ffmpeg').path;
}

/** Writes the two films into `dir` (a minute of 1080p takes the project's ffmpeg a while). */
function makeFilms(dir) {
  const ffmpeg = projectFfmpeg();
  const source = ['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=24:duration=${SECONDS}`];
  const sound = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`];
  const run = (args) =>
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...source, ...sound, ...args]);
  run([
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-g', '96', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'ac3', '-ac', '6', '-b:a', '384k'],
    path.join(dir, 'Fargo (1996).mkv'),
  ]);
  run([
    ...['-c:v', 'mpeg4', '-q:v', '3', '-g', '96', '-c:a', 'libmp3lame', '-b:a', '192k'],
    path.join(dir, 'Pulp Fiction (1994).avi'),
  ]);
}

/** utime + stime of a process, in seconds; null once it has gone. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The ffmpeg children of the server process. */
function ffmpegChildren(serverPid) {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === serverPid && comm === 'ffmpeg') pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Reads top-level MP4 boxes as they arrive: resolves with when the first `mdat` is complete. */
function fragmentWatcher() {
  let buffered = Buffer.alloc(0);
  let offset = 0;
  let firstFragmentAt = null;
  return {
    push(chunk, now) {
      if (firstFragmentAt !== null) return;
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length - offset >= 8) {
        const size = buffered.readUInt32BE(offset);
        const type = buffered.toString('latin1', offset + 4, offset + 8);
        if (size < 8 || buffered.length - offset < size) return;
        offset += size;
        if (type === 'mdat') {
          firstFragmentAt = now;
          return;
        }
      }
    },
    get firstFragmentAt() {
      return firstFragmentAt;
    },
  };
}

/** One stream, read whole and as fast as the server makes it. */
async function measure(base, serverPid, id, start, viewer) {
  const before = new Set(ffmpegChildren(serverPid));
  const t0 = performance.now();
  const response = await fetch(`${base}/api/media/play/${id}?start=${start}&viewer=${viewer}`);
  if (!response.ok) throw new Error(`play answered ${response.status}: ${await response.text()}`);
  const watcher = fragmentWatcher();
  let firstByteMs = null;
  let bytes = 0;
  let pid = null;
  let cpu = 0;
  const sampler = setInterval(() => {
    pid ??= ffmpegChildren(serverPid).find((candidate) => !before.has(candidate)) ?? null;
    const seconds = pid ? cpuSeconds(pid) : null;
    if (seconds !== null) cpu = seconds;
  }, 20);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const now = performance.now() - t0;
    firstByteMs ??= now;
    bytes += value.length;
    watcher.push(Buffer.from(value), now);
  }
  const wallS = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const filmS = SECONDS - start;
  return {
    firstByteMs,
    firstFragmentMs: watcher.firstFragmentAt,
    megabytes: bytes / 1e6,
    speed: filmS / wallS,
    // A process sampled every 20 ms: its last 20 ms may be missing (a small underestimate).
    cpuPerFilmSecond: cpu / filmS,
  };
}

/** HLS segments are this long (apps/server/src/modules/media/hls.ts, HLS_SEGMENT_S). */
const HLS_SEGMENT_S = 2;

/**
 * One HLS stream (iPhones before iOS 17.1): the playlist, then every segment from the one at
 * `start` in order, each as soon as the server makes it. First byte and first fragment: of the
 * first segment (it plays once whole).
 */
async function measureHls(base, serverPid, id, start, viewer) {
  const before = new Set(ffmpegChildren(serverPid));
  const t0 = performance.now();
  const query = `?audio=0&viewer=${viewer}`;
  const playlist = await fetch(`${base}/api/media/hls/${id}/index.m3u8${query}`);
  if (!playlist.ok) throw new Error(`playlist answered ${playlist.status}: ${await playlist.text()}`);
  const segments = (await playlist.text()).split('\n').filter((line) => line && !line.startsWith('#'));
  let firstByteMs = null;
  let firstFragmentMs = null;
  let bytes = 0;
  const pids = new Set();
  const cpu = new Map();
  const sampler = setInterval(() => {
    for (const pid of ffmpegChildren(serverPid)) if (!before.has(pid)) pids.add(pid);
    for (const pid of pids) {
      const seconds = cpuSeconds(pid);
      if (seconds !== null) cpu.set(pid, seconds);
    }
  }, 20);
  for (const segment of segments.slice(Math.floor(start / HLS_SEGMENT_S))) {
    const response = await fetch(`${base}/api/media/hls/${id}/${segment}`);
    if (!response.ok) throw new Error(`segment answered ${response.status}: ${await response.text()}`);
    firstByteMs ??= performance.now() - t0;
    bytes += (await response.arrayBuffer()).byteLength;
    firstFragmentMs ??= performance.now() - t0;
  }
  const wallS = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const filmS = SECONDS - start;
  return {
    firstByteMs,
    firstFragmentMs,
    megabytes: bytes / 1e6,
    speed: filmS / wallS,
    cpuPerFilmSecond: [...cpu.values()].reduce((sum, seconds) => sum + seconds, 0) / filmS,
  };
}

export async function transcodeBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-bench-media-'));
  const data = mkdtempSync(path.join(tmpdir(), 'marquee-bench-transcode-'));
  try {
    const made = performance.now();
    makeFilms(dir);
    console.log(`transcode bench: made ${SECONDS} s of 1080p in ${((performance.now() - made) / 1000).toFixed(0)} s`);
    const { child, base } = await startApp({ DATA_DIR: data, DATABASE_URL: '', MEDIA_DIR: dir });
    try {
      let files = [];
      for (let attempt = 0; attempt < 600; attempt++) {
        const library = await (await fetch(`${base}/api/media/library`)).json();
        files = library.results;
        if (files.length === 2 && files.every((file) => file.playback)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const id = (name) => files.find((file) => file.path.startsWith(name)).id;
      const rows = [];
      for (const [title, name] of [
        ['remux: 1080p H.264 + AC3 5.1 MKV', 'Fargo'],
        ['transcode: 1080p MPEG-4 AVI to 720p H.264', 'Pulp Fiction'],
      ]) {
        // A warm-up request: the first read of a file comes from disk, not the page cache.
        await measure(base, child.pid, id(name), 0, 'bench-warm-up');
        rows.push({ title, start: 0, ...(await measure(base, child.pid, id(name), 0, 'bench-viewer')) });
        rows.push({
          title: `${title}, seek`,
          start: SECONDS / 2,
          ...(await measure(base, child.pid, id(name), SECONDS / 2, 'bench-viewer')),
        });
      }
      // HLS, for browsers without Media Source Extensions: the video is transcoded either way.
      for (const [title, name] of [
        ['hls: 1080p H.264 + AC3 5.1 MKV to 720p H.264', 'Fargo'],
        ['hls: 1080p MPEG-4 AVI to 720p H.264', 'Pulp Fiction'],
      ]) {
        rows.push({ title, start: 0, ...(await measureHls(base, child.pid, id(name), 0, 'bench-hls')) });
        rows.push({
          title: `${title}, seek`,
          start: SECONDS / 2,
          ...(await measureHls(base, child.pid, id(name), SECONDS / 2, 'bench-hls-seek')),
        });
      }
      return rows;
    } finally {
      await stopProcess(child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
}

export function printTranscodeTable(rows) {
  console.log(
    `Library conversions (${SECONDS} s film; goal: first fragment of the 1080p remux < ${TRANSCODE_GOAL_MS} ms)`,
  );
  console.table(
    rows.map((row) => ({
      stream: row.title,
      'from (s)': row.start,
      'first byte (ms)': Math.round(row.firstByteMs),
      'first fragment (ms)': Math.round(row.firstFragmentMs),
      'x real time': row.speed.toFixed(1),
      'CPU s per film s': row.cpuPerFilmSecond.toFixed(3),
      MB: row.megabytes.toFixed(1),
      goal: row.title.startsWith('remux') ? (row.firstFragmentMs < TRANSCODE_GOAL_MS ? 'met' : 'MISSED') : '',
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTranscodeTable(await transcodeBench());
}

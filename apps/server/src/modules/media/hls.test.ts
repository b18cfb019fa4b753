import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeMedia, projectFfmpeg } from '../../../test/media-fixtures.ts';
import { createHlsStreams, HLS_SEGMENT_S, hlsPlaylist, segmentCount } from './hls.ts';
import type { FilePlayback } from './media-playback.ts';
import { probeFile, type MediaProbe } from './media-probe.ts';
import { createTranscoder } from './transcoder.ts';

const MKV = 'The Matrix (1999).mkv';
const AVI = 'Alien (1979).avi';
const SECONDS = 20;

let mediaDir: string;
let work: string;
let t: TestApp;
let base: string;
let ids: Record<string, string>;

async function indexed(app: TestApp, paths: string[]): Promise<Record<string, string>> {
  let entries: { id: string; path: string }[] = [];
  await vi.waitFor(
    async () => {
      entries = (await app.app.inject('/api/media/library')).json<{ results: typeof entries }>().results;
      expect(entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(paths));
    },
    { timeout: 20_000, interval: 100 },
  );
  return Object.fromEntries(entries.map((entry) => [entry.path, entry.id]));
}

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Runs the project's ffmpeg; resolves with its stderr (it answers with it whatever the exit). */
function ffmpeg(args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(projectFfmpeg(), ['-hide_banner', ...args], { maxBuffer: 16 * 1024 * 1024 }, (_error, _stdout, stderr) =>
      resolve(String(stderr)),
    );
  });
}

/** The first video frame of a file on its own timeline: time and whether it is a keyframe. */
async function firstFrame(file: string): Promise<{ time: number; key: boolean }> {
  const out = await ffmpeg([
    '-copyts',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-vf',
    'showinfo',
    '-frames:v',
    '1',
    '-f',
    'null',
    '-',
  ]);
  return {
    time: Number(/pts_time:([\d.]+)/.exec(out)?.[1]),
    key: /iskey:1/.test(out),
  };
}

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'marquee-hls-media-'));
  work = mkdtempSync(path.join(tmpdir(), 'marquee-hls-out-'));
  makeMedia(mediaDir, { mkv: MKV, avi: AVI }, SECONDS);
  t = await createTestApp({ MEDIA_DIR: mediaDir }, undefined, { catalogue: true });
  base = await listen(t);
  ids = await indexed(t, [MKV, AVI]);
}, 180_000);
afterAll(async () => {
  // fetch's pool may keep idle connections open: close them until the server has closed.
  const closing = t?.close();
  const sweep = setInterval(() => t?.app.server.closeAllConnections(), 50);
  await closing?.finally(() => clearInterval(sweep));
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('GET /api/media/hls/:id/index.m3u8', () => {
  it('lists the whole duration in fixed segments, for a remuxed and a transcoded file', async () => {
    const details = (await t.app.inject(`/api/media/file/${ids[MKV]}`)).json<FilePlayback>();
    expect(details.hls_url).toBe(`/api/media/hls/${ids[MKV]}/index.m3u8`);
    const response = await t.app.inject(`${details.hls_url}?audio=1&viewer=viewer-list`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.trim().split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${HLS_SEGMENT_S}`,
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-INDEPENDENT-SEGMENTS',
    ]);
    expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
    const lengths = lines.filter((line) => line.startsWith('#EXTINF:')).map((line) => Number(line.slice(8, -1)));
    const uris = lines.filter((line) => !line.startsWith('#'));
    expect(lengths).toHaveLength(Math.ceil(SECONDS / HLS_SEGMENT_S));
    expect(lengths.slice(0, -1).every((length) => length === HLS_SEGMENT_S)).toBe(true);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBeCloseTo(details.duration!, 3);
    expect(uris[0]).toBe('0.ts?audio=1&viewer=viewer-list');
    expect(uris.at(-1)).toBe(`${lengths.length - 1}.ts?audio=1&viewer=viewer-list`);
  });

  it('keeps a tail too short for a segment in the last one', () => {
    expect(segmentCount(20.03)).toBe(10);
    expect(segmentCount(20.5)).toBe(11);
    expect(segmentCount(0.1)).toBe(1);
    const playlist = hlsPlaylist(20.03, '');
    expect(playlist).toContain('#EXTINF:2.030000,\n9.ts');
  });

  it('refuses bad input', async () => {
    const url = `/api/media/hls/${ids[MKV]}`;
    expect((await t.app.inject(`${url}/index.m3u8?audio=x`)).statusCode).toBe(400);
    expect((await t.app.inject(`${url}/index.m3u8?viewer=a`)).statusCode).toBe(400);
    expect((await t.app.inject(`${url}/index.m3u8?start=3`)).statusCode).toBe(400);
    expect((await t.app.inject(`${url}/../../etc.ts`)).statusCode).toBe(404);
    expect((await t.app.inject(`${url}/x.ts`)).statusCode).toBe(400);
    expect((await t.app.inject(`${url}/10.ts`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `${url}/index.m3u8`, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject('/api/media/hls/000000000000000000000000/index.m3u8')).statusCode).toBe(404);
  });
});

describe('HLS segments', () => {
  it('play through whole and continuous: ffmpeg reads the playlist over HTTP', async () => {
    for (const file of [MKV, AVI]) {
      const url = `${base}/api/media/hls/${ids[file]}/index.m3u8?audio=0&viewer=viewer-whole`;
      const out = path.join(work, `${path.basename(file)}.ts`);
      const copied = await ffmpeg(['-v', 'error', '-i', url, '-map', '0', '-c', 'copy', '-y', out]);
      expect(copied).toBe('');
      // Decodes without an error, and every frame is there once: 1/24 s from one to the next across
      // the nine cuts, none lost or doubled (the AVI's decoder guesses its first frame's time).
      const decoded = await ffmpeg([
        '-copyts',
        '-i',
        out,
        '-map',
        '0:v',
        '-vf',
        'showinfo',
        '-vsync',
        '0',
        '-f',
        'null',
        '-',
      ]);
      expect(decoded).not.toMatch(/error|corrupt|non monoton/i);
      const times = [...decoded.matchAll(/pts_time:([\d.]+)/g)].map((match) => Number(match[1]));
      expect(times.length).toBeGreaterThanOrEqual(SECONDS * 24 - 1);
      expect(times.length).toBeLessThanOrEqual(SECONDS * 24 + 1);
      const steps = times.slice(1).map((time, i) => time - times[i]!);
      expect(steps.filter((step) => Math.abs(step - 1 / 24) > 0.002)).toEqual([]);
      const info = await ffmpeg(['-i', out]);
      expect(info).toMatch(/Video: h264/);
      expect(info).toMatch(/Audio: aac/);
      const [, h, m, s] = /Duration: (\d+):(\d+):([\d.]+)/.exec(info)!;
      expect(Number(h) * 3600 + Number(m) * 60 + Number(s)).toBeCloseTo(SECONDS, 0);
    }
  }, 120_000);
});

describe('a seek', () => {
  const segment = async (viewer: string, n: number) => {
    const response = await fetch(`${base}/api/media/hls/${ids[MKV]}/${n}.ts?audio=0&viewer=${viewer}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp2t');
    const out = path.join(work, `${viewer}-${n}.ts`);
    writeFileSync(out, Buffer.from(await response.arrayBuffer()));
    return out;
  };

  it('asked for a late segment first, makes the same segment as a stream from the start', async () => {
    // MPEG-TS times carry the muxer's 1.4 s delay; the segment starts with a keyframe at 14 s.
    const late = await firstFrame(await segment('viewer-seek', 7));
    expect(late.key).toBe(true);
    expect(late.time).toBeCloseTo(7 * HLS_SEGMENT_S + 1.4, 3);
    for (let n = 0; n < 7; n++) await segment('viewer-order', n);
    const inOrder = await firstFrame(await segment('viewer-order', 7));
    expect(inOrder).toEqual(late);
    // And back to the start: another ffmpeg, from there.
    const start = await firstFrame(await segment('viewer-seek', 0));
    expect(start.key).toBe(true);
    expect(start.time).toBeLessThan(1.4 + 0.1);
  }, 120_000);
});

/** A probe of a fixture, as the route gives it to the streams. */
async function probed(file: string): Promise<MediaProbe> {
  return (await probeFile(projectFfmpeg(), path.join(mediaDir, file)))!;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the streams', () => {
  it("cut a file whose times start late (MPEG-TS) at the playlist's times too", async () => {
    const file = path.join(work, 'late.ts');
    await ffmpeg([
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=24:duration=12',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=12',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '24',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'mp2',
      '-y',
      file,
    ]);
    const probe = (await probeFile(projectFfmpeg(), file))!;
    expect(probe.start).toBeGreaterThan(1);
    const streams = createHlsStreams(createTranscoder(projectFfmpeg, 2), { idleMs: 60_000 });
    const source = { file, probe, audio: 0 };
    const late = await streams.segment('late-first', source, 3);
    for (let n = 0; n < 3; n++) expect((await streams.segment('in-order', source, n)).ok).toBe(true);
    const inOrder = await streams.segment('in-order', source, 3);
    const starts = await Promise.all([late, inOrder].map((made) => firstFrame(made.ok ? made.path : '')));
    // Segment 3 starts at the first frame at or after 6 s of the file (plus MPEG-TS's 1.4 s).
    expect(starts[0]!.key).toBe(true);
    expect(starts[0]!.time - 1.4).toBeGreaterThanOrEqual(6 - 0.001);
    expect(starts[0]!.time - 1.4).toBeLessThan(6 + 1 / 24);
    expect(starts[1]).toEqual(starts[0]);
    await streams.close();
  }, 120_000);

  it('start ffmpeg at the segment asked for, and delete their folders when replaced, idle or closed', async () => {
    let clock = 0;
    const transcoder = createTranscoder(projectFfmpeg, 2);
    const streams = createHlsStreams(transcoder, { idleMs: 60_000, now: () => clock });
    const source = { file: path.join(mediaDir, MKV), probe: await probed(MKV), audio: 0 };

    const seek = await streams.segment('viewer-a', source, 6);
    expect(seek.ok).toBe(true);
    const [first] = streams.list();
    expect(first).toMatchObject({ key: 'viewer-a' });
    expect(readdirSync(first!.dir!)).toEqual(['run-0']);
    expect(readdirSync(path.join(first!.dir!, 'run-0'))).not.toContain('5.ts');
    expect(existsSync(path.join(first!.dir!, 'run-0', '6.ts'))).toBe(true);

    // The same viewer picks the other audio track: the first stream goes, folder and all.
    const french = await streams.segment('viewer-a', { ...source, audio: 1 }, 0);
    expect(french.ok).toBe(true);
    await vi.waitFor(() => expect(existsSync(first!.dir!)).toBe(false));
    const [second] = streams.list();
    expect(second!.dir).not.toBe(first!.dir);
    expect(await streams.segment('viewer-b', source, 1)).toMatchObject({ ok: true });
    expect(streams.list()).toHaveLength(2);

    // Nothing asked for a minute: both go.
    const pids = streams.list().flatMap((stream) => (stream.pid ? [stream.pid] : []));
    clock += 59_999;
    await streams.sweep();
    expect(streams.list()).toHaveLength(2);
    clock += 1;
    await streams.sweep();
    expect(streams.list()).toEqual([]);
    expect(existsSync(second!.dir!)).toBe(false);
    await vi.waitFor(() => expect(pids.filter(alive)).toEqual([]));

    expect(await streams.segment('viewer-c', source, 0)).toMatchObject({ ok: true });
    const [third] = streams.list();
    await streams.close();
    expect(existsSync(third!.dir!)).toBe(false);
    expect(transcoder.running()).toEqual({ remux: 0, transcode: 0 });
  }, 120_000);
});

/**
 * An ffmpeg that keeps running once the real one has made its output (a long film's stream,
 * whatever the fixture's length), and notes its process id.
 */
function holdingFfmpeg(dir: string): string {
  const script = path.join(dir, 'ffmpeg-holding');
  writeFileSync(
    script,
    `#!/bin/sh
for last in "$@"; do :; done
case "$last" in
  pipe:1|*.ts)
    echo $$ > "${dir}/pid-$$"
    "${projectFfmpeg()}" "$@"
    exec sleep 600;;
esac
exec "${projectFfmpeg()}" "$@"
`,
  );
  chmodSync(script, 0o755);
  return script;
}

describe('limit and one stream per viewer', () => {
  let held: TestApp;
  let heldBase: string;
  let pidDir: string;
  let heldIds: Record<string, string>;

  beforeAll(async () => {
    pidDir = mkdtempSync(path.join(tmpdir(), 'marquee-hls-holding-'));
    held = await createTestApp(
      { MEDIA_DIR: mediaDir, FFMPEG_PATH: holdingFfmpeg(pidDir), MEDIA_TRANSCODE_LIMIT: '1' },
      undefined,
      { catalogue: true },
    );
    heldBase = await listen(held);
    heldIds = await indexed(held, [MKV]);
  }, 180_000);
  afterAll(async () => {
    const closing = held?.close();
    const sweep = setInterval(() => held?.app.server.closeAllConnections(), 50);
    await closing?.finally(() => clearInterval(sweep));
    rmSync(pidDir, { recursive: true, force: true });
  });

  const pids = () =>
    readdirSync(pidDir)
      .filter((name) => name.startsWith('pid-'))
      .map((name) => Number(readFileSync(path.join(pidDir, name), 'utf8')));
  const running = async () =>
    (await held.app.inject('/api/media/library')).json<{ transcodes: { transcode: number; remux: number } }>()
      .transcodes;

  it("counts an HLS stream as a transcode: 503 past the limit, replaced by the viewer's next stream", async () => {
    const hls = `${heldBase}/api/media/hls/${heldIds[MKV]}`;
    const one = await fetch(`${hls}/0.ts?audio=0&viewer=viewer-one`);
    expect(one.status).toBe(200);
    await one.arrayBuffer();
    expect(await running()).toMatchObject({ transcode: 1 });
    const [hlsPid] = pids();
    expect(alive(hlsPid!)).toBe(true);

    const message =
      'This server is already converting a video for other viewers, its limit. Try again when one of them stops, or pick another source.';
    for (const url of [`${hls}/index.m3u8?viewer=viewer-two`, `${hls}/3.ts?audio=0&viewer=viewer-two`]) {
      const other = await fetch(url);
      expect(other.status).toBe(503);
      expect(other.headers.get('retry-after')).toBe('30');
      expect(((await other.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    // The viewer's own stream makes way for its next one.
    expect((await fetch(`${hls}/index.m3u8?viewer=viewer-one`)).status).toBe(200);
    const mse = new AbortController();
    const play = await fetch(`${heldBase}/api/media/play/${heldIds[MKV]}?viewer=viewer-one`, { signal: mse.signal });
    expect(play.status).toBe(200);
    await vi.waitFor(() => expect(alive(hlsPid!)).toBe(false));
    expect(await running()).toMatchObject({ transcode: 0, remux: 1 });
    mse.abort();
    await vi.waitFor(async () => expect(await running()).toMatchObject({ transcode: 0, remux: 0 }));
    const two = await fetch(`${hls}/0.ts?audio=0&viewer=viewer-two`);
    expect(two.status).toBe(200);
    await two.arrayBuffer();
  }, 120_000);
});

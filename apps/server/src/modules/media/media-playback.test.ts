import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchParams, TitleSummary } from '@marquee/core';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeMedia, projectFfmpeg, SRT } from '../../../test/media-fixtures.ts';
import { parseFfmpegInfo } from './media-probe.ts';
import { mediaModule } from './media.routes.ts';
import { ffmpegArgs, REMUXES_PER_TRANSCODE } from './transcoder.ts';
import type { FilePlayback } from './media-playback.ts';

const MKV = 'The Matrix (1999).mkv';
const AVI = 'Alien (1979).avi';
const MP4 = 'Fargo (1996).mp4';

interface IndexEntry {
  id: string;
  path: string;
  playback: { mode: string; reason: string | null } | null;
}

let mediaDir: string;
let work: string;
let t: TestApp;

async function indexed(app: Pick<TestApp, 'app'>, paths: string[]): Promise<IndexEntry[]> {
  let entries: IndexEntry[] = [];
  await vi.waitFor(
    async () => {
      entries = (await app.app.inject('/api/media/library')).json<{ results: IndexEntry[] }>().results;
      expect(entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(paths));
    },
    { timeout: 20_000, interval: 100 },
  );
  return entries;
}

const idOf = (entries: IndexEntry[], file: string) => entries.find((entry) => entry.path === file)!.id;

/** What the project's ffmpeg reads in a file (`ffmpeg -i`). */
function readBack(file: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(projectFfmpeg(), ['-hide_banner', '-i', file], (_error, _stdout, stderr) => resolve(String(stderr)));
  });
}

/** Decodes a whole file; resolves with ffmpeg's errors (empty when it decoded cleanly). */
function decodeErrors(file: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(projectFfmpeg(), ['-v', 'error', '-i', file, '-f', 'null', '-'], (_error, _stdout, stderr) =>
      resolve(String(stderr)),
    );
  });
}

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'marquee-playback-'));
  work = mkdtempSync(path.join(tmpdir(), 'marquee-playback-out-'));
  makeMedia(mediaDir, { mkv: MKV, avi: AVI, mp4: MP4 });
  writeFileSync(path.join(mediaDir, 'The Matrix (1999).en.srt'), SRT);
  t = await createTestApp({ MEDIA_DIR: mediaDir }, undefined, { catalogue: true });
});
afterAll(async () => {
  await t?.close();
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('probing', () => {
  it('tells how each file plays, with its tracks and subtitles', async () => {
    const entries = await indexed(t, [MKV, AVI, MP4]);
    const details = async (file: string) =>
      (await t.app.inject(`/api/media/file/${idOf(entries, file)}`)).json<FilePlayback>();

    const mkv = await details(MKV);
    expect(mkv).toMatchObject({
      playback: 'remux',
      reason: null,
      direct_url: null,
      stream_url: `/api/media/play/${idOf(entries, MKV)}`,
      stream_type: 'video/mp4; codecs="avc1.42E033,mp4a.40.2"',
    });
    expect(mkv.duration).toBeCloseTo(20, 0);
    expect(mkv.audio).toMatchObject([
      { index: 0, label: 'English (AC3 mono)', language: 'en', default: true },
      { index: 1, label: 'French (AC3 mono)', language: 'fr' },
    ]);
    expect(mkv.subtitles.map(({ label, language, url }) => ({ label, language, url }))).toEqual([
      { label: 'English', language: 'en', url: `/api/media/subtitles/${idOf(entries, MKV)}/s0` },
      { label: 'English (2)', language: 'en', url: `/api/media/subtitles/${idOf(entries, MKV)}/e3` },
    ]);

    expect(await details(AVI)).toMatchObject({ playback: 'transcode', direct_url: null });
    expect(await details(MP4)).toMatchObject({
      playback: 'direct',
      direct_url: `/api/media/stream/${idOf(entries, MP4)}`,
    });
    // The operator's index says it too, once the background probes are done.
    await vi.waitFor(async () => {
      const again = (await t.app.inject('/api/media/library')).json<{ results: IndexEntry[] }>().results;
      expect(again.find((entry) => entry.path === AVI)?.playback).toEqual({ mode: 'transcode', reason: null });
    });
  });

  it('serves sidecar and embedded subtitles as WebVTT', async () => {
    const entries = await indexed(t, [MKV]);
    const id = idOf(entries, MKV);
    const sidecar = await t.app.inject(`/api/media/subtitles/${id}/s0`);
    expect(sidecar.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(sidecar.body).toMatch(/^WEBVTT\n\n1\n00:00:00\.500 --> 00:00:04\.000\nHello from the sidecar/);
    const embedded = await t.app.inject(`/api/media/subtitles/${id}/e3`);
    expect(embedded.statusCode).toBe(200);
    expect(embedded.body).toMatch(/^WEBVTT/);
    expect(embedded.body).toContain('Embedded English line');
    expect((await t.app.inject(`/api/media/subtitles/${id}/e1`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/media/subtitles/${id}/s9`)).statusCode).toBe(404);
  });
});

describe('GET /api/media/play/:id', () => {
  async function play(file: string, query = '') {
    const entries = await indexed(t, [file]);
    const response = await t.app.inject(`/api/media/play/${idOf(entries, file)}${query}`);
    const out = path.join(work, `${path.basename(file)}-${query.replace(/\W/g, '')}.mp4`);
    writeFileSync(out, response.rawPayload);
    return { response, out };
  }

  it('remuxes an MKV (H.264 + AC3) into an MP4 that ffmpeg reads back whole', async () => {
    const { response, out } = await play(MKV);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    const info = parseFfmpegInfo(await readBack(out))!;
    expect(info.container).toContain('mp4');
    expect(info.video.map((video) => video.codec)).toEqual(['h264']);
    expect(info.audio.map((audio) => [audio.codec, audio.channels])).toEqual([['aac', 'stereo']]);
    expect(info.subtitles).toEqual([]);
    expect(await decodeErrors(out)).toBe('');
    expect(info.duration).toBeGreaterThan(19);
  });

  it('transcodes an AVI (MPEG-4 Part 2) to H.264', async () => {
    const { response, out } = await play(AVI);
    expect(response.statusCode).toBe(200);
    const info = parseFfmpegInfo(await readBack(out))!;
    expect(info.video.map((video) => [video.codec, video.pixelFormat])).toEqual([['h264', 'yuv420p']]);
    expect(info.audio.map((audio) => audio.codec)).toEqual(['aac']);
    expect(await decodeErrors(out)).toBe('');
  });

  it("starts a seek at the keyframe before it, on the file's own timeline", async () => {
    const { response, out } = await play(MKV, '?start=10.5');
    expect(response.statusCode).toBe(200);
    const info = parseFfmpegInfo(await readBack(out))!;
    // A keyframe a second: the copied video starts at 10 s, the audio at 10.5 s.
    expect(info.start).toBeGreaterThanOrEqual(9.9);
    expect(info.start).toBeLessThanOrEqual(10.6);
    expect(await decodeErrors(out)).toBe('');
  });

  it('maps the audio track the viewer picked', () => {
    const probe = parseFfmpegInfo(`Input #0, matroska,webm, from 'x.mkv':
  Duration: 00:00:20.00, start: 0.000000, bitrate: 300 kb/s
    Stream #0:0: Video: h264 (High), yuv420p(progressive), 1920x1080, 24 fps (default)
    Stream #0:1(eng): Audio: ac3, 48000 Hz, 5.1(side), fltp, 384 kb/s (default)
    Stream #0:2(fre): Audio: dts (DTS), 48000 Hz, 5.1(side), fltp, 1536 kb/s
`)!;
    const args = ffmpegArgs({ file: '/m/x.mkv', probe, start: 0, audio: 1 }).join(' ');
    expect(args).toContain('-map 0:0 -map 0:2');
    expect(args).toContain('-c:v copy');
    expect(args).toContain('-c:a aac -ac 2');
  });

  it('refuses bad input', async () => {
    const entries = await indexed(t, [MKV]);
    const url = `/api/media/play/${idOf(entries, MKV)}`;
    expect((await t.app.inject(`${url}?start=-1`)).statusCode).toBe(400);
    expect((await t.app.inject(`${url}?audio=x`)).statusCode).toBe(400);
    expect((await t.app.inject(`${url}?viewer=a`)).statusCode).toBe(400);
    expect((await t.app.inject({ url, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    expect((await t.app.inject('/api/media/play/000000000000000000000000')).statusCode).toBe(404);
  });
});

describe('parseFfmpegInfo', () => {
  it('reads languages, titles, dispositions and skips cover pictures', () => {
    const probe = parseFfmpegInfo(`Input #0, matroska,webm, from '/media/Heat (1995).mkv':
  Metadata:
    title           : Heat
  Duration: 02:50:10.50, start: 0.007000, bitrate: 9000 kb/s
    Stream #0:0(eng): Video: hevc (Main 10), yuv420p10le(tv, bt2020nc/bt2020/smpte2084), 3840x2160 [SAR 1:1 DAR 16:9], 23.98 fps (default)
    Stream #0:1(eng): Audio: truehd, 48000 Hz, 7.1, s32 (24 bit) (default)
    Stream #0:2(eng): Audio: ac3, 48000 Hz, stereo, fltp, 192 kb/s
    Metadata:
      title           : Commentary
    Stream #0:3(spa): Subtitle: subrip (forced)
    Stream #0:4(eng): Subtitle: hdmv_pgs_subtitle, 1920x1080
    Stream #0:5: Video: mjpeg, yuvj444p(pc, bt470bg/unknown/unknown), 600x900, 90k tbr, 90k tbn (attached pic)
`)!;
    expect(probe.duration).toBeCloseTo(10210.5);
    expect(probe.start).toBeCloseTo(0.007);
    expect(probe.video).toEqual([
      expect.objectContaining({ codec: 'hevc', profile: 'Main 10', pixelFormat: 'yuv420p10le', height: 2160 }),
    ]);
    expect(probe.audio.map((audio) => [audio.codec, audio.channels, audio.title, audio.default])).toEqual([
      ['truehd', '7.1', null, true],
      ['ac3', 'stereo', 'Commentary', false],
    ]);
    expect(probe.subtitles.map((sub) => [sub.codec, sub.language, sub.forced])).toEqual([
      ['subrip', 'spa', true],
      ['hdmv_pgs_subtitle', 'eng', false],
    ]);
    expect(parseFfmpegInfo('notes.mkv: Invalid data found when processing input')).toBeNull();
  });
});

/**
 * An ffmpeg that keeps a converted stream open once the real one has written it (a long film's
 * stream, whatever the fixture's length), and notes its process id: the limit and the stop on
 * close are then tested without depending on how fast the machine converts.
 */
function holdingFfmpeg(dir: string): string {
  const script = path.join(dir, 'ffmpeg-holding');
  writeFileSync(
    script,
    `#!/bin/sh
for last in "$@"; do :; done
if [ "$last" = "pipe:1" ]; then
  echo $$ > "${dir}/pid-$$"
  "${projectFfmpeg()}" "$@"
  exec sleep 600
fi
exec "${projectFfmpeg()}" "$@"
`,
  );
  chmodSync(script, 0o755);
  return script;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('transcode limit and lifetime', () => {
  let held: TestApp;
  let base: string;
  let pidDir: string;
  let ids: IndexEntry[];

  beforeAll(async () => {
    pidDir = mkdtempSync(path.join(tmpdir(), 'marquee-holding-'));
    held = await createTestApp(
      { MEDIA_DIR: mediaDir, FFMPEG_PATH: holdingFfmpeg(pidDir), MEDIA_TRANSCODE_LIMIT: '1' },
      undefined,
      { catalogue: true },
    );
    await held.app.listen({ port: 0, host: '127.0.0.1' });
    const address = held.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ids = await indexed(held, [MKV, AVI]);
  });
  afterAll(async () => {
    // fetch's pool keeps connections open that never carry a request, and opens one now and then
    // (seen on PostgreSQL's slower timing: one arrived after closeAllConnections): the server
    // would wait for them for good. Each connection goes until the server has closed.
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

  it("allows MEDIA_TRANSCODE_LIMIT transcodes, answers 503 past it, replaces a viewer's own and stops on close", async () => {
    const first = new AbortController();
    const url = `${base}/api/media/play/${idOf(ids, AVI)}`;
    const one = await fetch(`${url}?viewer=viewer-one`, { signal: first.signal });
    expect(one.status).toBe(200);
    expect(await running()).toMatchObject({ transcode: 1 });

    const other = await fetch(`${url}?viewer=viewer-two`);
    expect(other.status).toBe(503);
    expect(other.headers.get('retry-after')).toBe('30');
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
      'This server is already converting a video for other viewers, its limit. Try again when one of them stops, or pick another source.',
    );

    // The same viewer again (a seek): its earlier process makes way.
    const [firstPid] = pids();
    const again = new AbortController();
    const seek = await fetch(`${url}?viewer=viewer-one&start=2`, { signal: again.signal });
    expect(seek.status).toBe(200);
    await vi.waitFor(() => expect(alive(firstPid!)).toBe(false));
    expect(await running()).toMatchObject({ transcode: 1 });
    first.abort();

    // The viewer leaves: the request closes and its ffmpeg is killed.
    const secondPid = pids().find((pid) => pid !== firstPid)!;
    expect(alive(secondPid)).toBe(true);
    again.abort();
    await vi.waitFor(() => expect(alive(secondPid)).toBe(false));
    await vi.waitFor(async () => expect(await running()).toMatchObject({ transcode: 0 }));
    const last = new AbortController();
    expect((await fetch(`${url}?viewer=viewer-two`, { signal: last.signal })).status).toBe(200);
    last.abort();
  });

  it('allows four times as many remuxes as transcodes, answers 503 past them, and counts transcodes apart', async () => {
    await vi.waitFor(async () => expect(await running()).toMatchObject({ remux: 0, transcode: 0 }));
    const remuxLimit = 1 * REMUXES_PER_TRANSCODE;
    expect(remuxLimit).toBe(4);
    const url = `${base}/api/media/play/${idOf(ids, MKV)}`;
    const viewers = Array.from({ length: remuxLimit + 1 }, () => new AbortController());
    try {
      for (const [n, viewer] of viewers.slice(0, remuxLimit).entries()) {
        expect((await fetch(`${url}?viewer=remuxing-${n}`, { signal: viewer.signal })).status).toBe(200);
      }
      expect(await running()).toMatchObject({ remux: remuxLimit, transcode: 0 });

      const past = await fetch(`${url}?viewer=remuxing-${remuxLimit}`);
      expect(past.status).toBe(503);
      expect(past.headers.get('retry-after')).toBe('30');
      expect(((await past.json()) as { error: { message: string } }).error.message).toBe(
        'This server is already streaming 4 converted videos, its limit. Try again when one of them stops, or pick another source.',
      );
      // A transcode is under its own limit (1), which the remuxes do not use up.
      const avi = await fetch(`${base}/api/media/play/${idOf(ids, AVI)}?viewer=remuxing-${remuxLimit}`, {
        signal: viewers[remuxLimit]!.signal,
      });
      expect(avi.status).toBe(200);
      expect(await running()).toMatchObject({ remux: remuxLimit, transcode: 1 });
    } finally {
      for (const viewer of viewers) viewer.abort();
    }
    await vi.waitFor(async () => expect(await running()).toMatchObject({ remux: 0, transcode: 0 }));
  });
});

/** Long enough for a first fragment to be sent, short enough not to slow the suite. */
const IDLE_MS = 300;

describe('a converted stream nobody reads', () => {
  let app: FastifyInstance;
  let base: string;
  let pidDir: string;
  let ids: IndexEntry[];
  const years: Record<string, number> = { 'The Matrix': 1999, Alien: 1979, Fargo: 1996 };
  // The Library with no database: a catalogue that knows the fixtures' titles.
  const catalogue = {
    async search({ q }: SearchParams) {
      const results: TitleSummary[] = years[q]
        ? [
            {
              id: years[q],
              media_type: 'movie',
              title: q,
              original_title: q,
              release_date: `${years[q]}-06-01`,
              overview: '',
              poster_path: null,
              backdrop_path: null,
              vote_average: 7,
              vote_count: 100,
              popularity: 10,
              genre_ids: [],
              original_language: 'en',
            },
          ]
        : [];
      return { page: 1, results, total_pages: 1, total_results: results.length };
    },
  };

  beforeAll(async () => {
    pidDir = mkdtempSync(path.join(tmpdir(), 'marquee-idle-'));
    app = Fastify({ logger: false });
    await mediaModule(app, {
      mediaDir,
      catalogue,
      publicUrl: 'http://localhost:3000',
      adminToken: null,
      trustProxy: false,
      ffmpegPath: holdingFfmpeg(pidDir),
      idleMs: IDLE_MS,
      watch: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ids = await indexed({ app }, [AVI]);
  });
  afterAll(async () => {
    const closing = app?.close();
    const sweep = setInterval(() => app?.server.closeAllConnections(), 50);
    await closing?.finally(() => clearInterval(sweep));
    rmSync(pidDir, { recursive: true, force: true });
  });

  it('stops its ffmpeg after the idle time though the request stays open, and ends the response', async () => {
    const viewer = new AbortController();
    try {
      const answer = await fetch(`${base}/api/media/play/${idOf(ids, AVI)}?viewer=paused-viewer`, {
        signal: viewer.signal,
      });
      expect(answer.status).toBe(200);
      const pid = Number(
        readFileSync(
          path.join(
            pidDir,
            readdirSync(pidDir).find((name) => name.startsWith('pid-'))!,
          ),
          'utf8',
        ),
      );
      // The holding ffmpeg would live ten minutes, and the viewer neither reads nor leaves: only
      // the idle check ends it.
      await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 20_000, interval: 50 });
      const library = (await app.inject('/api/media/library')).json<{ transcodes: { transcode: number } }>();
      expect(library.transcodes).toMatchObject({ transcode: 0 });
      // What was sent is still there to read, then the stream ends early rather than hanging.
      const read = (async () => {
        for await (const chunk of answer.body!) void chunk;
      })();
      await read.catch(() => undefined);
    } finally {
      viewer.abort();
    }
  });
});

describe('without ffmpeg', () => {
  // Built in a hook, whose time limit allows for a loaded machine (a test's 30 s may not).
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ MEDIA_DIR: mediaDir, FFMPEG_PATH: '/nonexistent/ffmpeg' }, undefined, {
      catalogue: true,
    });
  });
  afterAll(() => off?.close());

  it('lists files that need converting as unplayable, with the reason', async () => {
    const entries = await indexed(off, [MKV, AVI, MP4]);
    const reason =
      'this server has no ffmpeg to convert it for browsers (FFMPEG_PATH does not point at a working ffmpeg)';
    const byPath = Object.fromEntries(entries.map((entry) => [entry.path, entry.playback]));
    expect(byPath[MKV]).toEqual({ mode: 'unplayable', reason });
    expect(byPath[AVI]).toEqual({ mode: 'unplayable', reason });
    expect(byPath[MP4]).toEqual({ mode: 'direct', reason: null });
    const details = (await off.app.inject(`/api/media/file/${idOf(entries, MKV)}`)).json<FilePlayback>();
    expect(details).toMatchObject({ playback: 'unplayable', reason, stream_url: null, direct_url: null });
    // Sidecar subtitles need no ffmpeg.
    expect(details.subtitles.map((sub) => sub.id)).toEqual(['s0']);
    const play = await off.app.inject(`/api/media/play/${idOf(entries, MKV)}`);
    expect(play.statusCode).toBe(409);
    expect(play.json().error.message).toBe(`This file cannot play: ${reason}`);
  });
});

describe('the folder watch', () => {
  it('indexes a file added to MEDIA_DIR without a rescan', async () => {
    await indexed(t, [MKV]);
    writeFileSync(path.join(mediaDir, 'Memento (2000).mp4'), readFileSync(path.join(mediaDir, MP4)));
    const entries = await indexed(t, ['Memento (2000).mp4']);
    expect(entries.map((entry) => entry.path)).toContain('Memento (2000).mp4');
  });
});

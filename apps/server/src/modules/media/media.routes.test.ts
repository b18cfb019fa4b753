import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createLocalCatalogue } from '../../catalogue/local/local-catalogue.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-db.ts';
import { TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { parseRange } from './byte-range.ts';

let t: TestApp;
const ADMIN_TOKEN = 'test-media-admin-token-0123456789abcdef';
// app.inject comes from 127.0.0.1 unless told otherwise; a visitor comes from elsewhere.
const VISITOR = '203.0.113.7';
let mediaDir: string;
let outside: string;
// 1000 bytes whose values tell their position, so a wrong slice cannot pass.
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

interface Library {
  enabled: boolean;
  scanning: boolean;
  scanned_at: string | null;
  results: {
    id: string;
    path: string;
    media_type: string;
    title_id: number;
    season_number: number | null;
    episode_number: number | null;
    stream_url: string;
    playback?: { mode: string; reason: string | null } | null;
  }[];
  unmatched: { path: string; reason: string }[];
}

async function scannedLibrary(): Promise<Library> {
  for (;;) {
    const library = (await t.app.inject('/api/media/library')).json<Library>();
    if (library.scanned_at && !library.scanning) return library;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function write(relative: string, content: Buffer | string = BYTES) {
  const file = path.join(mediaDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

let library: Library;
const streamOf = (file: string) => library.results.find((entry) => entry.path === file)!.stream_url;

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'marquee-media-'));
  outside = mkdtempSync(path.join(tmpdir(), 'marquee-outside-'));
  write('Memento (2000).webm');
  write('The.Matrix.1999.1080p.BluRay.x264-GRP.mkv');
  write('Breaking Bad/Season 01/Breaking Bad - S01E02.mp4');
  write('Breaking.Bad.S02E10.720p.HDTV.webm');
  write('Fargo (1996)/fargo.mp4', '');
  write('breaking_bad_1x07.mp4');
  write('Alien (1979)/movie.mkv');
  write('Breaking Bad (2008)/Season 3/S03E04.mkv');
  write('Pulp Fiction (1995).mp4');
  write('Shining, The (1980).mkv');
  write('Blade Runner 2049.mkv');
  write('Not A Real Film Title (1999).mp4');
  write('Alien (1979)-sample.mkv');
  write('notes.txt', 'not a video');
  writeFileSync(path.join(outside, 'secret.mp4'), 'secret bytes');
  symlinkSync(path.join(outside, 'secret.mp4'), path.join(mediaDir, 'Heat (1995).mp4'));
  t = await createTestApp({ MEDIA_DIR: mediaDir, MEDIA_ADMIN_TOKEN: ADMIN_TOKEN }, undefined, { catalogue: true });
  library = await scannedLibrary();
});
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('GET /api/media/library', () => {
  it('matches files to catalogue titles by Plex/Jellyfin names', async () => {
    const search = async (q: string) =>
      (await t.app.inject(`/api/catalogue/search?q=${encodeURIComponent(q)}`)).json<{
        results: { id: number; media_type: string }[];
      }>().results;
    const memento = (await search('Memento')).find((r) => r.media_type === 'movie')!;
    const breakingBad = (await search('Breaking Bad')).find((r) => r.media_type === 'tv')!;
    const rows = library.results.map(({ path, media_type, title_id, season_number, episode_number }) => ({
      path,
      media_type,
      title_id,
      season_number,
      episode_number,
    }));
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          path: 'Memento (2000).webm',
          media_type: 'movie',
          title_id: memento.id,
          season_number: null,
          episode_number: null,
        },
        {
          path: 'Breaking Bad/Season 01/Breaking Bad - S01E02.mp4',
          media_type: 'tv',
          title_id: breakingBad.id,
          season_number: 1,
          episode_number: 2,
        },
        {
          path: 'Breaking.Bad.S02E10.720p.HDTV.webm',
          media_type: 'tv',
          title_id: breakingBad.id,
          season_number: 2,
          episode_number: 10,
        },
      ]),
    );
    expect(rows.map((row) => row.path)).toEqual(
      expect.arrayContaining(['The.Matrix.1999.1080p.BluRay.x264-GRP.mkv', 'Fargo (1996)/fargo.mp4']),
    );
    expect(library.unmatched).toEqual([
      { path: 'Alien (1979)-sample.mkv', reason: 'a sample or extra, not a feature or episode' },
      { path: 'Heat (1995).mp4', reason: 'points outside MEDIA_DIR or to no file' },
      { path: 'Not A Real Film Title (1999).mp4', reason: 'no catalogue movie matches "Not A Real Film Title" (1999)' },
    ]);
  });

  it.each([
    ['breaking_bad_1x07.mp4', 'tv', 'Breaking Bad', 1, 7],
    ['Breaking Bad (2008)/Season 3/S03E04.mkv', 'tv', 'Breaking Bad', 3, 4],
    ['Alien (1979)/movie.mkv', 'movie', 'Alien', null, null],
    // Pulp Fiction came out in 1994: a year off by one still matches.
    ['Pulp Fiction (1995).mp4', 'movie', 'Pulp Fiction', null, null],
    ['Shining, The (1980).mkv', 'movie', 'The Shining', null, null],
    ['Blade Runner 2049.mkv', 'movie', 'Blade Runner 2049', null, null],
  ] as const)('matches %s to %s "%s"', async (file, type, title, season, episode) => {
    const found = (await t.app.inject(`/api/catalogue/search?q=${encodeURIComponent(title)}`))
      .json<{ results: { id: number; media_type: string; title?: string; name?: string }[] }>()
      .results.find((result) => result.media_type === type && (result.title ?? result.name) === title);
    expect(found, `${title} is in the local catalogue`).toBeDefined();
    expect(library.results.find((entry) => entry.path === file)).toMatchObject({
      media_type: type,
      title_id: found!.id,
      season_number: season,
      episode_number: episode,
    });
  });

  it("lists a title's files for the player", async () => {
    // The operator's index adds how each file plays (probed in the background) to the title's entries.
    const { playback: _playback, ...memento } = library.results.find((entry) => entry.path === 'Memento (2000).webm')!;
    const response = await t.app.inject(`/api/media/title/movie/${memento.title_id}`);
    expect(response.json()).toMatchObject({ enabled: true, results: [memento] });
    expect((await t.app.inject('/api/media/title/film/1')).statusCode).toBe(400);
  });
});

describe('operator-only routes', () => {
  const index = (headers: Record<string, string> = {}, remoteAddress = VISITOR) =>
    t.app.inject({ url: '/api/media/library', headers, remoteAddress });
  const rescan = (headers: Record<string, string> = {}, remoteAddress = VISITOR) =>
    t.app.inject({ method: 'POST', url: '/api/media/rescan', headers, remoteAddress });

  it('hide the index (server paths, unmatched files) from visitors', async () => {
    const response = await index();
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toMatch(/MEDIA_ADMIN_TOKEN/);
    expect(response.body).not.toContain('Memento');
    expect((await index({ authorization: 'Bearer wrong-token' })).statusCode).toBe(403);
    expect((await index({ authorization: ADMIN_TOKEN })).statusCode).toBe(403);
    // A reverse proxy on this machine makes every visitor look local unless TRUST_PROXY is set.
    expect((await index({ 'x-forwarded-for': VISITOR }, '127.0.0.1')).statusCode).toBe(403);
    expect((await rescan()).statusCode).toBe(403);
    expect((await rescan({ authorization: 'Bearer wrong-token' })).statusCode).toBe(403);
  });

  it('answer the operator: from loopback, or anywhere with the bearer token', async () => {
    for (const response of [
      await index({}, '127.0.0.1'),
      await index({}, '::1'),
      await index({ authorization: `Bearer ${ADMIN_TOKEN}` }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual(expect.arrayContaining(['results', 'unmatched']));
    }
  });

  it('leave the title and stream routes to the app pages of every visitor', async () => {
    const memento = library.results.find((entry) => entry.path === 'Memento (2000).webm')!;
    const title = await t.app.inject({ url: `/api/media/title/movie/${memento.title_id}`, remoteAddress: VISITOR });
    expect(title.statusCode).toBe(200);
    const stream = await t.app.inject({ url: memento.stream_url, remoteAddress: VISITOR });
    expect(stream.statusCode).toBe(200);
  });

  it('refuse a rescan while one runs or within the cooldown, then allow it', async () => {
    const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };
    // The start-up scan has just ended.
    const early = await rescan(operator);
    expect(early.statusCode).toBe(429);
    expect(early.json().error.message).toMatch(/scanned less than 30 seconds ago/);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      expect((await rescan(operator)).statusCode).toBe(202);
      const again = await rescan(operator);
      expect(again.statusCode).toBe(429);
      expect(again.json().error.message).toMatch(/already running/);
      library = await scannedLibrary();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/media/stream/:id', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('serves the whole file with its type, uncompressed, only to this site', async () => {
    const response = await get(streamOf('Memento (2000).webm'), {
      'accept-encoding': 'gzip',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.rawPayload.equals(BYTES)).toBe(true);
    expect((await get(streamOf('The.Matrix.1999.1080p.BluRay.x264-GRP.mkv'))).headers['content-type']).toBe(
      'video/x-matroska',
    );
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=500-599', 500, 599],
    ['bytes=-100', 900, 999],
    ['bytes=990-', 990, 999],
    ['bytes=900-5000', 900, 999],
  ])('answers %s with 206 and the exact bytes', async (range, start, end) => {
    const response = await get(streamOf('Memento (2000).webm'), { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(BYTES.subarray(start, end + 1))).toBe(true);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const response = await get(streamOf('Memento (2000).webm'), { range: 'bytes=1000-1100' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */1000');
    expect((await get(streamOf('Fargo (1996)/fargo.mp4'), { range: 'bytes=0-10' })).statusCode).toBe(416);
  });

  it('answers an open range that starts past the end with 416, not the whole file', async () => {
    const response = await get(streamOf('Memento (2000).webm'), { range: 'bytes=999999-' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */1000');
    expect(response.rawPayload.length).toBeLessThan(1000);
  });

  it('serves several ranges as the whole file (a server may ignore Range)', async () => {
    const response = await get(streamOf('Memento (2000).webm'), { range: 'bytes=0-9,20-29' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(1000);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: streamOf('Memento (2000).webm'),
      headers: { range: 'bytes=0-9' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-length']).toBe('10');
    expect(response.rawPayload.length).toBe(0);
  });

  it('honours If-None-Match, If-Modified-Since and If-Range', async () => {
    const url = streamOf('Memento (2000).webm');
    const first = await get(url);
    const etag = first.headers.etag as string;
    const modified = first.headers['last-modified'] as string;
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(url, { 'if-modified-since': modified })).statusCode).toBe(304);
    expect((await get(url, { 'if-modified-since': 'Mon, 01 Jan 1990 00:00:00 GMT' })).statusCode).toBe(200);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': modified })).statusCode).toBe(206);
    const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(1000);

    utimesSync(path.join(mediaDir, 'Memento (2000).webm'), new Date(), new Date(Date.now() + 60_000));
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers If-Match and If-Unmodified-Since that do not hold with 412', async () => {
    const url = streamOf('Pulp Fiction (1995).mp4');
    const first = await get(url);
    const etag = first.headers.etag as string;
    const modified = first.headers['last-modified'] as string;
    expect((await get(url, { 'if-match': etag })).statusCode).toBe(200);
    expect((await get(url, { 'if-match': `"other", ${etag}` })).statusCode).toBe(200);
    expect((await get(url, { 'if-match': '*' })).statusCode).toBe(200);
    const ranged = await get(url, { 'if-match': etag, range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(BYTES.subarray(0, 10))).toBe(true);
    const changed = await get(url, { 'if-match': '"other"', range: 'bytes=0-9' });
    expect(changed.statusCode).toBe(412);
    expect(changed.json().error.code).toBe('precondition_failed');
    // If-Match compares strongly: a weak tag never matches.
    expect((await get(url, { 'if-match': `W/${etag}` })).statusCode).toBe(412);
    expect((await get(url, { 'if-unmodified-since': modified })).statusCode).toBe(200);
    expect((await get(url, { 'if-unmodified-since': 'Mon, 01 Jan 1990 00:00:00 GMT' })).statusCode).toBe(412);
    // If-Match wins over If-Unmodified-Since (RFC 9110 §13.2.2).
    expect(
      (await get(url, { 'if-match': etag, 'if-unmodified-since': 'Mon, 01 Jan 1990 00:00:00 GMT' })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url, headers: { 'if-match': '"other"' } })).statusCode).toBe(412);
  });

  it("lets the app's pages play library streams and frame https embeds, nothing wider", async () => {
    const csp = (await get('/api/health')).headers['content-security-policy'] as string;
    expect(csp).toContain("media-src 'self' blob:;");
    expect(csp).toContain("frame-src 'self' https:;");
  });

  it('refuses embedding from other sites', async () => {
    const url = streamOf('Memento (2000).webm');
    expect((await get(url, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await get(url, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await get(url, { referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await get(url, { referer: `${TEST_ORIGIN}/watch/movie/1` })).statusCode).toBe(200);
  });

  it('streams only indexed files inside MEDIA_DIR', async () => {
    for (const url of [
      '/api/media/stream/..%2F..%2Fetc%2Fpasswd',
      '/api/media/stream/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/api/media/stream/../../etc/passwd',
      '/api/media/stream/Memento%20(2000).webm',
    ]) {
      const response = await get(url);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('root:');
    }
    expect((await get('/api/media/stream/000000000000000000000000')).statusCode).toBe(404);
  });

  it('refuses a file replaced by a symlink to outside after the scan', async () => {
    const url = streamOf('Breaking.Bad.S02E10.720p.HDTV.webm');
    const file = path.join(mediaDir, 'Breaking.Bad.S02E10.720p.HDTV.webm');
    rmSync(file);
    symlinkSync(path.join(outside, 'secret.mp4'), file);
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret bytes');
  });
});

describe('parseRange', () => {
  it('ignores what is not one byte range', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange('bytes=5-2', 10)).toBeNull();
    expect(parseRange('bytes=-', 10)).toBeNull();
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
  });

  it('refuses a range that starts at or past the end, open or closed', () => {
    expect(parseRange('bytes=999999-', 300_000)).toBe('unsatisfiable');
    expect(parseRange('bytes=300000-', 300_000)).toBe('unsatisfiable');
    expect(parseRange('bytes=300000-300010', 300_000)).toBe('unsatisfiable');
    expect(parseRange('bytes=299999-', 300_000)).toEqual({ start: 299_999, end: 299_999 });
    expect(parseRange('bytes=10-', 300_000)).toEqual({ start: 10, end: 299_999 });
  });
});

describe('without MEDIA_DIR', () => {
  // Built in a hook, whose time limit allows for a loaded machine (a test's did not: 30 s passed).
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off?.close());

  it('reports the library as off', async () => {
    expect((await off.app.inject('/api/media/library')).json()).toMatchObject({
      enabled: false,
      results: [],
      unmatched: [],
    });
    expect(
      (await off.app.inject({ method: 'POST', url: '/api/media/rescan', headers: { origin: TEST_ORIGIN } })).statusCode,
    ).toBe(404);
  });
});

describe('a rescan', () => {
  it('picks up a new file, answering requests from the old index while it runs', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'marquee-rescan-'));
    writeFileSync(path.join(dir, 'Memento (2000).webm'), BYTES);
    const database = await createTestDatabase({ catalogue: true });
    const catalogue = createLocalCatalogue(database.db);
    // The scan waits on its catalogue searches; holding them keeps it running as long as needed.
    let release: () => void = () => undefined;
    let gate = Promise.resolve();
    const gated = new Proxy(catalogue, {
      get: (target, property, receiver) =>
        property === 'search'
          ? async (params: Parameters<typeof target.search>[0]) => {
              await gate;
              return target.search(params);
            }
          : Reflect.get(target, property, receiver),
    });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      MEDIA_DIR: dir,
    });
    const app = await buildApp({ config, database, logger: false, catalogue: gated });
    await app.ready();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const index = async () => (await app.inject('/api/media/library')).json<Library>();
      await vi.waitFor(async () => expect((await index()).scanned_at).not.toBeNull(), { timeout: 10_000 });
      const before = await index();
      expect(before.results.map((file) => file.path)).toEqual(['Memento (2000).webm']);
      const { playback: _playback, ...memento } = before.results[0]!;

      gate = new Promise((resolve) => (release = resolve));
      mkdirSync(path.join(dir, 'Fargo (1996)'));
      writeFileSync(path.join(dir, 'Fargo (1996)/fargo.mp4'), BYTES);
      vi.setSystemTime(Date.now() + 31_000);
      expect((await app.inject({ method: 'POST', url: '/api/media/rescan' })).statusCode).toBe(202);

      const during = await index();
      expect(during).toMatchObject({ scanning: true, scanned_at: before.scanned_at });
      expect(during.results.map((file) => file.id)).toEqual(before.results.map((file) => file.id));
      const title = await app.inject(`/api/media/title/movie/${memento.title_id}`);
      expect(title.json()).toMatchObject({ scanning: true, results: [memento] });
      const stream = await app.inject({ url: memento.stream_url, headers: { range: 'bytes=0-9' } });
      expect(stream.statusCode).toBe(206);
      expect(stream.rawPayload.equals(BYTES.subarray(0, 10))).toBe(true);
      expect((await app.inject({ method: 'POST', url: '/api/media/rescan' })).statusCode).toBe(429);

      release();
      await vi.waitFor(async () => expect((await index()).scanning).toBe(false), { timeout: 10_000 });
      const after = await index();
      expect(after.results.map((file) => file.path)).toEqual(['Fargo (1996)/fargo.mp4', 'Memento (2000).webm']);
      expect(after.scanned_at).not.toBe(before.scanned_at);
    } finally {
      vi.useRealTimers();
      release();
      await app.close();
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

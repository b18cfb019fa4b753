import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TitleSummary } from '@marquee/core';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  DIRECT_VIDEO,
  fakeMediaSourceId,
  startFakeJellyfin,
  type FakeJellyfin,
  type FakeServerKind,
} from '../../../test/fake-jellyfin.ts';
import type { MediaServerTitleFile } from './media-servers.routes.ts';

interface TitleAnswer {
  enabled: boolean;
  kind: string | null;
  name: string | null;
  state: string;
  message: string | null;
  scanning: boolean;
  results: MediaServerTitleFile[];
}

const SEGMENT = readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/hls/segment1.mpegts'));
const VIDEO = readFileSync(DIRECT_VIDEO);

const KINDS: Array<{ kind: FakeServerKind; name: string }> = [
  { kind: 'jellyfin', name: 'Jellyfin' },
  { kind: 'emby', name: 'Emby' },
];

describe.each(KINDS)('$name as a source', ({ kind, name }) => {
  let fake: FakeJellyfin;
  let t: TestApp;
  const ids = { alien: 0, matrix: 0, chernobyl: 0 };

  async function findId(q: string, type: 'movie' | 'tv', year: string) {
    const { results } = (await t.app.inject(`/api/catalogue/search?q=${encodeURIComponent(q)}`)).json<{
      results: TitleSummary[];
    }>();
    return results.find(
      (title) => title.media_type === type && (title.release_date ?? title.first_air_date ?? '').startsWith(year),
    )!.id;
  }

  const title = async (type: 'movie' | 'tv', id: number) =>
    (await t.app.inject(`/api/media-servers/title/${type}/${id}`)).json<TitleAnswer>();

  beforeAll(async () => {
    fake = await startFakeJellyfin({ kind });
    const prefix = kind.toUpperCase();
    // The address as an operator gives it: Marquee adds Emby's /emby/ itself.
    t = await createTestApp({ [`${prefix}_URL`]: `${fake.url}/`, [`${prefix}_API_KEY`]: fake.apiKey }, undefined, {
      catalogue: true,
    });
    // Readiness, not time: the first index is built in the background from start.
    for (;;) {
      const status = (await t.app.inject('/api/media-servers/status')).json<{ state: string }>();
      if (status.state !== 'indexing') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ids.alien = await findId('Alien', 'movie', '1979');
    ids.matrix = await findId('The Matrix', 'movie', '1999');
    ids.chernobyl = await findId('Chernobyl', 'tv', '2019');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => fake.setMode('ok'));

  it(`tells the web app a ${name} source is configured, without its address`, async () => {
    const config = (await t.app.inject('/api/config')).json<Record<string, unknown>>();
    expect(config.media_server).toEqual({ kind, name });
    expect(JSON.stringify(config)).not.toContain(fake.url);
    const status = (await t.app.inject('/api/media-servers/status')).json();
    expect(status).toMatchObject({ enabled: true, name, state: 'ready', items: 4, unmatched: 1 });
  });

  it("lists a title's films and episodes by the catalogue's ids, with addresses on Marquee", async () => {
    const alien = await title('movie', ids.alien);
    expect(alien).toMatchObject({ enabled: true, kind, name, state: 'ready', message: null });
    expect(alien.results).toEqual([
      {
        id: fake.ids.alien,
        media_type: 'movie',
        title_id: ids.alien,
        season_number: null,
        episode_number: null,
        stream_url: `/api/media-servers/stream/${fake.ids.alien}`,
        hls_url: `/api/media-servers/hls/${fake.ids.alien}/master.m3u8`,
        direct_type: 'video/webm; codecs="vp8"',
        runtime: 6,
      },
    ]);
    expect((await title('movie', ids.matrix)).results[0]).toMatchObject({ id: fake.ids.matrix, direct_type: null });
    const chernobyl = await title('tv', ids.chernobyl);
    expect(chernobyl.results.map((file) => [file.season_number, file.episode_number])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect((await t.app.inject(`/api/media-servers/title/movie/${ids.chernobyl + 100000}`)).json()).toMatchObject({
      results: [],
    });
  });

  it('streams a file through Marquee with byte ranges, the key in no answer', async () => {
    fake.requests.length = 0;
    const partial = await t.app.inject({
      url: `/api/media-servers/stream/${fake.ids.alien}`,
      headers: { range: 'bytes=100-1099' },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-1099/${VIDEO.length}`);
    expect(partial.headers['content-type']).toBe('video/webm');
    expect(partial.headers['accept-ranges']).toBe('bytes');
    expect(partial.rawPayload.equals(VIDEO.subarray(100, 1100))).toBe(true);
    const upstream = fake.requests.find((request) => request.path === `/Videos/${fake.ids.alien}/stream`)!;
    expect(upstream.headers.range).toBe('bytes=100-1099');
    expect(upstream.query.get('static')).toBe('true');
    expect(upstream.query.get('mediaSourceId')).toBe(fakeMediaSourceId(kind, fake.ids.alien));

    const whole = await t.app.inject(`/api/media-servers/stream/${fake.ids.alien}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);
    expect(JSON.stringify(whole.headers)).not.toContain(fake.apiKey);

    const head = await t.app.inject({ method: 'HEAD', url: `/api/media-servers/stream/${fake.ids.alien}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(VIDEO.length));

    const past = await t.app.inject({
      url: `/api/media-servers/stream/${fake.ids.alien}`,
      headers: { range: `bytes=${VIDEO.length + 10}-` },
    });
    expect(past.statusCode).toBe(416);
  });

  it('proxies the HLS playlists with their URLs rewritten to Marquee, and the segments', async () => {
    fake.requests.length = 0;
    const master = await t.app.inject(`/api/media-servers/hls/${fake.ids.matrix}/master.m3u8`);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const upstream = fake.requests.find((request) => request.path.endsWith('/master.m3u8'))!;
    expect(upstream.query.get('MediaSourceId')).toBe(fakeMediaSourceId(kind, fake.ids.matrix));
    expect(upstream.query.get('VideoCodec')).toBe('h264');
    expect(upstream.query.get('PlaySessionId')).toMatch(/^[0-9a-f]{32}$/);
    const variant = master.body.split('\n').find((line) => line && !line.startsWith('#'))!;
    expect(variant).toMatch(new RegExp(`^/api/media-servers/hls/${fake.ids.matrix}/main\\.m3u8\\?MediaSourceId=`));

    const main = await t.app.inject(variant);
    expect(main.statusCode).toBe(200);
    const segments = main.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments).toHaveLength(3);
    for (const segment of segments) {
      expect(segment).toMatch(new RegExp(`^/api/media-servers/hls/${fake.ids.matrix}/hls1/main/\\d\\.ts\\?`));
    }
    for (const body of [master.body, main.body]) {
      expect(body).not.toContain(fake.url);
      expect(body).not.toContain('127.0.0.1');
      expect(body).not.toContain(fake.apiKey);
    }
    const bytes = await t.app.inject(segments[1]!);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    expect(bytes.rawPayload.equals(SEGMENT)).toBe(true);
    // The key went in headers, never in an address the server could repeat.
    for (const request of fake.requests) {
      if (kind === 'emby') {
        expect(request.headers['x-emby-token']).toBe(fake.apiKey);
        expect(request.rawPath).toMatch(/^\/emby\/Videos\//);
      } else {
        expect(request.headers.authorization).toContain(`Token="${fake.apiKey}"`);
      }
      expect(request.query.toString()).not.toContain(fake.apiKey);
    }
  });

  it('stops the transcode of a play session when the viewer leaves', async () => {
    fake.requests.length = 0;
    const session = 'ab'.repeat(16);
    const stop = await t.app.inject({
      method: 'DELETE',
      url: `/api/media-servers/hls/${fake.ids.matrix}/sessions/${session}`,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(stop.statusCode).toBe(204);
    const upstream = fake.requests.find((request) => request.path === '/Videos/ActiveEncodings')!;
    expect(upstream.method).toBe('DELETE');
    expect(upstream.query.get('playSessionId')).toBe(session);
    expect(upstream.query.get('deviceId')).toMatch(/^marquee-[0-9a-f]{16}$/);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: `/api/media-servers/hls/${fake.ids.matrix}/sessions/not-a-session`,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("reaches none of the media server's other endpoints, nor items it did not index", async () => {
    fake.requests.length = 0;
    for (const url of [
      `/api/media-servers/hls/${fake.ids.matrix}/stream`,
      `/api/media-servers/hls/${fake.ids.matrix}/..%2F..%2FSystem%2FInfo`,
      `/api/media-servers/hls/${fake.ids.matrix}/hls1/main/0.ts/../../../../System/Info`,
      `/api/media-servers/hls/${fake.ids.chernobyl3}/master.m3u8`,
      `/api/media-servers/stream/${fake.ids.holiday}`,
      `/api/media-servers/stream/${fake.ids.chernobyl}`,
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
    expect(fake.requests).toEqual([]);
  });

  it("refuses another site's page", async () => {
    const answer = await t.app.inject({
      url: `/api/media-servers/stream/${fake.ids.alien}`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.message).toBe(`${name} videos play only in Marquee`);
  });

  it('says so when the server is down, while everything else answers', async () => {
    fake.setMode('down');
    const stream = await t.app.inject(`/api/media-servers/stream/${fake.ids.alien}`);
    expect(stream.statusCode).toBe(503);
    expect(stream.json().error.message).toBe(`${name} is not reachable`);
    const alien = await title('movie', ids.alien);
    expect(alien).toMatchObject({ state: 'unreachable', message: `${name} is not reachable` });
    expect((await t.app.inject('/api/catalogue/search?q=Alien')).statusCode).toBe(200);
  });

  it('answers what a title has while the server hangs', async () => {
    const release = fake.hold();
    try {
      const pending = t.app.inject(`/api/media-servers/stream/${fake.ids.alien}`);
      await expect.poll(() => fake.held()).toBe(1);
      // The stream waits on the media server; nothing else does.
      const alien = await title('movie', ids.alien);
      expect(alien.results).toHaveLength(1);
      release();
      expect((await pending).statusCode).toBe(200);
    } finally {
      release();
    }
  });
});

describe('without a media server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the source off and streams nothing', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ media_server: null });
    expect((await t.app.inject('/api/media-servers/title/movie/1')).json()).toEqual({
      enabled: false,
      kind: null,
      name: null,
      state: 'off',
      message: null,
      scanning: false,
      scanned_at: null,
      results: [],
    });
    expect((await t.app.inject('/api/media-servers/stream/a1')).statusCode).toBe(404);
    expect((await t.app.inject('/api/media-servers/hls/a1/master.m3u8')).statusCode).toBe(404);
  });
});

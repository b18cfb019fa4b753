import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

/**
 * A fake Jellyfin or Emby server for tests, written from Jellyfin's API as its controllers and
 * its TypeScript SDK document it (see the comment atop media-server-client.ts): plain node:http on
 * 127.0.0.1, answering in Jellyfin's shapes (PascalCase BaseItemDto, QueryResult paging) for
 * - GET /System/Info/Public (no key) and /System/Info;
 * - GET /Items?Recursive&IncludeItemTypes&ParentId&Fields&StartIndex&Limit (fields only when asked for);
 * - GET /Shows/{id}/Episodes (missing "Virtual" episodes too, unless IsMissing=false);
 * - GET/HEAD /Videos/{id}/stream?static=true (the file, with byte ranges);
 * - GET /Videos/{id}/master.m3u8 (MediaSourceId required), main.m3u8, hls1/main/{n}.ts, with the
 *   request's query repeated in the relative URLs as Jellyfin does;
 * - DELETE /Videos/ActiveEncodings?deviceId&playSessionId (204).
 * As Jellyfin, every path also answers under /emby/ (Jellyfin's legacy routes), and a request
 * without the key (Authorization: MediaBrowser Token="...", X-Emby-Token, or ApiKey/api_key in the
 * query) gets 401.
 *
 * With `kind: 'emby'` it answers as Emby does instead, from Emby's REST reference (dev.emby.media,
 * the OpenAPI of the Emby SDK 4.8) and the last open source of Emby Server (MediaBrowser.Api, 3.5):
 * - only under /emby/ (Emby's own clients' base; its server name, version and numeric item ids,
 *   `"101"`, with media sources `"mediasource_101"`);
 * - the key as Emby takes it: X-Emby-Token, api_key in the query, or the Token of an
 *   X-Emby-Authorization/Authorization header of scheme Emby or MediaBrowser (not Jellyfin's ApiKey);
 * - GET /Shows/{id}/Episodes resolves the user from UserId (TvShowsService.GetEpisodes:
 *   `_userManager.GetUserById(request.UserId)`), which throws without one: 400. /Items needs none;
 * - master.m3u8 requires MediaSourceId and DeviceId (Http-Live-Streaming.md), ActiveEncodings
 *   DeviceId and PlaySessionId (HlsSegmentService). The HLS playlists are Jellyfin's: it kept them.
 */

export const FAKE_JELLYFIN_KEY = 'fake-jellyfin-api-key-0123456789abcdef';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/hls');
/** A 6 s VP8 WebM (160×90), the browser tests' Library clip: played as it is. */
export const DIRECT_VIDEO = path.resolve(import.meta.dirname, '../../web/e2e/fixtures/media/Memento (2001).webm');
/** Three 2 s MPEG-TS segments of H.264 and AAC, what a Jellyfin transcode sends. */
const SEGMENTS = [0, 1, 2].map((n) => path.join(FIXTURES, `segment${n}.mpegts`));
const SEGMENT_SECONDS = 2;

export interface FakeItem {
  Id: string;
  Name: string;
  OriginalTitle?: string;
  Type: 'Movie' | 'Series' | 'Episode';
  ProductionYear?: number;
  ProviderIds?: Record<string, string>;
  SeriesId?: string;
  ParentIndexNumber?: number;
  IndexNumber?: number;
  LocationType?: 'FileSystem' | 'Virtual';
  RunTimeTicks?: number;
  /** Container and codecs of its one media source; the bytes are DIRECT_VIDEO's or the HLS fixture's. */
  Container?: string;
  Path?: string;
  VideoCodec?: string;
  AudioCodec?: string;
}

const webm = { Container: 'webm', VideoCodec: 'vp8', RunTimeTicks: 60_000_000 } as const;
const mkv = { Container: 'mkv', VideoCodec: 'h264', AudioCodec: 'dts', RunTimeTicks: 60_000_000 } as const;

export type FakeServerKind = 'jellyfin' | 'emby';
type FakeItemName = 'alien' | 'matrix' | 'holiday' | 'chernobyl' | 'chernobyl1' | 'chernobyl2' | 'chernobyl3';

/** Ids of the seeded items: 32 hex digits on Jellyfin, numbers on Emby. */
export const FAKE_IDS: Record<FakeServerKind, Readonly<Record<FakeItemName, string>>> = {
  jellyfin: {
    alien: 'a1000000000000000000000000000001',
    matrix: 'a1000000000000000000000000000002',
    holiday: 'a1000000000000000000000000000003',
    chernobyl: 'b2000000000000000000000000000001',
    chernobyl1: 'c3000000000000000000000000000001',
    chernobyl2: 'c3000000000000000000000000000002',
    chernobyl3: 'c3000000000000000000000000000003',
  },
  emby: {
    alien: '101',
    matrix: '102',
    holiday: '103',
    chernobyl: '201',
    chernobyl1: '202',
    chernobyl2: '203',
    chernobyl3: '204',
  },
};

/** The Jellyfin fake's ids. */
export const FAKE_ITEMS = FAKE_IDS.jellyfin;

/** The id of an item's one media source: the item's on Jellyfin, `mediasource_<id>` on Emby. */
export const fakeMediaSourceId = (kind: FakeServerKind, itemId: string) =>
  kind === 'emby' ? `mediasource_${itemId}` : itemId;

/** Titles the local catalogue has (Alien, The Matrix, Chernobyl) and one it has not. */
export function seedItems(kind: FakeServerKind = 'jellyfin'): FakeItem[] {
  const FAKE_ITEMS = FAKE_IDS[kind];
  return [
    {
      Id: FAKE_ITEMS.alien,
      Name: 'Alien',
      Type: 'Movie',
      ProductionYear: 1979,
      ProviderIds: { Tmdb: '348', Imdb: 'tt0078748' },
      Path: '/media/movies/Alien (1979)/Alien (1979).webm',
      ...webm,
    },
    {
      Id: FAKE_ITEMS.matrix,
      Name: 'The Matrix',
      Type: 'Movie',
      ProductionYear: 1999,
      ProviderIds: { Tmdb: '603', Imdb: 'tt0133093' },
      Path: '/media/movies/The Matrix (1999)/The Matrix (1999).mkv',
      ...mkv,
    },
    {
      Id: FAKE_ITEMS.holiday,
      Name: 'Our Summer Holiday',
      Type: 'Movie',
      ProductionYear: 2019,
      Path: '/media/home/Our Summer Holiday.webm',
      ...webm,
    },
    {
      Id: FAKE_ITEMS.chernobyl,
      Name: 'Chernobyl',
      Type: 'Series',
      ProductionYear: 2019,
      ProviderIds: { Tmdb: '87108', Imdb: 'tt7366338' },
    },
    {
      Id: FAKE_ITEMS.chernobyl1,
      Name: '1:23:45',
      Type: 'Episode',
      SeriesId: FAKE_ITEMS.chernobyl,
      ParentIndexNumber: 1,
      IndexNumber: 1,
      Path: '/media/tv/Chernobyl/Season 01/Chernobyl S01E01.mkv',
      ...mkv,
      AudioCodec: 'ac3',
    },
    {
      Id: FAKE_ITEMS.chernobyl2,
      Name: 'Please Remain Calm',
      Type: 'Episode',
      SeriesId: FAKE_ITEMS.chernobyl,
      ParentIndexNumber: 1,
      IndexNumber: 2,
      Path: '/media/tv/Chernobyl/Season 01/Chernobyl S01E02.webm',
      ...webm,
    },
    {
      Id: FAKE_ITEMS.chernobyl3,
      Name: 'Open Wide, O Earth',
      Type: 'Episode',
      SeriesId: FAKE_ITEMS.chernobyl,
      ParentIndexNumber: 1,
      IndexNumber: 3,
      LocationType: 'Virtual',
    },
  ];
}

/** ok: answers; down: drops every connection unanswered (a server gone away); error: 500s. */
export type FakeJellyfinMode = 'ok' | 'down' | 'error';

export interface FakeJellyfinRequest {
  method: string;
  /** Without an /emby prefix. */
  path: string;
  /** As sent. */
  rawPath: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeJellyfin {
  kind: FakeServerKind;
  /** Its address; an Emby fake answers under `${url}/emby` only. */
  url: string;
  apiKey: string;
  /** Ids of the seeded items. */
  ids: Readonly<Record<FakeItemName, string>>;
  items: FakeItem[];
  requests: FakeJellyfinRequest[];
  setMode(mode: FakeJellyfinMode): void;
  /** Delays every answer by this (a slow server), until set back to 0. */
  setLatency(ms: number): void;
  /** Holds every request unanswered (a server that hangs) until the returned function is called. */
  hold(): () => void;
  /** Requests held unanswered right now. */
  held(): number;
  close(): Promise<void>;
}

function tokenOf(kind: FakeServerKind, headers: IncomingHttpHeaders, query: URLSearchParams): string | null {
  const emby = headers['x-emby-authorization'] as string | undefined;
  // Emby reads its own header first (AuthorizationContext.GetAuthorization), Jellyfin the standard one.
  const auth = kind === 'emby' ? (emby ?? headers.authorization) : (headers.authorization ?? emby);
  const match = auth ? /^(?:MediaBrowser|Emby)\s.*?\bToken="([^"]*)"/i.exec(auth) : null;
  if (match) return match[1]!;
  const header = headers['x-emby-token'] ?? headers['x-mediabrowser-token'];
  if (typeof header === 'string') return header;
  return (kind === 'jellyfin' ? query.get('ApiKey') : null) ?? query.get('api_key');
}

function dto(kind: FakeServerKind, item: FakeItem, fields: Set<string>) {
  const base: Record<string, unknown> = {
    Name: item.Name,
    ServerId: 'fake-server',
    Id: item.Id,
    Type: item.Type,
    IsFolder: item.Type === 'Series',
    LocationType: item.LocationType ?? 'FileSystem',
    MediaType: item.Type === 'Series' ? 'Unknown' : 'Video',
  };
  if (item.ProductionYear) base.ProductionYear = item.ProductionYear;
  if (item.RunTimeTicks) base.RunTimeTicks = item.RunTimeTicks;
  if (item.Type === 'Episode') {
    Object.assign(base, {
      SeriesId: item.SeriesId,
      ParentIndexNumber: item.ParentIndexNumber,
      IndexNumber: item.IndexNumber,
    });
  }
  if (fields.has('ProviderIds')) base.ProviderIds = item.ProviderIds ?? {};
  if (fields.has('OriginalTitle')) base.OriginalTitle = item.OriginalTitle ?? item.Name;
  if (fields.has('MediaSources') && item.Container && item.LocationType !== 'Virtual') {
    base.MediaSources = [
      {
        Protocol: 'File',
        Id: fakeMediaSourceId(kind, item.Id),
        ...(kind === 'emby' ? { ItemId: item.Id } : {}),
        Path: item.Path,
        Type: 'Default',
        Container: item.Container,
        Name: item.Name,
        SupportsDirectStream: true,
        SupportsTranscoding: true,
        MediaStreams: [
          { Codec: item.VideoCodec, Type: 'Video', Index: 0 },
          ...(item.AudioCodec ? [{ Codec: item.AudioCodec, Type: 'Audio', Index: 1 }] : []),
        ],
      },
    ];
  }
  return base;
}

function json(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function sendFile(request: IncomingMessage, response: ServerResponse, file: string, type: string) {
  const size = statSync(file).size;
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  let start = 0;
  let end = size - 1;
  if (range && (range[1] || range[2])) {
    if (range[1]) {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    } else {
      start = Math.max(0, size - Number(range[2]));
    }
    if (start >= size || end < start) {
      response.writeHead(416, { 'content-range': `bytes */${size}` });
      response.end();
      return;
    }
  }
  const headers: Record<string, string | number> = {
    'content-type': type,
    'accept-ranges': 'bytes',
    'content-length': end - start + 1,
    'last-modified': new Date(0).toUTCString(),
  };
  if (range && (range[1] || range[2])) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  response.writeHead(range && (range[1] || range[2]) ? 206 : 200, headers);
  if (request.method === 'HEAD') response.end();
  else createReadStream(file, { start, end }).pipe(response);
}

function playlist(response: ServerResponse, text: string) {
  response.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
  response.end(text);
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeJellyfin(
  options: {
    kind?: FakeServerKind;
    apiKey?: string;
    items?: FakeItem[];
    directVideo?: string;
    control?: boolean;
  } = {},
): Promise<FakeJellyfin> {
  const kind = options.kind ?? 'jellyfin';
  const apiKey = options.apiKey ?? FAKE_JELLYFIN_KEY;
  const items = options.items ?? seedItems(kind);
  const directVideo = options.directVideo ?? DIRECT_VIDEO;
  const requests: FakeJellyfinRequest[] = [];
  let mode: FakeJellyfinMode = 'ok';
  let latency = 0;
  let holding: Array<() => void> | null = null;
  const sockets = new Set<Socket>();

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const route = url.pathname.replace(/^\/emby(?=\/)/i, '');
    const query = url.searchParams;
    const emby = kind === 'emby';
    // Jellyfin binds query parameters case-insensitively.
    const param = (name: string) => [...query].find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? null;
    requests.push({
      method: request.method ?? 'GET',
      path: route,
      rawPath: url.pathname,
      query,
      headers: request.headers,
    });

    if (emby && route === url.pathname) {
      response.writeHead(404);
      response.end();
      return;
    }
    if (route === '/System/Info/Public' && emby) {
      // PublicSystemInfo (Emby SDK): no ProductName, a 4.x version.
      return json(response, 200, {
        LocalAddress: 'http://127.0.0.1:8096',
        ServerName: 'Fake Emby',
        Version: '4.8.11.0',
        Id: 'fakeembyserver',
      });
    }
    if (route === '/System/Info/Public') {
      return json(response, 200, {
        LocalAddress: 'http://127.0.0.1',
        ServerName: 'Fake Jellyfin',
        Version: '10.11.0',
        ProductName: 'Jellyfin Server',
        OperatingSystem: '',
        Id: 'fake-server',
        StartupWizardCompleted: true,
      });
    }
    if (tokenOf(kind, request.headers, query) !== apiKey) {
      response.writeHead(401);
      response.end();
      return;
    }
    if (route === '/System/Info') {
      return json(response, 200, {
        ServerName: emby ? 'Fake Emby' : 'Fake Jellyfin',
        Version: emby ? '4.8.11.0' : '10.11.0',
        Id: 'fake-server',
      });
    }
    const fields = new Set((param('Fields') ?? '').split(',').filter(Boolean));
    if (route === '/Items') {
      const types = new Set((param('IncludeItemTypes') ?? '').split(',').filter(Boolean));
      const recursive = param('Recursive') === 'true';
      const parentId = param('ParentId');
      const matching = items.filter(
        (item) =>
          (types.size === 0 || types.has(item.Type)) &&
          (recursive || item.Type !== 'Episode') &&
          (parentId === null || item.SeriesId === parentId) &&
          !(param('IsMissing') === 'false' && item.LocationType === 'Virtual'),
      );
      const start = Number(param('StartIndex') ?? 0);
      const limit = param('Limit') === null ? matching.length : Number(param('Limit'));
      return json(response, 200, {
        Items: matching.slice(start, start + limit).map((item) => dto(kind, item, fields)),
        TotalRecordCount: matching.length,
        StartIndex: start,
      });
    }
    const episodes = /^\/Shows\/([^/]+)\/Episodes$/.exec(route);
    if (episodes) {
      if (emby && !param('UserId')) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('Value cannot be null.\nParameter name: id');
        return;
      }
      if (!items.some((item) => item.Id === episodes[1] && item.Type === 'Series')) return json(response, 404, {});
      const list = items.filter(
        (item) => item.SeriesId === episodes[1] && !(param('IsMissing') === 'false' && item.LocationType === 'Virtual'),
      );
      return json(response, 200, {
        Items: list.map((item) => dto(kind, item, fields)),
        TotalRecordCount: list.length,
        StartIndex: 0,
      });
    }
    if (route === '/Videos/ActiveEncodings' && request.method === 'DELETE') {
      if (emby && (!param('DeviceId') || !param('PlaySessionId'))) return json(response, 400, {});
      response.writeHead(204);
      response.end();
      return;
    }
    const video = /^\/Videos\/([^/]+)\/(.+)$/.exec(route);
    const item = video && items.find((entry) => entry.Id === video[1] && entry.Container);
    if (!video || !item) {
      response.writeHead(404);
      response.end();
      return;
    }
    const rest = video[2]!;
    const mediaSourceId = param('MediaSourceId');
    if (mediaSourceId !== null && mediaSourceId !== fakeMediaSourceId(kind, item.Id)) {
      response.writeHead(404);
      response.end();
      return;
    }
    if (rest === 'stream' && param('static') === 'true') {
      return sendFile(request, response, directVideo, item.Container === 'webm' ? 'video/webm' : 'video/x-matroska');
    }
    if (rest === 'master.m3u8') {
      if (!mediaSourceId) return json(response, 400, { title: 'The MediaSourceId field is required.' });
      if (emby && !param('DeviceId')) return json(response, 400, {});
      return playlist(
        response,
        `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=140000,AVERAGE-BANDWIDTH=140000,CODECS="avc1.42c00d,mp4a.40.2",RESOLUTION=160x90\nmain.m3u8${url.search}\n`,
      );
    }
    if (rest === 'main.m3u8') {
      const ticks = SEGMENT_SECONDS * 10_000_000;
      const lines = [
        '#EXTM3U',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-VERSION:3',
        `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
        '#EXT-X-MEDIA-SEQUENCE:0',
      ];
      SEGMENTS.forEach((_, n) => {
        lines.push(`#EXTINF:${SEGMENT_SECONDS}.000000, nodesc`);
        lines.push(`hls1/main/${n}.ts${url.search}&runtimeTicks=${n * ticks}&actualSegmentLengthTicks=${ticks}`);
      });
      lines.push('#EXT-X-ENDLIST', '');
      return playlist(response, lines.join('\n'));
    }
    const segment = /^hls1\/main\/(\d+)\.ts$/.exec(rest);
    if (segment && SEGMENTS[Number(segment[1])]) {
      const bytes = readFileSync(SEGMENTS[Number(segment[1])]!);
      response.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': bytes.length });
      response.end(bytes);
      return;
    }
    response.writeHead(404);
    response.end();
  }

  /**
   * With `control`, another process switches the fake (the browser tests' files; global-setup.ts
   * starts it): `POST /__fake/mode?set=ok|down|error`, `POST /__fake/latency?ms=N`. Answered in
   * any mode, 204 when done.
   */
  function control(request: IncomingMessage, response: ServerResponse): boolean {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (!options.control || !url.pathname.startsWith('/__fake/') || request.method !== 'POST') return false;
    const set = url.searchParams.get('set');
    const ms = Number(url.searchParams.get('ms'));
    if (url.pathname === '/__fake/mode' && (set === 'ok' || set === 'down' || set === 'error')) mode = set;
    else if (url.pathname === '/__fake/latency' && Number.isInteger(ms) && ms >= 0) latency = ms;
    else {
      json(response, 400, { error: 'POST /__fake/mode?set=ok|down|error or /__fake/latency?ms=N' });
      return true;
    }
    response.writeHead(204);
    response.end();
    return true;
  }

  const server = createServer((request, response) => {
    if (control(request, response)) return;
    if (mode === 'down') {
      request.socket.destroy();
      return;
    }
    if (mode === 'error') {
      response.writeHead(500);
      response.end();
      return;
    }
    if (holding) holding.push(() => handle(request, response));
    else if (latency > 0) setTimeout(() => handle(request, response), latency);
    else handle(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    kind,
    url: `http://127.0.0.1:${port}`,
    apiKey,
    ids: FAKE_IDS[kind],
    items,
    requests,
    setMode: (next) => (mode = next),
    setLatency: (ms) => (latency = ms),
    hold() {
      const queue: Array<() => void> = (holding = []);
      return () => {
        if (holding === queue) holding = null;
        for (const answer of queue.splice(0)) answer();
      };
    },
    held: () => holding?.length ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mediaTypeSchema, titleIdSchema } from '@marquee/core';
import type { MediaServerConfig } from '../../config.ts';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { AppError } from '../../plugins/errors.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { HLS_PATH, rewritePlaylist, withoutKeys } from './hls-playlist.ts';
import {
  createMediaServerClient,
  MediaServerError,
  STREAM_START_TIMEOUT_MS,
  type MediaServerClient,
} from './media-server-client.ts';
import { createMediaServerIndex, type MediaServerEntry, type MediaServerIndex } from './media-server-index.ts';
import { isForeignEmbed } from '../../plugins/foreign-embed.ts';

const titleParams = z.object({ type: mediaTypeSchema, id: titleIdSchema });
/** Jellyfin's ids are 32 hex digits, Emby's are numbers. */
const itemIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a media server item id');
export const streamParams = z.object({ itemId: itemIdSchema });
export const hlsParams = z.object({ itemId: itemIdSchema, '*': z.string().max(200) });
export const hlsSessionParams = z.object({
  itemId: itemIdSchema,
  playSessionId: z.string().regex(/^[0-9a-f]{32}$/, 'must be a play session id'),
});

/** The longest playlist read into memory to rewrite (a feature film's is a few dozen KB). */
const MAX_PLAYLIST_BYTES = 4 * 1024 * 1024;

export interface MediaServerTitleFile {
  id: string;
  media_type: 'movie' | 'tv';
  title_id: number;
  season_number: number | null;
  episode_number: number | null;
  /** The file as it is, through Marquee, with byte ranges. */
  stream_url: string;
  /** An HLS stream the media server transcodes, through Marquee. */
  hls_url: string;
  /** The file's MIME type with codecs, for canPlayType; null: play the HLS stream. */
  direct_type: string | null;
  runtime: number | null;
}

function titleFile(entry: MediaServerEntry): MediaServerTitleFile {
  const id = encodeURIComponent(entry.id);
  return {
    id: entry.id,
    media_type: entry.media_type,
    title_id: entry.title_id,
    season_number: entry.season_number,
    episode_number: entry.episode_number,
    stream_url: `/api/media-servers/stream/${id}`,
    hls_url: `/api/media-servers/hls/${id}/master.m3u8`,
    direct_type: entry.directType,
    runtime: entry.runtime,
  };
}

const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'last-modified', 'etag'];

interface Proxy {
  client: MediaServerClient;
  index: MediaServerIndex;
  publicUrl: string;
}

/** The index entry a stream request names, after the embed check; 404 for an item it does not hold. */
function entryFor(request: FastifyRequest, proxy: Proxy, params: { itemId: string }): MediaServerEntry {
  if (isForeignEmbed(request, proxy.publicUrl)) {
    throw new AppError('forbidden', `${proxy.client.name} videos play only in Marquee`);
  }
  const entry = proxy.index.find(params.itemId);
  if (!entry) throw new AppError('not_found', `No such video on ${proxy.client.name}`);
  return entry;
}

/**
 * Asks the media server for a stream. The wait for its answer is bounded; the body then flows
 * for as long as the viewer reads it and stops when the viewer goes.
 */
async function openUpstream(
  reply: FastifyReply,
  proxy: Proxy,
  path: string,
  query: URLSearchParams,
  headers: Record<string, string>,
  method: 'GET' | 'HEAD',
): Promise<Response> {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const timer = setTimeout(
    () => controller.abort(new DOMException('timed out', 'TimeoutError')),
    STREAM_START_TIMEOUT_MS,
  );
  const { name } = proxy.client;
  let upstream: Response;
  try {
    upstream = await proxy.client.request(path, { query, headers, method, signal: controller.signal });
  } catch (error) {
    if (error instanceof MediaServerError) proxy.index.reportUnreachable();
    throw new AppError('unavailable', `${name} is not reachable`);
  } finally {
    clearTimeout(timer);
  }
  if (upstream.status === 401 || upstream.status === 403) {
    await upstream.body?.cancel();
    throw new AppError('upstream_failed', `${name} refused Marquee's API key`);
  }
  if (upstream.status === 404) {
    await upstream.body?.cancel();
    throw new AppError('not_found', `${name} no longer has this video`);
  }
  if (upstream.status >= 500 || (upstream.status >= 300 && upstream.status < 400)) {
    await upstream.body?.cancel();
    throw new AppError('upstream_failed', `${name} could not stream this video (${upstream.status})`);
  }
  return upstream;
}

function sendBody(reply: FastifyReply, upstream: Response, method: 'GET' | 'HEAD') {
  void reply
    .code(upstream.status)
    .header('cache-control', 'private, no-store')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff');
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) void reply.header(name, value);
  }
  if (method === 'HEAD' || !upstream.body) {
    void upstream.body?.cancel();
    return reply.send();
  }
  return reply.send(Readable.fromWeb(upstream.body as WebReadableStream<Uint8Array>));
}

/** GET/HEAD /api/media-servers/stream/:itemId: the file as it is, byte ranges passed through. */
async function proxyDirect(request: FastifyRequest, reply: FastifyReply, proxy: Proxy) {
  const params = parseOrThrow(streamParams, request.params, 'itemId');
  const entry = entryFor(request, proxy, params);
  const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
  const headers: Record<string, string> = {};
  for (const name of ['range', 'if-range'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const query = new URLSearchParams({ static: 'true', mediaSourceId: entry.mediaSourceId });
  const upstream = await openUpstream(reply, proxy, `/Videos/${entry.id}/stream`, query, headers, method);
  return sendBody(reply, upstream, method);
}

/** Reads a playlist, refusing one too large to be a playlist. */
async function readPlaylist(upstream: Response, name: string): Promise<string> {
  const length = Number(upstream.headers.get('content-length') ?? 0);
  if (length > MAX_PLAYLIST_BYTES) {
    await upstream.body?.cancel();
    throw new AppError('upstream_failed', `${name} sent a playlist too large to read`);
  }
  const text = await upstream.text();
  if (text.length > MAX_PLAYLIST_BYTES || !text.startsWith('#EXTM3U')) {
    throw new AppError('upstream_failed', `${name} did not send an HLS playlist`);
  }
  return text;
}

/**
 * GET /api/media-servers/hls/:itemId/(master.m3u8 | main.m3u8 | hls1/...): the media server's
 * HLS stream through Marquee. Marquee asks for the master playlist itself (H.264 and AAC in
 * MPEG-TS, which every HLS player reads; the server copies streams that already fit and
 * transcodes the rest); the playlists' URLs are rewritten to this route, segments pass through.
 */
async function proxyHls(request: FastifyRequest, reply: FastifyReply, proxy: Proxy) {
  const params = parseOrThrow(hlsParams, request.params, 'path');
  const entry = entryFor(request, proxy, params);
  const rest = params['*'];
  let query: URLSearchParams;
  if (rest === 'master.m3u8') {
    query = new URLSearchParams({
      MediaSourceId: entry.mediaSourceId,
      DeviceId: proxy.client.deviceId,
      // One transcode per viewer: the server keys its transcoding jobs by play session.
      PlaySessionId: randomBytes(16).toString('hex'),
      VideoCodec: 'h264',
      AudioCodec: 'aac',
      TranscodingMaxAudioChannels: '2',
      SegmentContainer: 'ts',
      MinSegments: '1',
      BreakOnNonKeyFrames: 'true',
    });
  } else if (HLS_PATH.test(rest)) {
    query = withoutKeys(new URL(request.url, 'http://marquee.invalid').searchParams);
  } else {
    throw new AppError('not_found', 'No such HLS resource');
  }
  const path = `/Videos/${entry.id}/${rest}`;
  const upstream = await openUpstream(reply, proxy, path, query, {}, 'GET');
  if (!rest.endsWith('.m3u8')) return sendBody(reply, upstream, 'GET');

  const text = await readPlaylist(upstream, proxy.client.name);
  const itemRoot = proxy.client.url(`/Videos/${entry.id}/`);
  const rewritten = rewritePlaylist(
    text,
    proxy.client.url(path, query),
    itemRoot,
    `/api/media-servers/hls/${encodeURIComponent(entry.id)}/`,
  );
  return reply
    .code(200)
    .header('content-type', 'application/vnd.apple.mpegurl')
    .header('cache-control', 'private, no-store')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff')
    .send(rewritten);
}

/**
 * DELETE /api/media-servers/hls/:itemId/sessions/:playSessionId: the viewer left, so the media
 * server stops transcoding for that play session at once instead of when its own idle timeout
 * notices. Best effort: the answer is 204 whatever the server did with it.
 */
async function stopHls(request: FastifyRequest, reply: FastifyReply, proxy: Proxy) {
  const params = parseOrThrow(hlsSessionParams, request.params, 'path');
  entryFor(request, proxy, params);
  const query = new URLSearchParams({ deviceId: proxy.client.deviceId, playSessionId: params.playSessionId });
  try {
    const answer = await proxy.client.request('/Videos/ActiveEncodings', {
      method: 'DELETE',
      query,
      signal: AbortSignal.timeout(5000),
    });
    await answer.body?.cancel();
  } catch (error) {
    request.log.warn({ err: error }, `media server: stopping a ${proxy.client.name} transcode failed`);
  }
  return reply.code(204).send();
}

export interface MediaServersOptions {
  server: MediaServerConfig | null;
  catalogue: Pick<CatalogueProvider, 'search' | 'mode' | 'findByImdbId'>;
  publicUrl: string;
  version: string;
  fetchImpl?: typeof fetch;
}

/**
 * /api/media-servers/* (DESIGN.md: JELLYFIN_URL/JELLYFIN_API_KEY or the Emby pair): what a title
 * has on the media server, the server's state, and its streams through Marquee, so that the
 * browser never sees the server's address or key. Indexing runs in the background from start.
 */
export async function mediaServersModule(
  app: FastifyInstance,
  options: MediaServersOptions,
): Promise<{ kind: MediaServerClient['kind']; index: MediaServerIndex } | null> {
  const client = options.server
    ? createMediaServerClient({ config: options.server, fetchImpl: options.fetchImpl, version: options.version })
    : null;
  const index = client ? createMediaServerIndex(client, options.catalogue, app.log) : null;
  const proxy = client && index ? { client, index, publicUrl: options.publicUrl } : null;
  const off = { enabled: false, kind: null, name: null, state: 'off', message: null } as const;

  app.get('/api/media-servers/status', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!client || !index) return { ...off, indexed_at: null, items: 0, unmatched: 0 };
    return { enabled: true, kind: client.kind, name: client.name, ...index.status() };
  });

  app.get('/api/media-servers/title/:type/:id', async (request, reply) => {
    const { type, id } = parseOrThrow(titleParams, request.params, 'path');
    void reply.header('cache-control', 'no-store');
    if (!client || !index) return { ...off, scanning: false, scanned_at: null, results: [] };
    const { state, message, indexed_at } = index.status();
    return {
      enabled: true,
      kind: client.kind,
      name: client.name,
      state,
      message,
      scanning: state === 'indexing',
      scanned_at: indexed_at,
      results: index.forTitle(type, id).map(titleFile),
    };
  });

  const requireProxy = (): Proxy => {
    if (!proxy) throw new AppError('not_found', 'No Jellyfin or Emby server is configured');
    return proxy;
  };
  // Video is already compressed; gzip would also break byte ranges.
  const stream = { compress: false } as const;
  app.get('/api/media-servers/stream/:itemId', { ...stream, exposeHeadRoute: false }, (request, reply) =>
    proxyDirect(request, reply, requireProxy()),
  );
  app.head('/api/media-servers/stream/:itemId', stream, (request, reply) =>
    proxyDirect(request, reply, requireProxy()),
  );
  app.get('/api/media-servers/hls/:itemId/*', stream, (request, reply) => proxyHls(request, reply, requireProxy()));
  app.delete('/api/media-servers/hls/:itemId/sessions/:playSessionId', (request, reply) =>
    stopHls(request, reply, requireProxy()),
  );

  if (index) {
    app.addHook('onReady', async () => index.start());
    app.addHook('onClose', async () => index.stop());
  }
  // The availability answers (modules/availability) read the same index.
  return client && index ? { kind: client.kind, index } : null;
}

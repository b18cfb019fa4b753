import { createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mediaTypeSchema, titleIdSchema } from '@marquee/core';
import { AppError } from '../../plugins/errors.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { parseRange } from './byte-range.ts';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { createMediaLibrary, resolveInside, type MediaLibrary } from './media-library.ts';
import { videoContentType } from './media-names.ts';
import { hlsPlaylist } from './hls.ts';
import { createMediaPlayback, firstBytes, type MediaPlayback } from './media-playback.ts';
import { watchMediaDir } from './media-watch.ts';
import { isForeignEmbed } from '../../plugins/foreign-embed.ts';

const titleParams = z.object({ type: mediaTypeSchema, id: titleIdSchema });
export const streamParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a media file id') });
export const subtitleParams = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a media file id'),
  track: z.string().regex(/^[es]\d{1,4}$/, 'must be a subtitle track id'),
});
/** A converted stream: where it starts (seconds), which audio track, and the viewer (one stream per file each). */
export const playQuery = z
  .object({
    start: z.coerce.number().min(0).max(1_000_000).default(0),
    audio: z.coerce.number().int().min(0).max(99).default(0),
    viewer: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _')
      .optional(),
  })
  .strict();

/** The HLS rendition of a converted stream: its playlist or a segment. */
export const hlsParams = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a media file id'),
  name: z.string().regex(/^(?:index\.m3u8|\d{1,6}\.ts)$/, 'must be index.m3u8 or <number>.ts'),
});
/** Which audio track and the viewer (one stream per file each), as for a converted stream. */
export const hlsQuery = playQuery.omit({ start: true }).strict();

/** A rescan walks the whole folder and searches the catalogue per title: at most one per this. */
export const RESCAN_COOLDOWN_S = 30;

export interface MediaAccess {
  publicUrl: string;
  /** MEDIA_ADMIN_TOKEN: opens the operator routes from another machine. */
  adminToken: string | null;
  /** TRUST_PROXY: request.ip is the client's address taken from X-Forwarded-For. */
  trustProxy: boolean;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(?:::ffff:)?127\./.test(ip);
}

function hasToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  // Digests have one length, so the comparison takes the same time whatever was sent.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * The Library index lists the server's file paths and what failed to match, and a rescan costs a
 * walk of the folder: both are for the operator, who is on this machine or holds the token.
 * Behind a reverse proxy on the same machine every visitor arrives from loopback, so a forwarded
 * request counts as local only when TRUST_PROXY has turned request.ip into the client's address.
 */
function requireOperator(request: FastifyRequest, access: MediaAccess): void {
  if (access.adminToken && hasToken(request, access.adminToken)) return;
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (isLoopback(request.ip) && (access.trustProxy || !forwarded)) return;
  throw new AppError(
    'forbidden',
    'The media library is for the server operator: ask from the server itself or send the MEDIA_ADMIN_TOKEN bearer token',
  );
}

function etagMatches(header: string, etag: string): boolean {
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Whether a precondition fails (RFC 9110 §13.2.2, checked before If-None-Match): If-Match with a
 * strong comparison, else If-Unmodified-Since. A client resuming a download with them must not
 * get bytes of a file that was replaced meanwhile.
 */
function preconditionFails(request: FastifyRequest, etag: string, modified: Date): boolean {
  const ifMatch = request.headers['if-match'];
  if (typeof ifMatch === 'string') {
    return !(ifMatch.trim() === '*' || ifMatch.split(',').some((tag) => tag.trim() === etag));
  }
  const since = Date.parse(request.headers['if-unmodified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) > Math.floor(since / 1000);
}

/** Whether the client's copy is current (RFC 9110 §13.1.2/§13.1.3: If-None-Match wins over If-Modified-Since). */
function isNotModified(request: FastifyRequest, etag: string, modified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string') return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}

/** If-Range: the range applies only to the representation the client already has (strong match or same date). */
function rangeStillApplies(request: FastifyRequest, etag: string, modified: Date): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.startsWith('"')) return ifRange.trim() === etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(date / 1000) === Math.floor(modified.getTime() / 1000);
}

async function streamFile(
  request: FastifyRequest,
  reply: FastifyReply,
  library: MediaLibrary,
  publicUrl: string,
): Promise<FastifyReply> {
  const { id } = parseOrThrow(streamParams, request.params, 'id');
  if (isForeignEmbed(request, publicUrl)) throw new AppError('forbidden', 'Library videos play only in Marquee');
  const file = library.find(id);
  // Resolved again on every request: a file swapped for a symlink since the scan is caught here.
  const real = file && library.root ? await resolveInside(library.root, file.path) : null;
  const info = real ? await stat(real).catch(() => null) : null;
  const type = file ? videoContentType(file.path) : null;
  if (!file || !real || !info?.isFile() || !type) throw new AppError('not_found', 'Media file not found');

  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  void reply
    .header('content-type', type)
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', info.mtime.toUTCString())
    .header('cache-control', 'private, max-age=0, must-revalidate')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff');

  if (preconditionFails(request, etag, info.mtime)) {
    throw new AppError('precondition_failed', 'The file has changed since the version the request names');
  }
  if (isNotModified(request, etag, info.mtime)) return reply.code(304).send();

  const range = rangeStillApplies(request, etag, info.mtime) ? parseRange(request.headers.range, info.size) : null;
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${info.size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ error: { code: 'range_not_satisfiable', message: 'Range not satisfiable' } });
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  const length = info.size === 0 ? 0 : end - start + 1;
  void reply.code(range ? 206 : 200).header('content-length', length);
  if (range) void reply.header('content-range', `bytes ${start}-${end}/${info.size}`);
  if (request.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(createReadStream(real, { start, end }));
}

/**
 * /api/media/* (DESIGN.md "Library"): the index of MEDIA_DIR, a title's files, a rescan, and
 * byte-range streaming by file id.
 */
export async function mediaRoutes(
  app: FastifyInstance,
  library: MediaLibrary,
  access: MediaAccess,
  playback: MediaPlayback,
): Promise<void> {
  const { publicUrl } = access;
  app.get('/api/media/library', async (request) => {
    requireOperator(request, access);
    const snapshot = library.snapshot();
    const ffmpeg = library.root ? await playback.ffmpeg() : null;
    // Each file with how browsers get to play it (null until probed: the index comes first).
    const results = await Promise.all(
      snapshot.results.map(async (file) => ({ ...file, playback: await playback.peek(file) })),
    );
    return {
      enabled: library.root !== null,
      ...snapshot,
      results,
      ffmpeg: ffmpeg
        ? ffmpeg.ok
          ? { available: true, version: ffmpeg.version }
          : { available: false, reason: ffmpeg.reason }
        : null,
      transcodes: { ...playback.transcoder.running(), limit: playback.transcoder.limit },
    };
  });

  app.post('/api/media/rescan', async (request, reply) => {
    requireOperator(request, access);
    if (!library.root) throw new AppError('not_found', 'No media folder is configured (MEDIA_DIR)');
    if (library.snapshot().scanning) {
      void reply.header('retry-after', 5);
      throw new AppError(
        'rate_limited',
        'A scan of the media folder is already running. Please try again when it ends.',
      );
    }
    const endedAt = library.lastScanEndedAt();
    const wait = endedAt === null ? 0 : Math.ceil(endedAt / 1000 + RESCAN_COOLDOWN_S - Date.now() / 1000);
    if (wait > 0) {
      void reply.header('retry-after', wait);
      throw new AppError(
        'rate_limited',
        `The media folder was scanned less than ${RESCAN_COOLDOWN_S} seconds ago. Please try again in ${wait} s.`,
      );
    }
    void library.rescan();
    return reply.code(202).send({ scanning: true });
  });

  app.get('/api/media/title/:type/:id', async (request) => {
    const { type, id } = parseOrThrow(titleParams, request.params, 'path');
    const { scanning, scanned_at } = library.snapshot();
    return { enabled: library.root !== null, scanning, scanned_at, results: library.forTitle(type, id) };
  });

  // Video is already compressed; gzip would also break byte ranges.
  const stream = { compress: false } as const;
  app.get('/api/media/stream/:id', { ...stream, exposeHeadRoute: false }, (request, reply) =>
    streamFile(request, reply, library, publicUrl),
  );
  // Its own HEAD route: Fastify's automatic one would read the whole file to count its bytes.
  app.head('/api/media/stream/:id', stream, (request, reply) => streamFile(request, reply, library, publicUrl));

  app.get('/api/media/file/:id', async (request) => {
    const { id } = parseOrThrow(streamParams, request.params, 'id');
    const file = library.find(id);
    const details = file ? await playback.details(file) : null;
    if (!details) throw new AppError('not_found', 'Media file not found');
    return details;
  });

  app.get('/api/media/subtitles/:id/:track', async (request, reply) => {
    const { id, track } = parseOrThrow(subtitleParams, request.params, 'path');
    if (isForeignEmbed(request, publicUrl)) throw new AppError('forbidden', 'Library videos play only in Marquee');
    const file = library.find(id);
    const text = file ? await playback.subtitle(file, track) : null;
    if (text === null) throw new AppError('not_found', 'Subtitle track not found');
    return reply
      .header('content-type', 'text/vtt; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(text);
  });

  /** A converted file's probe and the viewer's key, or the error the viewer reads. */
  async function convertible(request: FastifyRequest, id: string, viewer: string | undefined) {
    if (isForeignEmbed(request, publicUrl)) throw new AppError('forbidden', 'Library videos play only in Marquee');
    const file = library.find(id);
    const probed = file ? await playback.probe(file) : null;
    if (!file || !probed) throw new AppError('not_found', 'Media file not found');
    const ffmpeg = await playback.ffmpeg();
    if (!ffmpeg.ok) throw new AppError('conflict', `This file cannot play: ${ffmpeg.reason}`);
    const probe = probed.probe;
    if (!probe?.video.length) throw new AppError('conflict', 'This file cannot play: ffmpeg cannot read its video');
    return { file, real: probed.located.real, probe, key: `${request.ip}|${viewer ?? ''}|${id}` };
  }

  function busy(reply: FastifyReply, refused: { limit: number; kind: 'remux' | 'transcode' }): never {
    void reply.header('retry-after', 30);
    throw new AppError(
      'unavailable',
      refused.kind === 'transcode'
        ? `This server is already converting ${refused.limit === 1 ? 'a video' : `${refused.limit} videos`} for other viewers, its limit. Try again when one of them stops, or pick another source.`
        : `This server is already streaming ${refused.limit} converted videos, its limit. Try again when one of them stops, or pick another source.`,
    );
  }

  // The playlist costs nothing; each segment is made by the viewer's ffmpeg (hls.ts). No automatic
  // HEAD route: a segment's would start an ffmpeg to send nothing.
  app.get('/api/media/hls/:id/:name', { ...stream, exposeHeadRoute: false }, async (request, reply) => {
    const { id, name } = parseOrThrow(hlsParams, request.params, 'path');
    const query = parseOrThrow(hlsQuery, request.query, 'query');
    const { file, real, probe, key } = await convertible(request, id, query.viewer);
    if (!probe.duration) throw new AppError('conflict', 'This file cannot play: its length is unknown');
    void reply
      .header('cache-control', 'no-store')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff');
    if (name === 'index.m3u8') {
      // Said now, while the player can still show it, rather than as a failed segment.
      const room = playback.transcoder.wouldStart(key, 'transcode');
      if (!room.ok) busy(reply, room);
      const segments = new URLSearchParams({ audio: String(query.audio) });
      if (query.viewer) segments.set('viewer', query.viewer);
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .send(hlsPlaylist(probe.duration, `?${segments}`));
    }
    const n = Number(name.slice(0, -'.ts'.length));
    const made = await playback.hls.segment(key, { file: real, probe, audio: query.audio }, n);
    if (!made.ok) {
      if ('busy' in made) busy(reply, made.busy);
      if (made.failed === 'no such segment') throw new AppError('not_found', 'No such segment');
      if (made.failed === 'replaced') throw new AppError('conflict', 'This stream was replaced by a newer one');
      request.log.warn({ file: file.path }, 'media: an HLS segment could not be made');
      throw new AppError('conflict', 'This file cannot play: ffmpeg could not convert it');
    }
    // Opened before answering: a segment deleted meanwhile (far behind the viewer now) is a 404.
    const handle = await open(made.path).catch(() => null);
    if (!handle) throw new AppError('not_found', 'No such segment');
    const { size } = await handle.stat();
    return reply.header('content-type', 'video/mp2t').header('content-length', size).send(handle.createReadStream());
  });

  // No automatic HEAD route: it would start an ffmpeg to send nothing.
  app.get('/api/media/play/:id', { ...stream, exposeHeadRoute: false }, async (request, reply) => {
    const { id } = parseOrThrow(streamParams, request.params, 'id');
    const query = parseOrThrow(playQuery, request.query, 'query');
    const { file, real, probe, key } = await convertible(request, id, query.viewer);
    const duration = probe.duration ?? 0;
    const start = duration > 0 ? Math.min(query.start, Math.max(0, duration - 1)) : query.start;
    const started = playback.transcoder.start(key, { file: real, probe, start, audio: query.audio });
    if (!started.ok) busy(reply, started);
    const { session } = started;
    let stderr = '';
    session.child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    // The viewer left (closed the tab, sought elsewhere, the player unmounted): its ffmpeg goes too.
    reply.raw.on('close', () => session.stop());
    // Stopped here (replaced by the viewer's next stream, idle, the server closing): the response
    // ends at once, even toward a client that reads nothing any more.
    session.onStop(() => reply.raw.destroy());
    const body = await firstBytes(session);
    if (!body) {
      session.stop();
      request.log.warn({ stderr, file: file.path }, 'media: ffmpeg ended before writing a stream');
      throw new AppError('conflict', 'This file cannot play: ffmpeg could not convert it');
    }
    // A reader that stopped reading (a paused player whose buffer is full) holds no process for long.
    let lastRead = Date.now();
    session.child.stdout?.on('data', () => (lastRead = Date.now()));
    const idle = setInterval(
      () => {
        if (Date.now() - lastRead < playback.idleMs) return;
        session.stop();
      },
      Math.min(5000, playback.idleMs / 2),
    );
    session.child.once('close', () => clearInterval(idle));
    reply.raw.on('close', () => clearInterval(idle));
    return reply
      .header('content-type', 'video/mp4')
      .header('cache-control', 'no-store')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}

/** The Library source: indexes MEDIA_DIR once the app is ready (in the background) and serves it. */
export async function mediaModule(
  app: FastifyInstance,
  options: {
    mediaDir: string | null;
    catalogue: Pick<CatalogueProvider, 'search'>;
    /** FFMPEG_PATH; null: the project's own ffmpeg, else the system's. */
    ffmpegPath?: string | null;
    /** MEDIA_TRANSCODE_LIMIT. */
    transcodeLimit?: number;
    /** How long a converted stream may go unread before its ffmpeg stops (a minute; tests make it short). */
    idleMs?: number;
    /** Watch MEDIA_DIR for new files (on unless false). */
    watch?: boolean;
  } & MediaAccess,
): Promise<MediaLibrary> {
  const library = createMediaLibrary(options.mediaDir, options.catalogue, app.log);
  const playback = createMediaPlayback(library, {
    ffmpegPath: options.ffmpegPath ?? null,
    transcodeLimit: options.transcodeLimit ?? 2,
    idleMs: options.idleMs,
    log: app.log,
  });
  await mediaRoutes(app, library, options, playback);
  // Probe what each scan found, so the player's first request is answered from the cache.
  library.onScanned((files) => playback.warm(files));
  let unwatch: (() => void) | null = null;
  app.addHook('onReady', async () => {
    void library.rescan();
    if (options.mediaDir && options.watch !== false)
      unwatch = watchMediaDir(library, options.mediaDir, { log: app.log });
  });
  // Before the server waits for open requests: a converted stream ends only when its ffmpeg does.
  app.addHook('preClose', async () => {
    unwatch?.();
    await playback.close();
  });
  // The availability answers (modules/availability) read the same index.
  return library;
}

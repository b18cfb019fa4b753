import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { mediaTypeSchema, seasonNumberSchema, titleIdSchema } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { episodes, titles } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { backdropSvg, posterSvg, stillSvg, type ArtSubject } from '../../catalogue/art/art-svg.ts';
import { IMAGE_SIZES } from '../app-config/app-config.routes.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';

export const SIZES = new Set<string>([
  ...IMAGE_SIZES.poster_sizes,
  ...IMAGE_SIZES.backdrop_sizes,
  ...IMAGE_SIZES.still_sizes,
]);
const size = z.string().refine((value) => SIZES.has(value), 'is not an image size');
const svgId = z
  .string()
  .regex(/^\d{1,10}\.svg$/, 'must be a number followed by .svg')
  .transform((value) => Number(value.slice(0, -4)));
export const titleArtParams = z.object({
  size,
  kind: z.enum(['poster', 'backdrop']),
  type: mediaTypeSchema,
  file: svgId.pipe(z.number().int().positive().max(2_147_483_647)),
});
export const stillParams = z.object({
  size,
  id: titleIdSchema,
  season: seasonNumberSchema,
  file: svgId.pipe(z.number().int().min(1).max(10_000)),
});

/** Generated SVGs kept in memory: artwork is deterministic, so a hit never goes stale. */
const CACHE_LIMIT = 4000;

async function findSubject(db: Db, type: 'movie' | 'tv', id: number): Promise<ArtSubject> {
  const [row] = await db
    .select({ title: titles.title, releaseDate: titles.releaseDate, genreIds: titles.genreIds })
    .from(titles)
    .where(and(eq(titles.mediaType, type), eq(titles.id, id)));
  if (!row) throw new AppError('not_found', `No artwork for ${type} ${id}`);
  return {
    media_type: type,
    id,
    title: row.title,
    year: row.releaseDate?.slice(0, 4) ?? null,
    genre_ids: row.genreIds,
  };
}

/**
 * GET /api/art/{size}/{poster|backdrop}/{movie|tv}/{id}.svg and /api/art/{size}/still/tv/{id}/{season}/{episode}.svg:
 * the local catalogue's generated artwork, cached for a month by browsers. The size is part of
 * the path only so that paths match the movie database's image URLs; an SVG scales to any size.
 */
export async function artRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const cache = new Map<string, { svg: string; etag: string }>();

  function send(request: FastifyRequest, reply: FastifyReply, key: string, make: () => string) {
    let entry = cache.get(key);
    if (!entry) {
      const svg = make();
      entry = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"` };
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(key, entry);
    }
    void reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=2592000')
      .header('etag', entry.etag)
      // An SVG opened on its own is a document: it may run nothing and load nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .header('cross-origin-resource-policy', 'same-origin');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    return reply.send(entry.svg);
  }

  app.get('/api/art/:size/:kind/:type/:file', async (request, reply) => {
    const { kind, type, file: id } = parseOrThrow(titleArtParams, request.params, 'path');
    const key = `${kind}:${type}:${id}`;
    if (cache.has(key)) return send(request, reply, key, () => '');
    const subject = await findSubject(db, type, id);
    return send(request, reply, key, () => (kind === 'poster' ? posterSvg(subject) : backdropSvg(subject)));
  });

  app.get('/api/art/:size/still/tv/:id/:season/:file', async (request, reply) => {
    const { id, season, file: episode } = parseOrThrow(stillParams, request.params, 'path');
    const key = `still:${id}:${season}:${episode}`;
    if (cache.has(key)) return send(request, reply, key, () => '');
    const subject = await findSubject(db, 'tv', id);
    const [row] = await db
      .select({ name: episodes.name })
      .from(episodes)
      .where(and(eq(episodes.seriesId, id), eq(episodes.seasonNumber, season), eq(episodes.episodeNumber, episode)));
    if (!row) throw new AppError('not_found', `No episode ${season}x${episode} of series ${id}`);
    return send(request, reply, key, () =>
      stillSvg({ ...subject, season_number: season, episode_number: episode, episode_name: row.name }),
    );
  });
}

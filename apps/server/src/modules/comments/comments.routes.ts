import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { parseOrThrow } from '../catalogue/catalogue.routes.ts';
import { requireUser } from '../auth/session.ts';
import type { CommentsHub } from './comments-live.ts';
import {
  countLive,
  countRecentByUser,
  findComment,
  findThread,
  insertComment,
  type CommentView,
  softDelete,
  updateContent,
} from './comments.repository.ts';

/** Longest comment, in characters (the spec sets none; a wall of text helps nobody). */
export const COMMENT_MAX_LENGTH = 2000;
/** Per user: at most this many comments a minute, counted in the database (every app server). */
export const COMMENTS_PER_MINUTE = 10;
const HEARTBEAT_MS = 25_000;

const contentType = z.enum(['movie', 'tv'], { message: 'must be movie or tv' });
const contentId = z.coerce
  .number()
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(2_147_483_647, 'is too large');
export const titleQuery = z.object({ content_id: contentId, content_type: contentType });
export const commentText = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'cannot be empty')
  .max(COMMENT_MAX_LENGTH, `must be ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters or fewer`);
export const commentIdParams = z.object({ id: z.string().uuid('is not a comment id') });
export const newComment = z
  .object({
    content_id: contentId,
    content_type: contentType,
    content: commentText,
    parent_id: z.string().uuid('is not a comment id').nullable().optional(),
  })
  .strict();
/** GET /api/comments/counts: up to 100 `type:id` pairs; ids are 32-bit in the database. */
export const countsQuery = z.object({
  items: z
    .string()
    .regex(/^(movie|tv):\d{1,10}(,(movie|tv):\d{1,10}){0,99}$/, 'must be up to 100 type:id pairs joined by commas')
    .refine(
      (items) => items.split(',').every((item) => Number(item.split(':')[1]) <= 2_147_483_647),
      'has an id over 2147483647',
    ),
});

async function ownComment(db: Db, id: string, userId: string) {
  const comment = await findComment(db, id);
  if (!comment || comment.is_deleted) throw new AppError('not_found', 'Comment not found');
  // player.md §5: edit and delete are restricted to the author's own rows.
  if (comment.user_id !== userId) throw new AppError('forbidden', 'You can only change your own comments');
  return comment;
}

/**
 * How long a title's thread is served from memory. Every change is announced to every app server,
 * which forgets that thread at once; the limit only bounds what a lost announcement or a renamed
 * author could leave stale.
 */
const THREAD_CACHE_MS = 5_000;
const THREAD_CACHE_ENTRIES = 500;

/** /api/comments (DESIGN.md): threaded comments per title, their counts, and live updates (SSE). */
export async function commentsRoutes(app: FastifyInstance, db: Db, hub: CommentsHub): Promise<void> {
  const streams = new Set<FastifyReply>();
  // Open event streams would hold a shutdown forever: end them first.
  app.addHook('preClose', async () => {
    for (const reply of streams) reply.raw.end();
    streams.clear();
    await hub.close();
  });

  // Everyone reading a title reads the same thread: one query serves them all until it changes.
  const threads = new Map<string, { expires: number; value: Promise<{ results: CommentView[] }> }>();
  const threadKey = (type: string, id: number) => `${type}:${id}`;
  const forgetThread = (type: string, id: number) => threads.delete(threadKey(type, id));
  const stopWatching = hub.watch(({ comment }) => forgetThread(comment.content_type, comment.content_id));
  app.addHook('onClose', async () => stopWatching());

  app.get('/api/comments', async (request, reply) => {
    const query = parseOrThrow(titleQuery, request.query, 'query');
    void reply.header('cache-control', 'no-store');
    const key = threadKey(query.content_type, query.content_id);
    const cached = threads.get(key);
    if (cached && cached.expires > Date.now()) return cached.value;
    const value = findThread(db, query.content_type, query.content_id).then((results) => ({ results }));
    threads.set(key, { expires: Date.now() + THREAD_CACHE_MS, value });
    value.catch(() => threads.delete(key));
    if (threads.size > THREAD_CACHE_ENTRIES) threads.delete(threads.keys().next().value!);
    return value;
  });

  app.get('/api/comments/count', async (request) => {
    const query = parseOrThrow(titleQuery, request.query, 'query');
    const counts = await countLive(db, [{ contentType: query.content_type, contentId: query.content_id }]);
    return { count: counts.get(`${query.content_type}:${query.content_id}`) ?? 0 };
  });

  app.get('/api/comments/counts', async (request) => {
    const { items } = parseOrThrow(countsQuery, request.query, 'query');
    const wanted = items.split(',').map((item) => {
      const [type, id] = item.split(':') as ['movie' | 'tv', string];
      return { contentType: type, contentId: Number(id) };
    });
    const counts = await countLive(db, wanted);
    return {
      counts: Object.fromEntries(
        wanted.map((item) => [
          `${item.contentType}:${item.contentId}`,
          counts.get(`${item.contentType}:${item.contentId}`) ?? 0,
        ]),
      ),
    };
  });

  app.post('/api/comments', async (request, reply) => {
    const user = await requireUser(app, request);
    const body = parseOrThrow(newComment, request.body ?? {}, 'body');
    if (body.parent_id) {
      const parent = await findComment(db, body.parent_id);
      if (!parent || parent.content_type !== body.content_type || parent.content_id !== body.content_id) {
        throw new AppError('invalid_input', 'Invalid body.parent_id: the comment replied to is not on this title');
      }
    }
    const since = new Date(Date.now() - 60_000);
    if ((await countRecentByUser(db, user.id, since)) >= COMMENTS_PER_MINUTE) {
      void reply.header('retry-after', '60');
      throw new AppError('rate_limited', 'You are commenting too fast. Please wait a minute and try again.');
    }
    const id = await insertComment(db, {
      userId: user.id,
      contentType: body.content_type,
      contentId: body.content_id,
      content: body.content,
      parentId: body.parent_id ?? null,
    });
    forgetThread(body.content_type, body.content_id);
    await hub.announce('created', id);
    return reply.status(201).send(await findComment(db, id));
  });

  app.patch('/api/comments/:id', async (request) => {
    const user = await requireUser(app, request);
    const { id } = parseOrThrow(commentIdParams, request.params, 'path');
    const { content } = parseOrThrow(z.object({ content: commentText }).strict(), request.body ?? {}, 'body');
    const comment = await ownComment(db, id, user.id);
    await updateContent(db, id, content);
    forgetThread(comment.content_type, comment.content_id);
    await hub.announce('updated', id);
    return findComment(db, id);
  });

  app.delete('/api/comments/:id', async (request) => {
    const user = await requireUser(app, request);
    const { id } = parseOrThrow(commentIdParams, request.params, 'path');
    const comment = await ownComment(db, id, user.id);
    await softDelete(db, id);
    forgetThread(comment.content_type, comment.content_id);
    await hub.announce('deleted', id);
    return findComment(db, id);
  });

  app.get('/api/comments/stream', async (request, reply) => {
    const query = parseOrThrow(titleQuery, request.query, 'query');
    reply.hijack();
    // Sent as it comes: no compression, no proxy buffering.
    reply.raw.writeHead(200, {
      // The headers every answer carries (security headers, request id): hijack skips Fastify's sending.
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(': connected\n\n');
    streams.add(reply);
    const unsubscribe = hub.subscribe(query.content_type, query.content_id, (event) => {
      reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.comment)}\n\n`);
    });
    const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(reply);
    });
  });
}

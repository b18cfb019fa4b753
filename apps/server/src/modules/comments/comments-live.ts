import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { listen, notify } from '../../db/notify.ts';
import { findComment, type CommentView, type ContentType } from './comments.repository.ts';

export const COMMENTS_CHANNEL = 'marquee_comments';

export type CommentEventType = 'created' | 'updated' | 'deleted';
export interface CommentEvent {
  type: CommentEventType;
  comment: CommentView;
}

type Subscriber = (event: CommentEvent) => void;

/**
 * Live comments across app servers: a change is announced with NOTIFY on one channel; every
 * server LISTENs, reads the comment once and hands it to its readers of that title (SSE).
 */
export function createCommentsHub(database: Database, log: FastifyBaseLogger) {
  const readers = new Map<string, Set<Subscriber>>();
  const watchers = new Set<Subscriber>();
  let stop: (() => Promise<void>) | null = null;
  const key = (type: ContentType, id: number) => `${type}:${id}`;

  async function onNotification(payload: string) {
    try {
      const { type, id } = JSON.parse(payload) as { type: CommentEventType; id: string };
      const comment = await findComment(database.db, id);
      if (!comment) return;
      watchers.forEach((watcher) => watcher({ type, comment }));
      const audience = readers.get(key(comment.content_type, comment.content_id));
      audience?.forEach((reader) => reader({ type, comment }));
    } catch (error) {
      log.warn({ err: error }, 'could not relay a comment notification');
    }
  }

  return {
    async start() {
      ({ stop } = await listen(database, COMMENTS_CHANNEL, (payload) => void onNotification(payload)));
    },
    async close() {
      await stop?.();
      readers.clear();
      watchers.clear();
    },
    /** Tells every app server (this one included) that a comment changed. */
    announce(type: CommentEventType, id: string) {
      return notify(database, COMMENTS_CHANNEL, JSON.stringify({ type, id }));
    },
    /** Every change on any title, from any app server (for caches to forget what changed). */
    watch(watcher: Subscriber): () => void {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    subscribe(type: ContentType, id: number, reader: Subscriber): () => void {
      const audience = readers.get(key(type, id)) ?? new Set();
      audience.add(reader);
      readers.set(key(type, id), audience);
      return () => {
        audience.delete(reader);
        if (audience.size === 0) readers.delete(key(type, id));
      };
    },
  };
}

export type CommentsHub = ReturnType<typeof createCommentsHub>;

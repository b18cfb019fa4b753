import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Comment, CommentContentType } from '@marquee/core';
import { apiFetch } from '../api-client.ts';

export type { Comment, CommentContentType };

export const commentsKey = (type: CommentContentType, id: number) => ['comments', type, id] as const;

export const commentsQueryOptions = (type: CommentContentType, id: number) =>
  queryOptions({
    queryKey: commentsKey(type, id),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ results: Comment[] }>(`/api/comments?content_type=${type}&content_id=${id}`, { signal }))
        .results,
  });

export function postComment(input: {
  content_type: CommentContentType;
  content_id: number;
  content: string;
  parent_id?: string | null;
}) {
  return apiFetch<Comment>('/api/comments', { method: 'POST', body: JSON.stringify(input) });
}

export function editComment(id: string, content: string) {
  return apiFetch<Comment>(`/api/comments/${id}`, { method: 'PATCH', body: JSON.stringify({ content }) });
}

export function deleteComment(id: string) {
  return apiFetch<Comment>(`/api/comments/${id}`, { method: 'DELETE' });
}

/** Counts the thread's live comments (replies included). */
export function countComments(comments: readonly Comment[]): number {
  return comments.reduce((sum, comment) => sum + (comment.is_deleted ? 0 : 1) + countComments(comment.replies), 0);
}

/** Puts a changed comment into the cached thread (a new one under its parent, or at the end). */
function applyChange(thread: Comment[], changed: Comment): Comment[] {
  let found = false;
  const replace = (list: Comment[]): Comment[] =>
    list.map((comment) => {
      if (comment.id === changed.id) {
        found = true;
        return { ...changed, replies: comment.replies };
      }
      return { ...comment, replies: replace(comment.replies) };
    });
  const next = replace(thread);
  if (found) return next;
  if (!changed.parent_id) return [...next, { ...changed, replies: [] }];
  const attach = (list: Comment[]): Comment[] =>
    list.map((comment) =>
      comment.id === changed.parent_id
        ? { ...comment, replies: [...comment.replies, { ...changed, replies: [] }] }
        : { ...comment, replies: attach(comment.replies) },
    );
  return attach(next);
}

export function storeComment(client: QueryClient, comment: Comment): void {
  client.setQueryData<Comment[]>(commentsKey(comment.content_type, comment.content_id), (thread) =>
    thread ? applyChange(thread, comment) : thread,
  );
}

interface LiveThread {
  source: EventSource;
  watchers: number;
}

/** The open event streams, one per query client and title however many components show it. */
const liveThreads = new WeakMap<QueryClient, Map<string, LiveThread>>();

/**
 * Keeps a title's cached thread live until the returned function is called: new, edited and
 * deleted comments arrive over the server's event stream (fed by PostgreSQL LISTEN/NOTIFY). The
 * detail page shows a thread in several places (its count, the thread, the phone layout's tile):
 * they share one connection, closed when the last of them goes.
 */
export function watchThread(client: QueryClient, type: CommentContentType, id: number): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const threads = liveThreads.get(client) ?? new Map<string, LiveThread>();
  liveThreads.set(client, threads);
  const key = `${type}:${id}`;
  let thread = threads.get(key);
  if (!thread) {
    const source = new EventSource(`/api/comments/stream?content_type=${type}&content_id=${id}`);
    const onChange = (event: MessageEvent<string>) => {
      try {
        storeComment(client, JSON.parse(event.data) as Comment);
      } catch {
        // A malformed event is skipped; the next load shows the truth.
      }
    };
    for (const name of ['created', 'updated', 'deleted']) source.addEventListener(name, onChange as EventListener);
    thread = { source, watchers: 0 };
    threads.set(key, thread);
  }
  thread.watchers += 1;
  const watched = thread;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watched.watchers -= 1;
    if (watched.watchers > 0) return;
    watched.source.close();
    threads.delete(key);
  };
}

/** A title's thread, kept live while the component shows it (see watchThread). */
export function useComments(type: CommentContentType, id: number) {
  const client = useQueryClient();
  const query = useQuery(commentsQueryOptions(type, id));
  useEffect(() => watchThread(client, type, id), [client, type, id]);
  return query;
}

/** Live comment counts of many titles in one request (the cards' comment indicator). */
export function useCommentCounts(items: ReadonlyArray<{ media_type: string; id: number }>) {
  const keys = items
    .filter((item) => item.media_type === 'movie' || item.media_type === 'tv')
    .slice(0, 100)
    .map((item) => `${item.media_type}:${item.id}`);
  return useQuery({
    queryKey: ['comment-counts', keys.join(',')],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ counts: Record<string, number> }>(`/api/comments/counts?items=${keys.join(',')}`, { signal }))
        .counts,
    enabled: keys.length > 0,
    staleTime: 60_000,
  });
}

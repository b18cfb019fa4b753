import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Pencil, Reply, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { UserAvatar } from '@/components/account/user-avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { LazyConfirmDialog as ConfirmDialog, LazyDialog as Dialog } from '@/components/ui/lazy-dialog.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { openAuthDialog } from '@/lib/auth/auth-dialog-store.ts';
import { useSession } from '@/lib/auth/session.ts';
import { cn } from '@/lib/cn.ts';
import { timeAgo } from '@/lib/time-ago.ts';
import {
  countComments,
  deleteComment,
  editComment,
  postComment,
  storeComment,
  useComments,
  type Comment,
  type CommentContentType,
} from '@/lib/comments/comments-api.ts';

/** player.md §9: reply indentation stops growing at level 4. */
const MAX_INDENT = 4;
const DELETE_CONFIRM = 'Are you sure you want to delete this comment? This action cannot be undone.';
/** The §8 toast for a failed comment action; an expired session asks to sign in again. */
function toastFailure(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.status === 401) {
    toast.error('Authentication Required', { description: 'Please sign in to leave a comment' });
    return;
  }
  toast.error('Error', { description: error instanceof ApiError && error.status < 500 ? error.message : fallback });
}

function CommentBox({
  label,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      toast.error('Invalid Comment', { description: 'Comment cannot be empty' });
      return;
    }
    setBusy(true);
    const done = await onSubmit(text.trim());
    setBusy(false);
    if (done) setText('');
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <label className="sr-only" htmlFor={`${label}-input`}>
        {label}
      </label>
      <textarea
        id={`${label}-input`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={label}
        rows={3}
        maxLength={2000}
        autoFocus={autoFocus}
        className="w-full resize-y rounded-xl border border-white/10 bg-ink-900/80 px-3.5 py-2.5 text-[15px] text-fg placeholder:text-fg-subtle focus:border-gold-400/70 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/40"
      />
      <div className="flex items-center justify-end gap-2">
        <span className="mr-auto text-xs text-fg-subtle tabular-nums">{text.length}/2000</span>
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={busy || !text.trim()}>
          {busy ? 'Posting...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  level,
  userId,
  contentType,
  contentId,
}: {
  comment: Comment;
  level: number;
  userId: string | null;
  contentType: CommentContentType;
  contentId: number;
}) {
  const client = useQueryClient();
  const [mode, setMode] = useState<'view' | 'reply' | 'edit'>('view');
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const isAuthor = userId !== null && userId === comment.user_id && !comment.is_deleted;
  const name = comment.profile?.username || 'Anonymous';

  async function reply(text: string): Promise<boolean> {
    try {
      storeComment(
        client,
        await postComment({ content_type: contentType, content_id: contentId, content: text, parent_id: comment.id }),
      );
      toast.success('Comment Added', { description: 'Your comment has been posted successfully' });
      setMode('view');
      return true;
    } catch (error) {
      toastFailure(error, 'Failed to post comment. Please check your connection and try again.');
      return false;
    }
  }

  async function save(text: string): Promise<boolean> {
    try {
      storeComment(client, await editComment(comment.id, text));
      toast.success('Comment Updated', { description: 'Your comment has been updated successfully' });
      setMode('view');
      return true;
    } catch (error) {
      toastFailure(error, 'Failed to update comment');
      return false;
    }
  }

  async function remove() {
    try {
      storeComment(client, await deleteComment(comment.id));
      toast.success('Comment Deleted', { description: 'Your comment has been deleted' });
    } catch (error) {
      toastFailure(error, 'Failed to delete comment');
    }
  }

  return (
    <li className={cn(level > 0 && level <= MAX_INDENT && 'ml-4 border-l border-white/10 pl-4')}>
      <article className="py-3" aria-label={comment.is_deleted ? 'Deleted comment' : `Comment by ${name}`}>
        {comment.is_deleted ? (
          <p className="text-sm text-fg-subtle italic opacity-60">[Comment deleted]</p>
        ) : (
          <>
            <header className="flex items-center gap-2.5">
              <UserAvatar username={comment.profile?.username} avatarUrl={comment.profile?.avatar_url} size="sm" />
              <span className="text-sm font-medium text-fg">{name}</span>
              <time dateTime={comment.created_at} className="text-xs text-fg-subtle">
                {timeAgo(comment.created_at)}
              </time>
              {comment.is_edited ? <span className="text-xs text-fg-subtle">(edited)</span> : null}
            </header>
            {mode === 'edit' ? (
              <div className="mt-2">
                <CommentBox
                  label="Edit your comment"
                  initial={comment.content}
                  submitLabel="Save"
                  onSubmit={save}
                  onCancel={() => setMode('view')}
                  autoFocus
                />
              </div>
            ) : (
              <p className="mt-1.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-fg-muted">
                {comment.content}
              </p>
            )}
            {mode === 'view' && (userId || isAuthor) ? (
              <div className="mt-1.5 flex gap-1">
                {userId ? (
                  <Button variant="ghost" size="sm" onClick={() => setMode('reply')}>
                    <Reply className="size-3.5" aria-hidden />
                    Reply
                  </Button>
                ) : null}
                {isAuthor ? (
                  <>
                    <Button variant="ghost" size="sm" onClick={() => setMode('edit')}>
                      <Pencil className="size-3.5" aria-hidden />
                      Edit
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setIsConfirmingDelete(true)}>
                      <Trash2 className="size-3.5" aria-hidden />
                      Delete
                    </Button>
                  </>
                ) : null}
              </div>
            ) : null}
            {mode === 'reply' ? (
              <div className="mt-2">
                <CommentBox
                  label={`Reply to ${name}`}
                  submitLabel="Reply"
                  onSubmit={reply}
                  onCancel={() => setMode('view')}
                  autoFocus
                />
              </div>
            ) : null}
          </>
        )}
      </article>
      {isAuthor ? (
        <ConfirmDialog
          open={isConfirmingDelete}
          onOpenChange={setIsConfirmingDelete}
          title="Delete comment?"
          description={DELETE_CONFIRM}
          confirmLabel="Delete"
          onConfirm={() => void remove()}
        />
      ) : null}
      {comment.replies.length > 0 ? (
        <ul>
          {comment.replies.map((child) => (
            <CommentItem
              key={child.id}
              comment={child}
              level={level + 1}
              userId={userId}
              contentType={contentType}
              contentId={contentId}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The thread itself: the new-comment box (or the visitor prompt), then the comments. */
function CommentsThread({ contentType, contentId }: { contentType: CommentContentType; contentId: number }) {
  const { user } = useSession();
  const client = useQueryClient();
  const { data, isPending, isError, refetch } = useComments(contentType, contentId);
  useEffect(() => {
    if (isError)
      toast.error('Error', { id: `comments-${contentType}-${contentId}`, description: 'Failed to load comments' });
  }, [isError, contentType, contentId]);

  async function post(text: string): Promise<boolean> {
    try {
      storeComment(client, await postComment({ content_type: contentType, content_id: contentId, content: text }));
      toast.success('Comment Added', { description: 'Your comment has been posted successfully' });
      return true;
    } catch (error) {
      toastFailure(error, 'Failed to post comment. Please check your connection and try again.');
      return false;
    }
  }

  return (
    <div className="space-y-5">
      {user ? (
        <CommentBox label="Share your thoughts" submitLabel="Post" onSubmit={post} />
      ) : (
        <div className="rounded-xl border border-white/10 bg-white/[0.03] px-5 py-6 text-center">
          <p className="text-fg-muted">Sign in to join the conversation and share your thoughts.</p>
          <Button className="mt-4" onClick={() => openAuthDialog('sign-in')}>
            Sign In to Comment
          </Button>
        </div>
      )}
      {isPending ? (
        <p role="status" className="text-sm text-fg-muted">
          Loading comments...
        </p>
      ) : isError ? (
        <div role="alert" className="text-sm text-fg-muted">
          Failed to load comments.{' '}
          <button
            type="button"
            className="text-gold-300 underline-offset-4 hover:underline"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        </div>
      ) : data.length === 0 ? (
        <p className="text-sm text-fg-muted">No comments yet. Be the first to share your thoughts!</p>
      ) : (
        <ul aria-label="Comments" className="divide-y divide-white/5">
          {data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              level={0}
              userId={user?.id ?? null}
              contentType={contentType}
              contentId={contentId}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

export interface CommentsSectionProps {
  contentType: CommentContentType;
  contentId: number;
  /** player.md §2: inline, a count tile opening a dialog, or a View Comments button. */
  variant?: 'inline' | 'card' | 'modal';
  title?: string;
}

/** The comments of a title (player.md §2 Comments section), live. */
export function CommentsSection({
  contentType,
  contentId,
  variant = 'inline',
  title = 'Discussion',
}: CommentsSectionProps) {
  const [open, setOpen] = useState(false);
  const { data } = useComments(contentType, contentId);
  const count = data ? countComments(data) : null;
  const heading = `${title}${count !== null ? ` (${count})` : ''}`;

  if (variant === 'inline') {
    return (
      <section aria-label={title} className="rounded-2xl border border-white/[0.07] bg-ink-900/50 p-5 sm:p-6">
        <h2 className="mb-5 flex items-center gap-2 font-display text-2xl tracking-wide text-fg">
          <MessageSquare className="size-5 text-gold-300" aria-hidden />
          {heading}
        </h2>
        <CommentsThread contentType={contentType} contentId={contentId} />
      </section>
    );
  }
  return (
    <>
      {variant === 'card' ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="flex w-full items-center gap-4 rounded-2xl border border-white/[0.07] bg-ink-900/50 p-5 text-left transition-colors hover:border-gold-400/40"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
            <MessageSquare className="size-6" aria-hidden />
          </span>
          <span>
            <span className="block font-display text-2xl text-fg">{count ?? '…'}</span>
            <span className="text-sm text-fg-muted">{count === 1 ? 'comment' : 'comments'} · open the discussion</span>
          </span>
        </button>
      ) : (
        <Button variant="outline" onClick={() => setOpen(true)}>
          <MessageSquare className="size-4" aria-hidden />
          View Comments
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title={heading} size="lg">
        <CommentsThread contentType={contentType} contentId={contentId} />
      </Dialog>
    </>
  );
}

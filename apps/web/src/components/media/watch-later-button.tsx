import { Bookmark, BookmarkCheck } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { titleOf, type TitleSummary } from '@marquee/core';
import { cn } from '@/lib/cn.ts';
import { useIsInWatchLater, useWatchLater } from '@/lib/local-store/hooks.ts';

type WatchLaterSubject = Pick<
  TitleSummary,
  'id' | 'media_type' | 'title' | 'name' | 'poster_path' | 'overview' | 'release_date' | 'vote_average'
>;

/**
 * The Watch Later fields of a title. TV items keep no release date: a Watch Later card links to
 * /movie/{id} when the item has one and to /series/{id} otherwise (product.md §2).
 */
export function watchLaterInput(item: WatchLaterSubject) {
  return {
    movie_id: item.id,
    movie_title: titleOf(item),
    movie_poster: item.poster_path ?? null,
    movie_overview: item.overview || null,
    movie_release_date: item.media_type === 'movie' ? (item.release_date ?? null) : null,
    movie_vote_average: item.vote_average ?? null,
    content_type: item.media_type,
  } as const;
}

/** Adds or removes a title with the toasts of product.md §8. */
export function useWatchLaterToggle(item: WatchLaterSubject) {
  const { toggle } = useWatchLater();
  const isSaved = useIsInWatchLater(item.id, item.media_type);
  const title = titleOf(item);
  function onToggle() {
    const result = toggle(watchLaterInput(item));
    if (!result.ok) {
      toast.error('Error', {
        description: isSaved
          ? 'Failed to remove from watch later. Please try again.'
          : 'Failed to add to watch later. Please try again.',
      });
      return;
    }
    if (result.value.added)
      toast.success('Added to Watch Later', { description: `${title} has been added to your watch later list.` });
    else toast('Removed from Watch Later');
  }
  return { isSaved, onToggle };
}

export function WatchLaterButton({
  item,
  size = 'md',
  className,
}: {
  item: WatchLaterSubject;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { isSaved, onToggle } = useWatchLaterToggle(item);
  const title = titleOf(item);
  const Icon = isSaved ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={isSaved}
      aria-label={isSaved ? `Remove ${title} from Watch Later` : `Add ${title} to Watch Later`}
      title={isSaved ? 'Remove from Watch Later' : 'Add to Watch Later'}
      className={cn(
        'inline-flex items-center justify-center rounded-md transition-colors',
        size === 'sm' ? 'size-7' : 'size-10',
        isSaved
          ? 'bg-gold-400/15 text-gold-300 hover:bg-gold-400/25'
          : 'bg-white/5 text-fg-muted hover:bg-white/10 hover:text-fg',
        className,
      )}
    >
      <Icon className={size === 'sm' ? 'size-3.5' : 'size-5'} aria-hidden />
    </button>
  );
}

import { toast } from '@/lib/toast.ts';
import { watchLaterKey, type WatchLaterItem } from '@marquee/core';
import { useWatchLater } from '@/lib/local-store/hooks.ts';

/** Removing and clearing with the toasts of product.md §8. */
export function useWatchLaterActions() {
  const { items, remove, clear } = useWatchLater();

  function removeItem(item: WatchLaterItem) {
    const result = remove(watchLaterKey(item));
    if (result.ok) toast('Removed from Watch Later', { description: item.movie_title });
    else toast.error('Error', { description: 'Failed to remove from watch later. Please try again.' });
  }

  function clearAll() {
    try {
      clear();
      toast.success('Watch Later Cleared');
    } catch (error) {
      console.warn('Could not clear Watch Later', error);
      toast.error('Error', { description: 'Failed to clear watch later list. Please try again.' });
    }
  }

  return { items, removeItem, clearAll };
}

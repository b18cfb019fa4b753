import { toast } from '@/lib/toast.ts';
import { historyKey, type HistoryItem } from '@marquee/core';
import { useHistory } from '@/lib/local-store/hooks.ts';

/** Removing and clearing with the toasts of product.md §8. */
export function useHistoryActions() {
  const { items, remove, clear } = useHistory();

  function removeItem(item: HistoryItem) {
    const result = remove(historyKey(item));
    if (result.ok) toast('Removed from History', { description: item.movie_title });
    else toast.error('Error', { description: 'Failed to remove from history.' });
  }

  function clearAll() {
    try {
      clear();
      toast.success('History Cleared');
    } catch (error) {
      console.warn('Could not clear the history', error);
      toast.error('Error', { description: 'Failed to clear.' });
    }
  }

  return { items, removeItem, clearAll };
}

import type { ContentType } from '@marquee/core';
import { getHiddenStore } from '../local-store/hidden-store.ts';
import { toast } from '../toast.ts';

/**
 * Hides a title everywhere ("Not interested", DESIGN.md "Hide watched, not interested") and says
 * so with a toast whose Undo brings it back. The hidden store syncs it for an account.
 */
export function hideTitle(type: ContentType, id: number, title: string): void {
  const store = getHiddenStore();
  const ref = { movie_id: id, content_type: type };
  const result = store.hide(ref);
  if (!result.ok) {
    toast.error('Error', { description: `Could not hide ${title}. Please try again.` });
    return;
  }
  toast(`${title} hidden`, {
    description: 'It will no longer show up in Browse, rows or recommendations.',
    action: { label: 'Undo', onClick: () => showTitle(type, id) },
  });
}

/** Brings a hidden title back into every list. */
export function showTitle(type: ContentType, id: number): void {
  getHiddenStore().remove({ movie_id: id, content_type: type });
}

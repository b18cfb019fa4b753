import { EyeOff } from 'lucide-react';
import { titleOf, type TitleSummary } from '@marquee/core';
import { moveFocusBeforeRemoval } from '@/lib/focus-on-removal.ts';

/**
 * "Not interested" on a card (DESIGN.md "Hide watched, not interested"): the title leaves every
 * list, with an undo toast. What hiding does loads at the first press: cards are on first pages.
 */
export function NotInterestedButton({ item }: { item: Pick<TitleSummary, 'id' | 'media_type' | 'title' | 'name'> }) {
  const title = titleOf(item);
  return (
    <button
      type="button"
      onClick={(event) => {
        // The card is about to go: the focus moves to the same button of the next card first.
        moveFocusBeforeRemoval(event.currentTarget);
        void import('@/lib/hiding/hide-title.ts').then(({ hideTitle }) => hideTitle(item.media_type, item.id, title));
      }}
      aria-label={`Not interested in ${title}`}
      title="Not interested"
      className="inline-flex size-7 items-center justify-center rounded-md bg-white/5 text-fg-muted transition-colors hover:bg-white/10 hover:text-fg"
    >
      <EyeOff className="size-3.5" aria-hidden />
    </button>
  );
}

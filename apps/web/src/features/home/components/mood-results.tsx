import type { Recommendation } from '@marquee/core';
import { TitleCard } from '@/components/media/title-card.tsx';
import type { PosterQuality } from '@/lib/images.ts';
import { MOOD_GRID, MOOD_ITEM } from './mood-grid.ts';

/** The mood box's picks, each a title card with the reason it was picked. */
export function MoodResults({
  results,
  quality,
  onOpen,
}: {
  results: readonly Recommendation[];
  quality: PosterQuality;
  /** A pick was opened, with its rank from 1. */
  onOpen: (item: Recommendation, rank: number) => void;
}) {
  return (
    <ol className={MOOD_GRID} aria-label="Recommended for you">
      {results.map((item, index) => (
        <li key={`${item.media_type}-${item.id}`} className={MOOD_ITEM} onClickCapture={() => onOpen(item, index + 1)}>
          <TitleCard item={item} posterWidth={200} quality={quality} />
          <p className="mt-2 text-xs leading-snug text-gold-200/90">{item.reason}</p>
        </li>
      ))}
    </ol>
  );
}

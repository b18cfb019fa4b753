import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import type { HistoryItem } from '@marquee/core';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { continueWatchingItems } from '../home-rules.ts';
import { HistoryCard } from './history-card.tsx';
import { ROW_ITEM, ScrollRow } from './scroll-row.tsx';
import { SECTION_CONTAINER, SectionHeader } from './section-header.tsx';

/** The Continue Watching row: the history's newest entries, at most continueWatchingLimit cards. */
export function ContinueWatchingRow({ history }: { history: readonly HistoryItem[] }) {
  const [limit] = useSetting('continueWatchingLimit');
  const [quality] = useSetting('posterQuality');
  const items = continueWatchingItems(history, limit);

  return (
    <section aria-labelledby="home-continue" className={`${SECTION_CONTAINER} pt-10`}>
      <ScrollRow
        label="Recently watched"
        header={(controls) => (
          <SectionHeader id="home-continue" title="Continue Watching" description="Pick up right where you left off.">
            <Link
              to={paths.history}
              className="inline-flex items-center gap-1 text-sm font-medium text-gold-300 hover:text-gold-200"
            >
              View History
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            {controls}
          </SectionHeader>
        )}
      >
        {items.map((item) => (
          <li key={item.id} className={ROW_ITEM}>
            <HistoryCard item={item} quality={quality} />
          </li>
        ))}
      </ScrollRow>
    </section>
  );
}

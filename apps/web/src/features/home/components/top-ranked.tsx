import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Trophy } from 'lucide-react';
import type { MediaType, TopRatedPeriod } from '@marquee/core';
import { RankedCard } from '@/components/media/title-card.tsx';
import { TabList, tabId, type TabOption } from '@/components/ui/tab-list.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useDiscover, useTopRated } from '@/lib/catalogue/catalogue-api.ts';
import { cn } from '@/lib/cn.ts';
import { useCommentCounts } from '@/lib/comments/comments-api.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { TOP_RANKED_COUNT, TOP_RANKED_MIN_VOTES, TOP_RANKED_PERIODS } from '../home-rules.ts';
import { FetchAlert } from './fetch-alert.tsx';
import { SECTION_CONTAINER, SectionHeader } from './section-header.tsx';

/** A row on phones (swipe through the ten), a 5-column grid from tablets up. */
const RANK_LIST =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:grid md:grid-cols-5 md:gap-x-4 md:gap-y-8 md:overflow-visible md:px-0 md:pb-0 [&::-webkit-scrollbar]:hidden';
const RANK_ITEM = 'w-[40vw] max-w-48 shrink-0 snap-start md:w-auto md:max-w-none';

const TABS: ReadonlyArray<TabOption<MediaType>> = [
  { id: 'movie', label: 'Movies' },
  { id: 'tv', label: 'TV' },
];

function RankedSkeleton() {
  return (
    <ul className={RANK_LIST} aria-hidden>
      {Array.from({ length: TOP_RANKED_COUNT }, (_, index) => (
        <li key={index} className={RANK_ITEM}>
          <div className="aspect-[2/3] animate-pulse rounded-xl bg-white/5" />
          <div className="mt-3 h-3.5 w-3/4 animate-pulse rounded bg-white/5" />
          <div className="mt-2 h-3 w-1/2 animate-pulse rounded bg-white/5" />
          <div className="mt-2 h-7 w-24 animate-pulse rounded bg-white/5" />
        </li>
      ))}
    </ul>
  );
}

/**
 * A time frame nothing is ranked in (the local catalogue ends in 2025: This Year and the months
 * before now are empty): says why, and offers what the catalogue has instead, All Time and the
 * best of the newest year it has titles with enough votes from, rather than a dead end.
 */
function NoneRanked({
  type,
  period,
  onShowAllTime,
}: {
  type: MediaType;
  period: TopRatedPeriod;
  onShowAllTime: () => void;
}) {
  const newest = useDiscover({ type, sort_by: 'release_date.desc', vote_count_gte: TOP_RANKED_MIN_VOTES });
  const first = newest.data?.results[0];
  const year = Number((first?.release_date ?? first?.first_air_date ?? '').slice(0, 4)) || null;
  const kind = type === 'movie' ? 'movies' : 'TV shows';
  const browse = new URLSearchParams({
    ...(type === 'tv' ? { type } : {}),
    primary_release_year: String(year),
    vote_count_gte: String(TOP_RANKED_MIN_VOTES),
    sort_by: 'vote_average.desc',
  });
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-white/10 px-6 py-16 text-center">
      <Trophy className="size-8 text-fg-subtle" aria-hidden />
      <p className="mt-3 font-medium text-fg">No titles rated in this period yet</p>
      <p className="mt-1 max-w-prose text-sm text-fg-muted">
        No {kind} {PERIOD_PHRASES[period]} have the {TOP_RANKED_MIN_VOTES} votes a ranking needs.
        {year ? ` The newest ${kind} that do came out in ${year}.` : ''}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={onShowAllTime} className={buttonClasses('primary')}>
          Show All Time
        </button>
        {year ? (
          <Link to={`${paths.browse}?${browse}`} className={buttonClasses('outline')}>
            Best of {year}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** How the empty state names a time frame. */
const PERIOD_PHRASES: Record<TopRatedPeriod, string> = {
  'all-time': 'in the catalogue',
  'this-year': 'from this year',
  '6-months': 'from the last 6 months',
  'this-month': 'from this month',
};

/** The ten best-rated titles of one type and period, with at least 500 votes (product.md §7, §9). */
function RankedList({
  type,
  period,
  onShowAllTime,
}: {
  type: MediaType;
  period: TopRatedPeriod;
  onShowAllTime: () => void;
}) {
  const [quality] = useSetting('posterQuality');
  const query = useTopRated(type, period, TOP_RANKED_MIN_VOTES);
  const items = (query.data?.results ?? []).slice(0, TOP_RANKED_COUNT);
  const { data: counts } = useCommentCounts(items);

  useEffect(() => {
    if (query.isError) console.warn('Home: failed to load Top Ranked', query.error);
  }, [query.isError, query.error]);

  if (query.isPending) return <RankedSkeleton />;
  if (query.isError && !query.data) {
    return <FetchAlert kind={type === 'movie' ? 'movies' : 'tv'} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) return <NoneRanked type={type} period={period} onShowAllTime={onShowAllTime} />;
  return (
    <ol
      className={cn(RANK_LIST, 'transition-opacity', query.isPlaceholderData && 'opacity-60')}
      aria-busy={query.isPlaceholderData}
      aria-label={`Top ${items.length} ${type === 'movie' ? 'movies' : 'TV shows'}`}
    >
      {items.map((item, index) => (
        <li key={`${item.media_type}-${item.id}`} className={RANK_ITEM}>
          {/* On a phone the row shows two cards and a bit: the others wait until swiped near,
              holding a card's height meanwhile (a 2:3 poster as wide as the item, and the 5.25rem
              of text under it, less a little so that the row never shrinks when they arrive). */}
          <div className="max-md:deferred-card max-md:[--deferred-height:calc(min(40vw,12rem)*1.5+5rem)]">
            <RankedCard
              item={item}
              rank={index + 1}
              posterWidth={240}
              quality={quality}
              commentCount={counts?.[`${item.media_type}:${item.id}`]}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Top Ranked (product.md §2 Home page): a Movies/TV tab and a time-frame selector over ten ranked cards. */
export function TopRanked() {
  const [type, setType] = useState<MediaType>('movie');
  const [period, setPeriod] = useState<TopRatedPeriod>('all-time');
  const periodId = useId();
  const ids = useId();

  return (
    <section
      aria-labelledby="home-top-ranked"
      className={`${SECTION_CONTAINER} pt-14 below-fold [--below-fold-height:520px] lg:[--below-fold-height:1030px]`}
    >
      <SectionHeader
        id="home-top-ranked"
        title="Top Ranked"
        description={`The highest-rated titles with at least ${TOP_RANKED_MIN_VOTES} votes.`}
      >
        <TabList<MediaType>
          label="Content type"
          tabs={TABS}
          value={type}
          onChange={setType}
          idPrefix={ids}
          panelId={`${ids}-panel`}
          className="inline-flex rounded-lg bg-white/5 p-1"
          tabClassName={(selected) =>
            cn(
              'h-8 rounded-md px-3 text-sm font-medium transition-colors',
              selected ? 'bg-gold-400 text-ink-950' : 'text-fg-muted hover:text-fg',
            )
          }
        />
        <label htmlFor={periodId} className="sr-only">
          Time frame
        </label>
        <select
          id={periodId}
          value={period}
          onChange={(event) => setPeriod(event.target.value as TopRatedPeriod)}
          className="h-10 rounded-lg border border-white/10 bg-ink-800 px-3 text-sm text-fg focus:border-gold-400/60 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50"
        >
          {TOP_RANKED_PERIODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </SectionHeader>
      <div
        role="tabpanel"
        id={`${ids}-panel`}
        aria-labelledby={tabId(ids, type)}
        tabIndex={0}
        className="focus-visible:outline-offset-4"
      >
        <RankedList type={type} period={period} onShowAllTime={() => setPeriod('all-time')} />
      </div>
    </section>
  );
}

import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import type { HiddenItem } from '@marquee/core';
import { paths } from '@/config/paths.ts';
import { useMovie, useTv } from '@/lib/catalogue/catalogue-api.ts';
import { moveFocusBeforeRemoval } from '@/lib/focus-on-removal.ts';
import { showTitle } from '@/lib/hiding/hide-title.ts';
import { getHiddenStore } from '@/lib/local-store/hidden-store.ts';
import { SettingsSection } from './settings-controls.tsx';

function HiddenTitleRow({ item }: { item: HiddenItem }) {
  const isMovie = item.content_type === 'movie';
  const movie = useMovie(item.movie_id, isMovie);
  const series = useTv(item.movie_id, !isMovie);
  const name = (isMovie ? movie.data?.title : series.data?.name) ?? `${isMovie ? 'Film' : 'Series'} ${item.movie_id}`;
  return (
    <li className="flex items-center justify-between gap-3 py-3 first:pt-1 last:pb-1">
      <div className="min-w-0">
        <Link
          to={isMovie ? paths.movie(item.movie_id) : paths.series(item.movie_id)}
          className="block truncate text-sm font-medium text-fg hover:text-gold-300"
        >
          {name}
        </Link>
        <span className="block text-[13px] text-fg-subtle">
          {isMovie ? 'Film' : 'Series'} · hidden {new Date(item.hidden_at).toLocaleDateString()}
        </span>
      </div>
      <button
        type="button"
        onClick={(event) => {
          moveFocusBeforeRemoval(event.currentTarget);
          showTitle(item.content_type, item.movie_id);
        }}
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-white/10 px-3 text-sm font-medium text-fg-muted transition-colors hover:border-white/25 hover:text-fg hc:border-white/60"
      >
        <Eye className="size-4" aria-hidden />
        Show again<span className="sr-only"> {name}</span>
      </button>
    </li>
  );
}

const noItems: readonly HiddenItem[] = [];

/** The titles the viewer said "Not interested" to, each with a way back (DESIGN.md "Hide watched, not interested"). */
export function HiddenTitles() {
  const store = getHiddenStore();
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, () => noItems);
  return (
    <SettingsSection
      id="hidden-titles"
      title="Not interested"
      description="Titles you hid from Browse, rows and recommendations. Show one again to bring it back everywhere."
    >
      {items.length === 0 ? (
        <p className="py-1 text-sm text-fg-muted">No hidden titles. Use the hide button on any card to hide one.</p>
      ) : (
        <ul aria-label="Hidden titles" className="divide-y divide-white/[0.06]">
          {items.map((item) => (
            <HiddenTitleRow key={`${item.content_type}:${item.movie_id}`} item={item} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

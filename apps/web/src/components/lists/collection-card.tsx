import { Link } from 'react-router';
import { CalendarDays, Film, Layers, User } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { imageUrl } from '@/lib/images.ts';
import type { MovieList } from '@/lib/lists/lists-api.ts';
import { formatDay } from '@/lib/format.ts';

function formatDate(value: string): string | null {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : formatDay(new Date(time), 'short', 'local');
}

/**
 * The pictures of a list (as the lists screen picks them): the first film's backdrop, else its
 * poster. Phones draw a narrow 2:3 thumbnail, which the poster fills better.
 */
function listCover(list: MovieList, base: string | null): { wide: string | null; narrow: string | null } {
  const first = list.movies[0];
  if (!first || !base) return { wide: null, narrow: null };
  const backdrop = imageUrl(base, first.backdrop_path, 'w780');
  const poster = imageUrl(base, first.poster_path, 'w342');
  return { wide: backdrop ?? poster, narrow: poster ?? backdrop };
}

/** A curated list's card (product.md §2 Lists screens, Home Featured Collections). */
export function CollectionCard({ list, imageBase }: { list: MovieList; imageBase: string | null }) {
  const cover = listCover(list, imageBase);
  const count = list.movie_count ?? list.movies.length;
  const created = formatDate(list.created_at);

  return (
    <article className="group relative flex h-full gap-4 overflow-hidden rounded-2xl border border-white/5 bg-white/[0.03] p-3 transition-colors hover:border-gold-400/40 hover:bg-white/[0.05] sm:flex-col sm:gap-0 sm:p-0">
      <div className="relative aspect-[2/3] w-20 shrink-0 overflow-hidden rounded-lg bg-ink-800 sm:aspect-video sm:w-full sm:rounded-none">
        {cover.wide && cover.narrow ? (
          <picture>
            <source media="(min-width: 640px)" srcSet={cover.wide} />
            <img
              src={cover.narrow}
              alt=""
              width={780}
              height={439}
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-105"
            />
          </picture>
        ) : (
          <div className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-ink-700 to-ink-900">
            <Film className="size-8 text-fg-subtle" aria-hidden />
          </div>
        )}
        <div className="absolute inset-0 hidden bg-gradient-to-t from-ink-950/80 to-transparent sm:block" />
        <span className="absolute right-3 bottom-3 hidden items-center gap-1 rounded-md bg-ink-950/85 px-2 py-1 text-xs font-semibold text-gold-300 sm:inline-flex">
          <Layers className="size-3.5" aria-hidden />
          {count} {count === 1 ? 'movie' : 'movies'}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col sm:p-5">
        <h3 className="line-clamp-2 font-display text-lg font-semibold tracking-wide text-fg sm:text-xl">
          <Link to={paths.list(list.id)} className="rounded after:absolute after:inset-0 after:content-['']">
            {list.list_title}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-fg-muted">
          {list.list_description || 'No description available.'}
        </p>
        <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-3 text-xs text-fg-subtle">
          <span className="inline-flex items-center gap-1 sm:hidden">
            <Layers className="size-3.5" aria-hidden />
            {count} {count === 1 ? 'movie' : 'movies'}
          </span>
          {created ? (
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden />
              <time dateTime={list.created_at}>{created}</time>
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <User className="size-3.5" aria-hidden />
            {list.created_by || 'Unknown'}
          </span>
        </p>
      </div>
    </article>
  );
}

import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Star } from 'lucide-react';
import { genreSlug, titleOf, type Genre } from '@marquee/core';
import { PosterImage } from '@/components/media/poster-image.tsx';
import { TitleCard } from '@/components/media/title-card.tsx';
import { paths } from '@/config/paths.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { useDiscover } from '@/lib/catalogue/catalogue-api.ts';
import { cn } from '@/lib/cn.ts';
import { useCommentCounts } from '@/lib/comments/comments-api.ts';
import { imageUrl } from '@/lib/images.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import {
  allGenresFavoritesFirst,
  GENRE_CAROUSEL_COUNT,
  GENRE_ROW_SIZE,
  genreRowQuery,
  genreStrip,
} from '../home-rules.ts';
import { useNearViewport } from '../use-near-viewport.ts';
import { FetchAlert } from './fetch-alert.tsx';
import { ROW_ITEM, ScrollRow } from './scroll-row.tsx';
import { SECTION_CONTAINER, SectionHeader } from './section-header.tsx';
import { groupDigits } from '@/lib/format.ts';

/** The genre's titles for its row and tile; asked for only once the element nears the screen. */
function useGenreTitles(genre: Genre, isEnabled: boolean) {
  const [certification] = useSetting('contentRatingFilter');
  const query = useDiscover(genreRowQuery(genre.id, certification), isEnabled);
  useEffect(() => {
    if (query.isError) console.warn(`Home: failed to load ${genre.name} titles`, query.error);
  }, [query.isError, query.error, genre.name]);
  return query;
}

const VIEW_ALL = 'inline-flex items-center gap-1 text-sm font-medium text-gold-300 hover:text-gold-200';

function RowSkeleton() {
  return (
    <ul className="flex gap-3 overflow-hidden sm:gap-4" aria-hidden>
      {Array.from({ length: 8 }, (_, index) => (
        <li key={index} className={ROW_ITEM}>
          <div className="aspect-[2/3] animate-pulse rounded-xl bg-white/5" />
          <div className="mt-3 h-3.5 w-3/4 animate-pulse rounded bg-white/5" />
          <div className="mt-2 h-3 w-1/2 animate-pulse rounded bg-white/5" />
          <div className="mt-2 h-7 w-24 animate-pulse rounded bg-white/5" />
        </li>
      ))}
    </ul>
  );
}

/** One genre carousel: its heading, View all, and a row of its most popular well-rated films. */
function GenreRow({ genre, isFavorite }: { genre: Genre; isFavorite: boolean }) {
  const [ref, isNear] = useNearViewport<HTMLElement>();
  const [quality] = useSetting('posterQuality');
  const query = useGenreTitles(genre, isNear);
  const items = (query.data?.results ?? []).slice(0, GENRE_ROW_SIZE);
  const { data: counts } = useCommentCounts(items);
  const headingId = `home-genre-${genre.id}`;
  const header = (controls: ReactNode) => (
    <SectionHeader
      id={headingId}
      title={
        <span className="inline-flex items-center gap-2">
          {genre.name}
          {isFavorite ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-gold-400/10 px-2 py-0.5 font-sans text-[11px] font-semibold tracking-wider text-gold-300 uppercase">
              <Star className="size-3 fill-current" aria-hidden />
              Favourite
            </span>
          ) : null}
        </span>
      }
      className="mb-4"
    >
      <Link to={paths.genre(genreSlug(genre.name))} className={VIEW_ALL} aria-label={`View all ${genre.name} movies`}>
        View all
        <ArrowRight className="size-4" aria-hidden />
      </Link>
      {controls}
    </SectionHeader>
  );

  const fallback =
    !isNear || query.isPending ? (
      <RowSkeleton />
    ) : query.isError && !query.data ? (
      <FetchAlert kind="movies" onRetry={() => void query.refetch()} />
    ) : items.length === 0 ? (
      <p className="text-sm text-fg-muted">No {genre.name.toLowerCase()} films to show yet.</p>
    ) : null;

  return (
    <section ref={ref} aria-labelledby={headingId} className="pt-8">
      <ScrollRow label={`${genre.name} movies`} header={header} fallback={fallback}>
        {items.map((item) => (
          <li key={`${item.media_type}-${item.id}`} className={ROW_ITEM}>
            <TitleCard
              item={item}
              posterWidth={192}
              quality={quality}
              commentCount={counts?.[`${item.media_type}:${item.id}`]}
            />
          </li>
        ))}
      </ScrollRow>
    </section>
  );
}

/** Three posters fanned out on a tile, the first in front. */
const POSTER_FAN = [
  'left-14 z-30 group-hover:-translate-y-1',
  'left-7 z-20 -rotate-6 opacity-90 group-hover:-translate-x-1 group-hover:-rotate-9',
  'left-0 z-10 -rotate-12 opacity-75 group-hover:-translate-x-2 group-hover:-rotate-15',
];

/** A large genre tile linking to the genre, over the backdrop of its most popular film. */
function GenreTile({ genre }: { genre: Genre }) {
  const [ref, isNear] = useNearViewport<HTMLAnchorElement>();
  const { data: config } = useAppConfig();
  const query = useGenreTitles(genre, isNear);
  const top = query.data?.results.find((item) => item.backdrop_path);
  const src = top && config ? imageUrl(config.images.secure_base_url, top.backdrop_path, 'w780') : null;
  const total = query.data?.total_results;
  const [quality] = useSetting('posterQuality');
  const posters = (query.data?.results ?? []).filter((item) => item.poster_path).slice(0, 3);

  return (
    <Link
      ref={ref}
      to={paths.genre(genreSlug(genre.name))}
      className="group relative isolate flex h-44 items-end overflow-hidden rounded-2xl border border-white/5 bg-ink-800 p-5 transition-colors hover:border-gold-400/50 sm:h-56 sm:p-7"
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={780}
          height={439}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 -z-10 size-full object-cover transition-transform duration-700 group-hover:scale-105"
        />
      ) : null}
      <div className="absolute inset-0 -z-10 bg-gradient-to-tr from-ink-950 via-ink-950/60 to-transparent" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-[0.25em] text-gold-400 uppercase">Genre</p>
        <h3 className="mt-1 font-display text-3xl font-semibold tracking-wide text-fg sm:text-4xl">{genre.name}</h3>
        <p className="mt-1 truncate text-sm text-fg-muted">
          {top ? `Top pick: ${titleOf(top)}` : 'Explore the collection'}
          {total ? ` · ${groupDigits(total)} films` : ''}
        </p>
      </div>
      {posters.length > 0 ? (
        <div className="relative mr-2 ml-4 hidden h-36 w-40 shrink-0 self-center sm:block" aria-hidden>
          {posters.map((item, position) => (
            <div
              key={item.id}
              className={cn('absolute top-0 w-[88px] transition-transform duration-500', POSTER_FAN[position])}
            >
              <PosterImage
                path={item.poster_path}
                alt=""
                width={88}
                quality={quality}
                className="rounded-lg shadow-[0_16px_40px_-12px_rgb(0_0_0/0.9)] ring-1 ring-white/10"
              />
            </div>
          ))}
        </div>
      ) : null}
      <span
        className="ml-4 inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10 text-fg backdrop-blur transition-colors group-hover:bg-gold-400 group-hover:text-ink-950"
        aria-hidden
      >
        <ArrowRight className="size-5" />
      </span>
    </Link>
  );
}

/** Every movie genre as a chip linking to /genre/{slug}; favourites lead and are marked. */
function AllGenres({ favoriteIds }: { favoriteIds: readonly number[] }) {
  const genres = allGenresFavoritesFirst(favoriteIds);
  return (
    <nav aria-labelledby="home-all-genres" className="pt-10">
      <h3 id="home-all-genres" className="font-display text-xl font-semibold tracking-wide text-fg">
        All Genres
      </h3>
      <ul className="mt-4 flex flex-wrap gap-2">
        {genres.map((genre) => (
          <li key={genre.id}>
            <Link
              to={paths.genre(genreSlug(genre.name))}
              className={cn(
                'inline-flex h-9 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
                genre.isFavorite
                  ? 'border-gold-400/40 bg-gold-400/10 text-gold-200 hover:bg-gold-400 hover:text-ink-950'
                  : 'border-white/10 bg-white/[0.03] text-fg-muted hover:border-gold-400/40 hover:text-fg',
              )}
            >
              {genre.isFavorite ? <Star className="size-3.5 fill-current" aria-hidden /> : null}
              {genre.name}
              {genre.isFavorite ? <span className="sr-only">, favourite</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Explore by Genre (product.md §2 Home page, §9): a strip of five genres, favourites first; the
 * first three as carousels, the other two as tiles; then every genre as a chip.
 */
export function ExploreByGenre() {
  const [favoriteIds] = useSetting('favoriteGenres');
  const strip = genreStrip(favoriteIds);
  const carousels = strip.slice(0, GENRE_CAROUSEL_COUNT);
  const tiles = strip.slice(GENRE_CAROUSEL_COUNT);
  const favorites = new Set(favoriteIds);

  return (
    <section
      aria-labelledby="home-explore"
      className={`${SECTION_CONTAINER} pt-14 below-fold [--below-fold-height:2100px] lg:[--below-fold-height:1900px]`}
    >
      <SectionHeader
        id="home-explore"
        title="Explore by Genre"
        description={
          favoriteIds.length > 0
            ? 'Your favourite genres first, then the crowd favourites.'
            : 'Pick a mood. Set favourite genres in Settings to see yours first.'
        }
        className="mb-0"
      />
      {carousels.map((genre) => (
        <GenreRow key={genre.id} genre={genre} isFavorite={favorites.has(genre.id)} />
      ))}
      {tiles.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 pt-10 md:grid-cols-2" aria-label="More genres">
          {tiles.map((genre) => (
            <li key={genre.id} className="min-w-0">
              <GenreTile genre={genre} />
            </li>
          ))}
        </ul>
      ) : null}
      <AllGenres favoriteIds={favoriteIds} />
    </section>
  );
}

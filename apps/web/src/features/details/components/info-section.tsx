import type { ReactNode } from 'react';
import {
  Building2,
  CalendarDays,
  Clock,
  ExternalLink,
  Film,
  Globe,
  Layers,
  ListVideo,
  Star,
  Users,
} from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { useAppConfig } from '@/lib/app-config.ts';
import { cn } from '@/lib/cn.ts';
import {
  creatorsOf,
  directorOf,
  isMovie,
  NOT_AVAILABLE,
  premiereOf,
  regularSeasons,
  runtimeOf,
  studiosOf,
  tmdbUrl,
  yearOfDetails,
  type Details,
} from '../detail-facts.ts';
import { formatCount, formatLongDate, formatMillions, formatMinutes, formatRating } from '../format.ts';
import { StatTile } from './stat-tile.tsx';

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-white/[0.06] bg-ink-900/70 p-5 shadow-[0_20px_50px_-30px_rgb(0_0_0/0.8)] sm:p-6">
      <h3 className="flex items-center gap-2 font-display text-lg tracking-wide text-fg">
        <span className="flex size-8 items-center justify-center rounded-lg bg-gold-400/10 text-gold-300">{icon}</span>
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** One label/value pair of a card; values that are the fallback text are dimmed. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  const isMissing = children === NOT_AVAILABLE;
  return (
    <div className="col-span-2 border-b border-white/5 py-2.5 first:pt-0 last:border-0 last:pb-0">
      <dt className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">{label}</dt>
      <dd className={cn('mt-0.5 break-words', isMissing ? 'text-fg-subtle italic' : 'text-fg')}>{children}</dd>
    </div>
  );
}

/** A figure that takes half a row of the Details card. */
function SmallFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-white/5 py-2.5">
      <dt className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-0.5 text-fg">{children}</dd>
    </div>
  );
}

const EXTERNAL_LINK =
  'inline-flex items-center gap-1.5 rounded text-gold-300 underline-offset-4 transition-colors hover:text-gold-200 hover:underline';

/**
 * The information section of product.md §2: stat tiles, Cast & Crew, Production and Details.
 * Budget and revenue appear only when above 0; missing dates read TBA.
 */
export function InfoSection({ details }: { details: Details }) {
  const { data: config } = useAppConfig();
  const movie = isMovie(details) ? details : null;
  const series = isMovie(details) ? null : details;
  const rating = formatRating(details.vote_average);
  const runtime = formatMinutes(runtimeOf(details));
  const databaseUrl = tmdbUrl(details, config?.catalogue);
  const studios = studiosOf(details);
  const budget = movie ? formatMillions(movie.budget) : null;
  const revenue = movie ? formatMillions(movie.revenue) : null;
  const seasonCount = series ? series.number_of_seasons || regularSeasons(series).length : 0;

  return (
    <section aria-labelledby="info-heading" className="mx-auto max-w-[1600px] px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="info-heading" className="mb-6 font-display text-2xl tracking-wide text-fg sm:text-3xl">
        About the {movie ? 'Movie' : 'Series'}
      </h2>

      <dl className={cn('grid gap-3', movie ? 'grid-cols-3' : 'grid-cols-3 lg:grid-cols-6')}>
        <StatTile
          label="Rating"
          icon={<Star className="size-3.5" aria-hidden />}
          value={
            rating ? (
              <>
                {rating}
                <span className="ml-0.5 text-base text-fg-subtle">/10</span>
              </>
            ) : (
              'Not rated'
            )
          }
        />
        <StatTile
          label="Year"
          icon={<CalendarDays className="size-3.5" aria-hidden />}
          value={yearOfDetails(details) ?? 'TBA'}
        />
        <StatTile
          label="Duration"
          icon={<Clock className="size-3.5" aria-hidden />}
          value={runtime ?? '—'}
          note={series && runtime ? 'per episode' : undefined}
        />
        {series ? (
          <>
            <StatTile
              label="Seasons"
              icon={<Layers className="size-3.5" aria-hidden />}
              value={formatCount(seasonCount)}
            />
            <StatTile
              label="Episodes"
              icon={<ListVideo className="size-3.5" aria-hidden />}
              value={formatCount(series.number_of_episodes)}
            />
            <StatTile label="Status" icon={<Film className="size-3.5" aria-hidden />} value={series.status ?? '—'} />
          </>
        ) : null}
      </dl>

      <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card title="Cast & Crew" icon={<Users className="size-4" aria-hidden />}>
          <dl>
            {movie ? <Fact label="Director">{directorOf(movie)}</Fact> : null}
            {series ? <Fact label="Creator">{creatorsOf(series)}</Fact> : null}
            <Fact label="Cast">
              <span className="text-fg-muted">Cast information coming soon</span>
            </Fact>
          </dl>
          <a
            href={databaseUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm', 'mt-4')}
          >
            View on TMDb
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Card>

        <Card title="Production" icon={<Building2 className="size-4" aria-hidden />}>
          <dl>
            <Fact label={studios.length > 1 ? 'Studios' : 'Studio'}>
              {studios.length ? studios.join(', ') : NOT_AVAILABLE}
            </Fact>
            <Fact label="Country">{details.production_countries[0]?.name || NOT_AVAILABLE}</Fact>
            <Fact label="Language">{details.spoken_languages[0]?.english_name || NOT_AVAILABLE}</Fact>
          </dl>
        </Card>

        <Card title="Details" icon={<Globe className="size-4" aria-hidden />}>
          <dl className="grid grid-cols-2 gap-x-4">
            <Fact label={movie ? 'Release Date' : 'First Air Date'}>{formatLongDate(premiereOf(details))}</Fact>
            <Fact label="Genres">
              {details.genres.length ? details.genres.map((genre) => genre.name).join(', ') : NOT_AVAILABLE}
            </Fact>
            {/* Figures pair up in two columns; each pair is a direct child of the list (a dl allows one div level). */}
            <SmallFact label="Popularity">{formatCount(details.popularity)}</SmallFact>
            <SmallFact label="Votes">{formatCount(details.vote_count)}</SmallFact>
            {budget ? <SmallFact label="Budget">{budget}</SmallFact> : null}
            {revenue ? <SmallFact label="Revenue">{revenue}</SmallFact> : null}
            <Fact label="External Links">
              <span className="flex flex-wrap gap-x-5 gap-y-1.5">
                {details.homepage ? (
                  <a href={details.homepage} target="_blank" rel="noopener noreferrer" className={EXTERNAL_LINK}>
                    Official Website
                    <ExternalLink className="size-3.5" aria-hidden />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : null}
                <a href={databaseUrl} target="_blank" rel="noopener noreferrer" className={EXTERNAL_LINK}>
                  The Movie Database
                  <ExternalLink className="size-3.5" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </span>
            </Fact>
          </dl>
        </Card>
      </div>
    </section>
  );
}

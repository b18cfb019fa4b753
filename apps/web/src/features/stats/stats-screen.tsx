import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, BarChart3, Compass, RotateCw } from 'lucide-react';
import type { ViewingStats, YearInReview } from '@marquee/core/stats/viewing-stats';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { TrackingNav } from '@/components/tracking/tracking-nav.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useStats } from './api/get-stats.ts';
import { StatsChart, type ChartRow } from './components/stats-chart.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const hours = (minutes: number) => Math.round(minutes / 6) / 10;
const formatHours = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 1 });

function monthRows(months: ViewingStats['by_month'], withYear: boolean): ChartRow[] {
  return months.map(({ month, minutes }) => {
    const [year, number] = month.split('-');
    const index = Number(number) - 1;
    return {
      label: withYear ? `${MONTHS[index]} ${year!.slice(2)}` : MONTHS[index]!,
      name: `${MONTH_NAMES[index]} ${year}`,
      value: hours(minutes),
    };
  });
}

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-2xl border border-white/[0.07] bg-ink-900/60 p-4 hc:border-white/40">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="mt-1 font-display text-3xl tracking-wide text-fg tabular-nums">{value}</dd>
      {detail ? <dd className="mt-0.5 text-xs text-fg-subtle">{detail}</dd> : null}
    </div>
  );
}

function monthName(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1]} ${year}`;
}

function YearReview({
  review,
  years,
  onYear,
}: {
  review: YearInReview;
  years: number[];
  onYear: (year: number) => void;
}) {
  const selectId = useId();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-gold-400/20 bg-gradient-to-b from-ink-850/90 to-ink-900/60 p-4 sm:p-6 hc:border-white/60"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="font-display text-2xl tracking-wide text-fg">
          {review.year} in review
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-fg-muted">
            Year
          </label>
          <select
            id={selectId}
            value={review.year}
            onChange={(event) => onYear(Number(event.target.value))}
            className="h-9 rounded-lg border border-white/15 bg-ink-900 px-2 text-sm text-fg hc:border-white/60"
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label="Films" value={review.movies.toLocaleString()} />
        <Tile label="Episodes" value={review.episodes.toLocaleString()} />
        <Tile label="Hours" value={formatHours(hours(review.minutes))} />
        <Tile
          label="Busiest month"
          value={review.busiest_month ? monthName(review.busiest_month).split(' ')[0]! : '—'}
        />
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <ReviewList
          title="Top genres"
          empty="No genres this year."
          items={review.top_genres.map((genre) => ({
            key: genre.name,
            label: genre.name,
            detail: `${genre.titles} ${genre.titles === 1 ? 'title' : 'titles'}`,
          }))}
        />
        <ReviewList
          title="Most-watched series"
          empty="No series this year."
          items={review.top_series.map((series) => ({
            key: String(series.id),
            label: series.name,
            to: paths.series(series.id),
            detail: `${series.episodes} ${series.episodes === 1 ? 'episode' : 'episodes'}`,
          }))}
        />
        <ReviewList
          title="Films"
          empty="No films this year."
          items={review.top_movies.map((movie) => ({
            key: String(movie.id),
            label: movie.title,
            to: paths.movie(movie.id),
            detail: [
              movie.plays > 1 ? `${movie.plays} plays` : null,
              movie.rating ? `rated ${movie.rating / 2} of 5` : null,
            ]
              .filter(Boolean)
              .join(', '),
          }))}
        />
      </div>
      <div className="mt-4">
        <StatsChart
          title={`Hours per month in ${review.year}`}
          rows={monthRows(review.by_month, false)}
          labelHeading="Month"
          unit="Hours"
          format={formatHours}
        />
      </div>
    </section>
  );
}

function ReviewList({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: Array<{ key: string; label: string; detail?: string; to?: string }>;
}) {
  return (
    <div className="rounded-xl bg-white/[0.03] p-4 hc:border hc:border-white/40">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">{empty}</p>
      ) : (
        <ol className="mt-2 space-y-1.5 text-sm">
          {items.map((item, index) => (
            <li key={item.key} className="flex gap-2">
              <span className="w-4 shrink-0 text-right text-fg-subtle tabular-nums">{index + 1}</span>
              <span className="min-w-0">
                {item.to ? (
                  <Link to={item.to} className="text-fg hover:text-gold-300 hover:underline">
                    {item.label}
                  </Link>
                ) : (
                  <span className="text-fg">{item.label}</span>
                )}
                {item.detail ? <span className="block text-xs text-fg-subtle">{item.detail}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function StatsLoading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading statistics…</span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="h-24 animate-pulse rounded-2xl bg-white/5" />
        ))}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2" aria-hidden>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="h-72 animate-pulse rounded-2xl bg-white/5" />
        ))}
      </div>
    </div>
  );
}

/** /stats (DESIGN.md "Tracking": statistics): what the viewer watched, in figures and charts. */
export function StatsScreen() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const { data, isPending, isError, refetch } = useStats(year);
  useDocumentTitle('Statistics');

  let body;
  if (isError && !data) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-2xl border border-ember-500/40 bg-ember-500/10 p-5"
      >
        <p className="flex items-center gap-2 text-fg">
          <AlertTriangle className="size-5 text-ember-400" aria-hidden />
          Could not load your statistics. Please try again.
        </p>
        <Button variant="outline" onClick={() => void refetch()}>
          <RotateCw className="size-4" aria-hidden />
          Try again
        </Button>
      </div>
    );
  } else if (isPending || !data) {
    body = <StatsLoading />;
  } else if (data.titles === 0 && data.minutes === 0) {
    body = (
      <EmptyState
        icon={BarChart3}
        title="Nothing watched yet"
        headingLevel={2}
        action={
          <Link to={paths.browse} className={buttonClasses('primary', 'md')}>
            <Compass className="size-4" aria-hidden />
            Browse
          </Link>
        }
      >
        <p>Watch or mark films and episodes as watched, and your statistics show up here.</p>
      </EmptyState>
    );
  } else {
    const lastMonths = data.by_month.slice(-12);
    body = (
      <div className="space-y-6">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Tile
            label="Films"
            value={data.movies.toLocaleString()}
            detail={data.movie_plays > data.movies ? `${data.movie_plays.toLocaleString()} plays` : undefined}
          />
          <Tile
            label="Episodes"
            value={data.episodes.toLocaleString()}
            detail={`${data.series.toLocaleString()} ${data.series === 1 ? 'series' : 'series'}`}
          />
          <Tile label="Hours watched" value={formatHours(hours(data.minutes))} />
          <Tile label="Titles" value={data.titles.toLocaleString()} />
        </dl>
        <div className="grid gap-4 lg:grid-cols-2">
          <StatsChart
            title="Hours per month"
            description={lastMonths.length < data.by_month.length ? 'The last 12 months with a watch.' : undefined}
            rows={monthRows(lastMonths, true)}
            labelHeading="Month"
            unit="Hours"
            format={formatHours}
          />
          <StatsChart
            title="Hours per year"
            rows={data.by_year.map((entry) => ({ label: String(entry.year), value: hours(entry.minutes) }))}
            labelHeading="Year"
            unit="Hours"
            format={formatHours}
          />
          <StatsChart
            title="Genres"
            description="Films and series watched, by genre."
            rows={data.by_genre.slice(0, 10).map((genre) => ({ label: genre.name, value: genre.titles }))}
            labelHeading="Genre"
            unit="Titles"
            horizontal
          />
          <StatsChart
            title="Decades"
            description="Titles watched, by the decade they came out."
            rows={data.by_decade.map((decade) => ({ label: `${decade.decade}s`, value: decade.titles }))}
            labelHeading="Decade"
            unit="Titles"
          />
          <StatsChart
            title="Your ratings"
            description="How many titles and episodes you gave each rating, in stars."
            rows={data.ratings.map((rating) => ({
              label: String(rating.rating / 2),
              name: `${rating.rating / 2} ${rating.rating === 2 ? 'star' : 'stars'}`,
              value: rating.count,
            }))}
            labelHeading="Rating"
            unit="Ratings"
          />
          <StatsChart
            title="Most-watched series"
            description="Episodes watched."
            rows={data.top_series.map((series) => ({ label: series.name, value: series.episodes }))}
            labelHeading="Series"
            unit="Episodes"
            horizontal
          />
        </div>
        {data.year_in_review ? <YearReview review={data.year_in_review} years={data.years} onYear={setYear} /> : null}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-[1400px] px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <TrackingNav />
      <PageHeader
        title="Statistics"
        subtitle="What you watched, in figures: films, episodes, hours, genres and more."
      />
      {body}
    </div>
  );
}

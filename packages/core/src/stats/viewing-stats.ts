import { genresFor, type MediaType } from '../catalogue/genres.ts';

// Zod-free on purpose: the /stats screen computes a guest's statistics in the browser with this
// module alone, and the server computes an account's with the same rule (DESIGN.md GET /api/me/stats).

/** What the statistics read of a history entry (a HistoryItem has all of it). */
export interface StatsEntry {
  movie_id: number;
  content_type: MediaType;
  movie_title: string;
  movie_poster: string | null;
  season_number: number | null;
  episode_number: number | null;
  watched_at: string;
  completed: boolean;
  source: string;
  /** Seconds. */
  duration_watched: number;
  /** Seconds, when the player knew it. */
  total_duration: number | null;
  play_count: number;
  /** Written by the player; the catalogue's year is preferred. */
  release_date?: string | null;
}

/** The catalogue's facts about a title (DESIGN.md GET /api/catalogue/facts). */
export interface TitleFacts {
  media_type: MediaType;
  id: number;
  genre_ids: number[];
  /** Release or first-air year. */
  year: number | null;
  /** Minutes: a film's length, a series' episode length. */
  runtime: number | null;
}

/** What the statistics read of a rating. */
export interface StatsRating {
  rating: number;
}

export interface PeriodCount {
  /** Plays of films and of episodes in the period. */
  movies: number;
  episodes: number;
  minutes: number;
}
export interface MonthCount extends PeriodCount {
  /** `YYYY-MM`, UTC. */
  month: string;
}
export interface YearCount extends PeriodCount {
  year: number;
}
export interface GenreCount {
  genre_id: number;
  name: string;
  /** Films and series of this genre watched. */
  titles: number;
  minutes: number;
}
export interface DecadeCount {
  /** 1990 for the 1990s. */
  decade: number;
  titles: number;
}
export interface RatingCount {
  rating: number;
  count: number;
}
export interface SeriesCount {
  id: number;
  name: string;
  poster_path: string | null;
  /** Distinct episodes watched, and their plays. */
  episodes: number;
  plays: number;
  minutes: number;
}
export interface MovieCount {
  id: number;
  title: string;
  poster_path: string | null;
  plays: number;
  /** The viewer's rating, when given. */
  rating: number | null;
}

export interface YearInReview {
  year: number;
  titles: number;
  movies: number;
  episodes: number;
  minutes: number;
  /** Twelve months, January first. */
  by_month: MonthCount[];
  top_genres: GenreCount[];
  top_series: SeriesCount[];
  /** Films watched that year, most played then best rated first. */
  top_movies: MovieCount[];
  /** The month with the most minutes, or null when nothing was watched. */
  busiest_month: string | null;
}

/** GET /api/me/stats (DESIGN.md), and what the /stats screen shows a guest. */
export interface ViewingStats {
  /** Films and series with at least one watched entry. */
  titles: number;
  /** Distinct films and episodes watched. */
  movies: number;
  episodes: number;
  series: number;
  /** Plays (a rewatch adds one): films' and episodes'. */
  movie_plays: number;
  episode_plays: number;
  /** Everything watched, rewatches and unfinished plays included, rounded. */
  minutes: number;
  /** From the first month with a watch to the last, every month listed. */
  by_month: MonthCount[];
  by_year: YearCount[];
  by_genre: GenreCount[];
  by_decade: DecadeCount[];
  /** Ratings 1 to 10, each listed. */
  ratings: RatingCount[];
  /** Most episodes watched first, at most {@link TOP_LIMIT}. */
  top_series: SeriesCount[];
  /** Years with a watch, newest first: the choices of the year in review. */
  years: number[];
  year_in_review: YearInReview | null;
}

export const TOP_LIMIT = 10;
const REVIEW_TOP = 5;

/**
 * Whether an entry counts as watched (watched.ts's isWatchedEntry, repeated here so that this
 * module stands alone): completed, marked or imported.
 */
function isWatched(entry: StatsEntry): boolean {
  return entry.completed || entry.source === 'manual' || entry.source === 'import';
}

/**
 * Minutes an entry stands for (DESIGN.md GET /api/me/stats): each play of a watched entry counts
 * the whole length (the player's measured length first, then the catalogue's runtime); an
 * unfinished one counts what was watched of its last play plus its earlier, whole plays.
 */
export function entryMinutes(entry: StatsEntry, facts: TitleFacts | undefined): number {
  const measured = entry.total_duration != null && entry.total_duration > 0 ? entry.total_duration / 60 : null;
  const perPlay = measured ?? facts?.runtime ?? 0;
  const plays = Math.max(1, entry.play_count);
  if (isWatched(entry)) return perPlay * plays;
  return entry.duration_watched / 60 + perPlay * (plays - 1);
}

const factsKey = (type: MediaType, id: number) => `${type}:${id}`;

function monthOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 7);
}

function yearOfRelease(entry: StatsEntry, facts: TitleFacts | undefined): number | null {
  if (facts?.year != null) return facts.year;
  const year = Number(entry.release_date?.slice(0, 4));
  return Number.isInteger(year) && year > 1800 ? year : null;
}

function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = last.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

interface Tally {
  titles: Map<string, { entry: StatsEntry; facts: TitleFacts | undefined; minutes: number; plays: number }>;
  series: Map<number, SeriesCount>;
  movies: Map<number, MovieCount>;
  months: Map<string, PeriodCount>;
  movieCount: number;
  episodeCount: number;
  moviePlays: number;
  episodePlays: number;
  minutes: number;
}

function tally(
  entries: readonly StatsEntry[],
  factsOf: (type: MediaType, id: number) => TitleFacts | undefined,
  titleRating: (type: MediaType, id: number) => number | null,
): Tally {
  const result: Tally = {
    titles: new Map(),
    series: new Map(),
    movies: new Map(),
    months: new Map(),
    movieCount: 0,
    episodeCount: 0,
    moviePlays: 0,
    episodePlays: 0,
    minutes: 0,
  };
  for (const entry of entries) {
    const facts = factsOf(entry.content_type, entry.movie_id);
    const minutes = entryMinutes(entry, facts);
    const watched = isWatched(entry);
    const plays = watched ? Math.max(1, entry.play_count) : Math.max(0, entry.play_count - 1);
    result.minutes += minutes;
    const month = monthOf(entry.watched_at);
    const period = result.months.get(month) ?? { movies: 0, episodes: 0, minutes: 0 };
    period.minutes += minutes;
    result.months.set(month, period);
    if (minutes === 0 && plays === 0) continue;

    const key = factsKey(entry.content_type, entry.movie_id);
    if (plays > 0) {
      const title = result.titles.get(key) ?? { entry, facts, minutes: 0, plays: 0 };
      title.minutes += minutes;
      title.plays += plays;
      result.titles.set(key, title);
    }
    if (entry.content_type === 'movie') {
      period.movies += plays;
      result.moviePlays += plays;
      if (plays > 0 && !result.movies.has(entry.movie_id)) {
        result.movieCount += 1;
        result.movies.set(entry.movie_id, {
          id: entry.movie_id,
          title: entry.movie_title,
          poster_path: entry.movie_poster,
          plays,
          rating: titleRating('movie', entry.movie_id),
        });
      }
    } else {
      period.episodes += plays;
      result.episodePlays += plays;
      const series = result.series.get(entry.movie_id) ?? {
        id: entry.movie_id,
        name: entry.movie_title,
        poster_path: entry.movie_poster,
        episodes: 0,
        plays: 0,
        minutes: 0,
      };
      series.minutes += minutes;
      if (plays > 0) {
        series.plays += plays;
        series.episodes += 1;
        result.episodeCount += 1;
      }
      result.series.set(entry.movie_id, series);
    }
  }
  return result;
}

function genreCounts(titles: Tally['titles']): GenreCount[] {
  const byGenre = new Map<string, GenreCount>();
  for (const { entry, facts, minutes } of titles.values()) {
    const catalogue = genresFor(entry.content_type);
    for (const id of facts?.genre_ids ?? []) {
      const name = catalogue.find((genre) => genre.id === id)?.name;
      if (!name) continue;
      // Films and series share most genres by id and name (Drama is 18 in both): counted together.
      const count = byGenre.get(name) ?? { genre_id: id, name, titles: 0, minutes: 0 };
      count.titles += 1;
      count.minutes += minutes;
      byGenre.set(name, count);
    }
  }
  return [...byGenre.values()]
    .map((count) => ({ ...count, minutes: Math.round(count.minutes) }))
    .sort((a, b) => b.titles - a.titles || b.minutes - a.minutes || a.name.localeCompare(b.name));
}

const rounded = <T extends { minutes: number }>(item: T): T => ({ ...item, minutes: Math.round(item.minutes) });

function topSeries(series: Tally['series'], limit: number): SeriesCount[] {
  return [...series.values()]
    .filter((item) => item.episodes > 0)
    .sort((a, b) => b.episodes - a.episodes || b.minutes - a.minutes || a.id - b.id)
    .slice(0, limit)
    .map(rounded);
}

export interface StatsOptions {
  /** The year in review's year; by default the newest year with a watch. */
  year?: number;
  /** The viewer's rating of a title (for the year's top films). */
  titleRating?: (type: MediaType, id: number) => number | null;
}

/**
 * The viewer's statistics (DESIGN.md GET /api/me/stats) from their history, the catalogue's facts
 * and their ratings. Months and years are UTC. A history entry holds its last watch only, so all
 * of an entry's plays count in the month of its last watch.
 */
export function computeViewingStats(
  entries: readonly StatsEntry[],
  factsOf: (type: MediaType, id: number) => TitleFacts | undefined,
  ratings: readonly StatsRating[],
  options: StatsOptions = {},
): ViewingStats {
  const titleRating = options.titleRating ?? (() => null);
  const all = tally(entries, factsOf, titleRating);

  const activeMonths = [...all.months.keys()].sort();
  const byMonth = activeMonths.length
    ? monthsBetween(activeMonths[0]!, activeMonths[activeMonths.length - 1]!).map((month) =>
        rounded({ month, ...(all.months.get(month) ?? { movies: 0, episodes: 0, minutes: 0 }) }),
      )
    : [];
  const byYearMap = new Map<number, PeriodCount>();
  for (const { month, movies, episodes, minutes } of byMonth) {
    const year = Number(month.slice(0, 4));
    const count = byYearMap.get(year) ?? { movies: 0, episodes: 0, minutes: 0 };
    byYearMap.set(year, {
      movies: count.movies + movies,
      episodes: count.episodes + episodes,
      minutes: count.minutes + minutes,
    });
  }
  const byYear = [...byYearMap].map(([year, count]) => ({ year, ...count })).sort((a, b) => a.year - b.year);

  const decades = new Map<number, number>();
  for (const { entry, facts } of all.titles.values()) {
    const year = yearOfRelease(entry, facts);
    if (year === null) continue;
    const decade = Math.floor(year / 10) * 10;
    decades.set(decade, (decades.get(decade) ?? 0) + 1);
  }

  const ratingCounts = Array.from({ length: 10 }, (_, index) => ({ rating: index + 1, count: 0 }));
  for (const { rating } of ratings) {
    if (Number.isInteger(rating) && rating >= 1 && rating <= 10) ratingCounts[rating - 1]!.count += 1;
  }

  const years = byYear.filter((year) => year.movies + year.episodes + year.minutes > 0).map((year) => year.year);
  years.reverse();
  const reviewYear = options.year ?? years[0];

  return {
    titles: all.titles.size,
    movies: all.movieCount,
    episodes: all.episodeCount,
    series: [...all.series.values()].filter((series) => series.episodes > 0).length,
    movie_plays: all.moviePlays,
    episode_plays: all.episodePlays,
    minutes: Math.round(all.minutes),
    by_month: byMonth,
    by_year: byYear,
    by_genre: genreCounts(all.titles),
    by_decade: [...decades].map(([decade, titles]) => ({ decade, titles })).sort((a, b) => a.decade - b.decade),
    ratings: ratingCounts,
    top_series: topSeries(all.series, TOP_LIMIT),
    years,
    year_in_review: reviewYear === undefined ? null : yearInReview(entries, factsOf, titleRating, reviewYear),
  };
}

function yearInReview(
  entries: readonly StatsEntry[],
  factsOf: (type: MediaType, id: number) => TitleFacts | undefined,
  titleRating: (type: MediaType, id: number) => number | null,
  year: number,
): YearInReview {
  const prefix = `${year}-`;
  const inYear = entries.filter((entry) => monthOf(entry.watched_at).startsWith(prefix));
  const part = tally(inYear, factsOf, titleRating);
  const byMonth = Array.from({ length: 12 }, (_, index) => {
    const month = `${year}-${String(index + 1).padStart(2, '0')}`;
    return rounded({ month, ...(part.months.get(month) ?? { movies: 0, episodes: 0, minutes: 0 }) });
  });
  const busiest = byMonth.reduce<MonthCount | null>(
    (best, month) => (month.minutes > 0 && (best === null || month.minutes > best.minutes) ? month : best),
    null,
  );
  return {
    year,
    titles: part.titles.size,
    movies: part.movieCount,
    episodes: part.episodeCount,
    minutes: Math.round(part.minutes),
    by_month: byMonth,
    top_genres: genreCounts(part.titles).slice(0, REVIEW_TOP),
    top_series: topSeries(part.series, REVIEW_TOP),
    top_movies: [...part.movies.values()]
      .sort((a, b) => b.plays - a.plays || (b.rating ?? 0) - (a.rating ?? 0) || a.title.localeCompare(b.title))
      .slice(0, REVIEW_TOP),
    busiest_month: busiest?.month ?? null,
  };
}

/** A title's facts key, as {@link computeViewingStats}'s lookups and the facts route use. */
export function titleFactsKey(type: MediaType, id: number): string {
  return factsKey(type, id);
}

export { watchProgress } from '@/lib/history-display.ts';
import {
  MOVIE_GENRES,
  type Genre,
  type HistoryItem,
  type MoodIntent,
  type RatingFilter,
  type TitleSummary,
  type TopRatedPeriod,
} from '@marquee/core';
import type { DiscoverQuery } from '@/lib/catalogue/catalogue-api.ts';

/** Home page constants of product.md §9. */
export const HERO_COUNT = 5;
export const HERO_INTERVAL_MS = 5000;
export const TOP_RANKED_COUNT = 10;
export const TOP_RANKED_MIN_VOTES = 500;
export const FEATURED_LISTS_COUNT = 6;
export const GENRE_STRIP_SIZE = 5;
export const GENRE_CAROUSEL_COUNT = 3;
export const GENRE_ROW_SIZE = 12;

/** The default genre strip (Action, Comedy, Drama, Science Fiction, Horror) before favourites. */
export const DEFAULT_GENRE_STRIP: readonly number[] = [28, 35, 18, 878, 27];

/** The time frames of Top Ranked, in the spec's order (product.md §2 Home page). */
export const TOP_RANKED_PERIODS: ReadonlyArray<{ value: TopRatedPeriod; label: string }> = [
  { value: 'all-time', label: 'All Time' },
  { value: 'this-year', label: 'This Year' },
  { value: '6-months', label: 'Last 6 Months' },
  { value: 'this-month', label: 'This Month' },
];

/** The hero's titles: the most popular ones that have a backdrop to fill it. */
export function pickHeroTitles(items: readonly TitleSummary[], count = HERO_COUNT): TitleSummary[] {
  return items.filter((item) => Boolean(item.backdrop_path)).slice(0, count);
}

/**
 * The genre strip of Explore by Genre (product.md §7 "Favourite genres sort first", §9 "5
 * genres"): the user's favourite movie genres in the order chosen, then the default strip, without
 * duplicates, cut to `size`.
 */
export function genreStrip(
  favoriteIds: readonly number[],
  size = GENRE_STRIP_SIZE,
  defaults: readonly number[] = DEFAULT_GENRE_STRIP,
): Genre[] {
  const ids = [...new Set([...favoriteIds, ...defaults])];
  return ids.flatMap((id) => MOVIE_GENRES.find((genre) => genre.id === id) ?? []).slice(0, size);
}

/** Every movie genre for the All Genres chips, favourites first, the rest in catalogue order. */
export function allGenresFavoritesFirst(favoriteIds: readonly number[]): Array<Genre & { isFavorite: boolean }> {
  const favorites = new Set(favoriteIds);
  const marked = MOVIE_GENRES.map((genre) => ({ ...genre, isFavorite: favorites.has(genre.id) }));
  return [...marked.filter((genre) => genre.isFavorite), ...marked.filter((genre) => !genre.isFavorite)];
}

/**
 * The discover request of a genre row (product.md §7 "discover/movie by genre": popularity
 * descending, vote_count.gte 400, vote_average.gte 6.5, page 1) under the user's rating filter.
 * The genre tile uses the same request, so the two share one cached answer.
 */
export function genreRowQuery(genreId: number, certification: RatingFilter): DiscoverQuery {
  return {
    type: 'movie',
    with_genres: String(genreId),
    sort_by: 'popularity.desc',
    vote_count_gte: 400,
    vote_average_gte: 6.5,
    certification,
  };
}

/** The hero's request: the most popular films (product.md §7 "discover/movie … page 1"). */
export function heroQuery(certification: RatingFilter): DiscoverQuery {
  return { type: 'movie', sort_by: 'popularity.desc', certification };
}

/**
 * The Continue Watching entries (product.md §2): newest first, at most `limit`. A series appears
 * once, at its newest episode, so that one binge does not push every film off the row.
 */
export function continueWatchingItems(history: readonly HistoryItem[], limit: number): HistoryItem[] {
  const newestFirst = [...history].sort((a, b) => Date.parse(b.watched_at) - Date.parse(a.watched_at));
  const seen = new Set<string>();
  const picked: HistoryItem[] = [];
  for (const item of newestFirst) {
    const key = `${item.content_type}:${item.movie_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(item);
    if (picked.length >= limit) break;
  }
  return picked;
}

/** The SxEy badge of a history-style card (product.md §2 Cards), or null for films. */
export function episodeBadge(item: Pick<HistoryItem, 'content_type' | 'season_number' | 'episode_number'>) {
  if (item.content_type !== 'tv' || item.season_number == null || item.episode_number == null) return null;
  return `S${item.season_number}E${item.episode_number}`;
}

/** Requests the mood box offers as examples (each one the recommender reads well). */
export const MOOD_EXAMPLES: readonly string[] = [
  'something scary but funny',
  'a feel-good 90s comedy',
  'slow mind-bending sci-fi',
  'like The Matrix',
];

/** Recommendations the mood box shows at once. */
export const MOOD_RESULTS_SHOWN = 12;

const LANGUAGE_NAMES: Record<string, string> = {
  ja: 'Japanese',
  ko: 'Korean',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  hi: 'Hindi',
};

const TONE_NAMES: Record<NonNullable<MoodIntent['tone']>, string> = {
  light: 'Light',
  dark: 'Dark',
  slow: 'Slow-paced',
  cerebral: 'Thought-provoking',
  tense: 'Tense',
};

/** What the recommender understood, as short labels for the mood box ("Horror", "1990s", "no Romance"). */
export function describeIntent(intent: MoodIntent, referenceTitle?: string | null): string[] {
  const labels: string[] = [];
  const name = (id: number) => MOVIE_GENRES.find((genre) => genre.id === id)?.name;
  // The catalogue's spelling of a title found, the request's words of one not found.
  if (intent.reference) labels.push(referenceTitle ? `like ${referenceTitle}` : `like “${intent.reference}”`);
  for (const genre of intent.include) if (genre.weight >= 0.9) labels.push(name(genre.id) ?? '');
  for (const id of intent.avoid) labels.push(`no ${name(id) ?? 'genre'}`);
  if (intent.mediaType) labels.push(intent.mediaType === 'movie' ? 'Films' : 'Series');
  if (intent.era)
    labels.push(
      intent.era.label === 'recent' ? 'Recent' : intent.era.label === 'classic' ? 'Classic' : intent.era.label,
    );
  if (intent.tone) labels.push(TONE_NAMES[intent.tone]);
  if (intent.length) labels.push(intent.length === 'short' ? 'Short' : 'Long');
  if (intent.language) labels.push(LANGUAGE_NAMES[intent.language] ?? intent.language);
  if (intent.quality === 'acclaimed') labels.push('Acclaimed');
  if (intent.quality === 'hidden') labels.push('Hidden gems');
  if (intent.quality === 'popular') labels.push('Popular');
  return labels.filter(Boolean);
}

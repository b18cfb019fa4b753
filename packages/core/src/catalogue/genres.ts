/** A genre of the movie database, by its numeric id. */
export interface Genre {
  id: number;
  name: string;
}

/** Movie genres (product.md §3 "Genre catalogues"). */
export const MOVIE_GENRES: readonly Genre[] = [
  { id: 28, name: 'Action' },
  { id: 12, name: 'Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 14, name: 'Fantasy' },
  { id: 36, name: 'History' },
  { id: 27, name: 'Horror' },
  { id: 10402, name: 'Music' },
  { id: 9648, name: 'Mystery' },
  { id: 10749, name: 'Romance' },
  { id: 878, name: 'Science Fiction' },
  { id: 10770, name: 'TV Movie' },
  { id: 53, name: 'Thriller' },
  { id: 10752, name: 'War' },
  { id: 37, name: 'Western' },
];

/** TV genres (product.md §3 "Genre catalogues"). */
export const TV_GENRES: readonly Genre[] = [
  { id: 10759, name: 'Action & Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 10762, name: 'Kids' },
  { id: 9648, name: 'Mystery' },
  { id: 10763, name: 'News' },
  { id: 10764, name: 'Reality' },
  { id: 10765, name: 'Sci-Fi & Fantasy' },
  { id: 10766, name: 'Soap' },
  { id: 10767, name: 'Talk' },
  { id: 10768, name: 'War & Politics' },
  { id: 37, name: 'Western' },
];

/** The 12 favourite-genre choices of the settings screen (product.md §3). */
export const FAVORITE_GENRE_CHOICES: readonly Genre[] = [
  { id: 28, name: 'Action' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 14, name: 'Fantasy' },
  { id: 27, name: 'Horror' },
  { id: 10749, name: 'Romance' },
  { id: 878, name: 'Sci-Fi' },
  { id: 53, name: 'Thriller' },
];

export type MediaType = 'movie' | 'tv';

export function genresFor(type: MediaType): readonly Genre[] {
  return type === 'movie' ? MOVIE_GENRES : TV_GENRES;
}

/** Genre names for ids, in the order given; unknown ids are skipped. */
export function genreNames(type: MediaType, ids: readonly number[]): string[] {
  const catalogue = genresFor(type);
  return ids.flatMap((id) => catalogue.find((genre) => genre.id === id)?.name ?? []);
}

/** URL slug of a genre name: "Science Fiction" → "science-fiction", "Action & Adventure" → "action-adventure". */
export function genreSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Finds the genre of a /genre/{slug} path among movie genres first, then TV genres: by its slug
 * (`horror`) or by its id (`27`; product.md §2 names numeric genre paths "Genre Movies").
 */
export function findGenreBySlug(slug: string): (Genre & { type: MediaType }) | undefined {
  const matches = /^\d+$/.test(slug)
    ? (genre: Genre) => genre.id === Number(slug)
    : (genre: Genre) => genreSlug(genre.name) === slug;
  const movie = MOVIE_GENRES.find(matches);
  if (movie) return { ...movie, type: 'movie' };
  const tv = TV_GENRES.find(matches);
  return tv ? { ...tv, type: 'tv' } : undefined;
}

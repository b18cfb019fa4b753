/** The content-rating filter values of the settings and the browse API (product.md §3). */
export const RATING_FILTERS = ['pg', 'pg13', 'r', 'all'] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];

const MOVIE_STEPS: Record<Exclude<RatingFilter, 'all'>, string[]> = {
  pg: ['G', 'PG'],
  pg13: ['G', 'PG', 'PG-13'],
  r: ['G', 'PG', 'PG-13', 'R'],
};

/** US TV ratings placed on the same ladder as the film ratings. */
const TV_STEPS: Record<Exclude<RatingFilter, 'all'>, string[]> = {
  pg: ['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG'],
  pg13: ['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14'],
  r: ['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA'],
};

/**
 * The certifications a rating filter allows (product.md §9): pg allows G and PG; pg13 adds
 * PG-13; r adds R; all adds NC-17 and NR (and so everything). Returns null for "no filter".
 */
export function allowedCertifications(filter: RatingFilter, type: 'movie' | 'tv'): string[] | null {
  if (filter === 'all') return null;
  return (type === 'movie' ? MOVIE_STEPS : TV_STEPS)[filter];
}

/** A missing or unknown certification counts as NR (product.md §9: unrated counts as NR). */
export function normalizeCertification(value: string | null | undefined): string {
  const trimmed = value?.trim().toUpperCase();
  if (!trimmed || trimmed === 'NOT RATED' || trimmed === 'UNRATED' || trimmed === 'OPEN') return 'NR';
  return trimmed;
}

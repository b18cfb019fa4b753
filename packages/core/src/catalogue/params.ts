import * as z from 'zod/mini';
import { RATING_FILTERS } from './certification.ts';
import { SORT_OPTIONS, type SortBy } from './sort-options.ts';

const SORT_VALUES = SORT_OPTIONS.map((option) => option.value) as [SortBy, ...SortBy[]];

export const TOP_RATED_PERIODS = ['all-time', 'this-year', '6-months', 'this-month'] as const;
export type TopRatedPeriod = (typeof TOP_RATED_PERIODS)[number];

/** The movie database answers at most 500 pages; so do we. */
export const MAX_PAGE = 500;
export const PAGE_SIZE = 20;

/** Vote counts are 32-bit integers in the database: anything larger is no filter but an error. */
const voteCount = z.coerce
  .number()
  .check(z.int('must be a whole number'), z.gte(0, 'must be 0 or more'), z.lte(2_147_483_647, 'is too large'));

const page = z._default(
  z.coerce
    .number()
    .check(
      z.int('must be a whole number'),
      z.gte(1, 'must be 1 or more'),
      z.lte(MAX_PAGE, `must be ${MAX_PAGE} or less`),
    ),
  1,
);
const mediaType = z.enum(['movie', 'tv'], { message: 'must be movie or tv' });
const genreList = z.string().check(
  z.regex(/^\d{1,6}([,|]\d{1,6})*$/, 'must be genre ids joined by , (all of) or | (any of)'),
  z.refine((value) => !(value.includes(',') && value.includes('|')), 'cannot mix , and |'),
);
const currentYear = () => new Date().getUTCFullYear();

/** GET /api/catalogue/discover (DESIGN.md). */
export const discoverParamsSchema = z.object({
  type: z._default(mediaType, 'movie'),
  page,
  sort_by: z._default(z.enum(SORT_VALUES, { message: `must be one of ${SORT_VALUES.join(', ')}` }), 'popularity.desc'),
  with_genres: z.optional(genreList),
  primary_release_year: z.optional(
    z.coerce.number().check(
      z.int('must be a whole number'),
      z.gte(1900, 'must be 1900 or later'),
      z.superRefine((year: number, ctx) => {
        const latest = currentYear() + 2;
        if (year > latest) ctx.addIssue({ code: 'custom', message: `must be ${latest} or earlier` });
      }),
    ),
  ),
  vote_average_gte: z.optional(
    z.coerce.number().check(z.gte(0, 'must be from 0 to 10'), z.lte(10, 'must be from 0 to 10')),
  ),
  vote_count_gte: z.optional(voteCount),
  with_watch_providers: z.optional(
    z.string().check(z.regex(/^\d+([,|]\d+)*$/, 'must be provider ids joined by , or |')),
  ),
  with_original_language: z.optional(z.string().check(z.regex(/^[a-z]{2}$/, 'must be a two-letter language code'))),
  certification: z._default(z.enum(RATING_FILTERS, { message: 'must be pg, pg13, r or all' }), 'all'),
  watch_region: z._default(z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code')), 'US'),
});
export type DiscoverParams = z.infer<typeof discoverParamsSchema>;

/** GET /api/catalogue/search. */
export const searchParamsSchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200, 'must be 200 characters or fewer')),
  page,
});
export type SearchParams = z.infer<typeof searchParamsSchema>;

/** GET /api/catalogue/top-rated: vote_count_gte defaults to 100 (product.md §7). */
export const topRatedParamsSchema = z.object({
  type: z._default(mediaType, 'movie'),
  period: z._default(
    z.enum(TOP_RATED_PERIODS, { message: `must be one of ${TOP_RATED_PERIODS.join(', ')}` }),
    'all-time',
  ),
  vote_count_gte: z._default(voteCount, 100),
  page,
});
export type TopRatedParams = z.infer<typeof topRatedParamsSchema>;

export const titleIdSchema = z.coerce
  .number()
  .check(z.int('must be a whole number'), z.positive('must be a positive id'), z.lte(2_147_483_647, 'is too large'));
export const seasonNumberSchema = z.coerce
  .number()
  .check(z.int('must be a whole number'), z.gte(0, 'must be 0 or more'), z.lte(1000, 'is too large'));
export const mediaTypeSchema = mediaType;
export const genresParamsSchema = z.object({ type: z._default(mediaType, 'movie') });

/**
 * The start date of a top-rated period (product.md §7): this-month, 6-months and this-year
 * become a start date on the release or first air date; all-time has none.
 */
export function periodStartDate(period: TopRatedPeriod, now: Date): string | null {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (period) {
    case 'all-time':
      return null;
    case 'this-year':
      return `${year}-01-01`;
    case 'this-month':
      return `${year}-${String(month + 1).padStart(2, '0')}-01`;
    case '6-months': {
      const start = new Date(Date.UTC(year, month - 6, now.getUTCDate()));
      return start.toISOString().slice(0, 10);
    }
  }
}

/** Parses with:genres into ids and the mode: "," = all of them, "|" = any of them. */
export function parseGenreFilter(value: string | undefined): { ids: number[]; mode: 'all' | 'any' } | null {
  if (!value) return null;
  const mode = value.includes('|') ? 'any' : 'all';
  return { ids: value.split(/[,|]/).map(Number), mode };
}

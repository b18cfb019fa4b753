import * as z from 'zod/mini';

/** product.md §9: the lists screen shows 12 lists a page, a list's screen 30 titles a page. */
export const LISTS_PAGE_SIZE = 12;
export const LIST_MOVIES_PAGE_SIZE = 30;

const page = z._default(
  z.coerce
    .number()
    .check(z.int('must be a whole number'), z.gte(1, 'must be 1 or more'), z.lte(10_000, 'must be 10000 or less')),
  1,
);

/** GET /api/lists and GET /api/lists/:id query. */
export const listPageParamsSchema = z.strictObject({ page });

/** A curated list's id: lower-case words joined by dashes. */
export const listIdSchema = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'is not a list id'), z.maxLength(120));

/** A title inside a curated list (product.md §3 Movie list, `movies[]`). */
export interface ListMovie {
  id: number;
  media_type: 'movie' | 'tv';
  title: string;
  original_title: string;
  poster_path: string | null;
  backdrop_path: string | null;
  release_date: string | null;
  genre_ids: number[];
  vote_average: number;
}

/** A curated list (product.md §3 Movie list) with its title count. */
export interface MovieList {
  id: string;
  list_title: string;
  list_description: string | null;
  created_at: string;
  created_by: string | null;
  movie_count: number;
  movies: ListMovie[];
}

// Apart from the query schemas (params.ts), which the browse screen does not need: they would
// bring zod into its JavaScript.

/** Sort options of the browse screen (product.md §2). */
export const SORT_OPTIONS = [
  { value: 'popularity.desc', label: 'Most Popular' },
  { value: 'release_date.desc', label: 'Latest Release' },
  { value: 'vote_average.desc', label: 'Top Rated' },
  { value: 'title.asc', label: 'A-Z' },
  { value: 'title.desc', label: 'Z-A' },
] as const;
export type SortBy = (typeof SORT_OPTIONS)[number]['value'];

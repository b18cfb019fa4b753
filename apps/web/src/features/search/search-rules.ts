/** Search constants of product.md §9. */
export const SEARCH_DEBOUNCE_MS = 300;
export const DROPDOWN_LIMIT = 8;
export const DROPDOWN_LIMIT_MOBILE = 6;
export const OVERVIEW_LIMIT = 80;
export const BLUR_CLEAR_MS = 200;

/** Cuts an overview at 80 characters, ending with an ellipsis when it was longer. */
export function cutOverview(text: string, limit = OVERVIEW_LIMIT): string {
  const clean = text.trim();
  return clean.length > limit ? `${clean.slice(0, limit).trimEnd()}...` : clean;
}

/** The label of a result's type badge (product.md §2 Search dropdown): MOVIE, TV Show or the type. */
export function typeLabel(mediaType: string): string {
  if (mediaType === 'movie') return 'MOVIE';
  if (mediaType === 'tv') return 'TV Show';
  return mediaType;
}

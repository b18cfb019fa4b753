/** The system's accessibility requests, as media queries. Each one switches on its setting's effect. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const MORE_CONTRAST_QUERY = '(prefers-contrast: more)';

/** Whether the system asks for `query` now (false where there is no window, as on the server). */
export function systemAsks(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

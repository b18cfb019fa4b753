/** Poster widths of the image host (product.md §7 Images), smallest first. */
export const POSTER_WIDTHS = [92, 342, 500, 780] as const;
export type PosterQuality = 'auto' | 'high' | 'medium' | 'low';

const FIXED: Record<Exclude<PosterQuality, 'auto'>, string> = { high: 'w780', medium: 'w500', low: 'w342' };

/**
 * The poster size for a quality setting. `auto` picks by the device pixel ratio and the rendered
 * width: the smallest size at least as wide as the pixels drawn.
 */
export function posterSize(quality: PosterQuality, renderedWidth: number, devicePixelRatio = 1): string {
  if (quality !== 'auto') return FIXED[quality];
  const needed = renderedWidth * Math.min(Math.max(devicePixelRatio, 1), 3);
  const width = POSTER_WIDTHS.find((candidate) => candidate >= needed);
  return width ? `w${width}` : 'original';
}

/** Backdrops come in w780 and original; anything wider than a phone gets the original. */
export function backdropSize(renderedWidth: number, devicePixelRatio = 1): string {
  return renderedWidth * devicePixelRatio <= 780 ? 'w780' : 'original';
}

/** The URL of an image path at a size, under the image base of /api/config. */
export function imageUrl(base: string, path: string | null | undefined, size: string): string | null {
  if (!path) return null;
  return `${base.replace(/\/$/, '')}/${size}${path.startsWith('/') ? path : `/${path}`}`;
}

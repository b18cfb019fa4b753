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

/** The URL of an image path at a size, under the image base of /api/config. */
export function imageUrl(base: string, path: string | null | undefined, size: string): string | null {
  if (!path) return null;
  return `${base.replace(/\/$/, '')}/${size}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The `srcset` of a poster at auto quality: every width the host has, so the browser picks by
 * its own pixel ratio (the same markup whether the server or the browser rendered it).
 */
export function posterSrcSet(base: string, path: string | null | undefined): string | null {
  if (!path) return null;
  return POSTER_WIDTHS.map((width) => `${imageUrl(base, path, `w${width}`)} ${width}w`).join(', ');
}

/** The `srcset` of a backdrop: w780 for phones, the original (1920 wide) beyond. */
export function backdropSrcSet(base: string, path: string | null | undefined): string | null {
  if (!path) return null;
  return `${imageUrl(base, path, 'w780')} 780w, ${imageUrl(base, path, 'original')} 1920w`;
}

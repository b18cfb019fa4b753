import { describe, expect, it } from 'vitest';
import { backdropSrcSet, imageUrl, posterSize, posterSrcSet } from './images.ts';

describe('poster quality', () => {
  it('uses a fixed size for high, medium and low', () => {
    expect([posterSize('high', 200), posterSize('medium', 200), posterSize('low', 200)]).toEqual([
      'w780',
      'w500',
      'w342',
    ]);
  });

  it('picks by rendered width and pixel ratio on auto', () => {
    expect(posterSize('auto', 80, 1)).toBe('w92');
    expect(posterSize('auto', 180, 1)).toBe('w342');
    expect(posterSize('auto', 180, 2)).toBe('w500');
    expect(posterSize('auto', 300, 2)).toBe('w780');
    expect(posterSize('auto', 500, 3)).toBe('original');
  });

  it('builds URLs under the image base', () => {
    expect(imageUrl('/api/art/', '/poster/movie/1.svg', 'w342')).toBe('/api/art/w342/poster/movie/1.svg');
    expect(imageUrl('https://image.tmdb.org/t/p', '/abc.jpg', 'w500')).toBe('https://image.tmdb.org/t/p/w500/abc.jpg');
    expect(imageUrl('/api/art/', null, 'w342')).toBeNull();
  });

  it('lets the browser choose the size from a srcset (the same markup on the server)', () => {
    expect(posterSrcSet('/api/art/', '/poster/movie/1.svg')).toBe(
      '/api/art/w92/poster/movie/1.svg 92w, /api/art/w342/poster/movie/1.svg 342w, ' +
        '/api/art/w500/poster/movie/1.svg 500w, /api/art/w780/poster/movie/1.svg 780w',
    );
    expect(backdropSrcSet('/api/art', '/backdrop/tv/2.svg')).toBe(
      '/api/art/w780/backdrop/tv/2.svg 780w, /api/art/original/backdrop/tv/2.svg 1920w',
    );
    expect(posterSrcSet('/api/art/', null)).toBeNull();
    expect(backdropSrcSet('/api/art/', undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { findGenreBySlug, genreNames, genreSlug, MOVIE_GENRES, TV_GENRES } from './genres.ts';

describe('genre catalogues', () => {
  it('holds the 19 movie and 16 TV genres of the spec', () => {
    expect(MOVIE_GENRES).toHaveLength(19);
    expect(TV_GENRES).toHaveLength(16);
  });

  it('names genre ids by media type, skipping unknown ids', () => {
    expect(genreNames('movie', [878, 10765, 18])).toEqual(['Science Fiction', 'Drama']);
    expect(genreNames('tv', [10765, 18])).toEqual(['Sci-Fi & Fantasy', 'Drama']);
  });

  it('makes slugs and finds genres by them', () => {
    expect(genreSlug('Action & Adventure')).toBe('action-adventure');
    expect(findGenreBySlug('science-fiction')).toEqual({ id: 878, name: 'Science Fiction', type: 'movie' });
    expect(findGenreBySlug('sci-fi-fantasy')?.id).toBe(10765);
    expect(findGenreBySlug('nope')).toBeUndefined();
  });
});

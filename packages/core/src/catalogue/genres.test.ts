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

  it('finds a genre by its id, as /genre/27 carries it', () => {
    expect(findGenreBySlug('27')).toEqual({ id: 27, name: 'Horror', type: 'movie' });
    expect(findGenreBySlug('10765')).toEqual({ id: 10765, name: 'Sci-Fi & Fantasy', type: 'tv' });
    expect(findGenreBySlug('999')).toBeUndefined();
  });
});

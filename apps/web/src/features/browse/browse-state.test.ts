import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  browseLabel,
  browseSearch,
  DEFAULT_BROWSE,
  discoverParams,
  parseBrowseState,
} from './browse-state.ts';

const parse = (query: string, route = {}) => parseBrowseState(new URLSearchParams(query), route);

describe('browse state in the URL', () => {
  it('defaults to movies by popularity, page 1', () => {
    expect(parse('')).toEqual(DEFAULT_BROWSE);
  });

  it('round-trips every filter through the query string', () => {
    const query =
      'type=tv&with_genres=18,80&primary_release_year=2008&vote_average_gte=8&with_watch_providers=8&with_original_language=ko&sort_by=vote_average.desc&page=3';
    const state = parse(query);
    expect(state).toMatchObject({
      type: 'tv',
      genres: [18, 80],
      year: 2008,
      minRating: 8,
      provider: 8,
      language: 'ko',
      sortBy: 'vote_average.desc',
      page: 3,
    });
    expect(parse(browseSearch(state).toString())).toEqual(state);
  });

  it('takes the type from /browse/{type} and the genre from /genre/{slug}', () => {
    expect(parse('', { type: 'tv' }).type).toBe('tv');
    expect(parse('', { slug: 'science-fiction' })).toMatchObject({ type: 'movie', genres: [878] });
    expect(parse('', { slug: 'sci-fi-fantasy' })).toMatchObject({ type: 'tv', genres: [10765] });
    // A numeric genre path filters too (it showed the whole catalogue).
    expect(parse('', { slug: '27' })).toMatchObject({ type: 'movie', genres: [27] });
    expect(parse('', { slug: '10759' })).toMatchObject({ type: 'tv', genres: [10759] });
  });

  it('accepts the spec alias "sort" and ignores junk', () => {
    expect(parse('sort=title.asc').sortBy).toBe('title.asc');
    expect(
      parse(
        'sort_by=nope&page=-4&primary_release_year=1800&vote_average_gte=5&with_watch_providers=999&with_original_language=xx',
      ),
    ).toEqual(DEFAULT_BROWSE);
  });

  it('counts active filters and names the results', () => {
    expect(activeFilterCount(parse('type=tv&sort_by=title.asc'))).toBe(0);
    expect(
      activeFilterCount(parse('with_genres=18&primary_release_year=1999&vote_average_gte=7&with_original_language=fr')),
    ).toBe(4);
    expect(browseLabel(parse('type=tv'))).toBe('TV Shows');
    expect(browseLabel(parse('with_genres=18'))).toBe('Drama Movies');
  });

  it('adds favourite genres, pipe-joined, only when no genre is chosen', () => {
    expect(discoverParams(parse(''), [28, 35]).with_genres).toBe('28|35');
    expect(discoverParams(parse('with_genres=18'), [28, 35]).with_genres).toBe('18');
    expect(discoverParams(parse('')).with_genres).toBeUndefined();
  });

  it('carries Available to watch as available=1, counted as a filter and sent to discover', () => {
    const state = parse('available=1&with_genres=18');
    expect(state.available).toBe(true);
    expect(browseSearch(state).get('available')).toBe('1');
    expect(activeFilterCount(state)).toBe(2);
    expect(discoverParams(state).available).toBe('1');
    expect(parse('available=yes').available).toBe(false);
    expect(discoverParams(parse('')).available).toBeUndefined();
  });
});

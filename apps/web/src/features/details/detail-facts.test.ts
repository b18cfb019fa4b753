import { describe, expect, it } from 'vitest';
import {
  creatorsOf,
  directorOf,
  episodeWatchPath,
  firstEpisodeNumber,
  initialSeason,
  NOT_AVAILABLE,
  parseTitleId,
  regularSeasons,
  resumeFromState,
  runtimeOf,
  studiosOf,
  tmdbUrl,
} from './detail-facts.ts';
import { aMovie, anEpisode, aSeries } from './test-factories.ts';

describe('detail facts', () => {
  it('accepts only positive whole-number ids from the route', () => {
    expect(parseTitleId('1748')).toBe(1748);
    for (const raw of ['abc', '0', '-1', '1.5', '', '12abc', undefined, '99999999999999999999']) {
      expect(parseTitleId(raw), String(raw)).toBeNull();
    }
  });

  it('names the real director, else the first production company, else says it is not available', () => {
    expect(directorOf(aMovie())).toBe('David Fincher');
    const codirected = aMovie({
      credits: {
        crew: [
          { name: 'Lana Wachowski', job: 'Director', department: 'Directing' },
          { name: 'Lilly Wachowski', job: 'Director', department: 'Directing' },
          { name: 'Joel Silver', job: 'Producer', department: 'Production' },
        ],
      },
    });
    expect(directorOf(codirected)).toBe('Lana Wachowski, Lilly Wachowski');
    expect(directorOf(aMovie({ credits: { crew: [] } }))).toBe('20th Century Fox');
    expect(directorOf(aMovie({ credits: { crew: [] }, production_companies: [] }))).toBe(NOT_AVAILABLE);
  });

  it('joins the creators of a series, falling back to "Information not available"', () => {
    expect(creatorsOf(aSeries({ created_by: [{ name: 'David Benioff' }, { name: 'D. B. Weiss' }] }))).toBe(
      'David Benioff, D. B. Weiss',
    );
    expect(creatorsOf(aSeries({ created_by: [] }))).toBe(NOT_AVAILABLE);
    const creditedOnly = aSeries({
      created_by: [],
      credits: { crew: [{ name: 'Vince Gilligan', job: 'Creator', department: 'Writing' }] },
    });
    expect(creatorsOf(creditedOnly)).toBe('Vince Gilligan');
  });

  it('shows up to 3 studios', () => {
    const companies = ['A', 'B', 'C', 'D'].map((name) => ({ name }));
    expect(studiosOf(aMovie({ production_companies: companies }))).toEqual(['A', 'B', 'C']);
  });

  it('uses the movie runtime, or the first episode runtime of a series', () => {
    expect(runtimeOf(aMovie())).toBe(139);
    expect(runtimeOf(aMovie({ runtime: null }))).toBeNull();
    expect(runtimeOf(aSeries({ episode_run_time: [45, 60] }))).toBe(45);
    expect(runtimeOf(aSeries({ episode_run_time: [] }))).toBeNull();
  });

  it('links the movie database page by id for TMDB titles and by a title search for local ones', () => {
    expect(tmdbUrl(aMovie(), 'tmdb')).toBe('https://www.themoviedb.org/movie/550');
    expect(tmdbUrl(aSeries(), 'tmdb')).toBe('https://www.themoviedb.org/tv/1');
    expect(tmdbUrl(aMovie(), 'local')).toBe('https://www.themoviedb.org/search?query=Fight%20Club');
    expect(tmdbUrl(aSeries(), undefined)).toBe('https://www.themoviedb.org/search?query=Breaking%20Bad');
  });

  it('lists regular seasons only and starts Watch Now at the first episode of the season', () => {
    const withSpecials = aSeries({
      seasons: [2, 0, 1].map((n) => ({
        id: n,
        season_number: n,
        name: '',
        air_date: null,
        episode_count: 1,
        poster_path: null,
      })),
    });
    expect(regularSeasons(withSpecials)).toEqual([1, 2]);
    expect(firstEpisodeNumber(undefined)).toBe(1);
    expect(firstEpisodeNumber([anEpisode({ episode_number: 3 }), anEpisode({ episode_number: 2 })])).toBe(2);
    expect(episodeWatchPath(1, 2, 1)).toBe('/watch/series/1?season=2&episode=1');
  });

  it('reads the resume point from navigation state and ignores malformed state', () => {
    expect(resumeFromState({ lastWatchedSeason: 2, lastWatchedEpisode: 5 })).toEqual({
      season: 2,
      episode: 5,
      source: 'state',
    });
    expect(resumeFromState({ lastWatchedSeason: '3', lastWatchedEpisode: '4' })).toMatchObject({
      season: 3,
      episode: 4,
    });
    for (const state of [null, undefined, 'x', {}, { lastWatchedSeason: 0, lastWatchedEpisode: 1 }]) {
      expect(resumeFromState(state)).toBeNull();
    }
    expect(resumeFromState({ lastWatchedSeason: 2, lastWatchedEpisode: 'abc' })).toBeNull();
  });

  it('opens on the resume season when the series has it, else the first regular season', () => {
    const resume = { season: 2, episode: 5, source: 'history' as const };
    expect(initialSeason([1, 2, 3], resume)).toBe(2);
    expect(initialSeason([1, 2, 3], { ...resume, season: 9 })).toBe(1);
    expect(initialSeason([2, 3], null)).toBe(2);
    expect(initialSeason([], null)).toBe(1);
  });
});

import type { TitleSummary } from '@marquee/core';
import { describe, expect, it } from 'vitest';
import type { TitleRef } from './import-records.ts';
import { chooseTitle } from './matcher.ts';

/** A catalogue search result; a film unless `media_type` says otherwise. */
function summary(overrides: Partial<TitleSummary> & { id: number; name?: string; date: string }): TitleSummary {
  const { date, ...rest } = overrides;
  const isTv = overrides.media_type === 'tv';
  return {
    media_type: 'movie',
    overview: '',
    poster_path: null,
    backdrop_path: null,
    vote_average: 7,
    vote_count: 100,
    popularity: 1,
    genre_ids: [],
    original_language: 'en',
    ...(isTv ? { first_air_date: date } : { release_date: date }),
    ...rest,
  };
}

const film = (id: number, title: string, year: number) => summary({ id, title, date: `${year}-06-01` });
const series = (id: number, name: string, year: number) =>
  summary({ id, media_type: 'tv', name, date: `${year}-01-10` });

function ref(title: string, year: number | null, type: 'movie' | 'tv' = 'movie'): TitleRef & { type: 'movie' | 'tv' } {
  return { file: 'diary.csv', line: 2, type, title, year, tmdbId: null, imdbId: null, marqueeId: null };
}

const chosenId = (outcome: ReturnType<typeof chooseTitle>) => (outcome.status === 'matched' ? outcome.title.id : null);

describe('chooseTitle', () => {
  it('matches a film whose year differs by one (release dates differ between countries)', () => {
    expect(chosenId(chooseTitle(ref('Heat', 1996), [film(11, 'Heat', 1995)]))).toBe(11);
    expect(chosenId(chooseTitle(ref('Heat', 1994), [film(11, 'Heat', 1995)]))).toBe(11);
  });

  it('does not match a film two years off, and says which years the catalogue has', () => {
    const outcome = chooseTitle(ref('Heat', 1997), [film(11, 'Heat', 1995)]);
    expect(outcome).toEqual({
      status: 'unmatched',
      reason: 'the catalogue has "Heat" only from 1995, not 1997',
    });
  });

  it('breaks a tie within the year window by the exact year', () => {
    // 2004 and 2005 are both within a year of 2005: the one from 2005 is the match.
    const results = [film(1, 'The Island', 2004), film(2, 'The Island', 2005), film(3, 'The Island', 2006)];
    expect(chosenId(chooseTitle(ref('The Island', 2005), results))).toBe(2);
  });

  it('asks when several titles share the name and none has the exact year', () => {
    const outcome = chooseTitle(ref('The Island', 2005), [film(1, 'The Island', 2004), film(3, 'The Island', 2006)]);
    expect(outcome.status).toBe('ambiguous');
    expect(outcome.status === 'ambiguous' && outcome.candidates.map((candidate) => candidate.id)).toEqual([1, 3]);
  });

  it('asks among every title of the name when the row has no year', () => {
    const results = [film(1, 'King Kong', 1933), film(2, 'King Kong', 1976), film(3, 'King Kong', 2005)];
    const outcome = chooseTitle(ref('King Kong', null), results);
    expect(outcome.status === 'ambiguous' && outcome.candidates.map((candidate) => candidate.year)).toEqual([
      1933, 1976, 2005,
    ]);
  });

  it('keeps to the type the row names: a film is not matched to a series of the same name, nor the reverse', () => {
    const results = [series(50, 'Fargo', 2014), film(60, 'Fargo', 1996)];
    expect(chosenId(chooseTitle(ref('Fargo', 2014, 'tv'), results))).toBe(50);
    expect(chosenId(chooseTitle(ref('Fargo', 1996, 'movie'), results))).toBe(60);
    expect(chooseTitle(ref('Fargo', 2014, 'movie'), [series(50, 'Fargo', 2014)])).toEqual({
      status: 'unmatched',
      reason: 'no film called "Fargo" (2014) in the catalogue',
    });
  });

  it('matches a name within a typo of the catalogue’s, and by its original title', () => {
    expect(chosenId(chooseTitle(ref('Gladaitor', 2000), [film(98, 'Gladiator', 2000)]))).toBe(98);
    const amelie = summary({
      id: 194,
      title: 'Amélie',
      original_title: 'Le Fabuleux Destin d’Amélie Poulain',
      date: '2001-04-25',
    });
    expect(chosenId(chooseTitle(ref('Le Fabuleux Destin d’Amélie Poulain', 2001), [amelie]))).toBe(194);
  });
});

import { describe, expect, it } from 'vitest';
import { avoidedGenresFor, genreWeightsFor, isEmptyIntent, parseMood } from './mood.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const ids = (query: string) => parseMood(query, NOW).include.map((genre) => genre.id);

describe('parseMood', () => {
  it('reads two moods joined by "but" as two genres asked for, neither avoided', () => {
    const intent = parseMood('something scary but funny', NOW);
    expect(ids('something scary but funny')).toEqual(expect.arrayContaining([27, 35]));
    expect(intent.include.find((genre) => genre.id === 27)).toMatchObject({ weight: 1, cue: 'scary' });
    expect(intent.include.find((genre) => genre.id === 35)).toMatchObject({ weight: 1, cue: 'funny' });
    expect(intent.avoid).toEqual([]);
    expect(intent.tone).toBeNull();
    expect(intent.cues).toEqual(['scary', 'funny']);
  });

  it('reads a feel-good 90s comedy: comedy first, a light tone and the 1990s', () => {
    const intent = parseMood('a feel-good 90s comedy', NOW);
    expect(intent.include[0]).toMatchObject({ id: 35, weight: 1 });
    expect(intent.tone).toBe('light');
    expect(intent.era).toEqual({ from: 1990, to: 1999, label: '1990s' });
  });

  it('reads slow mind-bending sci-fi as science fiction and mystery with a slow or cerebral tone', () => {
    const intent = parseMood('slow mind-bending sci-fi', NOW);
    expect(ids('slow mind-bending sci-fi')).toEqual(expect.arrayContaining([878, 9648]));
    expect(intent.include[0]!.weight).toBe(1);
    expect(['slow', 'cerebral']).toContain(intent.tone);
  });

  it('takes "like The Matrix" as a reference title whose words are not read as moods', () => {
    const intent = parseMood('something like The Dark Knight but funnier', NOW);
    expect(intent.reference).toBe('the dark knight');
    expect(intent.tone).toBeNull();
    expect(ids('something like The Dark Knight but funnier')).toEqual([35]);
    expect(parseMood('like The Matrix', NOW).reference).toBe('the matrix');
    expect(parseMood('movies similar to Heat', NOW).reference).toBe('heat');
  });

  it('does not take "like" as a verb for a reference', () => {
    expect(parseMood("I'd like a comedy", NOW).reference).toBeNull();
    expect(parseMood('I like sci-fi', NOW)).toMatchObject({ reference: null });
    expect(ids('I like sci-fi')).toEqual([878]);
    expect(parseMood("I'd like something like Alien", NOW).reference).toBe('alien');
  });

  it('avoids what a negation reaches, until the clause ends', () => {
    const intent = parseMood('a drama without romance, but funny', NOW);
    expect(intent.avoid).toEqual([10749]);
    expect(ids('a drama without romance, but funny')).toEqual(expect.arrayContaining([18, 35]));
    expect(parseMood('not too scary', NOW)).toMatchObject({ include: [], avoid: [27] });
    expect(parseMood('no horror and no gore', NOW).avoid).toEqual([27]);
    // Asked for outright, a genre stays even when a negated word also names it.
    expect(parseMood('scary but not gory', NOW).avoid).toEqual([]);
  });

  it('reads eras: decades in figures and words, single years, ranges, before/after, recent and classic', () => {
    const era = (query: string) => parseMood(query, NOW).era;
    expect(era('80s action')).toMatchObject({ from: 1980, to: 1989 });
    expect(era("an '80s movie")).toMatchObject({ from: 1980, to: 1989 });
    expect(era('the 2000s')).toMatchObject({ from: 2000, to: 2009 });
    expect(era('a 10s thriller')).toMatchObject({ from: 2010, to: 2019 });
    expect(era('seventies cop films')).toMatchObject({ from: 1970, to: 1979 });
    expect(era('released in 1994')).toEqual({ from: 1994, to: 1994, label: '1994' });
    expect(era('between 2012 and 2008')).toMatchObject({ from: 2008, to: 2012 });
    expect(era('before 1960')).toEqual({ from: null, to: 1959, label: 'before 1960' });
    expect(era('after 2015')).toEqual({ from: 2016, to: null, label: 'since 2016' });
    expect(era('something recent')).toEqual({ from: 2021, to: 2026, label: 'recent' });
    expect(era('an old classic western')).toEqual({ from: null, to: 1979, label: 'classic' });
    expect(era('a comedy')).toBeNull();
  });

  it('reads the media type, language, length and quality', () => {
    expect(parseMood('a binge-worthy crime show', NOW).mediaType).toBe('tv');
    expect(parseMood('show me a scary movie', NOW).mediaType).toBe('movie');
    expect(parseMood('show me something scary', NOW).mediaType).toBeNull();
    expect(parseMood('a k-drama', NOW)).toMatchObject({ mediaType: 'tv', language: 'ko' });
    expect(parseMood('anime', NOW)).toMatchObject({ language: 'ja', include: [{ id: 16 }] });
    expect(parseMood('a quick comedy', NOW).length).toBe('short');
    expect(parseMood('under 90 minutes', NOW).length).toBe('short');
    expect(parseMood('a long epic', NOW).length).toBe('long');
    expect(parseMood('an underrated thriller', NOW).quality).toBe('hidden');
    expect(parseMood('the best war films', NOW).quality).toBe('acclaimed');
  });

  it('keeps subject words as keywords for the overview', () => {
    expect(parseMood('funny zombies', NOW).keywords).toEqual(['zombie']);
    expect(parseMood('a heist movie', NOW).keywords).toEqual(['heist']);
    expect(parseMood('witches and ghosts', NOW).keywords).toEqual(['witch', 'ghost']);
    expect(parseMood('something funny', NOW).keywords).toEqual([]);
  });

  it('tells an empty intent from one with something to rank by', () => {
    expect(isEmptyIntent(parseMood('asdfgh qwerty', NOW))).toBe(true);
    expect(isEmptyIntent(parseMood('zzz 1999', NOW))).toBe(false);
  });

  it('survives anything: long, odd and hostile text', () => {
    for (const query of [
      '',
      '   ',
      "'; drop table titles; --",
      '<script>alert(1)</script>',
      'x'.repeat(10_000),
      '(((((',
      'like',
      'no',
    ]) {
      expect(() => parseMood(query, NOW)).not.toThrow();
    }
  });
});

describe('genre mapping for series', () => {
  it('maps movie genres onto the series catalogue, lighter where series have no such genre', () => {
    const intent = parseMood('scary sci-fi action', NOW);
    const tv = genreWeightsFor(intent, 'tv');
    expect(tv.get(10765)?.weight).toBe(1);
    expect(tv.get(10759)?.weight).toBe(1);
    expect(tv.has(27)).toBe(false);
    expect(genreWeightsFor(intent, 'movie').get(27)?.weight).toBe(1);
  });

  it('avoids only the series genres that stand fully for an avoided movie genre', () => {
    const intent = parseMood('no war, no horror', NOW);
    expect(avoidedGenresFor(intent, 'movie').sort()).toEqual([10752, 27].sort());
    expect(avoidedGenresFor(intent, 'tv')).toEqual([10768]);
  });
});

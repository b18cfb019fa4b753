import { describe, expect, it } from 'vitest';
import { readingsOf, splitsOf, type ReadingLexicon } from './query-readings.ts';

const WORDS = [
  'star',
  'trek',
  'start',
  'the',
  'of',
  'lord',
  'rings',
  'men',
  'in',
  'black',
  'n',
  'ocean',
  'oceans',
  's',
  'eleven',
  'interstellar',
  'inter',
  'princess',
  'bride',
  'ride',
  'back',
  'to',
  'future',
  'godfather',
  'don',
  't',
  'cry',
  'boys',
  'her',
];

/** A lexicon of WORDS; close means the word or one letter more or less. */
const lexicon: ReadingLexicon = {
  has: (word) => WORDS.includes(word),
  hasClose: (word) =>
    WORDS.includes(word) ||
    WORDS.some(
      (known) => Math.abs(known.length - word.length) === 1 && (known.startsWith(word) || word.startsWith(known)),
    ),
};

const read = (query: string) => readingsOf(query.split(' '), lexicon).map((reading) => reading.words.join(' '));

describe('readings of a query', () => {
  it('comes first as typed', () => {
    expect(read('star trek')[0]).toBe('star trek');
    expect(readingsOf(['star', 'trek'], lexicon)[0]).toEqual({
      words: ['star', 'trek'],
      changes: 0,
      keepsLastWord: true,
    });
  });

  it('splits a word into two words the titles have ("startrek")', () => {
    expect(read('startrek')).toContain('star trek');
    expect(splitsOf('startrek', lexicon)).toEqual([['star', 'trek']]);
  });

  it('splits a word into three when two do not do ("backtothe future")', () => {
    expect(read('backtothe future')).toContain('back to the future');
  });

  it('joins two words typed for one ("inter stellar")', () => {
    expect(read('inter stellar')).toContain('interstellar');
  });

  it('moves a space by a letter or two ("lord o fthe rings", "princessb ride")', () => {
    expect(read('lord o fthe rings')).toContain('lord of the rings');
    expect(read('princessb ride')).toContain('princess bride');
    expect(read('start rek')).toContain('star trek');
  });

  it("reads a left-out apostrophe's word end as a word of its own, even after a known word", () => {
    expect(read('oceans eleven')).toContain('ocean s eleven');
    expect(read('boys dont cry')).toContain('boys don t cry');
  });

  it('leaves out a one-letter stand-in for a short word ("men n black")', () => {
    expect(read('men n black')).toContain('men black');
    // A query of one letter is still a query.
    expect(read('n')).toEqual(['n']);
  });

  it('joins the whole of a short query typed with spaces in it ("h e r")', () => {
    expect(read('h e r')).toContain('her');
  });

  it('never splits a word into pieces of one letter, nor a known word but at an apostrophe', () => {
    expect(splitsOf('ostar', lexicon)).toEqual([]);
    expect(splitsOf('godfather', lexicon)).toEqual([]);
  });

  it('keeps at most five other readings, the fewest changes first', () => {
    const readings = readingsOf('star trek n of the rings n black'.split(' '), lexicon);
    expect(readings.length).toBeLessThanOrEqual(6);
    const changes = readings.slice(1).map((reading) => reading.changes);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
  });

  it('marks the readings whose last word is the one typed last, which may be half typed', () => {
    const readings = readingsOf(['inter', 'stellar'], lexicon);
    expect(readings.find((reading) => reading.words.join(' ') === 'interstellar')?.keepsLastWord).toBe(false);
  });
});

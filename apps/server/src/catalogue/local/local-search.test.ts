import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleOf, yearOf, type TitleSummary } from '@marquee/core';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { createLocalCatalogue } from './local-catalogue.ts';
import { searchText } from './local-import.ts';
import { titles } from './local-schema.ts';
import {
  allowedEdits,
  anyOf,
  chooseAlternatives,
  editDistance,
  isSubsequence,
  looseAlternatives,
  searchLocalTitles,
  searchLocalTitlesAllWords,
  splitYear,
  toTsQuery,
  type VocabularyMatch,
} from './local-search.ts';
import { Vocabulary } from './vocabulary.ts';
import type { CatalogueProvider } from '../provider.ts';

describe('query words', () => {
  it('counts typos, a swap of two neighbours being one', () => {
    expect(editDistance('feght', 'fight')).toBe(1);
    expect(editDistance('clbu', 'club')).toBe(1);
    expect(editDistance('edemption', 'redemption')).toBe(1);
    expect(editDistance('clob', 'close')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('forgives no typo in a word of two letters, one up to five, two from six', () => {
    expect([2, 3, 5, 6, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });

  const match = (word: string, kind: VocabularyMatch['kind'], titles = 1, similarity = 0): VocabularyMatch => ({
    word,
    kind,
    titles,
    similarity,
  });

  it('keeps a word the titles have, with the completions of the last word after it', () => {
    const found = [match('of', 'exact', 900), match('office', 'completion', 3), match('off', 'completion', 5)];
    expect(chooseAlternatives('of', found)).toEqual(['of', 'off', 'office']);
  });

  it('replaces an unknown word by its neighbours within a typo, fewest typos first', () => {
    const near = [
      match('close', 'near', 1, 0.375),
      match('clone', 'near', 1, 0.375),
      match('club', 'near', 7, 0.25),
      match('click', 'near', 1, 0.22),
    ];
    // Trigrams put close and clone first; "clob" is one letter away from club only.
    expect(chooseAlternatives('clob', near)).toEqual(['club']);
    // Night is two letters away from feght: too many for five letters, however common it is.
    expect(chooseAlternatives('feght', [match('night', 'near', 17, 0.2), match('fight', 'near', 2, 0.33)])).toEqual([
      'fight',
    ]);
    expect(
      chooseAlternatives('godfahter', [match('godfather', 'near', 3, 0.3), match('godmother', 'near', 1, 0.2)]),
    ).toEqual(['godfather']);
  });

  it('puts a word typed with a letter left out before one typed with a letter wrong', () => {
    expect(isSubsequence('marix', 'matrix')).toBe(true);
    expect(isSubsequence('marix', 'maria')).toBe(false);
    // Trigrams put maria first, and both are a typo away: "marix" is matrix with its t left out.
    const near = [match('maria', 'near', 3, 0.5), match('matrix', 'near', 3, 0.44)];
    expect(chooseAlternatives('marix', near)[0]).toBe('matrix');
  });

  it('tries more corrections of a word when asked (no text held the first ones)', () => {
    const near = ['word', 'work', 'worm', 'wars'].map((word) => match(word, 'near', 1, 0.4));
    expect(chooseAlternatives('wors', near)).not.toContain('wars');
    expect(chooseAlternatives('wors', near, 12)).toContain('wars');
  });

  it('leaves a word out when nothing in the vocabulary is close to it', () => {
    expect(chooseAlternatives('zzqxv', [match('zero', 'near', 2, 0.1), match('zoom', 'near', 1, 0.1)])).toEqual([]);
  });

  it('builds a tsquery of quoted lexemes: every group, any word of a group', () => {
    expect(toTsQuery([['the'], ['godfather', 'godfathers']])).toBe("'the' & ( 'godfather' | 'godfathers' )");
    expect(toTsQuery([["o'neil"]])).toBe("'o''neil'");
  });

  it('builds a tsquery that any of several readings matches', () => {
    expect(anyOf(["'star' & 'trek'", "'startrek'", "'startrek'"])).toBe("( 'star' & 'trek' ) | ( 'startrek' )");
    expect(anyOf(["'men' & 'black'"])).toBe("'men' & 'black'");
  });

  it('as a last resort, reads each word within two typos in all, however the letters are mixed', () => {
    const vocabulary = new Vocabulary(
      '1',
      ['jack', 'harsh', 'times', 'the', 'cube', 'a'].map((word, index) => ({ word, titles: index + 1 })),
    );
    // No trigram of "xjakc" is one of jack's.
    expect(looseAlternatives(vocabulary, ['xjakc'])).toEqual({ alternatives: ['jack'], corrected: 'jack' });
    // A space typed as a letter.
    expect(looseAlternatives(vocabulary, ['harshftimes']).corrected).toBe('harsh times');
    // Two typos in each of two words is four: no title is that close.
    expect(looseAlternatives(vocabulary, ['xjakc', 'thxx']).alternatives).toEqual([]);
    expect(looseAlternatives(vocabulary, ['zzqxv', 'wwkj']).alternatives).toEqual([]);
  });

  it('takes a year off the end of a query', () => {
    expect(splitYear('alien 1979')).toEqual({ words: 'alien', year: 1979 });
    expect(splitYear('King Kong (1933)')).toEqual({ words: 'King Kong', year: 1933 });
    expect(splitYear('1917')).toEqual({ words: '1917', year: null });
  });
});

describe('the search vocabulary', () => {
  let database: TestDatabase;
  let catalogue: CatalogueProvider;

  beforeAll(async () => {
    database = await createTestDatabase({ catalogue: true });
    catalogue = createLocalCatalogue(database.db);
  });
  afterAll(() => database.destroy());

  const label = (item: TitleSummary) => `${titleOf(item)} (${yearOf(item)})`;

  async function vocabulary(word: string): Promise<number | undefined> {
    const rows = await database.rows<{ titles: number }>(sql`select titles from title_words where word = ${word}`);
    return rows[0]?.titles;
  }
  async function textCount(text: string): Promise<number | undefined> {
    const rows = await database.rows<{ titles: number }>(
      sql`select titles from search_texts where search_title = ${text}`,
    );
    return rows[0]?.titles;
  }

  function film(id: number, title: string, year: number) {
    return {
      mediaType: 'movie' as const,
      id,
      title,
      originalTitle: title,
      originalLanguage: 'en',
      releaseDate: `${year}-05-01`,
      year,
      popularity: 5,
      searchTitle: searchText(title, title),
    };
  }

  it('holds every word and text of the imported titles, counted', async () => {
    const [counts] = await database.rows<{ words: number; texts: number; titles: number; expected: number }>(sql`
      select (select count(*)::int from title_words) as words,
             (select count(*)::int from search_texts) as texts,
             (select sum(titles)::int from search_texts) as titles,
             (select count(*)::int from titles) as expected`);
    expect(counts!.words).toBeGreaterThan(1000);
    expect(counts!.titles).toBe(counts!.expected);
    // Three films are called King Kong: one text for them.
    expect(await textCount('king kong')).toBe(3);
    expect(await vocabulary('kong')).toBeGreaterThanOrEqual(3);
  });

  it('follows inserts, title changes and deletes, so a new title is found at once and a removed one never', async () => {
    expect(await vocabulary('zorblat')).toBeUndefined();
    // The vocabulary in memory is read before the titles change: the searches below must see it is stale.
    expect((await catalogue.search({ q: 'zorblta', page: 1 })).total_results).toBe(0);
    await database.db.insert(titles).values([film(990001, 'Zorblat Returns', 2001), film(990002, 'Zorblat', 1999)]);
    expect(await vocabulary('zorblat')).toBe(2);
    expect(await vocabulary('returns')).toBeGreaterThanOrEqual(1);
    let found = await catalogue.search({ q: 'zorblta', page: 1 });
    expect(found.results.map(label)).toEqual(['Zorblat (1999)', 'Zorblat Returns (2001)']);
    expect(found.total_results).toBe(2);

    await database.db
      .update(titles)
      .set({ title: 'Quintaro Returns', searchTitle: 'quintaro returns' })
      .where(eq(titles.id, 990001));
    expect(await vocabulary('zorblat')).toBe(1);
    expect(await vocabulary('quintaro')).toBe(1);
    expect(await textCount('zorblat returns')).toBeUndefined();
    found = await catalogue.search({ q: 'quintaro', page: 1 });
    expect(found.results.map(label)).toEqual(['Quintaro Returns (2001)']);

    // A change that leaves the search text alone leaves the counts alone.
    const before = await vocabulary('returns');
    await database.db.update(titles).set({ popularity: 50 }).where(eq(titles.id, 990001));
    expect(await vocabulary('returns')).toBe(before);

    await database.db.delete(titles).where(sql`${titles.id} in (990001, 990002)`);
    expect(await vocabulary('zorblat')).toBeUndefined();
    expect(await vocabulary('quintaro')).toBeUndefined();
    expect(await textCount('zorblat')).toBeUndefined();
    found = await catalogue.search({ q: 'zorblat', page: 1 });
    expect(found.results.map(label)).not.toContain('Zorblat (1999)');
  });

  it('answers many names at once as it answers each alone (an import), titles added since included', async () => {
    const names = [
      'the matirx 1999',
      'star wors',
      'alien 1979',
      'king kong',
      'gladaitor',
      '1917',
      'the bayss 1989',
      'zzqxv wwkj',
      '',
      'a film not in the catalogue 2001',
    ];
    const alone = [];
    for (const q of names) alone.push((await searchLocalTitles(database.db, q, 1, { partialMatches: false })).rows);
    expect(alone.filter((rows) => rows.length > 0).length).toBeGreaterThanOrEqual(6);
    expect(await searchLocalTitlesAllWords(database.db, names)).toEqual(alone);

    // The vocabulary in memory does not know this title's word: the batch sees it is stale.
    await database.db.insert(titles).values([film(990003, 'Vextrano Nights', 2003)]);
    const [found] = await searchLocalTitlesAllWords(database.db, ['vextarno nights 2003']);
    expect(found!.map((row) => row.title)).toEqual(['Vextrano Nights']);
    await database.db.delete(titles).where(eq(titles.id, 990003));
  });
});

describe('the vocabulary held in memory', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ catalogue: true });
  });
  afterAll(() => database.destroy());

  it('is read again after a read that failed: a search fails cleanly, the next one finds', async () => {
    // Nothing is held for this database yet: the first search reads the vocabulary, and it cannot.
    const catalogue = createLocalCatalogue(database.db);
    await database.rows(sql`alter table title_words_version rename to title_words_version_away`);
    await expect(catalogue.search({ q: 'king kong', page: 1 })).rejects.toThrow(/title_words_version/);
    await database.rows(sql`alter table title_words_version_away rename to title_words_version`);
    const found = await catalogue.search({ q: 'king kogn', page: 1 });
    expect(found.total_results).toBeGreaterThanOrEqual(3);
  });
});

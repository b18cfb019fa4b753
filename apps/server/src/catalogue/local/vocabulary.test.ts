import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { trigramsOf, Vocabulary } from './vocabulary.ts';

/** The similarity of word `a` to `b` as the vocabulary scores its neighbours. */
function trigramSimilarity(a: string, b: string): number {
  return new Vocabulary('1', [{ word: b, titles: 1 }]).near(a, 1)[0]?.similarity ?? 0;
}

describe('trigrams', () => {
  it('pads a word as pg_trgm does and counts each trigram once', () => {
    expect(trigramsOf('fight')).toEqual(['  f', ' fi', 'fig', 'igh', 'ght', 'ht ']);
    expect(trigramsOf('aaaa')).toEqual(['  a', ' aa', 'aaa', 'aa ']);
    expect(trigramsOf('é')).toEqual(['  é', ' é ']);
  });

  it('scores shared trigrams over all of either word', () => {
    expect(trigramSimilarity('fight', 'fight')).toBe(1);
    // "  f", "ght", "ht " of 9.
    expect(trigramSimilarity('feght', 'fight')).toBeCloseTo(3 / 9);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
  });
});

describe('the vocabulary in memory', () => {
  const vocabulary = new Vocabulary('7', [
    { word: 'fight', titles: 4 },
    { word: 'night', titles: 17 },
    { word: 'right', titles: 17 },
    { word: 'club', titles: 9 },
    { word: 'of', titles: 900 },
    { word: 'off', titles: 5 },
    { word: 'office', titles: 3 },
    { word: 'offside', titles: 3 },
    { word: 'ofelia', titles: 1 },
    { word: 'éclair', titles: 2 },
    { word: 'zebra', titles: 1 },
  ]);

  it('knows its words and the version it was read at', () => {
    expect(vocabulary.version).toBe('7');
    expect(vocabulary.size).toBe(11);
    expect(vocabulary.exact('club')).toEqual({ word: 'club', titles: 9, kind: 'exact', similarity: 0 });
    expect(vocabulary.exact('clu')).toBeNull();
  });

  it('finds the words nearest by trigrams, most similar first, then the commonest, then in order', () => {
    const near = vocabulary.near('feght', 3);
    expect(near.map((match) => match.word)).toEqual(['fight', 'night', 'right']);
    expect(near[0]!.similarity).toBeCloseTo(3 / 9);
    expect(near.every((match) => match.kind === 'near')).toBe(true);
    // Words without a shared trigram are never near; a lookup leaves nothing behind for the next.
    expect(vocabulary.near('qqq', 12)).toEqual([]);
    expect(vocabulary.near('feght', 3)).toEqual(near);
  });

  it('completes a prefix with the commonest longer words that begin with it', () => {
    expect(vocabulary.completions('of', 3).map((match) => match.word)).toEqual(['off', 'office', 'offside']);
    expect(vocabulary.completions('off', 20).map((match) => match.word)).toEqual(['office', 'offside']);
    expect(vocabulary.completions('é', 20).map((match) => match.word)).toEqual(['éclair']);
    expect(vocabulary.completions('zz', 20)).toEqual([]);
    // The word itself is not its own completion.
    expect(vocabulary.completions('zebra', 20)).toEqual([]);
  });

  it('keeps the commonest when a prefix has many more words than are asked for', () => {
    const many = new Vocabulary(
      '1',
      Array.from({ length: 500 }, (_, index) => ({ word: `s${String(index).padStart(3, '0')}`, titles: index % 97 })),
    );
    const top = many.completions('s', 5).map((match) => match.titles);
    expect(top).toEqual([96, 96, 96, 96, 96]);
    const near = many.near('s123', 4);
    expect(near[0]!.word).toBe('s123');
    expect(near.map((match) => match.similarity)).toEqual(
      [...near.map((match) => match.similarity)].sort((a, b) => b - a),
    );
  });
});

describe('the vocabulary in memory against the database', () => {
  let database: TestDatabase;
  let vocabulary: Vocabulary;

  beforeAll(async () => {
    database = await createTestDatabase({ catalogue: true });
    const rows = await database.rows<{ word: string; titles: number }>(sql`select word, titles from title_words`);
    vocabulary = new Vocabulary('1', rows);
  });
  afterAll(() => database.destroy());

  const QUERY_WORDS = ['feght', 'edemption', 'godfahter', 'shawshenk', 'amelie', 'kong', 'clbu', 'matrx', 'lov'];

  it("scores every pair as pg_trgm's similarity does", async () => {
    const words = ['fight', 'redemption', 'godfather', 'shawshank', 'amélie', 'kong', 'club', 'matrix', 'love', 'x'];
    const pairs = QUERY_WORDS.flatMap((a) => words.map((b) => ({ a, b })));
    const rows = await database.rows<{ a: string; b: string; similarity: number }>(sql`
      select p.a, p.b, similarity(p.a, p.b) as similarity
      from unnest(string_to_array(${pairs.map((pair) => pair.a).join('|')}, '|'),
                  string_to_array(${pairs.map((pair) => pair.b).join('|')}, '|')) as p(a, b)`);
    expect(rows).toHaveLength(pairs.length);
    for (const row of rows)
      expect(trigramSimilarity(row.a, row.b), `${row.a} ~ ${row.b}`).toBeCloseTo(row.similarity, 5);
  });

  it("finds the neighbours pg_trgm's nearest-first order finds", async () => {
    for (const word of QUERY_WORDS) {
      const rows = await database.rows<{ word: string; similarity: number }>(sql`
        select word, similarity(word, ${word}) as similarity from title_words
        order by word <-> ${word}, titles desc, word collate "C" limit 12`);
      const near = vocabulary.near(word, 12);
      // The same similarities, best first; the words too wherever two are not equally similar.
      expect(
        near.map((match) => match.similarity.toFixed(5)),
        word,
      ).toEqual(rows.map((row) => row.similarity.toFixed(5)));
      expect(
        near.map((match) => match.word),
        word,
      ).toEqual(rows.map((row) => row.word));
    }
  });

  it('completes as the ordered words of the database do', async () => {
    for (const prefix of ['lo', 'the', 'kin', 'a', 'zz']) {
      const rows = await database.rows<{ word: string }>(sql`
        select word from title_words where word like ${`${prefix}%`} and word > ${prefix} collate "C"
        order by titles desc, word collate "C" limit 20`);
      expect(
        vocabulary.completions(prefix, 20).map((match) => match.word),
        prefix,
      ).toEqual(rows.map((row) => row.word));
    }
  });

  it('has its version raised by every statement that changes the words, whoever makes it', async () => {
    const version = async () =>
      (await database.rows<{ version: string }>(sql`select version::text as version from title_words_version`))[0]!
        .version;
    const before = BigInt(await version());
    await database.rows(sql`update title_words set titles = titles where word = 'kong'`);
    expect(BigInt(await version())).toBe(before + 1n);
    // A statement that changes nothing still may have: it counts.
    await database.rows(sql`delete from title_words where word = 'zzzz-not-a-word'`);
    expect(BigInt(await version())).toBe(before + 2n);
  });
});

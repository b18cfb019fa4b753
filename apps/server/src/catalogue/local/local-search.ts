import { sql } from 'drizzle-orm';
import { PAGE_SIZE, type MediaType } from '@marquee/core';
import { preparedStatement, withConnection, type Db } from '../../db/client.ts';
import { searchText } from './local-import.ts';
import type { titles } from './local-schema.ts';
import { Vocabulary, type VocabularyMatch } from './vocabulary.ts';

export type { VocabularyMatch } from './vocabulary.ts';

/** A text must be at least this similar to the query (trigram similarity, whole or word) to count. */
const MIN_TEXT_SCORE = 0.3;
/** Bonus of a search text equal to the query, of a title of the query's year. */
const EXACT_BONUS = 0.4;
const YEAR_BONUS = 0.35;
/** Popularity adds up to this much: 0.25 × ln(1 + popularity) / ln(301), capped at popularity 300. */
const POPULARITY_WEIGHT = 0.25;
/** Vocabulary words looked at per unknown query word, and completions of the last word. */
const NEIGHBOURS = 12;
const COMPLETIONS = 20;
/** Corrections kept per word: more widen the lookup without finding what was meant. */
const CORRECTIONS = 3;

type TitleRow = typeof titles.$inferSelect;
export type SearchRow = Pick<
  TitleRow,
  | 'mediaType'
  | 'id'
  | 'title'
  | 'originalTitle'
  | 'originalLanguage'
  | 'originCountry'
  | 'overview'
  | 'releaseDate'
  | 'genreIds'
  | 'voteAverage'
  | 'voteCount'
  | 'popularity'
>;

/** Splits "alien 1979" into the words and a year that may disambiguate them. */
export function splitYear(query: string): { words: string; year: number | null } {
  const match = /^(.*\S)\s+\(?((?:19|20)\d{2})\)?$/.exec(query.trim());
  if (!match) return { words: query.trim(), year: null };
  return { words: match[1]!, year: Number(match[2]) };
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment): "feght" → "fight" is 1,
 * "clbu" → "club" is 1.
 */
export function editDistance(a: string, b: string): number {
  // Three rows of the distance table (two back, for a swap), reused: this runs for a dozen words
  // per unknown query word, and a table of arrays per word was most of that.
  const columns = b.length + 1;
  let before = new Int32Array(columns);
  let previous = new Int32Array(columns);
  let current = new Int32Array(columns);
  for (let column = 0; column < columns; column++) previous[column] = column;
  for (let row = 1; row <= a.length; row++) {
    current[0] = row;
    for (let column = 1; column < columns; column++) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      let best = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) {
        best = Math.min(best, before[column - 2]! + 1);
      }
      current[column] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** Typos forgiven in a word of this length: none in 1–2 letters, one up to 5, two from 6. */
export function allowedEdits(length: number): number {
  if (length <= 2) return 0;
  return length <= 5 ? 1 : 2;
}

/**
 * What a query word may stand for, best first: the word itself when the titles have it, then (for
 * the last word, which may be half typed) the commonest words it begins; otherwise the words within
 * a typo or two of it. Empty when the vocabulary has nothing close: the word is then left out.
 */
export function chooseAlternatives(word: string, matches: VocabularyMatch[]): string[] {
  const exact = matches.filter((match) => match.kind === 'exact').map((match) => match.word);
  const completions = matches
    .filter((match) => match.kind === 'completion')
    .sort((a, b) => b.titles - a.titles)
    .map((match) => match.word);
  const near = exact.length
    ? []
    : matches
        .filter((match) => match.kind === 'near')
        .map((match) => ({ ...match, edits: editDistance(word, match.word) }))
        .filter((match) => match.edits <= allowedEdits(word.length) || match.similarity >= 0.5)
        .sort((a, b) => a.edits - b.edits || b.similarity - a.similarity || b.titles - a.titles)
        .slice(0, CORRECTIONS)
        .map((match) => match.word);
  return [...new Set([...exact, ...completions, ...near])];
}

/** A tsquery that every word group must match (any word of a group): 'the' & ( 'godfather' | 'godfathers' ). */
export function toTsQuery(groups: string[][]): string {
  const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return groups
    .map((group) => (group.length === 1 ? lexeme(group[0]!) : `( ${group.map(lexeme).join(' | ')} )`))
    .join(' & ');
}

const placeholder = sql.placeholder;
const constant = (value: number) => sql.raw(String(value));

interface RankedPage {
  rows: SearchRow[];
  total: number;
}

type PageRow = SearchRow & { total: number; mediaType: MediaType | null; vocabularyVersion: string };

interface Terms {
  typed: string;
  corrected: string;
  year: number | null;
}

type RankValues = Terms & { query: string; offset: number; want: number };

/**
 * One page of the titles whose search text matches a tsquery (`query`) by text relevance (trigram
 * similarity to the query as typed and as corrected, an exact-text bonus), a matching year and
 * popularity, with the vocabulary version the database holds (see searchLocalTitles).
 *
 * Relevance belongs to a text, so it is computed once per matching text (at 1,000,000 titles a
 * common pair of words is a thousand titles but a dozen texts). The titles of a text rank among
 * themselves by year and popularity, which the titles_search_idx index reads in order. A page needs
 * the best `want` titles: walking the texts from the most relevant, once they hold `want` titles
 * the last one's relevance is a floor that no text more than the largest title bonus below it can
 * reach, so only the texts above that line are read, and only their first `want` titles each.
 */
function rankStatement(name: string, withYear: boolean) {
  const maxTitleBonus = POPULARITY_WEIGHT + (withYear ? YEAR_BONUS : 0);
  const year = sql`${placeholder('year')}::int`;
  const titleBonus = sql`${withYear ? sql`case when h.year = ${year} then ${constant(YEAR_BONUS)}::float8 else 0 end` : sql`0`}
    + ${constant(POPULARITY_WEIGHT)}::float8 * least(ln(1 + h.popularity) / ln(301), 1)`;
  const titleOrder = withYear
    ? sql`(t.year = ${year}) desc nulls last, t.popularity desc nulls last, t.id, t.media_type`
    : sql`t.popularity desc nulls last, t.id, t.media_type`;
  const typed = sql`${placeholder('typed')}::text`;
  const corrected = sql`${placeholder('corrected')}::text`;
  const offset = sql`${placeholder('offset')}::int`;
  return preparedStatement<PageRow, RankValues>(
    name,
    sql`
    with matched as (
      select s.search_title, s.titles,
        -- The corrected query is scored only when it differs (similarity is most of this query's time).
        greatest(similarity(s.search_title, ${typed}), word_similarity(${typed}, s.search_title),
                 case when ${corrected} <> ${typed}
                   then greatest(similarity(s.search_title, ${corrected}), word_similarity(${corrected}, s.search_title))
                 end) as score
      from search_texts s
      where to_tsvector('simple', s.search_title) @@ ${placeholder('query')}::tsquery
    ),
    kept as (
      select search_title, titles,
        score + case when search_title in (${typed}, ${corrected}) then ${constant(EXACT_BONUS)}::float8 else 0 end as relevance
      from matched where score >= ${constant(MIN_TEXT_SCORE)}::float8
    ),
    total as (select coalesce(sum(titles), 0)::int as titles from kept),
    reached as (
      select search_title, relevance, titles,
        sum(titles) over (order by relevance desc, search_title rows unbounded preceding) as titles_so_far
      from kept
    ),
    needed as (
      select search_title, relevance from reached
      where (select titles from total) > ${offset}
        and relevance + ${constant(maxTitleBonus)}::float8 >= (select min(relevance) from reached where titles_so_far - titles < ${placeholder('want')}::int)
    ),
    hits as (
      select h.media_type, h.id, needed.relevance + ${titleBonus} as score
      from needed cross join lateral (
        select t.media_type, t.id, t.year, t.popularity from titles t
        where t.search_title = needed.search_title
        order by ${titleOrder}
        limit ${placeholder('want')}::int
      ) h
      order by score desc, h.id, h.media_type
      limit ${constant(PAGE_SIZE)} offset ${offset}
    )
    -- A page past the last result is one row with the total alone.
    select total.titles as total, (select version::text from title_words_version) as "vocabularyVersion",
      t.media_type as "mediaType", t.id, t.title, t.original_title as "originalTitle",
      t.original_language as "originalLanguage", t.origin_country as "originCountry", t.overview,
      t.release_date::text as "releaseDate", t.genre_ids as "genreIds", t.vote_average as "voteAverage",
      t.vote_count as "voteCount", t.popularity
    from total
    left join (hits join titles t on t.media_type = hits.media_type and t.id = hits.id) on true
    order by hits.score desc, hits.id, hits.media_type`,
  );
}

const selectRankedPage = rankStatement('search_rank', false);
const selectRankedPageOfYear = rankStatement('search_rank_year', true);

/** The vocabulary and the version it was read at, in one statement (one snapshot). */
const selectVocabulary = preparedStatement<{ version: string; word: string | null; titles: number | null }, object>(
  'search_vocabulary',
  sql`select v.version::text as version, w.word, w.titles from title_words_version v left join title_words w on true`,
);
const selectVocabularyVersion = preparedStatement<{ version: string }, object>(
  'search_vocabulary_version',
  sql`select version::text as version from title_words_version`,
);

async function readVocabulary(db: Db): Promise<Vocabulary> {
  const rows = await selectVocabulary(db, {});
  const entries = rows.flatMap((row) => (row.word === null ? [] : [{ word: row.word, titles: row.titles! }]));
  return new Vocabulary(rows[0]?.version ?? '', entries);
}

/** The vocabulary held for each database (the handle searchLocalTitles is given), or being read. */
const vocabularies = new WeakMap<Db, Promise<Vocabulary>>();

function heldVocabulary(key: Db, connection: Db): Promise<Vocabulary> {
  return vocabularies.get(key) ?? readAgain(key, connection, null);
}

/**
 * Reads the vocabulary again, unless another search has already read it at `version` or later
 * (`version` null: whatever is held is stale). Searches that find it stale at once share one read.
 */
function readAgain(key: Db, connection: Db, version: string | null): Promise<Vocabulary> {
  const held = vocabularies.get(key);
  const reading = (held ?? Promise.resolve(null)).then(
    (current) =>
      current && version !== null && current.version !== '' && BigInt(current.version) >= BigInt(version)
        ? current
        : readVocabulary(connection),
    () => readVocabulary(connection),
  );
  vocabularies.set(key, reading);
  // A failed read is not kept: the next search reads again.
  reading.catch(() => {
    if (vocabularies.get(key) === reading) vocabularies.delete(key);
  });
  return reading;
}

/** Reads the search vocabulary of `db` ahead of the first search (start-up: a large one takes a second). */
export async function readSearchVocabulary(db: Db): Promise<number> {
  return (await heldVocabulary(db, db)).size;
}

/** Each word's matches: itself when known, else its nearest words; the last word's completions too. */
function lookUpWords(vocabulary: Vocabulary, words: string[]): VocabularyMatch[][] {
  return words.map((word, index) => {
    const exact = vocabulary.exact(word);
    const matches = exact ? [exact] : [...word].length > 2 ? vocabulary.near(word, NEIGHBOURS) : [];
    return index === words.length - 1 ? [...matches, ...vocabulary.completions(word, COMPLETIONS)] : matches;
  });
}

function rankValues(terms: Terms & { query: string }, page: number): RankValues {
  const offset = (page - 1) * PAGE_SIZE;
  return { ...terms, offset, want: offset + PAGE_SIZE };
}

async function rankPage(
  db: Db,
  terms: Terms & { query: string },
  page: number,
): Promise<RankedPage & { version: string }> {
  const statement = terms.year === null ? selectRankedPage : selectRankedPageOfYear;
  const rows = await statement(db, rankValues(terms, page));
  // A row without a title only carries the total; the others keep their total and version
  // columns, which the summaries leave out.
  return {
    rows: rows.filter((row) => row.mediaType !== null),
    total: Number(rows[0]?.total ?? 0),
    version: rows[0]?.vocabularyVersion ?? '',
  };
}

/**
 * Typo-tolerant search over the local catalogue. Each query word is corrected against the
 * vocabulary (`title_words`, held in memory): kept when the titles have it, else replaced by the
 * nearest words within a typo or two; the last word also stands for the words it begins ("lord
 * of" → of, office). The search texts holding every word (any of its alternatives) are then ranked
 * in one statement. When no text holds all of them, the rarest word alone decides ("the godfather
 * 2" still finds the Godfather films). A year at the end ("alien 1979") is not a word but a bonus
 * for that year.
 *
 * Every ranking returns the version of the vocabulary in the database: when the titles changed
 * since the vocabulary in memory was read, it is read again and the search made again, so a new
 * title is found at once, by any instance.
 */
export function searchLocalTitles(db: Db, q: string, page: number): Promise<RankedPage> {
  return withConnection(db, async (connection) => {
    const vocabulary = await heldVocabulary(db, connection);
    const first = await search(connection, vocabulary, q, page);
    if (first.version === vocabulary.version) return first;
    return search(connection, await readAgain(db, connection, first.version), q, page);
  });
}

async function search(
  db: Db,
  vocabulary: Vocabulary,
  q: string,
  page: number,
): Promise<RankedPage & { version: string }> {
  const { words: wordsPart, year: splitOff } = splitYear(q);
  // "1917" alone is a title, not a year.
  const wordsText = searchText(wordsPart, wordsPart);
  const typed = wordsText || searchText(q, q);
  const year = wordsText ? splitOff : null;
  const words = typed.split(' ').filter(Boolean).slice(0, 12);
  // No words: nothing to find, whatever the vocabulary.
  if (words.length === 0) return { rows: [], total: 0, version: vocabulary.version };

  const matches = lookUpWords(vocabulary, words);
  const groups = words
    .map((word, index) => ({ word, titles: matches[index]!, alternatives: chooseAlternatives(word, matches[index]!) }))
    .filter((group) => group.alternatives.length > 0);
  if (groups.length === 0) {
    // Nothing close to any word: unless the titles changed since the vocabulary was read.
    const [current] = await selectVocabularyVersion(db, {});
    return { rows: [], total: 0, version: current?.version ?? '' };
  }

  const corrected = groups.map((group) => group.alternatives[0]).join(' ');
  const terms = { typed, corrected, year };
  const all = await rankPage(db, { ...terms, query: toTsQuery(groups.map((group) => group.alternatives)) }, page);
  if (all.total > 0 || groups.length === 1 || all.version !== vocabulary.version) return all;
  const titlesOf = (group: (typeof groups)[number]) =>
    group.titles.filter((match) => group.alternatives.includes(match.word)).reduce((sum, m) => sum + m.titles, 0);
  const rarest = groups.reduce((best, group) => (titlesOf(group) < titlesOf(best) ? group : best));
  return rankPage(db, { ...terms, query: toTsQuery([rarest.alternatives]) }, page);
}

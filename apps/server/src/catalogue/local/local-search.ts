import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type MediaType } from '@marquee/core';
import { preparedStatement, withConnection, type Db } from '../../db/client.ts';
import { searchText } from './local-import.ts';
import type { titles } from './local-schema.ts';
import { readingsOf, type Reading, type ReadingLexicon } from './query-readings.ts';
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
/**
 * Corrections kept per word: more widen the lookup without finding what was meant. When no text
 * holds a correction of every word, more are tried ("star wors": wars is only the ninth closest
 * to "wors", but the only one that follows "star").
 */
const CORRECTIONS = 3;
const WIDE_CORRECTIONS = 12;
/**
 * The last resort compares a word with every vocabulary word of about its length, unless they are
 * more than this many (a made-up vocabulary of 500,000 words): then with its trigram neighbours only.
 */
const LOOSE_SCAN_LIMIT = 20_000;

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
export function chooseAlternatives(word: string, matches: VocabularyMatch[], corrections = CORRECTIONS): string[] {
  const exact = matches.filter((match) => match.kind === 'exact').map((match) => match.word);
  const completions = matches
    .filter((match) => match.kind === 'completion')
    .sort((a, b) => b.titles - a.titles)
    .map((match) => match.word);
  const near = exact.length
    ? []
    : matches
        .filter((match) => match.kind === 'near')
        .map((match) => ({ ...match, edits: editDistance(word, match.word), dropped: isSubsequence(word, match.word) }))
        .filter((match) => match.edits <= allowedEdits(word.length) || match.similarity >= 0.5)
        // A letter left out is the commonest slip ("marix": matrix before maria).
        .sort(
          (a, b) =>
            a.edits - b.edits ||
            Number(b.dropped) - Number(a.dropped) ||
            b.similarity - a.similarity ||
            b.titles - a.titles,
        )
        .slice(0, corrections)
        .map((match) => match.word);
  return [...new Set([...exact, ...completions, ...near])];
}

/** True when `word` is `longer` with letters left out. */
export function isSubsequence(word: string, longer: string): boolean {
  const letters = [...word];
  let at = 0;
  for (const character of longer) if (character === letters[at]) at++;
  return at === letters.length;
}

/** A tsquery that any of `queries` matches. */
export function anyOf(queries: string[]): string {
  const distinct = [...new Set(queries)];
  return distinct.length === 1 ? distinct[0]! : distinct.map((query) => `( ${query} )`).join(' | ');
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

/** Where a ranking reads its values: the statement's placeholders, or the columns of a batch's row. */
interface RankInputs {
  typed: SQL;
  corrected: SQL;
  query: SQL;
  /** Null: no year bonus. */
  year: SQL | null;
  offset: SQL;
  want: SQL;
  /** The largest bonus a title adds to its text's relevance (its popularity, and its year). */
  maxTitleBonus: SQL;
}

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
 * `extraColumns` adds to what each row says (a batch's order of the titles).
 */
function rankQuery(inputs: RankInputs, minScore: number, extraColumns = sql``): SQL {
  const { typed, corrected, query, year, offset, want, maxTitleBonus } = inputs;
  const titleBonus = sql`${year ? sql`case when h.year = ${year} then ${constant(YEAR_BONUS)}::float8 else 0 end` : sql`0`}
    + ${constant(POPULARITY_WEIGHT)}::float8 * least(ln(1 + h.popularity) / ln(301), 1)`;
  const titleOrder = year
    ? sql`(t.year = ${year}) desc nulls last, t.popularity desc nulls last, t.id, t.media_type`
    : sql`t.popularity desc nulls last, t.id, t.media_type`;
  return sql`
    with matched as (
      select s.search_title, s.titles,
        -- The corrected query is scored only when it differs (similarity is most of this query's time).
        greatest(similarity(s.search_title, ${typed}), word_similarity(${typed}, s.search_title),
                 case when ${corrected} <> ${typed}
                   then greatest(similarity(s.search_title, ${corrected}), word_similarity(${corrected}, s.search_title))
                 end) as score
      from search_texts s
      where to_tsvector('simple', s.search_title) @@ ${query}
    ),
    kept as (
      select search_title, titles,
        score + case when search_title in (${typed}, ${corrected}) then ${constant(EXACT_BONUS)}::float8 else 0 end as relevance
      from matched where score >= ${constant(minScore)}::float8
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
        and relevance + ${maxTitleBonus} >= (select min(relevance) from reached where titles_so_far - titles < ${want})
    ),
    hits as (
      select h.media_type, h.id, needed.relevance + ${titleBonus} as score
      from needed cross join lateral (
        select t.media_type, t.id, t.year, t.popularity from titles t
        where t.search_title = needed.search_title
        order by ${titleOrder}
        limit ${want}
      ) h
      order by score desc, h.id, h.media_type
      limit ${constant(PAGE_SIZE)} offset ${offset}
    )
    -- A page past the last result is one row with the total alone.
    select total.titles as total, (select version::text from title_words_version) as "vocabularyVersion",
      t.media_type as "mediaType", t.id, t.title, t.original_title as "originalTitle",
      t.original_language as "originalLanguage", t.origin_country as "originCountry", t.overview,
      t.release_date::text as "releaseDate", t.genre_ids as "genreIds", t.vote_average as "voteAverage",
      t.vote_count as "voteCount", t.popularity${extraColumns}
    from total
    left join (hits join titles t on t.media_type = hits.media_type and t.id = hits.id) on true
    order by hits.score desc, hits.id, hits.media_type`;
}

function rankStatement(name: string, withYear: boolean, minScore = MIN_TEXT_SCORE) {
  const maxTitleBonus = POPULARITY_WEIGHT + (withYear ? YEAR_BONUS : 0);
  const query = rankQuery(
    {
      typed: sql`${placeholder('typed')}::text`,
      corrected: sql`${placeholder('corrected')}::text`,
      query: sql`${placeholder('query')}::tsquery`,
      year: withYear ? sql`${placeholder('year')}::int` : null,
      offset: sql`${placeholder('offset')}::int`,
      want: sql`${placeholder('want')}::int`,
      maxTitleBonus: sql`${constant(maxTitleBonus)}::float8`,
    },
    minScore,
  );
  return preparedStatement<PageRow, RankValues>(name, query);
}

const selectRankedPage = rankStatement('search_rank', false);
const selectRankedPageOfYear = rankStatement('search_rank_year', true);
// The last resort (see searchLocalTitles): whatever holds a word, however unlike the query.
const selectAnyPage = rankStatement('search_rank_any', false, 0);
const selectAnyPageOfYear = rankStatement('search_rank_any_year', true, 0);

type BatchRow = PageRow & { at: number };
interface BatchValues {
  typed: string[];
  corrected: string[];
  query: string[];
  year: Array<number | null>;
}

/**
 * The first pages of many queries in one statement (searchLocalTitlesAllWords): each row of the
 * arrays is ranked as selectRankedPage(OfYear) ranks one query (a null year adds no bonus and
 * leaves the order alone), and its rows say which (`at`, from 1) in that query's order.
 */
const selectRankedFirstPages = preparedStatement<BatchRow, BatchValues>(
  'search_rank_first_pages',
  sql`
  select q.at::int as at, r.*
  from unnest(${placeholder('typed')}::text[], ${placeholder('corrected')}::text[], ${placeholder('query')}::text[],
              ${placeholder('year')}::int[]) with ordinality as q(typed, corrected, query, year, at)
  cross join lateral (${rankQuery(
    {
      typed: sql`q.typed`,
      corrected: sql`q.corrected`,
      query: sql`q.query::tsquery`,
      year: sql`q.year`,
      offset: sql`0`,
      want: constant(PAGE_SIZE),
      maxTitleBonus: sql`case when q.year is null then ${constant(POPULARITY_WEIGHT)}::float8 else ${constant(POPULARITY_WEIGHT + YEAR_BONUS)}::float8 end`,
    },
    MIN_TEXT_SCORE,
    sql`, hits.score as "rankScore"`,
  )}) r
  order by q.at, r."rankScore" desc, r.id, r."mediaType"`,
);

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

/**
 * What a vocabulary's words stand for, worked out once per vocabulary (it never changes; a new one
 * is read when the titles change): the same words come back query after query, and an import's
 * thousands of names spent most of their matching on their neighbours and corrections.
 */
const wordMemos = new WeakMap<Vocabulary, Map<string, unknown>>();
const WORD_MEMO_LIMIT = 50_000;

function remembered<T>(vocabulary: Vocabulary, key: string, find: () => T): T {
  let memo = wordMemos.get(vocabulary);
  if (!memo) {
    memo = new Map();
    wordMemos.set(vocabulary, memo);
  }
  if (memo.has(key)) return memo.get(key) as T;
  if (memo.size >= WORD_MEMO_LIMIT) memo.clear();
  const value = find();
  memo.set(key, value);
  return value;
}

/** A word's matches: itself when known, else its nearest words; and its completions when it may be half typed. */
function lookUpWord(vocabulary: Vocabulary, word: string, isLast: boolean): VocabularyMatch[] {
  const exact = vocabulary.exact(word);
  const matches = exact ? [exact] : [...word].length > 2 ? vocabulary.near(word, NEIGHBOURS) : [];
  return isLast ? [...matches, ...vocabulary.completions(word, COMPLETIONS)] : matches;
}

/** A word's matches and what it may stand for (chooseAlternatives); the caller must not change them. */
function wordAlternatives(
  vocabulary: Vocabulary,
  word: string,
  isLast: boolean,
): { matches: VocabularyMatch[]; alternatives: string[] } {
  return remembered(vocabulary, `${isLast ? 'last' : 'word'}:${word}`, () => {
    const matches = lookUpWord(vocabulary, word, isLast);
    return { matches, alternatives: chooseAlternatives(word, matches) };
  });
}

/** What leaving a word out costs a reading, against the typos of a corrected word. */
const LEFT_OUT_COST = 2;
/** What a half-typed last word costs a reading. */
const COMPLETION_COST = 0.5;

interface WordGroup {
  word: string;
  matches: VocabularyMatch[];
  alternatives: string[];
}

/** A reading of the query (query-readings.ts) with its words corrected, and what the whole costs. */
interface CorrectedReading {
  groups: WordGroup[];
  cost: number;
  /** Words replaced by a correction. */
  corrected: number;
}

function correctReading(vocabulary: Vocabulary, reading: Reading): CorrectedReading {
  let cost = reading.changes;
  let corrected = 0;
  const groups: WordGroup[] = [];
  reading.words.forEach((word, index) => {
    const isLast = reading.keepsLastWord && index === reading.words.length - 1;
    const { matches, alternatives } = wordAlternatives(vocabulary, word, isLast);
    if (alternatives.length === 0) {
      cost += LEFT_OUT_COST;
      return;
    }
    groups.push({ word, matches, alternatives });
    const best = matches.find((match) => match.word === alternatives[0])!;
    if (best.kind === 'completion') cost += COMPLETION_COST;
    if (best.kind === 'near') {
      cost += editDistance(word, best.word);
      corrected++;
    }
  });
  return { groups, cost, corrected };
}

function lexiconOf(vocabulary: Vocabulary): ReadingLexicon {
  return {
    has: (word) => vocabulary.exact(word) !== null,
    hasClose: (word) =>
      vocabulary.exact(word) !== null ||
      remembered(vocabulary, `close:${word}`, () =>
        vocabulary
          .near(word, NEIGHBOURS)
          .some((match) => editDistance(word, match.word) <= allowedEdits([...word].length)),
      ),
  };
}

function rankValues(terms: Terms & { query: string }, page: number): RankValues {
  const offset = (page - 1) * PAGE_SIZE;
  return { ...terms, offset, want: offset + PAGE_SIZE };
}

async function rankPage(
  db: Db,
  terms: Terms & { query: string },
  page: number,
  scored: 'similar' | 'any' = 'similar',
): Promise<RankedPage & { version: string }> {
  const statement =
    scored === 'similar'
      ? terms.year === null
        ? selectRankedPage
        : selectRankedPageOfYear
      : terms.year === null
        ? selectAnyPage
        : selectAnyPageOfYear;
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
export function searchLocalTitles(db: Db, q: string, page: number, options: SearchOptions = {}): Promise<RankedPage> {
  return withConnection(db, async (connection) => {
    const vocabulary = await heldVocabulary(db, connection);
    const first = await search(connection, vocabulary, q, page, options);
    if (first.version === vocabulary.version) return first;
    return search(connection, await readAgain(db, connection, first.version), q, page, options);
  });
}

export interface SearchOptions {
  /**
   * False: only titles holding every word of the query (each corrected within a typo or two), no
   * titles holding some of the words. An import matching thousands of names wants this: a name no
   * title holds whole is not in the catalogue, and the fallbacks cost it most of its time.
   */
  partialMatches?: boolean;
}

/** A query read against the vocabulary: what the texts are scored against, and the tsquery they must match. */
interface SearchPlan {
  terms: Terms;
  words: string[];
  /** No reading of the query kept a word: nothing holds all of them. */
  groups: WordGroup[] | null;
  query: string;
}

function planSearch(vocabulary: Vocabulary, q: string): SearchPlan | null {
  const { words: wordsPart, year: splitOff } = splitYear(q);
  // "1917" alone is a title, not a year.
  const wordsText = searchText(wordsPart, wordsPart);
  const typed = wordsText || searchText(q, q);
  const year = wordsText ? splitOff : null;
  const words = typed.split(' ').filter(Boolean).slice(0, 12);
  // No words: nothing to find, whatever the vocabulary.
  if (words.length === 0) return null;

  // Every reading of the query is corrected; the cheapest one is the correction the texts are scored
  // against, and a text holding all the words of any reading matches.
  const readings = readingsOf(words, lexiconOf(vocabulary))
    .map((reading) => correctReading(vocabulary, reading))
    .filter((reading) => reading.groups.length > 0);
  if (readings.length === 0) {
    return { terms: { typed, corrected: typed, year }, words, groups: null, query: '' };
  }
  const best = readings.reduce((a, b) => (b.cost < a.cost || (b.cost === a.cost && b.corrected < a.corrected) ? b : a));
  const groups = best.groups;
  const corrected = groups.map((group) => group.alternatives[0]).join(' ');
  const query = anyOf(readings.map((reading) => toTsQuery(reading.groups.map((group) => group.alternatives))));
  return { terms: { typed, corrected, year }, words, groups, query };
}

/**
 * When no text holds every word: the tsquery with more corrections of each word ("star wors": wars
 * is far down the list of words near "wors", but the only one that follows "star"), or null when
 * that adds none.
 */
function widerQuery(groups: WordGroup[]): string | null {
  if (groups.length <= 1) return null;
  const wider = groups.map((group) => chooseAlternatives(group.word, group.matches, WIDE_CORRECTIONS));
  const isWider = wider.some((alternatives, index) => alternatives.length > groups[index]!.alternatives.length);
  return isWider ? toTsQuery(wider) : null;
}

async function search(
  db: Db,
  vocabulary: Vocabulary,
  q: string,
  page: number,
  { partialMatches = true }: SearchOptions = {},
): Promise<RankedPage & { version: string }> {
  const plan = planSearch(vocabulary, q);
  if (!plan) return { rows: [], total: 0, version: vocabulary.version };
  const { terms, words, groups } = plan;
  if (!groups) {
    if (!partialMatches) return { rows: [], total: 0, version: vocabulary.version };
    return lastResort(db, vocabulary, words, terms, page);
  }
  const all = await rankPage(db, { ...terms, query: plan.query }, page);
  if (all.total > 0 || all.version !== vocabulary.version) return all;

  const wider = widerQuery(groups);
  if (wider) {
    const widened = await rankPage(db, { ...terms, query: wider }, page);
    if (widened.total > 0 || widened.version !== vocabulary.version) return widened;
  }
  if (!partialMatches) return all;
  // Every word but one ("the los weekend": los is a word, of other titles), or with two words the
  // rarer one alone ("the godfather 2").
  if (groups.length > 2) {
    const leftOut = groups.map((_, index) =>
      toTsQuery(groups.filter((_, other) => other !== index).map((group) => group.alternatives)),
    );
    const found = await rankPage(db, { ...terms, query: anyOf(leftOut) }, page);
    if (found.total > 0 || found.version !== vocabulary.version) return found;
  } else if (groups.length === 2) {
    const titlesOf = (group: WordGroup) =>
      group.matches.filter((match) => group.alternatives.includes(match.word)).reduce((sum, m) => sum + m.titles, 0);
    const [rarer, commoner] = titlesOf(groups[0]!) <= titlesOf(groups[1]!) ? groups : [groups[1]!, groups[0]!];
    for (const group of [rarer!, commoner!]) {
      const found = await rankPage(db, { ...terms, query: toTsQuery([group.alternatives]) }, page);
      if (found.total > 0 || found.version !== vocabulary.version) return found;
    }
  }
  return lastResort(db, vocabulary, words, terms, page);
}

/**
 * The first page of `searchLocalTitles(db, q, 1, { partialMatches: false })` for each of `queries`,
 * in the same order, in two statements for them all instead of one or two each: an import matches
 * thousands of names, and on PGlite planning a search's statement costs as much as running it.
 */
export function searchLocalTitlesAllWords(db: Db, queries: string[]): Promise<SearchRow[][]> {
  return withConnection(db, async (connection) => {
    const vocabulary = await heldVocabulary(db, connection);
    const first = await searchAllWords(connection, vocabulary, queries);
    if (first.staleAt === null) return first.pages;
    return (await searchAllWords(connection, await readAgain(db, connection, first.staleAt), queries)).pages;
  });
}

interface Ask {
  index: number;
  terms: Terms;
  query: string;
}

/** search() without partial matches, for many queries; `staleAt` is the database's vocabulary version when it is not `vocabulary`'s. */
async function searchAllWords(
  db: Db,
  vocabulary: Vocabulary,
  queries: string[],
): Promise<{ pages: SearchRow[][]; staleAt: string | null }> {
  const plans = queries.map((q) => planSearch(vocabulary, q));
  let staleAt: string | null = null;
  const rank = async (asks: Ask[]): Promise<Map<number, RankedPage>> => {
    const pages = new Map<number, RankedPage>();
    if (asks.length === 0) return pages;
    const rows = await selectRankedFirstPages(db, {
      typed: asks.map((ask) => ask.terms.typed),
      corrected: asks.map((ask) => ask.terms.corrected),
      query: asks.map((ask) => ask.query),
      year: asks.map((ask) => ask.terms.year),
    });
    for (const { at, rankScore: _score, ...row } of rows as Array<BatchRow & { rankScore: unknown }>) {
      const { index } = asks[at - 1]!;
      if (row.vocabularyVersion !== vocabulary.version) staleAt = row.vocabularyVersion;
      const page = pages.get(index) ?? { rows: [], total: Number(row.total) };
      pages.set(index, page);
      if (row.mediaType !== null) page.rows.push(row);
    }
    return pages;
  };

  const asks: Ask[] = plans.flatMap((plan, index) =>
    plan?.groups ? [{ index, terms: plan.terms, query: plan.query }] : [],
  );
  const all = await rank(asks);
  if (staleAt !== null) return { pages: [], staleAt };
  const widerAsks = asks.flatMap((ask) => {
    const query = all.get(ask.index)?.total ? null : widerQuery(plans[ask.index]!.groups!);
    return query ? [{ ...ask, query }] : [];
  });
  const widened = await rank(widerAsks);
  if (staleAt !== null) return { pages: [], staleAt };
  const pages = queries.map((_, index) => {
    const wider = widened.get(index);
    return wider && wider.total > 0 ? wider.rows : (all.get(index)?.rows ?? []);
  });
  return { pages, staleAt: null };
}

/**
 * The titles holding a word within two typos of a word of the query, however unlike the query
 * they are: rather than nothing when a title is that close.
 */
async function lastResort(
  db: Db,
  vocabulary: Vocabulary,
  words: string[],
  terms: Terms,
  page: number,
): Promise<RankedPage & { version: string }> {
  let loose = looseAlternatives(vocabulary, words);
  // A space moved as well as a typo ("th eucbe"): the words run together, read again.
  if (loose.alternatives.length === 0 && words.length > 1) loose = looseAlternatives(vocabulary, [words.join('')]);
  if (loose.alternatives.length > 0) {
    const query = toTsQuery([loose.alternatives]);
    return rankPage(db, { ...terms, corrected: loose.corrected, query }, page, 'any');
  }
  // Nothing close to any word: unless the titles changed since the vocabulary was read.
  const [current] = await selectVocabularyVersion(db, {});
  return { rows: [], total: 0, version: current?.version ?? '' };
}

/** Most loose alternatives looked up per word. */
const LOOSE_ALTERNATIVES = 6;
const LOOSE_NEIGHBOURS = 48;
const LOOSE_EDITS = 2;

/** The vocabulary word nearest to `word` within `edits`, fewest edits then commonest first. */
function loosely(vocabulary: Vocabulary, word: string, limit: number): Array<VocabularyMatch & { edits: number }> {
  const exact = vocabulary.exact(word);
  if (exact) return [{ ...exact, edits: 0 }];
  const length = [...word].length;
  const lengths = Array.from({ length: 2 * LOOSE_EDITS + 1 }, (_, index) => length - LOOSE_EDITS + index);
  const sameLength = lengths.map((each) => (each > 0 ? vocabulary.wordsOfLength(each) : []));
  const scanned = sameLength.reduce((sum, list) => sum + list.length, 0);
  const candidates = scanned <= LOOSE_SCAN_LIMIT ? sameLength.flat() : vocabulary.near(word, LOOSE_NEIGHBOURS);
  return candidates
    .map((match) => ({ ...match, edits: editDistance(word, match.word) }))
    .filter((match) => match.edits <= LOOSE_EDITS)
    .sort((a, b) => a.edits - b.edits || b.titles - a.titles)
    .slice(0, limit);
}

/**
 * Words of the vocabulary that a query within two typos of a title may stand for: the search's
 * last resort. Each unknown word is compared with every word of about its length (trigrams find
 * nothing for "xjakc", whose every trigram is wrong) and read as two words (a space typed as a
 * letter: "harshftimes" → harsh times); the typos of all the words together must be two at most,
 * so a query far from every title ("zzqxv wwkj") still finds nothing. The exact words of the query
 * only when no word has another (they were all tried).
 */
export function looseAlternatives(
  vocabulary: Vocabulary,
  words: string[],
): { alternatives: string[]; corrected: string } {
  const loose = new Set<string>();
  const exact: string[] = [];
  const corrected: string[] = [];
  let budget = LOOSE_EDITS;
  for (const word of words) {
    if (vocabulary.exact(word)) {
      exact.push(word);
      corrected.push(word);
      continue;
    }
    const characters = [...word];
    const readings = loosely(vocabulary, word, LOOSE_ALTERNATIVES).map((match) => ({
      words: [match.word],
      edits: match.edits,
    }));
    for (let cut = 2; cut <= characters.length - 2; cut++) {
      const [left, right] = [characters.slice(0, cut).join(''), characters.slice(cut).join('')].map(
        (piece) => loosely(vocabulary, piece, 1)[0],
      );
      if (!left || !right) continue;
      const edits = editDistance(word, `${left.word} ${right.word}`);
      if (edits <= LOOSE_EDITS) readings.push({ words: [left.word, right.word], edits });
    }
    for (const reading of readings) if (reading.edits <= budget) reading.words.forEach((each) => loose.add(each));
    const best = readings.sort((a, b) => a.edits - b.edits || a.words.length - b.words.length)[0];
    // Left out, a word costs its letters and a space.
    budget -= Math.min(characters.length + 1, best?.edits ?? Infinity);
    if (budget < 0) return { alternatives: [], corrected: '' };
    if (best) corrected.push(...best.words);
  }
  if (loose.size === 0 && exact.length > 0) {
    const rarest = exact.reduce((a, b) => (vocabulary.exact(a)!.titles <= vocabulary.exact(b)!.titles ? a : b));
    loose.add(rarest);
  }
  return { alternatives: [...loose], corrected: corrected.join(' ') };
}

import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type MediaType } from '@marquee/core';
import { preparedStatement, withConnection, type Db } from '../../db/client.ts';
import { searchText } from './local-import.ts';
import type { titles } from './local-schema.ts';

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

export interface VocabularyMatch {
  word: string;
  /** Titles holding the word. */
  titles: number;
  kind: 'exact' | 'near' | 'completion';
  /** Trigram similarity to the query word (near matches). */
  similarity: number;
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

/** The range of text_pattern_ops order that holds exactly the words beginning with `prefix`. */
export function prefixRange(prefix: string): { from: string; to: string } {
  const characters = [...prefix];
  const last = characters.pop()!.codePointAt(0)!;
  return { from: prefix, to: characters.join('') + String.fromCodePoint(last + 1) };
}

const placeholder = sql.placeholder;
const constant = (value: number) => sql.raw(String(value));

// Each query word as it is, its trigram neighbours when the vocabulary lacks it (the GiST index
// orders them), and the commonest completions of the last word. Words are looked up as ranges of the
// text_pattern_ops order (~>=~, ~<=~, ~<~), which only the btree index answers: the trigram index
// also knows = and like, and the planner took it for them, reading dozens of pages where the btree
// reads two.
const wordMatches = sql`
    select q.position::int as position, v.word, v.titles, v.kind, similarity(v.word, q.word) as similarity
    from unnest(${placeholder('words')}::text[]) with ordinality as q(word, position)
    cross join lateral (
      (select word, titles, 'exact' as kind from title_words where word ~>=~ q.word and word ~<=~ q.word)
      union all
      (select word, titles, 'near' from title_words
        where char_length(q.word) > 2
          and not exists (select from title_words known where known.word ~>=~ q.word and known.word ~<=~ q.word)
        order by word <-> q.word limit ${constant(NEIGHBOURS)})
    ) v
    union all
    (select ${placeholder('count')}::int, word, titles, 'completion', 0::real from title_words
      where word ~>~ ${placeholder('last')}::text and word ~<~ ${placeholder('lastEnd')}::text
      order by titles desc limit ${constant(COMPLETIONS)})`;

/**
 * The tsquery that chooseAlternatives and toTsQuery make when every word is in the vocabulary as
 * typed (each word itself, the last one with its completions), built from the word matches; null
 * when a word is not, since correcting it takes the edit distances of chooseAlternatives.
 */
const queryOfKnownWords = sql`
    select string_agg(alternatives, ' & ')::tsquery as query
    from (
      select case when count(*) = 1 then min(lexeme) else '( ' || string_agg(lexeme, ' | ') || ' )' end as alternatives
      from (
        select position, '''' || replace(replace(word, '\\', '\\\\'), '''', '''''') || '''' as lexeme
        from matches where kind <> 'near'
      ) lexemes
      group by position
    ) word_groups
    where (select count(*) from matches where kind = 'exact') = ${placeholder('count')}::int`;

interface RankedPage {
  rows: SearchRow[];
  total: number;
}

type PageRow = SearchRow & { total: number; mediaType: MediaType | null };
type MatchRow = VocabularyMatch & { position: number };

interface Terms {
  typed: string;
  corrected: string;
  year: number | null;
}

type RankValues = Terms & { offset: number; want: number };

/**
 * The SQL that ranks one page of titles whose search text matches a tsquery (`query`, its SQL) over
 * the search texts, by text relevance (trigram similarity to the query as typed and as corrected,
 * an exact-text bonus), a matching year and popularity.
 *
 * Relevance belongs to a text, so it is computed once per matching text (at 1,000,000 titles a
 * common pair of words is a thousand titles but a dozen texts). The titles of a text rank among
 * themselves by year and popularity, which the titles_search_idx index reads in order. A page needs
 * the best `want` titles: walking the texts from the most relevant, once they hold `want` titles
 * the last one's relevance is a floor that no text more than the largest title bonus below it can
 * reach, so only the texts above that line are read, and only their first `want` titles each.
 */
function rankingSql(query: SQL, withYear: boolean): { ctes: SQL; page: SQL } {
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
  const ctes = sql`
    matched as (
      select s.search_title, s.titles,
        -- The corrected query is scored only when it differs (similarity is most of this query's time).
        greatest(similarity(s.search_title, ${typed}), word_similarity(${typed}, s.search_title),
                 case when ${corrected} <> ${typed}
                   then greatest(similarity(s.search_title, ${corrected}), word_similarity(${corrected}, s.search_title))
                 end) as score
      from search_texts s
      where to_tsvector('simple', s.search_title) @@ (${query})
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
    )`;
  // The rank column orders the page (a page past the last result is one row with the total alone).
  const page = sql`
    select total.titles as total, t.media_type as "mediaType", t.id, t.title, t.original_title as "originalTitle",
      t.original_language as "originalLanguage", t.origin_country as "originCountry", t.overview,
      t.release_date::text as "releaseDate", t.genre_ids as "genreIds", t.vote_average as "voteAverage",
      t.vote_count as "voteCount", t.popularity,
      row_number() over (order by hits.score desc, hits.id, hits.media_type)::int as "rank"
    from total
    left join (hits join titles t on t.media_type = hits.media_type and t.id = hits.id) on true`;
  return { ctes, page };
}

/** One page for a tsquery that searchLocalTitles made (corrected words, or the rarest word alone). */
function rankStatement(name: string, withYear: boolean) {
  const { ctes, page } = rankingSql(sql`${placeholder('query')}::tsquery`, withYear);
  return preparedStatement<PageRow, RankValues & { query: string }>(name, sql`with ${ctes} ${page} order by "rank"`);
}

/**
 * The word matches and, in the same round trip, the page that searchLocalTitles ranks next when
 * every word is in the vocabulary as typed (most queries): ranked for queryOfKnownWords, with the
 * words as typed for corrected. Match rows have a kind, page rows none.
 */
function lookUpAndRankStatement(name: string, withYear: boolean) {
  const { ctes, page } = rankingSql(sql`select query from known_query`, withYear);
  return preparedStatement<
    MatchRow | (PageRow & { kind: null }),
    RankValues & { words: string[]; count: number; last: string; lastEnd: string }
  >(
    name,
    sql`
    with matches as (${wordMatches}),
    known_query as (${queryOfKnownWords}),
    ${ctes}
    select position, word, titles, kind, similarity, null::int as total, null::text as "mediaType", null::int as id,
      null::text as title, null::text as "originalTitle", null::text as "originalLanguage",
      null::text[] as "originCountry", null::text as overview, null::text as "releaseDate", null::int[] as "genreIds",
      null::real as "voteAverage", null::int as "voteCount", null::real as popularity, null::int as "rank"
    from matches
    union all
    select null, null, null, null, null, page.* from (${page}) page
    order by "rank"`,
  );
}

const selectRankedPage = rankStatement('search_rank', false);
const selectRankedPageOfYear = rankStatement('search_rank_year', true);
const selectMatchesAndPage = lookUpAndRankStatement('search_words_rank', false);
const selectMatchesAndPageOfYear = lookUpAndRankStatement('search_words_rank_year', true);

function rankValues(terms: Terms, page: number): RankValues {
  const offset = (page - 1) * PAGE_SIZE;
  return { ...terms, offset, want: offset + PAGE_SIZE };
}

function toRankedPage(rows: PageRow[]): RankedPage {
  const total = Number(rows[0]?.total ?? 0);
  // A row without a title only carries the total; the others keep their total and rank columns,
  // which the summaries leave out.
  return { rows: rows.filter((row) => row.mediaType !== null), total };
}

async function rankPage(db: Db, terms: Terms & { query: string }, page: number): Promise<RankedPage> {
  const statement = terms.year === null ? selectRankedPage : selectRankedPageOfYear;
  return toRankedPage(await statement(db, { ...rankValues(terms, page), query: terms.query }));
}

/** Each word's matches, and the page ranked for the words as typed when every one is known. */
async function lookUpWords(
  db: Db,
  words: string[],
  typed: Terms,
  page: number,
): Promise<{ matches: VocabularyMatch[][]; typedPage: RankedPage }> {
  const last = words.at(-1)!;
  const statement = typed.year === null ? selectMatchesAndPage : selectMatchesAndPageOfYear;
  const rows = await statement(db, {
    ...rankValues(typed, page),
    words,
    count: words.length,
    last,
    lastEnd: prefixRange(last).to,
  });
  const matches = words.map((): VocabularyMatch[] => []);
  const pageRows: PageRow[] = [];
  for (const row of rows) {
    if (row.kind === null) pageRows.push(row);
    else matches[row.position - 1]!.push(row);
  }
  return { matches, typedPage: toRankedPage(pageRows) };
}

/**
 * Typo-tolerant search over the local catalogue. Each query word is corrected against the
 * vocabulary (`title_words`): kept when the titles have it, else replaced by the nearest words
 * within a typo or two; the last word also stands for the words it begins ("lord of" → of, office).
 * The search texts holding every word (any of its alternatives) are then ranked: in the round trip
 * of the word lookup when every word is known as typed (most queries), else by rankPage. When
 * no text holds all of them, the rarest word alone decides ("the godfather 2" still finds the
 * Godfather films). A year at the end ("alien 1979") is not a word but a bonus for that year.
 */
export function searchLocalTitles(db: Db, q: string, page: number): Promise<RankedPage> {
  return withConnection(db, (connection) => search(connection, q, page));
}

async function search(db: Db, q: string, page: number): Promise<RankedPage> {
  const { words: wordsPart, year: splitOff } = splitYear(q);
  // "1917" alone is a title, not a year.
  const wordsText = searchText(wordsPart, wordsPart);
  const typed = wordsText || searchText(q, q);
  const year = wordsText ? splitOff : null;
  const words = typed.split(' ').filter(Boolean).slice(0, 12);
  if (words.length === 0) return { rows: [], total: 0 };

  // The same round trip ranks the words as typed, which is the answer when all of them are known.
  const { matches, typedPage } = await lookUpWords(db, words, { typed, corrected: words.join(' '), year }, page);
  const groups = words
    .map((word, index) => ({ word, titles: matches[index]!, alternatives: chooseAlternatives(word, matches[index]!) }))
    .filter((group) => group.alternatives.length > 0);
  if (groups.length === 0) return { rows: [], total: 0 };

  const isEveryWordKnown = matches.every((found) => found.some((match) => match.kind === 'exact'));
  const corrected = groups.map((group) => group.alternatives[0]).join(' ');
  const terms = { typed, corrected, year };
  const all = isEveryWordKnown
    ? typedPage
    : await rankPage(db, { ...terms, query: toTsQuery(groups.map((group) => group.alternatives)) }, page);
  if (all.total > 0 || groups.length === 1) return all;
  const titlesOf = (group: (typeof groups)[number]) =>
    group.titles.filter((match) => group.alternatives.includes(match.word)).reduce((sum, m) => sum + m.titles, 0);
  const rarest = groups.reduce((best, group) => (titlesOf(group) < titlesOf(best) ? group : best));
  return rankPage(db, { ...terms, query: toTsQuery([rarest.alternatives]) }, page);
}

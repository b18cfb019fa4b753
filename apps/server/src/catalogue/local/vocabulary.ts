/** What a query word may stand for in the vocabulary (see chooseAlternatives). */
export interface VocabularyMatch {
  word: string;
  /** Titles holding the word. */
  titles: number;
  kind: 'exact' | 'near' | 'completion';
  /** Trigram similarity to the query word (near matches; 0 for the others). */
  similarity: number;
}

/**
 * The trigrams of one word as pg_trgm makes them: the word padded with two spaces in front and one
 * behind, every three characters in a row, each once ("fight": "  f", " fi", "fig", "igh", "ght",
 * "ht "). Characters are code points, as in PostgreSQL.
 */
export function trigramsOf(word: string): string[] {
  const characters = [' ', ' ', ...word, ' '];
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= characters.length; index++)
    trigrams.add(characters[index]! + characters[index + 1]! + characters[index + 2]!);
  return [...trigrams];
}

/** Completions are the same for every query that ends in the same short prefix: kept up to this length. */
const MEMO_PREFIX_LENGTH = 2;

/**
 * The words of the titles (`title_words`) held in memory: a query's words are looked up here, with
 * no round trip, and only the ranking goes to the database. `version` is the title_words_version it
 * was read at. Words are indexed by their trigrams for the nearest-word lookup and kept in order for
 * the completions of a prefix.
 */
export class Vocabulary {
  readonly version: string;
  readonly size: number;
  private readonly words: string[];
  private readonly titles: Int32Array;
  private readonly ids = new Map<string, number>();
  /** Word ids in the order of their words. */
  private readonly ordered: Int32Array;
  /** Per trigram, the ids of the words that have it. */
  private readonly postings = new Map<string, Int32Array>();
  private readonly trigramCounts: Uint16Array;
  /** Shared trigrams per word during one lookup (zero between lookups). */
  private readonly shared: Uint16Array;
  /** The words with a shared trigram during one lookup. */
  private readonly touched: number[] = [];
  private readonly memo = new Map<string, VocabularyMatch[]>();
  private byLength: VocabularyMatch[][] | null = null;

  constructor(version: string, entries: ReadonlyArray<{ word: string; titles: number }>) {
    this.version = version;
    this.size = entries.length;
    this.words = entries.map((entry) => entry.word);
    this.titles = Int32Array.from(entries, (entry) => entry.titles);
    this.trigramCounts = new Uint16Array(this.size);
    this.shared = new Uint16Array(this.size);
    const postings = new Map<string, number[]>();
    this.words.forEach((word, id) => {
      this.ids.set(word, id);
      const trigrams = trigramsOf(word);
      this.trigramCounts[id] = Math.min(trigrams.length, 0xffff);
      for (const trigram of trigrams) {
        const list = postings.get(trigram);
        if (list) list.push(id);
        else postings.set(trigram, [id]);
      }
    });
    for (const [trigram, list] of postings) this.postings.set(trigram, Int32Array.from(list));
    this.ordered = Int32Array.from(this.words.keys()).sort((a, b) => compare(this.words[a]!, this.words[b]!));
  }

  /** The word itself, when the titles have it. */
  exact(word: string): VocabularyMatch | null {
    const id = this.ids.get(word);
    return id === undefined ? null : this.match(id, 'exact', 0);
  }

  /**
   * The `limit` words most similar to `word` by trigrams (pg_trgm's similarity), most similar
   * first, then the commonest. Only words that share a trigram with it can be similar at all.
   */
  near(word: string, limit: number): VocabularyMatch[] {
    const trigrams = trigramsOf(word);
    const touched = this.touched;
    touched.length = 0;
    for (const trigram of trigrams) {
      const list = this.postings.get(trigram);
      if (!list) continue;
      for (const id of list) {
        if (this.shared[id] === 0) touched.push(id);
        this.shared[id]! += 1;
      }
    }
    const best = keepBest<{ id: number; similarity: number }>(limit, (a, b) => this.nearer(a, b));
    for (const id of touched) {
      const shared = this.shared[id]!;
      this.shared[id] = 0;
      const similarity = shared / (trigrams.length + this.trigramCounts[id]! - shared);
      // Most candidates share one trigram or two: less similar than the last kept, they are not offered.
      if (best.items.length === limit && similarity < best.items[limit - 1]!.similarity) continue;
      best.offer({ id, similarity });
    }
    return best.items.map((entry) => this.match(entry.id, 'near', entry.similarity));
  }

  /** The `limit` commonest words that begin with `prefix` and are longer than it. */
  completions(prefix: string, limit: number): VocabularyMatch[] {
    const memoised = this.memo.get(prefix);
    if (memoised) return memoised;
    const best = keepBest<number>(limit, (a, b) => this.byTitles(a, b));
    // The first word after the prefix in order; the words beginning with it follow in a run.
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.words[this.ordered[middle]!]!, prefix) <= 0) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < this.ordered.length; index++) {
      const id = this.ordered[index]!;
      if (!this.words[id]!.startsWith(prefix)) break;
      best.offer(id);
    }
    const matches = best.items.map((id) => this.match(id, 'completion', 0));
    if ([...prefix].length <= MEMO_PREFIX_LENGTH) this.memo.set(prefix, matches);
    return matches;
  }

  /**
   * The words of `length` characters (code points). Trigrams find no neighbour for a word whose
   * every trigram is wrong ("xjakc" and "jack" share none): search's last resort compares a word
   * with every word of about its length instead.
   */
  wordsOfLength(length: number): VocabularyMatch[] {
    if (!this.byLength) {
      const byLength: VocabularyMatch[][] = [];
      this.words.forEach((word, id) => (byLength[[...word].length] ??= []).push(this.match(id, 'near', 0)));
      this.byLength = byLength;
    }
    return this.byLength[length] ?? [];
  }

  /** Most similar first, then as byTitles. */
  private nearer(a: { id: number; similarity: number }, b: { id: number; similarity: number }): number {
    return b.similarity - a.similarity || this.byTitles(a.id, b.id);
  }

  /** Commonest first; equally common words in order, so that a lookup always gives the same answer. */
  private byTitles(a: number, b: number): number {
    return this.titles[b]! - this.titles[a]! || compare(this.words[a]!, this.words[b]!);
  }

  private match(id: number, kind: VocabularyMatch['kind'], similarity: number): VocabularyMatch {
    return { word: this.words[id]!, titles: this.titles[id]!, kind, similarity };
  }
}

/** Code point order, as PostgreSQL's byte order of UTF-8 text (JavaScript's < compares UTF-16 units). */
function compare(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.codePointAt(index)!;
    const y = b.codePointAt(index)!;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

/**
 * The first `limit` of the items offered, in `order`, kept in place as they come: most items of a
 * long run fall below the last kept one at once, and nothing sorts them all.
 */
function keepBest<T>(limit: number, order: (a: T, b: T) => number): { items: T[]; offer(item: T): void } {
  const items: T[] = [];
  return {
    items,
    offer(item) {
      if (items.length === limit && order(item, items[limit - 1]!) >= 0) return;
      let index = Math.min(items.length, limit - 1);
      while (index > 0 && order(item, items[index - 1]!) < 0) index--;
      items.splice(index, 0, item);
      if (items.length > limit) items.pop();
    },
  };
}

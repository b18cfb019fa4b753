/**
 * The ways a typed query may be read when its spaces are wrong: two words typed as one
 * ("startrek"), one typed as two ("inter stellar"), a space moved ("lord o fthe rings"), an
 * apostrophe left out ("oceans eleven" for "Ocean's Eleven", whose words are "ocean s eleven"),
 * a one-letter stand-in for a short word ("men n black"). As Typesense and Meilisearch do, adjacent
 * words are tried joined and a word is tried split into words the titles have; each reading is then
 * corrected word by word like the query itself (local-search.ts). Pure: the vocabulary is asked
 * through {@link ReadingLexicon}.
 */

export interface ReadingLexicon {
  /** The titles have this word. */
  has(word: string): boolean;
  /** The titles have this word or one within the typos forgiven for its length. */
  hasClose(word: string): boolean;
}

export interface Reading {
  words: string[];
  /** Spaces added, removed or moved, and stand-ins left out, to read the query so. */
  changes: number;
  /** The last word is the last word as typed, which may be half typed. */
  keepsLastWord: boolean;
}

/**
 * What an apostrophe leaves as a word of its own in a search text ("ocean's" → "ocean s",
 * "don't" → "don t", "you've" → "you ve"): a typed word ending in one may be two words.
 */
const CONTRACTION_ENDS = ['s', 't', 'd', 'm', 've', 're', 'll'];
/** A space moved by up to this many letters is looked for. */
const MOVED_SPACE = 2;
/** Readings besides the query as typed: more slow the ranking without finding what was meant. */
const MAX_OTHER_READINGS = 5;
/** Splits of one word tried into three words (after none into two) up to this length. */
const MAX_THREE_WAY_LENGTH = 20;

const length = (word: string) => [...word].length;

/**
 * The query as typed first, then the other readings with the fewest changes first (one change
 * each: several slips of the space in one query are rare, and each reading is a branch of the
 * search's text query).
 */
export function readingsOf(words: readonly string[], lexicon: ReadingLexicon): Reading[] {
  const typed: Reading = { words: [...words], changes: 0, keepsLastWord: true };
  const seen = new Set([typed.words.join(' ')]);
  const others: Reading[] = [];
  const add = (start: number, count: number, replacement: string[], changes = 1) => {
    const read = [...words.slice(0, start), ...replacement, ...words.slice(start + count)];
    const key = read.join(' ');
    if (read.length === 0 || seen.has(key)) return;
    seen.add(key);
    others.push({ words: read, changes, keepsLastWord: start + count < words.length });
  };

  for (let index = 0; index + 1 < words.length; index++) {
    const left = words[index]!;
    const joined = left + words[index + 1]!;
    // Two words typed for one ("inter stellar", "glad iator").
    if (lexicon.hasClose(joined)) add(index, 2, [joined]);
    // A space moved ("o fthe" → "of the", "start rek" → "star trek").
    for (const cut of cutsAround(left.length, joined.length)) {
      const pair = [joined.slice(0, cut), joined.slice(cut)];
      if (pair.every((piece) => isWord(piece, lexicon))) add(index, 2, pair);
    }
  }

  words.forEach((word, index) => {
    // One word typed for two or three ("startrek", "backtothe"), or an apostrophe left out ("oceans").
    for (const split of splitsOf(word, lexicon)) add(index, 1, split, split.length - 1);
    // A one-letter stand-in for a short word ("men n black", "back 2 the future") is left out.
    if (length(word) === 1 && words.some((other) => length(other) > 1)) add(index, 1, []);
  });

  // The whole query typed with spaces in it ("h e r"), when it is short.
  if (words.length > 2) {
    const joined = words.join('');
    if (length(joined) <= MAX_THREE_WAY_LENGTH && lexicon.hasClose(joined)) add(0, words.length, [joined], 1);
  }

  others.sort((a, b) => a.changes - b.changes);
  return [typed, ...others.slice(0, MAX_OTHER_READINGS)];
}

/** Where a space between two words may have been meant, other than where it was typed. */
function cutsAround(typedCut: number, total: number): number[] {
  const cuts: number[] = [];
  for (let shift = 1; shift <= MOVED_SPACE; shift++) {
    for (const cut of [typedCut - shift, typedCut + shift]) if (cut >= 1 && cut < total) cuts.push(cut);
  }
  return cuts;
}

/** A piece of a split: a word of the titles of two letters or more ("a" and "i" split off anything). */
function isWord(piece: string, lexicon: ReadingLexicon): boolean {
  return length(piece) >= 2 && lexicon.has(piece);
}

/**
 * The words a typed word may stand for: an unknown word split into two words of the titles (or
 * three, when two do not do), a word followed by a contraction's end ("oceans" → ocean s) whether
 * the word is known or not. The splits with the longest shortest piece first, two at most.
 */
export function splitsOf(word: string, lexicon: ReadingLexicon): string[][] {
  const characters = [...word];
  const splits: string[][] = [];
  for (const end of CONTRACTION_ENDS) {
    const stem = word.slice(0, -end.length);
    if (word.endsWith(end) && length(stem) >= 2 && lexicon.has(stem) && lexicon.has(end)) splits.push([stem, end]);
  }
  if (lexicon.has(word)) return splits;
  for (let cut = 2; cut <= characters.length - 2; cut++) {
    const pair = [characters.slice(0, cut).join(''), characters.slice(cut).join('')];
    if (pair.every((piece) => isWord(piece, lexicon))) splits.push(pair);
  }
  if (splits.length === 0 && characters.length <= MAX_THREE_WAY_LENGTH) {
    for (let first = 2; first <= characters.length - 4; first++) {
      const head = characters.slice(0, first).join('');
      if (!isWord(head, lexicon)) continue;
      for (let second = first + 2; second <= characters.length - 2; second++) {
        const triple = [head, characters.slice(first, second).join(''), characters.slice(second).join('')];
        if (triple.slice(1).every((piece) => isWord(piece, lexicon))) splits.push(triple);
      }
    }
  }
  const shortest = (split: string[]) => Math.min(...split.map(length));
  return splits.sort((a, b) => a.length - b.length || shortest(b) - shortest(a)).slice(0, 2);
}

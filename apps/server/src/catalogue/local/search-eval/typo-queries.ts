/**
 * Misspelt queries of well-known titles of the local catalogue, by the kind of slip, with the
 * title (or any of the titles) a person typing them wants, labelled "Title (year)".
 */
export type TypoKind =
  /** A space moved into a word or across two ("Lord o fthe rings"). */
  | 'space'
  /** Two words typed as one ("Startrek"). */
  | 'join'
  /** One word typed as two ("Inter stellar"). */
  | 'split'
  /** An apostrophe left out ("oceans eleven"). */
  | 'apostrophe'
  /** A one-letter (or digit) stand-in for a short word ("Men n Black"). */
  | 'stand-in'
  /** A letter dropped from a short title ("Marix"). */
  | 'dropped'
  /** One or two letters wrong, missing, doubled or swapped. */
  | 'typo';

export interface TypoQuery {
  q: string;
  kind: TypoKind;
  /** Any of these in the first three results is a hit. */
  want: readonly string[];
}

export function typoQueries(
  rows: ReadonlyArray<readonly [kind: TypoKind, q: string, ...want: string[]]>,
): readonly TypoQuery[] {
  return rows.map(([kind, q, ...want]) => ({ kind, q, want }));
}

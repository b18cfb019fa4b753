import type { MediaType } from '../catalogue/genres.ts';

// Zod-free and small: every first page filters its rows with it (the budget of e2e/budget.test.ts).

/**
 * A title as the exclusion and facts parameters name it, like the recommender's `watched` and the
 * hidden store's keys: `movie:603`, `tv:1399`.
 */
export type TitleToken = `${MediaType}:${number}`;

/** At most this many titles in one `exclude` or `ids` parameter (about 6 KB of query string). */
export const MAX_TITLE_TOKENS = 500;

export function titleToken(type: MediaType, id: number): TitleToken {
  return `${type}:${id}`;
}

/** The titles a token list names (`movie:1,tv:2`, no spaces); null when it is not one. */
export function parseTitleTokens(text: string): Array<{ type: MediaType; id: number }> | null {
  if (!/^(movie|tv):\d{1,10}(,(movie|tv):\d{1,10})*$/.test(text)) return null;
  const refs = text.split(',').map((token) => {
    const [type, id] = token.split(':') as [MediaType, string];
    return { type, id: Number(id) };
  });
  // Ids are 32-bit integers in the database: a larger one names no title and must not reach SQL.
  return refs.every((ref) => ref.id >= 1 && ref.id <= 2_147_483_647) ? refs : null;
}

/** What the hiding rule reads of a history entry. */
export interface HidingHistoryEntry {
  movie_id: number;
  content_type: MediaType;
  completed: boolean;
  source: string;
  watched_at: string;
}

/**
 * The titles to leave out of Browse, genre rows, Top Ranked, More Like This and the mood
 * recommender (DESIGN.md "Hide watched, not interested"), newest first: every title the viewer
 * said "Not interested" to, and with `hideWatched` every title they watched: a film with a watched
 * entry (completed, marked or imported: watched.ts's rule), a series with a watched episode. At most `limit` tokens: the
 * newest changes matter most, and a longer list does not fit a request.
 */
export function excludedTitleTokens(
  hidden: ReadonlyArray<{ movie_id: number; content_type: MediaType; hidden_at: string }>,
  history: readonly HidingHistoryEntry[],
  hideWatched: boolean,
  limit = MAX_TITLE_TOKENS,
): TitleToken[] {
  const dated: Array<[TitleToken, string]> = hidden.map((item) => [
    titleToken(item.content_type, item.movie_id),
    item.hidden_at,
  ]);
  if (hideWatched) {
    for (const entry of history) {
      if (entry.completed || entry.source === 'manual' || entry.source === 'import') {
        dated.push([titleToken(entry.content_type, entry.movie_id), entry.watched_at]);
      }
    }
  }
  dated.sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
  return [...new Set(dated.map(([token]) => token))].slice(0, limit);
}

/** The items of a list that are not excluded (a card row, a page's results). */
export function withoutExcluded<T extends { id: number; media_type: MediaType }>(
  items: readonly T[],
  excluded: ReadonlySet<string>,
): T[] {
  if (excluded.size === 0) return items as T[];
  return items.filter((item) => !excluded.has(titleToken(item.media_type, item.id)));
}

import type { MediaType } from '../catalogue/genres.ts';

// Zod-free and small: every first page filters its rows with it (the budget of e2e/budget.test.ts).

/** A title as the exclusion and facts parameters name it: `m603` (a film), `t1399` (a series). */
export type TitleToken = `${'m' | 't'}${number}`;

/** At most this many titles in one `exclude` or `ids` parameter (about 4 KB of query string). */
export const MAX_TITLE_TOKENS = 500;

export function titleToken(type: MediaType, id: number): TitleToken {
  return `${type === 'movie' ? 'm' : 't'}${id}`;
}

/** The titles a token list names; null when it is not one (`m1,t2`, no spaces, no repeats needed). */
export function parseTitleTokens(text: string): Array<{ type: MediaType; id: number }> | null {
  if (!/^[mt]\d{1,10}(,[mt]\d{1,10})*$/.test(text)) return null;
  return text.split(',').map((token) => ({ type: token[0] === 'm' ? 'movie' : 'tv', id: Number(token.slice(1)) }));
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
 * entry (completed or marked), a series with a watched episode. At most `limit` tokens: the
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
      if (entry.completed || entry.source === 'manual') {
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

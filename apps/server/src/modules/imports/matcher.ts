import type { MovieDetails, TitleSummary, TvDetails } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { searchText } from '../../catalogue/local/local-import.ts';
import { editDistance } from '../../catalogue/local/local-search.ts';
import { AppError } from '../../plugins/errors.ts';
import type { TitleRef } from './import-records.ts';

/** A catalogue title as an import names it in operations and in the report. */
export interface CatalogueTitle {
  id: number;
  media_type: 'movie' | 'tv';
  title: string;
  year: number | null;
  poster_path: string | null;
  backdrop_path: string | null;
  release_date: string | null;
  vote_average: number | null;
  overview: string | null;
}

export type MatchOutcome =
  | {
      status: 'matched';
      title: CatalogueTitle;
      /** An IMDb TV Episode row: the episode its id names. */
      episode?: { season: number; episode: number; name: string | null };
    }
  | { status: 'ambiguous'; candidates: CatalogueTitle[] }
  | { status: 'unmatched'; reason: string };

/** What matching needs of the catalogue; the local catalogue's exact lookups when it is the provider. */
export interface MatcherDeps {
  catalogue: Pick<CatalogueProvider, 'mode' | 'search' | 'movie' | 'tv' | 'findByImdbId'>;
  local?: {
    byText(texts: string[]): Promise<Map<string, TitleSummary[]>>;
    /** The typo-tolerant search, titles holding every word of the name only (searchLocalTitles). */
    search(q: string): Promise<TitleSummary[]>;
    /** The same for many names at once, answered in their order (searchLocalTitlesAllWords). */
    searchMany?(qs: string[]): Promise<TitleSummary[][]>;
    byId(refs: Array<{ type: 'movie' | 'tv'; id: number }>): Promise<Map<string, TitleSummary>>;
  };
  /** Lookups at once (TMDB's client has its own rate limit). */
  concurrency?: number;
}

/** Candidates shown for an ambiguous row. */
const MAX_CANDIDATES = 5;
/** Names searched for in one statement when the catalogue can take many at once. */
const SEARCH_BATCH = 100;

const normalised = new Map<string, string>();

/** The normalised form titles are compared in (the local catalogue's search text). */
export function normaliseTitle(title: string): string {
  // A file names the same titles again and again, and each row's key needs this.
  let text = normalised.get(title);
  if (text === undefined) {
    if (normalised.size >= 50_000) normalised.clear();
    text = searchText(title, title);
    normalised.set(title, text);
  }
  return text;
}

/** The key under which rows naming the same title share one lookup. */
export function refKey(ref: TitleRef): string {
  return [
    ref.type,
    normaliseTitle(ref.title),
    ref.year ?? '',
    ref.tmdbId ?? '',
    ref.imdbId ?? '',
    ref.marqueeId ?? '',
  ].join('|');
}

export function toCatalogueTitle(summary: TitleSummary | MovieDetails | TvDetails): CatalogueTitle {
  const item = summary as TitleSummary;
  const date = item.release_date ?? item.first_air_date ?? null;
  return {
    id: item.id,
    media_type: item.media_type,
    title: item.title ?? item.name ?? '',
    year: date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null,
    poster_path: item.poster_path ?? null,
    backdrop_path: item.backdrop_path ?? null,
    release_date: date,
    vote_average: typeof item.vote_average === 'number' ? item.vote_average : null,
    overview: item.overview || null,
  };
}

function namesOf(summary: TitleSummary): string[] {
  return [summary.title, summary.original_title, summary.name, summary.original_name].flatMap((name) =>
    name ? [normaliseTitle(name)] : [],
  );
}

const kindWord = (type: 'movie' | 'tv') => (type === 'movie' ? 'film' : 'series');

function isNotFound(error: unknown): boolean {
  return error instanceof AppError && error.code === 'not_found';
}

/**
 * Chooses among a search's results: same type, the year ±1 (release dates differ between
 * countries), then the same title once normalised (or the original title). One such title is a
 * match, several an ambiguity; without an exact title, a single title within a typo or two of
 * the one asked for is a match (the search is typo-tolerant, so is this).
 */
export function chooseTitle(ref: TitleRef & { type: 'movie' | 'tv' }, results: TitleSummary[]): MatchOutcome {
  const wanted = normaliseTitle(ref.title);
  const ofType = results.filter((summary) => summary.media_type === ref.type);
  const yearOf = (summary: TitleSummary) => toCatalogueTitle(summary).year;
  const nearYear = ofType.filter((summary) => {
    const year = yearOf(summary);
    return ref.year === null || (year !== null && Math.abs(year - ref.year) <= 1);
  });
  const exact = nearYear.filter((summary) => namesOf(summary).includes(wanted));
  const pick = (list: TitleSummary[]): MatchOutcome => {
    if (list.length === 1) return { status: 'matched', title: toCatalogueTitle(list[0]!) };
    const sameYear = ref.year === null ? [] : list.filter((summary) => yearOf(summary) === ref.year);
    if (sameYear.length === 1) return { status: 'matched', title: toCatalogueTitle(sameYear[0]!) };
    return { status: 'ambiguous', candidates: list.slice(0, MAX_CANDIDATES).map(toCatalogueTitle) };
  };
  if (exact.length > 0) return pick(exact);
  const allowed = Math.max(1, Math.floor(wanted.length / 6));
  const close = nearYear.filter((summary) => namesOf(summary).some((name) => editDistance(name, wanted) <= allowed));
  if (close.length > 0) return pick(close);
  // A longer or shorter form of the name ("The Lord of the Rings" for its first part): offered, not chosen.
  const contains = (name: string) => ` ${name} `.includes(` ${wanted} `) || ` ${wanted} `.includes(` ${name} `);
  const related = nearYear.filter((summary) => namesOf(summary).some(contains));
  if (related.length > 0) {
    return { status: 'ambiguous', candidates: related.slice(0, MAX_CANDIDATES).map(toCatalogueTitle) };
  }
  const otherYears = ofType.filter((summary) => namesOf(summary).includes(wanted)).map(yearOf);
  if (otherYears.length > 0 && ref.year !== null) {
    const years = [...new Set(otherYears)].filter((year) => year !== null).sort();
    return {
      status: 'unmatched',
      reason: `the catalogue has "${ref.title}" only from ${years.join(', ')}, not ${ref.year}`,
    };
  }
  return {
    status: 'unmatched',
    reason: `no ${kindWord(ref.type)} called "${ref.title}"${ref.year ? ` (${ref.year})` : ''} in the catalogue`,
  };
}

/**
 * Matches a file's titles to the catalogue: by TMDB id where the file has one and the catalogue is
 * TMDB's, by IMDb id through TMDB's find-by-external-id, otherwise by title, year and type with the
 * catalogue's typo-tolerant search. Each distinct title is looked up once, whatever the number of
 * rows naming it. `onProgress` hears how many are done.
 */
export async function matchTitles(
  refs: TitleRef[],
  deps: MatcherDeps,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Map<string, MatchOutcome>> {
  const distinct = new Map<string, TitleRef>();
  for (const ref of refs) {
    const key = refKey(ref);
    if (!distinct.has(key)) distinct.set(key, ref);
  }
  const outcomes = new Map<string, MatchOutcome>();
  const { catalogue, local } = deps;
  const isTmdb = catalogue.mode === 'tmdb';

  // The local catalogue: every exact title and every id of a Marquee export in two statements.
  let exactByText = new Map<string, TitleSummary[]>();
  let byId = new Map<string, TitleSummary>();
  if (!isTmdb && local) {
    const texts = [...distinct.values()].flatMap((ref) => (ref.title ? [normaliseTitle(ref.title)] : []));
    exactByText = await local.byText([...new Set(texts)]);
    const ids = [...distinct.values()].flatMap((ref) =>
      ref.marqueeId !== null && ref.type !== 'episode' ? [{ type: ref.type, id: ref.marqueeId }] : [],
    );
    byId = await local.byId(ids);
  }
  const searchLocal = local?.searchMany ? batched(local.searchMany, SEARCH_BATCH) : local?.search;

  async function byTitle(ref: TitleRef & { type: 'movie' | 'tv' }): Promise<MatchOutcome> {
    if (!ref.title) return { status: 'unmatched', reason: 'the row names no title' };
    const exact = exactByText.get(normaliseTitle(ref.title));
    if (exact) {
      const outcome = chooseTitle(ref, exact);
      if (outcome.status !== 'unmatched') return outcome;
    }
    // The local search reads a year at the end of the query as a bonus for that year; TMDB's does not.
    const q = `${ref.title}${!isTmdb && ref.year ? ` ${ref.year}` : ''}`.slice(0, 200);
    const results = searchLocal && !isTmdb ? await searchLocal(q) : (await catalogue.search({ q, page: 1 })).results;
    return chooseTitle(ref, results);
  }

  async function matchOne(ref: TitleRef): Promise<MatchOutcome> {
    if (ref.marqueeId !== null && ref.type !== 'episode') {
      if (isTmdb) {
        // An export of a Marquee on TMDB names TMDB's ids: its items are kept as they are.
        return { status: 'matched', title: { ...emptyTitle(ref.type, ref.marqueeId), title: ref.title } };
      }
      const found = byId.get(`${ref.type}:${ref.marqueeId}`);
      if (found && (!ref.title || namesOf(found).includes(normaliseTitle(ref.title)))) {
        return { status: 'matched', title: toCatalogueTitle(found) };
      }
      if (!ref.title)
        return { status: 'unmatched', reason: `no ${kindWord(ref.type)} with id ${ref.marqueeId} in the catalogue` };
      return byTitle({ ...ref, type: ref.type });
    }
    if (isTmdb && ref.tmdbId !== null && ref.type !== 'episode') {
      try {
        const details = ref.type === 'movie' ? await catalogue.movie(ref.tmdbId) : await catalogue.tv(ref.tmdbId);
        return { status: 'matched', title: toCatalogueTitle(details) };
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    if (isTmdb && ref.imdbId !== null) {
      const found = await catalogue.findByImdbId(ref.imdbId);
      if (ref.type === 'episode') {
        const episode = found.episodes[0];
        if (!episode) return { status: 'unmatched', reason: `no episode with IMDb id ${ref.imdbId} in the catalogue` };
        try {
          const show = await catalogue.tv(episode.show_id);
          return {
            status: 'matched',
            title: toCatalogueTitle(show),
            episode: { season: episode.season_number, episode: episode.episode_number, name: episode.name },
          };
        } catch (error) {
          if (!isNotFound(error)) throw error;
          return { status: 'unmatched', reason: `the series of episode ${ref.imdbId} is not in the catalogue` };
        }
      }
      const ofType = found.titles.filter((title) => title.media_type === ref.type);
      if (ofType.length === 1) return { status: 'matched', title: toCatalogueTitle(ofType[0]!) };
    }
    if (ref.type === 'episode') {
      return {
        status: 'unmatched',
        reason: isTmdb
          ? 'an episode is found by its IMDb id, and this row has none'
          : 'an episode is found only by its IMDb id, which needs TMDB as the catalogue; rate its series instead',
      };
    }
    return byTitle({ ...ref, type: ref.type });
  }

  const queue = [...distinct];
  let done = 0;
  // Searched together, a batch's names are as many lookups under way.
  const concurrency = !isTmdb && local?.searchMany ? SEARCH_BATCH : (deps.concurrency ?? 4);
  const workers = Array.from({ length: Math.max(1, concurrency) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, ref] = next;
      outcomes.set(key, await matchOne(ref));
      onProgress(++done, distinct.size);
    }
  });
  await Promise.all(workers);
  return outcomes;
}

/**
 * `many` as a search of one name: the names asked for while the event loop runs its current
 * callbacks go in one call, `size` at most. The matcher runs that many lookups side by side, so
 * the names that miss the exact-title lookup are searched `size` to a statement.
 */
function batched(
  many: (qs: string[]) => Promise<TitleSummary[][]>,
  size: number,
): (q: string) => Promise<TitleSummary[]> {
  const pending: Array<{ q: string; resolve(results: TitleSummary[]): void; reject(error: unknown): void }> = [];
  const flush = () => {
    const batch = pending.splice(0, size);
    if (pending.length > 0) setImmediate(flush);
    many(batch.map((ask) => ask.q)).then(
      (answers) => batch.forEach((ask, index) => ask.resolve(answers[index] ?? [])),
      (error: unknown) => batch.forEach((ask) => ask.reject(error)),
    );
  };
  return (q) =>
    new Promise((resolve, reject) => {
      pending.push({ q, resolve, reject });
      if (pending.length === 1) setImmediate(flush);
    });
}

function emptyTitle(type: 'movie' | 'tv', id: number): CatalogueTitle {
  return {
    id,
    media_type: type,
    title: '',
    year: null,
    poster_path: null,
    backdrop_path: null,
    release_date: null,
    vote_average: null,
    overview: null,
  };
}

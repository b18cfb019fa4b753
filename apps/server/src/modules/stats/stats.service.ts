import type { MediaType } from '@marquee/core';
import {
  computeViewingStats,
  titleFactsKey,
  type TitleFacts,
  type ViewingStats,
} from '@marquee/core/stats/viewing-stats';
import type { Db } from '../../db/client.ts';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { AppError } from '../../plugins/errors.ts';
import { findLocalFacts, listEntriesWithFacts, listRatings } from './stats.repository.ts';

/** Titles whose facts one request may ask the provider for, one by one (TMDB mode). */
const PROVIDER_FACTS_LIMIT = 200;
const PROVIDER_CONCURRENCY = 6;

async function providerFacts(catalogue: CatalogueProvider, type: MediaType, id: number): Promise<TitleFacts | null> {
  try {
    if (type === 'movie') {
      const movie = await catalogue.movie(id);
      return {
        media_type: 'movie',
        id,
        genre_ids: movie.genre_ids,
        year: yearOf(movie.release_date),
        runtime: movie.runtime,
      };
    }
    const series = await catalogue.tv(id);
    return {
      media_type: 'tv',
      id,
      genre_ids: series.genre_ids,
      year: yearOf(series.first_air_date),
      runtime: series.episode_run_time[0] ?? null,
    };
  } catch (error) {
    // A title the catalogue no longer has, or an upstream that is down: its facts are unknown.
    if (error instanceof AppError) return null;
    throw error;
  }
}

function yearOf(date: string | null): number | null {
  const year = Number(date?.slice(0, 4));
  return Number.isInteger(year) && year > 0 ? year : null;
}

/**
 * The catalogue's facts of these titles (DESIGN.md GET /api/catalogue/facts): the local catalogue's
 * rows in one statement; in TMDB mode the provider's details (its cache first) of the titles the
 * local tables lack, at most {@link PROVIDER_FACTS_LIMIT} of them.
 */
export async function titleFacts(
  db: Db,
  catalogue: CatalogueProvider,
  refs: ReadonlyArray<{ type: MediaType; id: number }>,
): Promise<TitleFacts[]> {
  const found = await findLocalFacts(db, refs);
  if (catalogue.mode === 'local') return found;
  const known = new Set(found.map((facts) => titleFactsKey(facts.media_type, facts.id)));
  const missing = refs.filter((ref) => !known.has(titleFactsKey(ref.type, ref.id))).slice(0, PROVIDER_FACTS_LIMIT);
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const ref = missing[next++]!;
      const facts = await providerFacts(catalogue, ref.type, ref.id);
      if (facts) found.push(facts);
    }
  };
  await Promise.all(Array.from({ length: PROVIDER_CONCURRENCY }, worker));
  return found;
}

/** GET /api/me/stats: the account's statistics, by the same rule a guest's browser applies. */
export async function getAccountStats(
  db: Db,
  catalogue: CatalogueProvider,
  userId: string,
  year: number | undefined,
): Promise<ViewingStats> {
  const [entries, ratings] = await Promise.all([listEntriesWithFacts(db, userId), listRatings(db, userId)]);
  const facts = new Map<string, TitleFacts>();
  for (const entry of entries)
    if (entry.facts) facts.set(titleFactsKey(entry.content_type, entry.movie_id), entry.facts);
  if (catalogue.mode !== 'local') {
    const refs = new Map<string, { type: MediaType; id: number }>();
    for (const entry of entries) {
      const key = titleFactsKey(entry.content_type, entry.movie_id);
      if (!facts.has(key)) refs.set(key, { type: entry.content_type, id: entry.movie_id });
    }
    for (const found of await titleFacts(db, catalogue, [...refs.values()])) {
      facts.set(titleFactsKey(found.media_type, found.id), found);
    }
  }
  const ownRatings = new Map(
    ratings
      .filter((rating) => rating.own)
      .map((rating) => [titleFactsKey(rating.content_type, rating.movie_id), rating.rating]),
  );
  return computeViewingStats(entries, (type, id) => facts.get(titleFactsKey(type, id)), ratings, {
    year,
    titleRating: (type, id) => ownRatings.get(titleFactsKey(type, id)) ?? null,
  });
}

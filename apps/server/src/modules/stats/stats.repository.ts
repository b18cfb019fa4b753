import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MediaType } from '@marquee/core';
import type { StatsEntry, TitleFacts } from '@marquee/core/stats/viewing-stats';
import type { Db } from '../../db/client.ts';
import { titles } from '../../catalogue/local/local-schema.ts';
import { userRatings, viewingHistory } from '../me/me-schema.ts';

/** A history entry with the local catalogue's facts of its title, when the catalogue has them. */
export interface EntryWithFacts extends StatsEntry {
  facts: TitleFacts | null;
}

/**
 * The account's live history, each entry joined to its title in the local catalogue (one statement:
 * the primary key of `titles` finds each). In TMDB mode `titles` is empty and `facts` null.
 */
export async function listEntriesWithFacts(db: Db, userId: string): Promise<EntryWithFacts[]> {
  const rows = await db
    .select({
      movieId: viewingHistory.movieId,
      contentType: viewingHistory.contentType,
      movieTitle: viewingHistory.movieTitle,
      moviePoster: viewingHistory.moviePoster,
      seasonNumber: viewingHistory.seasonNumber,
      episodeNumber: viewingHistory.episodeNumber,
      watchedAt: viewingHistory.watchedAt,
      completed: viewingHistory.completed,
      source: viewingHistory.source,
      durationWatched: viewingHistory.durationWatched,
      totalDuration: viewingHistory.totalDuration,
      playCount: viewingHistory.playCount,
      releaseDate: sql<string | null>`${viewingHistory.extra} ->> 'release_date'`,
      factsId: titles.id,
      genreIds: titles.genreIds,
      year: titles.year,
      runtime: titles.runtime,
    })
    .from(viewingHistory)
    .leftJoin(titles, and(eq(titles.mediaType, viewingHistory.contentType), eq(titles.id, viewingHistory.movieId)))
    .where(and(eq(viewingHistory.userId, userId), isNull(viewingHistory.deletedAt)));
  return rows.map((row) => ({
    movie_id: row.movieId,
    content_type: row.contentType,
    movie_title: row.movieTitle,
    movie_poster: row.moviePoster,
    season_number: row.seasonNumber,
    episode_number: row.episodeNumber,
    watched_at: new Date(row.watchedAt).toISOString(),
    completed: row.completed,
    source: row.source,
    duration_watched: row.durationWatched,
    total_duration: row.totalDuration,
    play_count: row.playCount,
    release_date: row.releaseDate,
    facts:
      row.factsId === null
        ? null
        : {
            media_type: row.contentType,
            id: row.movieId,
            genre_ids: row.genreIds ?? [],
            year: row.year,
            runtime: row.runtime,
          },
  }));
}

/** The account's live ratings: what the distribution counts, and the titles' own for the review. */
export async function listRatings(
  db: Db,
  userId: string,
): Promise<Array<{ movie_id: number; content_type: MediaType; own: boolean; rating: number }>> {
  const rows = await db
    .select({
      movieId: userRatings.movieId,
      contentType: userRatings.contentType,
      seasonNumber: userRatings.seasonNumber,
      rating: userRatings.rating,
    })
    .from(userRatings)
    .where(and(eq(userRatings.userId, userId), isNull(userRatings.deletedAt)));
  return rows.map((row) => ({
    movie_id: row.movieId,
    content_type: row.contentType,
    own: row.seasonNumber === null,
    rating: row.rating,
  }));
}

/** The local catalogue's facts of these titles (one statement over the primary key). */
export async function findLocalFacts(
  db: Db,
  refs: ReadonlyArray<{ type: MediaType; id: number }>,
): Promise<TitleFacts[]> {
  if (refs.length === 0) return [];
  // Two array parameters, not a list of (type, id) rows: PGlite answered nothing for 300 such rows
  // and hung for good on 350 (its expression stack; the fuzz suite's 500 ids found it).
  const types = sql.param(refs.map((ref) => ref.type));
  const ids = sql.param(refs.map((ref) => ref.id));
  const rows = await db
    .select({
      mediaType: titles.mediaType,
      id: titles.id,
      genreIds: titles.genreIds,
      year: titles.year,
      runtime: titles.runtime,
    })
    .from(titles)
    .where(sql`(${titles.mediaType}, ${titles.id}) in (select * from unnest(${types}::text[], ${ids}::integer[]))`);
  return rows.map((row) => ({
    media_type: row.mediaType,
    id: row.id,
    genre_ids: row.genreIds,
    year: row.year,
    runtime: row.runtime,
  }));
}

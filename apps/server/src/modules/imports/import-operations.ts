import {
  historyKey,
  ratingKey,
  watchLaterKey,
  type HistoryItem,
  type RatingItem,
  type SyncOperation,
  type WatchLaterItem,
} from '@marquee/core';
import type { ImportRecord } from './import-records.ts';
import type { CatalogueTitle } from './matcher.ts';

/** A record with the catalogue title (and, for an IMDb episode row, the episode) it was matched to. */
export interface MatchedRecord {
  record: ImportRecord;
  title: CatalogueTitle;
  episode?: { season: number; episode: number; name: string | null };
}

const STORE_ORDER = ['settings', 'history', 'watch_later', 'ratings', 'hidden'] as const;

function later(a: string, b: string): string {
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

interface Viewing {
  title: CatalogueTitle;
  season: number | null;
  episode: number | null;
  episodeTitle: string | null;
  plays: number;
  lastPlay: string | null;
  lastSeen: string | null;
}

/**
 * The sync operations matched records make (DESIGN.md "Sync stores"), the same for the same file
 * every time, so that importing it again changes nothing:
 * - history: one entry per film or episode (the store's key), watched on its latest play (or, never
 *   played in a diary, the day it was marked watched), `play_count` its plays, `source: 'import'`,
 *   each `at` the entry's own watched time;
 * - ratings: the latest rating of each title, season or episode, at the time it was given;
 * - Watch Later: each title once, at the day it was first listed;
 * - a Marquee export's items as they are, the newest of each key.
 */
export function buildOperations(matched: readonly MatchedRecord[]): SyncOperation[] {
  const viewings = new Map<string, Viewing>();
  const ratings = new Map<string, { item: RatingItem }>();
  const saved = new Map<string, WatchLaterItem>();
  const restored = new Map<string, SyncOperation>();

  for (const { record, title, episode } of matched) {
    const type = title.media_type;
    const part =
      type === 'movie'
        ? { season: null, episode: null, episodeTitle: null }
        : episode
          ? { season: episode.season, episode: episode.episode, episodeTitle: episode.name }
          : 'season' in record
            ? { season: record.season, episode: record.episode, episodeTitle: record.episodeTitle ?? null }
            : { season: null, episode: null, episodeTitle: null };
    switch (record.kind) {
      case 'play':
      case 'watched': {
        // A whole series marked watched is not one entry of the history (it keeps one per episode).
        if (type === 'tv' && part.episode === null) break;
        const key = historyKey({
          movie_id: title.id,
          content_type: type,
          season_number: part.season,
          episode_number: part.episode,
        });
        const viewing = viewings.get(key) ?? {
          title,
          season: part.season,
          episode: part.episode,
          episodeTitle: part.episodeTitle,
          plays: 0,
          lastPlay: null,
          lastSeen: null,
        };
        if (record.kind === 'play') {
          viewing.plays++;
          viewing.lastPlay = viewing.lastPlay ? later(viewing.lastPlay, record.at) : record.at;
        } else {
          viewing.lastSeen = viewing.lastSeen ? later(viewing.lastSeen, record.at) : record.at;
        }
        viewing.episodeTitle ??= part.episodeTitle;
        viewings.set(key, viewing);
        break;
      }
      case 'rating': {
        const item: RatingItem = {
          movie_id: title.id,
          content_type: type,
          season_number: type === 'tv' ? part.season : null,
          episode_number: type === 'tv' ? part.episode : null,
          rating: record.rating,
          rated_at: record.at,
          synced: false,
        };
        const key = ratingKey(item);
        const current = ratings.get(key);
        // The latest rating stands; of two at the same time, the one read last (the file's order).
        if (!current || Date.parse(record.at) >= Date.parse(current.item.rated_at)) ratings.set(key, { item });
        break;
      }
      case 'watchlist': {
        const key = watchLaterKey({ movie_id: title.id, content_type: type });
        const current = saved.get(key);
        if (current && Date.parse(current.added_at) <= Date.parse(record.at)) break;
        saved.set(key, {
          id: key,
          movie_id: title.id,
          movie_title: title.title,
          movie_poster: title.poster_path,
          movie_overview: title.overview,
          movie_release_date: title.release_date,
          movie_vote_average: title.vote_average,
          content_type: type,
          added_at: record.at,
          synced: false,
        });
        break;
      }
      case 'restore': {
        const operation = retitled(record.operation, title);
        const key = `${operation.store}|${operationKey(operation)}`;
        const current = restored.get(key);
        if (!current || Date.parse(operation.at) > Date.parse(current.at)) restored.set(key, operation);
        break;
      }
    }
  }

  const operations: SyncOperation[] = [...restored.values()];
  for (const [key, viewing] of viewings) {
    const watchedAt = viewing.lastPlay ?? viewing.lastSeen!;
    const { title } = viewing;
    const item: HistoryItem = {
      id: key,
      movie_id: title.id,
      movie_title: title.title,
      movie_poster: title.poster_path,
      content_type: title.media_type,
      watched_at: watchedAt,
      duration_watched: 0,
      total_duration: null,
      completed: true,
      synced: false,
      season_number: viewing.season,
      episode_number: viewing.episode,
      episode_title: viewing.episodeTitle,
      source: 'import',
      play_count: Math.max(1, viewing.plays),
      backdrop_path: title.backdrop_path,
      release_date: title.release_date,
      vote_average: title.vote_average,
      overview: title.overview,
    };
    operations.push({ op: 'upsert', store: 'history', item, at: watchedAt });
  }
  for (const item of saved.values()) operations.push({ op: 'upsert', store: 'watch_later', item, at: item.added_at });
  for (const { item } of ratings.values()) operations.push({ op: 'upsert', store: 'ratings', item, at: item.rated_at });
  return sortOperations(operations);
}

function operationKey(operation: SyncOperation): string {
  if (operation.op === 'remove_all') return '*';
  switch (operation.store) {
    case 'history':
      return historyKey(operation.item);
    case 'watch_later':
      return watchLaterKey(operation.item);
    case 'ratings':
      return ratingKey(operation.item);
    case 'hidden':
      return `${operation.item.content_type}:${operation.item.movie_id}`;
    case 'settings':
      return 'settings';
  }
}

/** A Marquee export's item, naming the title it was matched to (another catalogue's id is replaced). */
function retitled(operation: SyncOperation, title: CatalogueTitle): SyncOperation {
  if (operation.op !== 'upsert' || operation.store === 'settings') return operation;
  if (operation.item.movie_id === title.id) return operation;
  const named = { movie_id: title.id, content_type: title.media_type };
  switch (operation.store) {
    case 'history': {
      const item = { ...operation.item, ...named, movie_title: title.title, movie_poster: title.poster_path };
      return { ...operation, item: { ...item, id: historyKey(item) } };
    }
    case 'watch_later': {
      const item = { ...operation.item, ...named, movie_title: title.title, movie_poster: title.poster_path };
      return { ...operation, item: { ...item, id: watchLaterKey(item) } };
    }
    default:
      return { ...operation, item: { ...operation.item, ...named } } as SyncOperation;
  }
}

/** Store by store, then by key: the order does not depend on the file's row order. */
export function sortOperations(operations: SyncOperation[]): SyncOperation[] {
  const rank = (operation: SyncOperation) => STORE_ORDER.indexOf(operation.store);
  return operations
    .map((operation) => ({ operation, key: operationKey(operation) }))
    .sort((a, b) => rank(a.operation) - rank(b.operation) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ operation }) => operation);
}

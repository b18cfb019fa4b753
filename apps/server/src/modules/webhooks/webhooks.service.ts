import { createHash } from 'node:crypto';
import { historyKey, isCompleted, type HistoryItem, type SyncOperation } from '@marquee/core';
import type { Db } from '../../db/client.ts';
import { hitRateLimit } from '../auth/account-rate-limit.ts';
import { applySync, findSettings } from '../me/me.repository.ts';
import { matchReport, type MatchedTitle, type MatcherCatalogue } from './webhook-matcher.ts';
import { readWebhook, type WatchReport, type WebhookProvider } from './webhook-payloads.ts';
import { dismissUnmatched, findHistoryEntry, saveUnmatched } from './webhooks.repository.ts';

/**
 * Notifications one account's address takes per window. Jellyfin reports progress every ten
 * seconds or so per viewer: a household watching on several screens stays far below.
 */
export const WEBHOOK_RATE_LIMIT = { max: 120, windowSeconds: 60 } as const;

/**
 * Two reports that a title was finished within this long tell of one viewing: a server may send a
 * stop "played to completion" and then its "marked played" (Emby, Jellyfin's User Data Saved), or a
 * scrobble and a stop past 90 % (Plex). The shortest episode takes longer to watch again.
 */
export const SAME_VIEWING_SECONDS = 10 * 60;

/**
 * Whether the title was reported finished within SAME_VIEWING_SECONDS. Counted in the database's
 * rate-limit table, atomically: every app server, and two reports arriving at once, agree.
 */
async function isRepeatedFinish(db: Db, userId: string, itemKey: string, now: Date): Promise<boolean> {
  const rule = { key: `webhook-finished:${userId}:${itemKey}`, windowSeconds: SAME_VIEWING_SECONDS, max: 1 };
  return (await hitRateLimit(db, rule, 1, now.getTime())) !== null;
}

/**
 * One account's notifications are handled one after another on this server: each builds on the
 * entry the one before wrote (its completion, its plays).
 */
const turns = new Map<string, Promise<unknown>>();
function inTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const next = (turns.get(userId) ?? Promise.resolve()).catch(() => undefined).then(work);
  turns.set(userId, next);
  const forget = () => {
    if (turns.get(userId) === next) turns.delete(userId);
  };
  next.then(forget, forget);
  return next;
}

export interface WebhookDeps {
  db: Db;
  catalogue: MatcherCatalogue;
  now?: () => Date;
}

export type WebhookAnswer =
  | {
      status: 'recorded';
      entry: {
        movie_id: number;
        content_type: 'movie' | 'tv';
        movie_title: string;
        season_number: number | null;
        episode_number: number | null;
        completed: boolean;
        play_count: number;
      };
    }
  | { status: 'unmatched'; reason: string }
  | { status: 'ignored'; reason: string };

/** Counts one notification against the account's limit: the seconds to wait past it, else null. */
export function webhookTurn(db: Db, userId: string, now = Date.now()): Promise<number | null> {
  return hitRateLimit(db, { key: `webhooks:${userId}`, ...WEBHOOK_RATE_LIMIT }, 1, now);
}

/** The unmatched list's id of what a report names: one row however often it is reported. */
function unmatchedId(userId: string, report: WatchReport): string {
  const parts = [
    userId,
    report.provider,
    report.mediaType,
    report.title.toLowerCase(),
    report.year ?? '',
    report.seasonNumber ?? '',
    report.episodeNumber ?? '',
  ];
  return createHash('sha256').update(parts.join('\u0001')).digest('hex').slice(0, 32);
}

/** What the unmatched list keeps of a report: what was read, not the whole notification. */
function reportFields(report: WatchReport): Record<string, unknown> {
  return { ...report };
}

/**
 * The history entry a report leaves, through the same rules as the player's (product.md §9): the
 * position and length, complete at 90 % or when the server says it was played to the end. An
 * entry complete already stays so, and a new "played to the end" (a scrobble, a mark played) of
 * it adds a play (DESIGN.md "Tracking": watching again), unless it tells of the same viewing.
 */
export function historyItemFor(
  title: MatchedTitle,
  report: WatchReport,
  current: { completed: boolean; playCount: number; durationWatched: number } | null,
  now: Date,
  /** False when this title was reported finished moments ago: the same viewing, told twice. */
  isNewViewing = true,
): HistoryItem {
  const runtime = report.runtimeSeconds ?? title.runtimeSeconds;
  const finished = report.kind === 'finished';
  const position = finished && runtime !== null ? runtime : report.positionSeconds;
  const watched = position ?? current?.durationWatched ?? 0;
  const reachedEnd = finished || isCompleted(watched, runtime);
  const ref = {
    movie_id: title.id,
    content_type: title.contentType,
    season_number: title.seasonNumber,
    episode_number: title.episodeNumber,
  };
  return {
    id: historyKey(ref),
    ...ref,
    movie_title: title.title,
    movie_poster: title.posterPath,
    watched_at: now.toISOString(),
    duration_watched: runtime !== null ? Math.min(watched, runtime) : watched,
    total_duration: runtime !== null && runtime > 0 ? runtime : null,
    completed: (current?.completed ?? false) || reachedEnd,
    synced: false,
    episode_title: title.episodeTitle,
    source: 'webhook',
    play_count: current ? current.playCount + (finished && current.completed && isNewViewing ? 1 : 0) : 1,
    backdrop_path: title.backdropPath,
    release_date: title.releaseDate,
    vote_average: title.voteAverage,
    overview: title.overview,
  };
}

/**
 * POST /api/webhooks/:provider/:token, once the token named the account: reads the notification,
 * matches it to the catalogue and writes the history entry through the sync (so every device of the
 * account hears of it), or keeps it in the "could not match" list with the reason.
 */
export async function receiveWebhook(
  deps: WebhookDeps,
  userId: string,
  provider: WebhookProvider,
  body: unknown,
): Promise<WebhookAnswer> {
  const outcome = readWebhook(provider, body);
  if (outcome.kind === 'ignored') return { status: 'ignored', reason: outcome.reason };
  const { report } = outcome;
  // The viewer's "History tracking" (product.md §2 Privacy) holds for what other apps report too.
  const { settings } = await findSettings(deps.db, userId);
  if (!settings.enableHistoryTracking) {
    return { status: 'ignored', reason: 'History tracking is off in Marquee: nothing is recorded' };
  }
  const now = deps.now?.() ?? new Date();
  const match = await matchReport(deps.catalogue, report);
  const id = unmatchedId(userId, report);
  if (!match.matched) {
    await saveUnmatched(deps.db, {
      id,
      userId,
      provider,
      title: report.title,
      year: report.year,
      content_type: report.mediaType === 'movie' ? 'movie' : 'tv',
      season_number: report.seasonNumber,
      episode_number: report.episodeNumber,
      reason: match.reason,
      payload: reportFields(report),
      receivedAt: now.toISOString(),
    });
    return { status: 'unmatched', reason: match.reason };
  }
  const title = match.title;
  const key = historyKey({
    movie_id: title.id,
    content_type: title.contentType,
    season_number: title.seasonNumber,
    episode_number: title.episodeNumber,
  });
  const item = await inTurn(userId, async () => {
    const isNewViewing = report.kind !== 'finished' || !(await isRepeatedFinish(deps.db, userId, key, now));
    const entry = historyItemFor(title, report, await findHistoryEntry(deps.db, userId, key), now, isNewViewing);
    const operation: SyncOperation = { op: 'upsert', store: 'history', item: entry, at: now.toISOString() };
    // A cursor past every change: the answer holds only this entry, not the account's history.
    await applySync(deps.db, userId, [operation], { now, cursor: String(Number.MAX_SAFE_INTEGER) });
    return entry;
  });
  // Matched now (the catalogue learnt the title): it is no longer one that could not be.
  await dismissUnmatched(deps.db, userId, [id]);
  return {
    status: 'recorded',
    entry: {
      movie_id: item.movie_id,
      content_type: item.content_type,
      movie_title: item.movie_title,
      season_number: item.season_number,
      episode_number: item.episode_number,
      completed: item.completed,
      play_count: item.play_count,
    },
  };
}

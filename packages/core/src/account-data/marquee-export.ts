import type { HiddenItem } from '../library/hidden.ts';
import type { HistoryItem } from '../library/history.ts';
import type { RatingItem } from '../library/ratings.ts';
import type { Settings } from '../library/settings.ts';
import type { WatchLaterItem } from '../library/watch-later.ts';

/** The version of {@link MarqueeExport}; an importer refuses a version it does not know. */
export const MARQUEE_EXPORT_VERSION = 1;

/** What `format` says in a Marquee export. */
export const MARQUEE_EXPORT_FORMAT = 'marquee-export';

/**
 * Marquee's export of everything a viewer holds (issue 31 "Exports": `GET /api/me/export?format=json`
 * for an account, Settings → Data Management for a guest). It is a superset of Data Management's
 * older export (`{settings, history, watch_later, exported_at}`), so one importer reads both:
 *
 * ```text
 * {
 *   format: "marquee-export", version: 1, exported_at: ISO-8601,
 *   account: {id, email, username, avatar_url, created_at} | null      (null: a guest's browser)
 *   settings: Settings,
 *   history: HistoryItem[]        every entry, newest first (play_count, source, episode fields)
 *   watch_later: WatchLaterItem[] newest first
 *   ratings: RatingItem[]         1–10; a title's own rating has null season and episode
 *   hidden: HiddenItem[]          "Not interested"
 *   comments: ExportedComment[]   the account's own, oldest first (a guest has none)
 *   feedback: ExportedFeedback[]  what the account sent (a guest's is not linked to the browser)
 * }
 * ```
 *
 * Items carry the sync stores' fields (DESIGN.md "Sync stores") without the device-only `synced`
 * flag, so each becomes an `upsert` of its store as it is. Older exports lack `format`, `version`,
 * `ratings`, `hidden`, `comments` and `feedback`: read them as empty.
 */
export interface MarqueeExport {
  format: typeof MARQUEE_EXPORT_FORMAT;
  version: typeof MARQUEE_EXPORT_VERSION;
  exported_at: string;
  account: ExportedAccount | null;
  settings: Settings;
  history: ExportedHistoryItem[];
  watch_later: ExportedWatchLaterItem[];
  ratings: ExportedRatingItem[];
  hidden: ExportedHiddenItem[];
  comments: ExportedComment[];
  feedback: ExportedFeedback[];
}

export interface ExportedAccount {
  id: string;
  email: string;
  username: string | null;
  avatar_url: string | null;
  created_at: string;
}

export type ExportedHistoryItem = Omit<HistoryItem, 'synced'>;
export type ExportedWatchLaterItem = Omit<WatchLaterItem, 'synced'>;
export type ExportedRatingItem = Omit<RatingItem, 'synced'>;
export type ExportedHiddenItem = Omit<HiddenItem, 'synced'>;

export interface ExportedComment {
  id: string;
  content_id: number;
  content_type: 'movie' | 'tv';
  content: string;
  parent_id: string | null;
  is_deleted: boolean;
  is_edited: boolean;
  created_at: string;
  updated_at: string;
}

export interface ExportedFeedback {
  id: string;
  name: string;
  email: string | null;
  feedback_type: string;
  subject: string;
  message: string;
  rating: number | null;
  status: string;
  created_at: string;
}

/** `YYYY-MM-DD` of a date in the time zone the caller reads it in (local for a browser, UTC for the server). */
export function exportDatePart(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return zone === 'utc'
    ? `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `marquee-export-YYYY-MM-DD.json` (product.md §2: "a JSON file named with the date"), or `.zip`. */
export function exportFilename(date: Date, extension: 'json' | 'zip', zone: 'local' | 'utc' = 'local'): string {
  const suffix = extension === 'zip' ? '-letterboxd.zip' : '.json';
  return `marquee-export-${exportDatePart(date, zone)}${suffix}`;
}

/** Drops the device-only `synced` flag from a stored item. */
export function withoutSynced<T extends { synced?: boolean }>(item: T): Omit<T, 'synced'> {
  const { synced: _synced, ...rest } = item;
  return rest;
}

import { AppError } from '../../plugins/errors.ts';

/**
 * What Jellyfin, Emby and Plex post when something is watched there (issue 29 part 4), read into
 * one shape. Written from their public documentation and sources:
 * - Jellyfin: the official Webhook plugin (github.com/jellyfin/jellyfin-plugin-webhook), its Generic
 *   destination: the JSON of a Handlebars template, or of every field with "Send All Properties"
 *   (BaseOption.GetMessageBody), sent as text/plain unless a Content-Type header is added
 *   (GenericClient.cs). Fields from Helpers/DataObjectHelpers.cs and the README's variable list:
 *   NotificationType (PlaybackStart, PlaybackProgress, PlaybackStop, UserDataSaved, ItemAdded, …),
 *   ItemType, Name, Year (an episode's is its series'), Provider_tmdb / Provider_imdb (the item's own
 *   ids: an episode's name the episode), SeriesName, SeasonNumber, EpisodeNumber,
 *   PlaybackPositionTicks, RunTimeTicks, PlayedToCompletion (PlaybackStop), Played and SaveReason
 *   (UserDataSaved). A template may render any value as a string ("True", "1999"); both are read.
 * - Emby: its Webhooks (Emby Premiere): JSON with Event (playback.start, playback.pause,
 *   playback.unpause, playback.stop, item.markplayed, item.markunplayed, item.rate, library.new, …),
 *   Item {Type, Name, ProductionYear, ProviderIds {Tmdb, Imdb}, SeriesName, ParentIndexNumber,
 *   IndexNumber, RunTimeTicks} and PlaybackInfo {PositionTicks, PlayedToCompletion} (emby.media's
 *   Playback Check-ins page names the item fields; receivers such as Ryot's Emby integration read
 *   the rest).
 * - Plex: support.plex.tv/articles/115002267687-webhooks: a multipart/form-data POST whose `payload`
 *   part is the JSON (a `thumb` JPEG part may come too); event media.play, media.pause,
 *   media.resume, media.stop, media.scrobble ("played past the 90% mark"), media.rate, library.new,
 *   …; Metadata {type, title, year, Guid [{id: "tmdb://603"}, {id: "imdb://tt0133093"}] (older
 *   agents: guid "com.plexapp.agents.imdb://tt0133093?lang=en"), grandparentTitle, parentIndex,
 *   index, duration and viewOffset in milliseconds}.
 * .NET ticks are 100 ns: 10,000,000 a second.
 */
export const WEBHOOK_PROVIDERS = ['jellyfin', 'emby', 'plex'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

export interface WatchReport {
  provider: WebhookProvider;
  /** The event as the server named it (`PlaybackStop`, `playback.stop`, `media.scrobble`). */
  event: string;
  /**
   * `progress`: playing (started, paused, resumed, progress); `stop`: playback ended, maybe before
   * the end; `finished`: watched to the end or marked played there, which adds a play when the entry
   * was already complete.
   */
  kind: 'progress' | 'stop' | 'finished';
  mediaType: 'movie' | 'episode';
  /** The film's title, or the series' name for an episode. */
  title: string;
  /** The film's year; for an episode the year the server gave (its series' on Jellyfin). */
  year: number | null;
  episodeTitle: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  /** The film's own ids; null for an episode (its ids name the episode, not the series). */
  tmdbId: number | null;
  imdbId: string | null;
  positionSeconds: number | null;
  runtimeSeconds: number | null;
}

export type ReadOutcome = { kind: 'report'; report: WatchReport } | { kind: 'ignored'; reason: string };

const TICKS_PER_SECOND = 10_000_000;
/** Longer than any title, shorter than any abuse: a title, a name, an id. */
const MAX_TEXT = 500;

const invalid = (message: string) => new AppError('invalid_input', `Invalid body: ${message}`);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object's fields by lower-cased name: Jellyfin's are case-insensitive, a template may spell them any way. */
function fieldsOf(value: Record<string, unknown>): Map<string, unknown> {
  return new Map(Object.entries(value).map(([key, field]) => [key.toLowerCase(), field]));
}

function text(fields: Map<string, unknown>, name: string): string | null {
  const value = fields.get(name.toLowerCase());
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw invalid(`${name} must be text`);
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) throw invalid(`${name} must be at most ${MAX_TEXT} characters`);
  return trimmed === '' ? null : trimmed;
}

/** A number, or a template's rendering of one; empty is absent. */
function number(fields: Map<string, unknown>, name: string): number | null {
  const value = fields.get(name.toLowerCase());
  if (value === undefined || value === null || value === '') return null;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(parsed) || parsed < 0) throw invalid(`${name} must be a number of 0 or more`);
  return parsed;
}

function wholeNumber(fields: Map<string, unknown>, name: string, max: number): number | null {
  const value = number(fields, name);
  if (value === null) return null;
  if (!Number.isInteger(value) || value > max) throw invalid(`${name} must be a whole number up to ${max}`);
  return value;
}

function flag(fields: Map<string, unknown>, name: string): boolean {
  const value = fields.get(name.toLowerCase());
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  return false;
}

function required(value: string | null, name: string, what: string): string {
  if (value === null) throw invalid(`${name} is missing: ${what}`);
  return value;
}

function tmdbIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

function imdbIdOf(value: string | null): string | null {
  return value !== null && /^tt\d{1,10}$/.test(value) ? value : null;
}

/** Seconds from a count of ticks (Jellyfin, Emby) or milliseconds (Plex); zero or absent is unknown. */
function seconds(value: number | null, perSecond: number): number | null {
  return value === null || value === 0 ? null : value / perSecond;
}

const YEAR_MAX = 3000;
const INDEX_MAX = 100_000;

function mediaTypeOf(type: string | null): 'movie' | 'episode' | null {
  const lowered = type?.toLowerCase();
  return lowered === 'movie' ? 'movie' : lowered === 'episode' ? 'episode' : null;
}

const ignoredType = (type: string | null) => ({
  kind: 'ignored' as const,
  reason: `${type ?? 'An item without a type'} is not a film or an episode: nothing to record`,
});

const ignoredEvent = (event: string) => ({
  kind: 'ignored' as const,
  reason: `${event} is not a playback or mark-played event: nothing to record`,
});

function readJellyfin(body: Record<string, unknown>): ReadOutcome {
  const fields = fieldsOf(body);
  const event = required(
    text(fields, 'NotificationType'),
    'NotificationType',
    'send the Webhook plugin\'s notification (tick "Send All Properties")',
  );
  let kind: WatchReport['kind'];
  switch (event.toLowerCase()) {
    case 'playbackstart':
    case 'playbackprogress':
      kind = 'progress';
      break;
    case 'playbackstop':
      kind = flag(fields, 'PlayedToCompletion') ? 'finished' : 'stop';
      break;
    case 'userdatasaved':
      // Jellyfin saves user data on every progress report too; only the viewer's "mark played" counts.
      if (text(fields, 'SaveReason')?.toLowerCase() !== 'toggleplayed' || !flag(fields, 'Played')) {
        return { kind: 'ignored', reason: 'Only a UserDataSaved that marks the item played is recorded' };
      }
      kind = 'finished';
      break;
    default:
      return ignoredEvent(event);
  }
  const itemType = text(fields, 'ItemType');
  const mediaType = mediaTypeOf(itemType);
  if (!mediaType) return ignoredType(itemType);
  const name = required(text(fields, 'Name'), 'Name', 'the item has no name');
  const isEpisode = mediaType === 'episode';
  return {
    kind: 'report',
    report: {
      provider: 'jellyfin',
      event,
      kind,
      mediaType,
      title: isEpisode ? required(text(fields, 'SeriesName'), 'SeriesName', 'an episode names its series') : name,
      year: wholeNumber(fields, 'Year', YEAR_MAX),
      episodeTitle: isEpisode ? name : null,
      seasonNumber: isEpisode ? wholeNumber(fields, 'SeasonNumber', INDEX_MAX) : null,
      episodeNumber: isEpisode ? wholeNumber(fields, 'EpisodeNumber', INDEX_MAX) : null,
      tmdbId: isEpisode ? null : tmdbIdOf(text(fields, 'Provider_tmdb')),
      imdbId: isEpisode ? null : imdbIdOf(text(fields, 'Provider_imdb')),
      positionSeconds: seconds(number(fields, 'PlaybackPositionTicks'), TICKS_PER_SECOND),
      runtimeSeconds: seconds(number(fields, 'RunTimeTicks'), TICKS_PER_SECOND),
    },
  };
}

function objectField(fields: Map<string, unknown>, name: string, what: string): Map<string, unknown> {
  const value = fields.get(name.toLowerCase());
  if (!isRecord(value)) throw invalid(`${name} is missing or not an object: ${what}`);
  return fieldsOf(value);
}

function optionalObject(fields: Map<string, unknown>, name: string): Map<string, unknown> {
  const value = fields.get(name.toLowerCase());
  if (value === undefined || value === null) return new Map();
  if (!isRecord(value)) throw invalid(`${name} must be an object`);
  return fieldsOf(value);
}

function readEmby(body: Record<string, unknown>): ReadOutcome {
  const fields = fieldsOf(body);
  const event = required(text(fields, 'Event'), 'Event', 'send Emby\'s webhook as it is ("application/json")');
  const playback = optionalObject(fields, 'PlaybackInfo');
  let kind: WatchReport['kind'];
  switch (event.toLowerCase()) {
    case 'playback.start':
    case 'playback.pause':
    case 'playback.unpause':
    case 'playback.progress':
      kind = 'progress';
      break;
    case 'playback.stop':
      kind = flag(playback, 'PlayedToCompletion') ? 'finished' : 'stop';
      break;
    case 'item.markplayed':
      kind = 'finished';
      break;
    default:
      return ignoredEvent(event);
  }
  const item = objectField(fields, 'Item', 'a playback event names its item');
  const itemType = text(item, 'Type');
  const mediaType = mediaTypeOf(itemType);
  if (!mediaType) return ignoredType(itemType);
  const name = required(text(item, 'Name'), 'Item.Name', 'the item has no name');
  const isEpisode = mediaType === 'episode';
  const ids = optionalObject(item, 'ProviderIds');
  return {
    kind: 'report',
    report: {
      provider: 'emby',
      event,
      kind,
      mediaType,
      title: isEpisode ? required(text(item, 'SeriesName'), 'Item.SeriesName', 'an episode names its series') : name,
      year: wholeNumber(item, 'ProductionYear', YEAR_MAX),
      episodeTitle: isEpisode ? name : null,
      seasonNumber: isEpisode ? wholeNumber(item, 'ParentIndexNumber', INDEX_MAX) : null,
      episodeNumber: isEpisode ? wholeNumber(item, 'IndexNumber', INDEX_MAX) : null,
      tmdbId: isEpisode ? null : tmdbIdOf(text(ids, 'Tmdb')),
      imdbId: isEpisode ? null : imdbIdOf(text(ids, 'Imdb')),
      positionSeconds: seconds(number(playback, 'PositionTicks'), TICKS_PER_SECOND),
      runtimeSeconds: seconds(number(item, 'RunTimeTicks'), TICKS_PER_SECOND),
    },
  };
}

/** TMDB and IMDb ids from Plex's `Guid` list (`tmdb://603`) or an older agent's `guid`. */
function plexIds(metadata: Map<string, unknown>): { tmdbId: number | null; imdbId: string | null } {
  // Case matters here: Plex sends `guid` (the agent's id, a string) and `Guid` (a list of ids).
  const ids: string[] = [];
  const agent = metadata.get('guid');
  if (typeof agent === 'string') ids.push(agent);
  const list = metadata.get('Guid');
  for (const entry of Array.isArray(list) ? (list as unknown[]) : []) {
    if (isRecord(entry) && typeof entry.id === 'string') ids.push(entry.id);
  }
  let tmdbId: number | null = null;
  let imdbId: string | null = null;
  for (const id of ids) {
    const match = /^(?:tmdb|com\.plexapp\.agents\.themoviedb):\/\/(\d+)/.exec(id);
    if (match) tmdbId ??= tmdbIdOf(match[1]!);
    const imdb = /^(?:imdb|com\.plexapp\.agents\.imdb):\/\/(tt\d+)/.exec(id);
    if (imdb) imdbId ??= imdbIdOf(imdb[1]!);
  }
  return { tmdbId, imdbId };
}

function readPlex(body: Record<string, unknown>): ReadOutcome {
  const fields = fieldsOf(body);
  const event = required(text(fields, 'event'), 'event', 'send Plex\'s webhook as it is (its "payload" part)');
  let kind: WatchReport['kind'];
  switch (event.toLowerCase()) {
    case 'media.play':
    case 'media.pause':
    case 'media.resume':
      kind = 'progress';
      break;
    case 'media.stop':
      kind = 'stop';
      break;
    case 'media.scrobble':
      kind = 'finished';
      break;
    default:
      return ignoredEvent(event);
  }
  const metadataValue = body.Metadata ?? fields.get('metadata');
  if (!isRecord(metadataValue)) throw invalid('Metadata is missing or not an object: a playback event names its item');
  const metadata = new Map(Object.entries(metadataValue));
  const lowered = fieldsOf(metadataValue);
  const itemType = text(lowered, 'type');
  const mediaType = mediaTypeOf(itemType);
  if (!mediaType) return ignoredType(itemType);
  const name = required(text(lowered, 'title'), 'Metadata.title', 'the item has no title');
  const isEpisode = mediaType === 'episode';
  const ids = isEpisode ? { tmdbId: null, imdbId: null } : plexIds(metadata);
  return {
    kind: 'report',
    report: {
      provider: 'plex',
      event,
      kind,
      mediaType,
      title: isEpisode
        ? required(text(lowered, 'grandparentTitle'), 'Metadata.grandparentTitle', 'an episode names its series')
        : name,
      year: wholeNumber(lowered, 'year', YEAR_MAX),
      episodeTitle: isEpisode ? name : null,
      seasonNumber: isEpisode ? wholeNumber(lowered, 'parentIndex', INDEX_MAX) : null,
      episodeNumber: isEpisode ? wholeNumber(lowered, 'index', INDEX_MAX) : null,
      ...ids,
      positionSeconds: seconds(number(lowered, 'viewOffset'), 1000),
      runtimeSeconds: seconds(number(lowered, 'duration'), 1000),
    },
  };
}

/**
 * Reads one notification: a report of something watched, or the reason it records nothing (not a
 * playback event, not a film or an episode). A body that cannot be what the server sends is an
 * AppError('invalid_input') naming the field.
 */
export function readWebhook(provider: WebhookProvider, body: unknown): ReadOutcome {
  if (!isRecord(body)) throw invalid('expected a JSON object');
  switch (provider) {
    case 'jellyfin':
      return readJellyfin(body);
    case 'emby':
      return readEmby(body);
    case 'plex':
      return readPlex(body);
  }
}

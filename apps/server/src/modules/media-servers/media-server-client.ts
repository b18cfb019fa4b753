import { createHash } from 'node:crypto';
import type { MediaServerConfig } from '../../config.ts';

/**
 * A client of a Jellyfin or Emby server's REST API (the two share it: Emby's is the original,
 * Jellyfin forked it). What Marquee relies on, from Jellyfin's own sources (Jellyfin.Api
 * controllers, Jellyfin.Server.Implementations/Security/AuthorizationContext.cs, 10.11) and the
 * @jellyfin/sdk TypeScript reference (typescript-sdk.jellyfin.org):
 *
 * - Auth: `Authorization: MediaBrowser Token="<key>"` (Jellyfin's current scheme); `X-Emby-Token`
 *   is Emby's header and Jellyfin's legacy one, so both are sent. The key never goes into a URL,
 *   where a proxy log or an HLS playlist could carry it on. A missing or wrong key answers 401.
 * - GET /System/Info/Public (no auth): `{ServerName, Version, ProductName, Id, ...}`.
 * - GET /Items?Recursive=true&IncludeItemTypes=Movie,Series&Fields=ProviderIds,...&StartIndex&Limit:
 *   `{Items: BaseItemDto[], TotalRecordCount, StartIndex}`. With an API key no userId is needed
 *   (ItemsController: "userId is required when not using an API key").
 * - BaseItemDto: `Id`, `Name`, `OriginalTitle`, `Type` (Movie, Series, Episode), `ProductionYear`,
 *   `ProviderIds` (`{Tmdb, Imdb, Tvdb}`), `ParentIndexNumber` (season) and `IndexNumber` (episode),
 *   `LocationType` (`Virtual`: an episode the server knows of but has no file for), `RunTimeTicks`
 *   (100 ns), `MediaSources: [{Id, Container, MediaStreams: [{Type, Codec}]}]`.
 * - GET /Shows/{seriesId}/Episodes?Fields=...&IsMissing=false: the same query result of episodes;
 *   an API key sees missing episodes too unless asked not to (TvShowsController).
 * - GET/HEAD /Videos/{id}/stream?static=true&mediaSourceId=: the file as it is, with byte ranges.
 * - GET /Videos/{id}/master.m3u8?MediaSourceId=(required)&VideoCodec&AudioCodec&...: an HLS master
 *   playlist the server transcodes (or remuxes) for; it points at `main.m3u8?<query>` relative to
 *   itself, which lists `hls1/<playlist>/<n>.<container>?<query>` segments (DynamicHlsHelper).
 * - DELETE /Videos/ActiveEncodings?deviceId&playSessionId: stops that transcode (HlsSegmentController).
 *
 * Emby (its REST reference at dev.emby.media, the Emby SDK's OpenAPI, and MediaBrowser.Api, the
 * last open source of its server) answers the same paths and shapes under /emby/, with numeric
 * item ids ("101") and media source ids like "mediasource_101", and takes the key as X-Emby-Token
 * (or the Token of an `Emby`/`MediaBrowser` authorization header). One difference matters: its
 * /Shows/{id}/Episodes looks the user up by UserId and fails without one (TvShowsService), so a
 * series' episodes come from /Items under the series (ParentId), which needs no user.
 */

export type MediaServerKind = MediaServerConfig['kind'];

export const MEDIA_SERVER_NAMES: Record<MediaServerKind, string> = { jellyfin: 'Jellyfin', emby: 'Emby' };

/** One JSON call (a page of items, a series' episodes) waits this long at most. */
export const MEDIA_SERVER_TIMEOUT_MS = 10_000;
/** A stream's answer must start within this (an HLS playlist waits for the first transcode). */
export const STREAM_START_TIMEOUT_MS = 20_000;

export interface MediaStreamDto {
  Type?: string;
  Codec?: string | null;
}

export interface MediaSourceDto {
  Id?: string;
  Container?: string | null;
  Path?: string | null;
  MediaStreams?: MediaStreamDto[] | null;
}

export interface BaseItemDto {
  Id: string;
  Name?: string | null;
  OriginalTitle?: string | null;
  Type?: string;
  ProductionYear?: number | null;
  PremiereDate?: string | null;
  ProviderIds?: Record<string, string> | null;
  ParentIndexNumber?: number | null;
  IndexNumber?: number | null;
  LocationType?: string | null;
  RunTimeTicks?: number | null;
  MediaSources?: MediaSourceDto[] | null;
}

interface QueryResult {
  Items?: BaseItemDto[] | null;
  TotalRecordCount?: number;
}

export type MediaServerFailure = 'unreachable' | 'unauthorized' | 'bad_answer';

/** A failed call, described without the key. */
export class MediaServerError extends Error {
  constructor(
    readonly failure: MediaServerFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'MediaServerError';
  }
}

/** Items asked for per page of /Items. */
export const PAGE_SIZE = 200;
const ITEM_FIELDS = 'ProviderIds,MediaSources,OriginalTitle,PremiereDate';

export interface MediaServerClient {
  readonly kind: MediaServerKind;
  readonly name: string;
  /** GET /System/Info/Public: the server answers at all (no key needed). */
  publicInfo(): Promise<{ serverName: string | null; version: string | null }>;
  /** Every film and series of the libraries, page by page. */
  listTitles(): AsyncGenerator<BaseItemDto[]>;
  /** A series' episodes that have a file. */
  listEpisodes(seriesId: string): Promise<BaseItemDto[]>;
  /** A request to a path of the server with the key in its headers, for the stream proxy. */
  request(
    path: string,
    options: {
      query?: URLSearchParams;
      headers?: Record<string, string>;
      method?: 'GET' | 'HEAD' | 'DELETE';
      signal: AbortSignal;
    },
  ): Promise<Response>;
  /** The server's address of a path (for resolving a playlist's relative URLs). */
  url(path: string, query?: URLSearchParams): URL;
  /** A stable id of this Marquee for the server's device list (its transcodes are grouped by it). */
  readonly deviceId: string;
}

export interface MediaServerClientOptions {
  config: MediaServerConfig;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Items per page of /Items (tests make it small to page). */
  pageSize?: number;
  version?: string;
}

/**
 * The base every path is joined to. Emby's own clients call /emby/...; Jellyfin answers at its
 * root (its base URL setting, if any, is part of JELLYFIN_URL).
 */
function apiBase(config: MediaServerConfig): string {
  if (config.kind === 'emby' && !/\/emby$/i.test(config.url)) return `${config.url}/emby`;
  return config.url;
}

export function createMediaServerClient({
  config,
  fetchImpl = fetch,
  timeoutMs = MEDIA_SERVER_TIMEOUT_MS,
  pageSize = PAGE_SIZE,
  version = '0.1.0',
}: MediaServerClientOptions): MediaServerClient {
  const base = apiBase(config);
  const name = MEDIA_SERVER_NAMES[config.kind];
  const deviceId = `marquee-${createHash('sha256').update(config.url).digest('hex').slice(0, 16)}`;
  const authHeaders = {
    authorization: `MediaBrowser Client="Marquee", Device="Marquee server", DeviceId="${deviceId}", Version="${version}", Token="${config.apiKey}"`,
    'x-emby-token': config.apiKey,
  };

  function url(path: string, query?: URLSearchParams): URL {
    const target = new URL(`${base}${path}`);
    if (query) target.search = query.toString();
    return target;
  }

  async function request(
    path: string,
    options: {
      query?: URLSearchParams;
      headers?: Record<string, string>;
      method?: 'GET' | 'HEAD' | 'DELETE';
      signal: AbortSignal;
    },
  ): Promise<Response> {
    try {
      return await fetchImpl(url(path, options.query), {
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...authHeaders },
        signal: options.signal,
        redirect: 'manual',
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new MediaServerError(
        'unreachable',
        timedOut ? `${name} did not answer in time` : `${name} is not reachable`,
      );
    }
  }

  async function getJson<T>(path: string, query?: URLSearchParams): Promise<T> {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await request(path, { query, headers: { accept: 'application/json' }, signal });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new MediaServerError('unauthorized', `${name} refused the API key`, response.status);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new MediaServerError(
        response.status >= 500 ? 'unreachable' : 'bad_answer',
        `${name} answered ${response.status} to ${path.split('?')[0]}`,
        response.status,
      );
    }
    try {
      return (await response.json()) as T;
    } catch (error) {
      if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') {
        throw new MediaServerError('unreachable', `${name} did not answer in time`);
      }
      throw new MediaServerError('bad_answer', `${name} answered ${path} with something other than JSON`);
    }
  }

  return {
    kind: config.kind,
    name,
    deviceId,
    url,
    request,
    async publicInfo() {
      const info = await getJson<{ ServerName?: string; Version?: string }>('/System/Info/Public');
      return { serverName: info.ServerName ?? null, version: info.Version ?? null };
    },
    async *listTitles() {
      for (let start = 0; ; start += pageSize) {
        const query = new URLSearchParams({
          Recursive: 'true',
          IncludeItemTypes: 'Movie,Series',
          Fields: ITEM_FIELDS,
          StartIndex: String(start),
          Limit: String(pageSize),
          EnableImages: 'false',
          EnableUserData: 'false',
          SortBy: 'SortName',
          SortOrder: 'Ascending',
        });
        const page = await getJson<QueryResult>('/Items', query);
        const items = page.Items ?? [];
        if (items.length > 0) yield items;
        const total = page.TotalRecordCount ?? 0;
        if (items.length < pageSize || start + items.length >= total) return;
      }
    },
    async listEpisodes(seriesId) {
      const query = new URLSearchParams({
        Fields: ITEM_FIELDS,
        IsMissing: 'false',
        EnableImages: 'false',
        EnableUserData: 'false',
      });
      let path = `/Shows/${encodeURIComponent(seriesId)}/Episodes`;
      if (config.kind === 'emby') {
        path = '/Items';
        query.set('ParentId', seriesId);
        query.set('Recursive', 'true');
        query.set('IncludeItemTypes', 'Episode');
      }
      const result = await getJson<QueryResult>(path, query);
      return (result.Items ?? []).filter((item) => item.LocationType !== 'Virtual');
    },
  };
}

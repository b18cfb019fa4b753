import type { CustomVideoSource } from '@marquee/core';
import { isUsableCustomSource } from '@marquee/core';

/** A file of the server's Library for this title (GET /api/media/title/:type/:id). */
export interface LibraryFile {
  id: string;
  path: string;
  season_number: number | null;
  episode_number: number | null;
  stream_url: string;
}

/** A film or episode on the server's Jellyfin/Emby (GET /api/media-servers/title/:type/:id). */
export interface MediaServerFile {
  id: string;
  season_number: number | null;
  episode_number: number | null;
  /** The file as it is, through Marquee, with byte ranges. */
  stream_url: string;
  /** An HLS stream the media server transcodes, through Marquee. */
  hls_url: string;
  /** The file's MIME type with codecs; null when no browser plays it as it is. */
  direct_type: string | null;
}

/** What the player knows of the Jellyfin/Emby source for the open title. */
export interface MediaServerContext {
  /** "Jellyfin" or "Emby". */
  name: string;
  /** `loading`: the player's question is on its way; the others are the server's index's state. */
  state: 'loading' | 'indexing' | 'ready' | 'unreachable' | 'unauthorized';
  /** The server's own words when it cannot play ("Jellyfin is not reachable"). */
  message?: string | null;
  files: MediaServerFile[];
}

/**
 * One entry of the source selector (player.md §3 "Video source"). `url` is what plays for the
 * current title or episode; a source that cannot play it has `disabledReason` instead.
 */
export interface VideoSource {
  key: string;
  name: string;
  kind: 'library' | 'media-server' | 'trailer' | 'embed';
  recommended: boolean;
  custom: boolean;
  url: string | null;
  disabledReason: string | null;
  /** The media server's two ways to play the file: the player picks the one the browser can. */
  stream?: { direct: string; directType: string | null; hls: string };
}

export interface SourceContext {
  type: 'movie' | 'tv';
  id: number;
  season: number | null;
  episode: number | null;
  /** `scanning`: the server is indexing MEDIA_DIR, so a missing file may still turn up. */
  library: { enabled: boolean; scanning?: boolean; files: LibraryFile[] } | null;
  /** Absent or null: no Jellyfin/Emby server is configured, and the source is not listed. */
  mediaServer?: MediaServerContext | null;
  trailer: { supported: boolean; key: string | null | undefined };
  customSources: readonly CustomVideoSource[];
  autoplay: boolean;
}

/** Fills a custom source's template (player.md §3: {movieID}, {seriesId}, {season}, {episode}). */
export function fillTemplate(
  template: string,
  values: { id: number; season?: number | null; episode?: number | null },
): string {
  return template
    .trim()
    .replaceAll('{movieID}', String(values.id))
    .replaceAll('{seriesId}', String(values.id))
    .replaceAll('{season}', String(values.season ?? 1))
    .replaceAll('{episode}', String(values.episode ?? 1));
}

function librarySource(context: SourceContext): VideoSource {
  const base = { key: 'library', name: 'Library', kind: 'library', recommended: true, custom: false } as const;
  if (!context.library) return { ...base, url: null, disabledReason: 'Checking the library…' };
  if (!context.library.enabled) return { ...base, url: null, disabledReason: 'No media folder on this server' };
  const file =
    context.type === 'movie'
      ? context.library.files[0]
      : context.library.files.find(
          (candidate) => candidate.season_number === context.season && candidate.episode_number === context.episode,
        );
  if (!file) {
    if (context.library.scanning) return { ...base, url: null, disabledReason: 'Library is being indexed' };
    const what = context.type === 'movie' ? 'this title' : 'this episode';
    return { ...base, url: null, disabledReason: `No file for ${what} in the library` };
  }
  return { ...base, url: file.stream_url, disabledReason: null };
}

function mediaServerSource(server: MediaServerContext, context: SourceContext): VideoSource {
  const base = {
    key: 'media-server',
    name: server.name,
    kind: 'media-server',
    recommended: true,
    custom: false,
  } as const;
  if (server.state === 'loading') return { ...base, url: null, disabledReason: `Checking ${server.name}…` };
  if (server.state === 'unreachable' || server.state === 'unauthorized') {
    return { ...base, url: null, disabledReason: server.message ?? `${server.name} is not reachable` };
  }
  const file =
    context.type === 'movie'
      ? server.files[0]
      : server.files.find(
          (candidate) => candidate.season_number === context.season && candidate.episode_number === context.episode,
        );
  if (!file) {
    if (server.state === 'indexing') return { ...base, url: null, disabledReason: `${server.name} is being indexed` };
    const what = context.type === 'movie' ? 'this title' : 'this episode';
    return { ...base, url: null, disabledReason: `No file for ${what} on ${server.name}` };
  }
  return {
    ...base,
    url: file.hls_url,
    disabledReason: null,
    stream: { direct: file.stream_url, directType: file.direct_type, hls: file.hls_url },
  };
}

function trailerSource({ trailer, autoplay }: SourceContext): VideoSource {
  const base = { key: 'trailer', name: 'Trailer', kind: 'trailer', recommended: false, custom: false } as const;
  if (!trailer.supported) return { ...base, url: null, disabledReason: 'The catalogue has no trailers' };
  if (!trailer.key) return { ...base, url: null, disabledReason: 'No official trailer for this title' };
  // youtube-nocookie.com: YouTube's privacy-enhanced mode sets no cookies until the viewer plays.
  const url = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(trailer.key)}${autoplay ? '?autoplay=1' : ''}`;
  return { ...base, url, disabledReason: null };
}

/**
 * Why an http:// custom source cannot play: the server's Content-Security-Policy frames only
 * this origin and https: (plugins/security.ts), and browsers refuse a plain-http frame inside an
 * https page anyway. Settings still accept such a template (a user may later switch it to https),
 * so the player lists it disabled with this reason instead of showing an empty frame.
 */
export const INSECURE_SOURCE_REASON = 'Blocked: only https:// addresses can play here';

export const isInsecureTemplate = (template: string) => /^http:\/\//i.test(template.trim());

function customSource(source: CustomVideoSource, index: number, context: SourceContext): VideoSource {
  const template = context.type === 'movie' ? source.movieUrl : source.tvUrl;
  const base = {
    key: `custom-${index}`,
    name: source.name.trim(),
    kind: 'embed',
    recommended: source.recommended,
    custom: true,
  } as const;
  if (!template.trim()) {
    const reason = context.type === 'movie' ? 'No movie URL set for this source' : 'No series URL set for this source';
    return { ...base, url: null, disabledReason: reason };
  }
  if (isInsecureTemplate(template)) return { ...base, url: null, disabledReason: INSECURE_SOURCE_REASON };
  return { ...base, url: fillTemplate(template, context), disabledReason: null };
}

/**
 * Built-ins (Library, Jellyfin/Emby when the server has one, Trailer; DESIGN.md) then the user's
 * usable custom sources.
 */
export function buildSources(context: SourceContext): VideoSource[] {
  const custom = context.customSources
    .filter(isUsableCustomSource)
    .map((source, index) => customSource(source, index, context));
  const server = context.mediaServer ? [mediaServerSource(context.mediaServer, context)] : [];
  return [librarySource(context), ...server, trailerSource(context), ...custom];
}

/**
 * The position in `sources` of the source the defaultVideoSource setting names, clamped to the
 * list. The setting indexes Library, Trailer and the custom sources (Settings lists those): the
 * media server's source, which only some servers have, is not counted, so that a setting synced
 * from another device means the same source here.
 */
export function defaultSourcePosition(sources: readonly VideoSource[], defaultIndex: number): number {
  const indexed = sources.filter((source) => source.kind !== 'media-server');
  const clamped = Math.min(Math.max(0, Math.trunc(defaultIndex) || 0), Math.max(0, indexed.length - 1));
  const source = indexed[clamped];
  return source ? sources.indexOf(source) : clamped;
}

const playable = (source: VideoSource) => source.url !== null;

/**
 * The source chosen on load (player.md §4 Player source 1): the first recommended one, else the
 * default index clamped to the list. Sources that cannot play this title are passed over.
 */
export function initialSourceIndex(
  sources: readonly VideoSource[],
  defaultIndex: number,
): { index: number; auto: boolean } {
  const recommended = sources.findIndex((source) => source.recommended && playable(source));
  if (recommended !== -1) return { index: recommended, auto: true };
  const position = defaultSourcePosition(sources, defaultIndex);
  if (sources[position] && playable(sources[position])) return { index: position, auto: false };
  const first = sources.findIndex(playable);
  return { index: first === -1 ? position : first, auto: false };
}

/** The backup after a load error (player.md §4 Player source 4): first recommended other, else first other. */
export function backupSourceIndex(sources: readonly VideoSource[], failed: number): number | null {
  const others = sources
    .map((source, index) => ({ source, index }))
    .filter(({ source, index }) => index !== failed && playable(source));
  return (others.find(({ source }) => source.recommended) ?? others[0])?.index ?? null;
}

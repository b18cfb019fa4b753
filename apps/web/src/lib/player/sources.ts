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

/**
 * One entry of the source selector (player.md §3 "Video source"). `url` is what plays for the
 * current title or episode; a source that cannot play it has `disabledReason` instead.
 */
export interface VideoSource {
  key: string;
  name: string;
  kind: 'library' | 'trailer' | 'embed';
  recommended: boolean;
  custom: boolean;
  url: string | null;
  disabledReason: string | null;
}

export interface SourceContext {
  type: 'movie' | 'tv';
  id: number;
  season: number | null;
  episode: number | null;
  /** `scanning`: the server is indexing MEDIA_DIR, so a missing file may still turn up. */
  library: { enabled: boolean; scanning?: boolean; files: LibraryFile[] } | null;
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

/** Built-ins (Library, Trailer; DESIGN.md) then the user's usable custom sources. */
export function buildSources(context: SourceContext): VideoSource[] {
  const custom = context.customSources
    .filter(isUsableCustomSource)
    .map((source, index) => customSource(source, index, context));
  return [librarySource(context), trailerSource(context), ...custom];
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
  const clamped = Math.min(Math.max(0, Math.trunc(defaultIndex) || 0), Math.max(0, sources.length - 1));
  if (sources[clamped] && playable(sources[clamped])) return { index: clamped, auto: false };
  const first = sources.findIndex(playable);
  return { index: first === -1 ? clamped : first, auto: false };
}

/** The backup after a load error (player.md §4 Player source 4): first recommended other, else first other. */
export function backupSourceIndex(sources: readonly VideoSource[], failed: number): number | null {
  const others = sources
    .map((source, index) => ({ source, index }))
    .filter(({ source, index }) => index !== failed && playable(source));
  return (others.find(({ source }) => source.recommended) ?? others[0])?.index ?? null;
}

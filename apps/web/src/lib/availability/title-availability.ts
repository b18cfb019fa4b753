import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaType } from '@marquee/core';
import type {
  AvailabilityAnswer,
  AvailabilitySource,
  SeriesAvailability,
  TitleAvailability,
} from '@marquee/core/catalogue/availability';
import { apiFetch } from '@/lib/api-client.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';

/** A title's answer with its batch's indexing flag. */
export type KnownAvailability = TitleAvailability & { indexing: boolean };

/** Titles per request: the server's bound (MAX_AVAILABILITY_IDS). */
const BATCH = 100;
/** Answers follow the server's indexes within seconds (a file added to MEDIA_DIR). */
const STALE_MS = 10_000;
/** While an index is being built, a missing title may turn up: ask again this often. */
const INDEXING_POLL_MS = 3000;

interface Waiting {
  resolve: (value: KnownAvailability) => void;
  reject: (error: unknown) => void;
  /** Aborted when no card wants the answer any more (it left the screen before the batch went). */
  signal: AbortSignal;
}

let queue = new Map<string, Waiting[]>();
let isScheduled = false;

function flush() {
  isScheduled = false;
  const batch = queue;
  queue = new Map();
  const tokens = [...batch.keys()].filter((token) => batch.get(token)!.some((waiting) => !waiting.signal.aborted));
  for (let start = 0; start < tokens.length; start += BATCH) {
    const chunk = tokens.slice(start, start + BATCH);
    const settle = (each: (waiting: Waiting, token: string) => void) => {
      for (const token of chunk) for (const waiting of batch.get(token) ?? []) each(waiting, token);
    };
    apiFetch<AvailabilityAnswer>(`/api/availability?ids=${chunk.join(',')}`).then(
      (answer) => {
        const found = new Map(answer.results.map((result) => [`${result.media_type}:${result.id}`, result]));
        settle((waiting, token) => {
          const result = found.get(token);
          if (result) waiting.resolve({ ...result, indexing: answer.indexing });
          else waiting.reject(new Error(token));
        });
      },
      (error: unknown) => settle((waiting) => waiting.reject(error)),
    );
  }
}

/**
 * One title's availability, asked together with every other title rendered in the same frame:
 * a grid or a row of cards makes one request, sent after the page has painted.
 */
function load(type: MediaType, id: number, signal: AbortSignal): Promise<KnownAvailability> {
  return new Promise((resolve, reject) => {
    const token = `${type}:${id}`;
    const waiting = queue.get(token);
    if (waiting) waiting.push({ resolve, reject, signal });
    else queue.set(token, [{ resolve, reject, signal }]);
    if (isScheduled) return;
    isScheduled = true;
    // After the next paint; a hidden tab paints nothing, so it does not wait for one, and neither
    // does the server's render of a page (entry-server.tsx), which asks with the page's data.
    if (typeof document === 'undefined' || document.hidden) setTimeout(flush, 0);
    else requestAnimationFrame(() => setTimeout(flush, 0));
  });
}

/** GET /api/availability (batched): where a title can play on this server. */
export function titleAvailabilityQueryOptions(type: MediaType, id: number) {
  return queryOptions({
    queryKey: ['availability', type, id],
    queryFn: ({ signal }) => load(type, id, signal),
    staleTime: STALE_MS,
    refetchInterval: (query) => (query.state.data?.indexing ? INDEXING_POLL_MS : false),
  });
}

/** GET /api/availability/tv/:id: a series' playable episodes. */
export function seriesAvailabilityQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['availability', 'series', id],
    queryFn: ({ signal }) => apiFetch<SeriesAvailability>(`/api/availability/tv/${id}`, { signal }),
    staleTime: STALE_MS,
    refetchInterval: (query) => (query.state.data?.indexing ? INDEXING_POLL_MS : false),
  });
}
export const useSeriesAvailability = (id: number) => useQuery(seriesAvailabilityQueryOptions(id));

/**
 * The viewer's first custom source that can play a title of this type (a name and an https
 * template for it; player.md §3), or null. A custom source's template plays any title.
 */
export function useCustomSource(type: MediaType): string | null {
  const [sources] = useSetting('customVideoSources');
  const usable = sources.find((source) => {
    const template = (type === 'movie' ? source.movieUrl : source.tvUrl).trim();
    // The player blocks http:// templates (player/sources.ts INSECURE_SOURCE_REASON).
    return source.name.trim() !== '' && template !== '' && !/^http:\/\//i.test(template);
  });
  return usable ? usable.name.trim() : null;
}

/**
 * Where the server can play a title, without asking when it has nothing to play from (no media
 * folder, no media server, a catalogue without trailers: a default install, whose every answer is
 * empty). Undefined until known.
 */
export function useServerSources(
  type: MediaType,
  id: number,
): { sources: AvailabilitySource[] | undefined; isIndexing: boolean } {
  const { data: config } = useAppConfig();
  const hasSources = config
    ? Boolean(config.features.library || config.media_server || config.features.trailers)
    : undefined;
  const { data } = useQuery({ ...titleAvailabilityQueryOptions(type, id), enabled: hasSources === true });
  if (hasSources === false) return { sources: [], isIndexing: false };
  return { sources: data?.sources, isIndexing: data?.indexing ?? false };
}

/**
 * Known to have nothing that plays it: the server has answered (and is not still indexing, when a
 * file may turn up) with no source, and no custom source of the viewer's plays its type. Watch would
 * open a player with nothing to play. (The detail page's own check also counts its trailer.)
 */
export function useIsUnplayable(item: { media_type: MediaType; id: number }): boolean {
  const { sources, isIndexing } = useServerSources(item.media_type, item.id);
  const customName = useCustomSource(item.media_type);
  return sources?.length === 0 && !isIndexing && customName === null;
}

/** A source the viewer sees: the server's, or the viewer's own custom source. */
export type PlaySource = AvailabilitySource | 'custom';

export interface TitleSources {
  /** Undefined until the server has answered (or when it could not). */
  sources: PlaySource[] | undefined;
  /** The custom source's name, when one can play the title. */
  customName: string | null;
}

/** Where a title can play: the server's sources, then the viewer's custom source. */
export function useTitleSources(item: { media_type: MediaType; id: number }): TitleSources {
  const { sources } = useServerSources(item.media_type, item.id);
  const customName = useCustomSource(item.media_type);
  return { sources: sources ? withCustom(sources, customName) : undefined, customName };
}

/** The server's sources with the custom source after the full-length ones, before the trailer. */
export function withCustom(sources: readonly AvailabilitySource[], customName: string | null): PlaySource[] {
  const full = sources.filter((source) => source !== 'trailer');
  return [
    ...full,
    ...(customName ? (['custom'] as const) : []),
    ...(sources.includes('trailer') ? (['trailer'] as const) : []),
  ];
}

const LABELS: Record<AvailabilitySource, string> = {
  library: 'Library',
  jellyfin: 'Jellyfin',
  emby: 'Emby',
  trailer: 'Trailer',
};

/** What a source is called on badges: the custom source by its own name. */
export function sourceLabel(source: PlaySource, customName: string | null): string {
  return source === 'custom' ? (customName ?? 'Custom source') : LABELS[source];
}

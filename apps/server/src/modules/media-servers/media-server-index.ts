import type { MediaType } from '@marquee/core';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { matchTitle } from '../media/media-library.ts';
import { MediaServerError, type BaseItemDto, type MediaServerClient } from './media-server-client.ts';
import { directStreamType } from './stream-type.ts';

/** One film or episode of the media server matched to a catalogue title. */
export interface MediaServerEntry {
  /** The server's item id (hex). */
  id: string;
  media_type: MediaType;
  title_id: number;
  season_number: number | null;
  episode_number: number | null;
  mediaSourceId: string;
  /** MIME type with codecs when a browser may play the file as it is; null: HLS only. */
  directType: string | null;
  /** Seconds, when the server knows. */
  runtime: number | null;
}

export interface UnmatchedItem {
  name: string;
  year: number | null;
  media_type: MediaType;
  reason: string;
}

/**
 * indexing: the first index is being built; ready: the last refresh worked; unreachable /
 * unauthorized: the last refresh (or a stream) failed, the last good index is still served.
 */
export type MediaServerState = 'indexing' | 'ready' | 'unreachable' | 'unauthorized';

export interface MediaServerStatus {
  state: MediaServerState;
  /** What the viewer is told when the source cannot play; null when ready. */
  message: string | null;
  indexed_at: string | null;
  items: number;
  unmatched: number;
}

/** A good index is refreshed this often (new films on the server appear within it). */
export const REFRESH_INTERVAL_MS = 10 * 60_000;
/** After a failure the server is asked again this soon. */
export const RETRY_INTERVAL_MS = 30_000;
/**
 * After a stream found the server gone while the index was good, it is asked again this soon: a
 * restart or a network blip takes the source away for seconds, not half a minute. Should that
 * refresh fail too, the usual RETRY_INTERVAL_MS follows.
 */
export const QUICK_RETRY_MS = 5_000;
/** Series whose episodes are listed at once during a refresh. */
const EPISODE_CONCURRENCY = 3;

type Catalogue = Pick<CatalogueProvider, 'search' | 'mode' | 'findByImdbId'>;

export interface MediaServerIndex {
  status(): MediaServerStatus;
  forTitle(type: MediaType, id: number): MediaServerEntry[];
  /** Every matched film and episode; a new array after each rebuild (availability reads it). */
  entries(): readonly MediaServerEntry[];
  find(itemId: string): MediaServerEntry | undefined;
  unmatched(): UnmatchedItem[];
  /** Rebuilds the index unless a refresh is running; resolves when the current one ends. */
  refresh(): Promise<void>;
  /** A stream could not reach the server: say so at once, and check again soon (QUICK_RETRY_MS). */
  reportUnreachable(): void;
  /** Refreshes now, then every REFRESH_INTERVAL_MS (RETRY_INTERVAL_MS after a failure). */
  start(): void;
  stop(): void;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

function yearOf(item: BaseItemDto): number | null {
  if (item.ProductionYear) return item.ProductionYear;
  const year = Number(item.PremiereDate?.slice(0, 4));
  return Number.isInteger(year) && year > 1800 ? year : null;
}

/** ProviderIds keys are "Tmdb", "Imdb", "Tvdb" on both servers; read them whatever their case. */
function providerId(item: BaseItemDto, provider: string): string | null {
  for (const [key, value] of Object.entries(item.ProviderIds ?? {})) {
    if (key.toLowerCase() === provider && value) return value;
  }
  return null;
}

/**
 * The index of a Jellyfin or Emby server's films and episodes, matched to catalogue titles: by the
 * TMDB id the server found (when the catalogue is TMDB, whose ids those are), else by its IMDb id
 * through TMDB's find (TMDB catalogue), else by title (or
 * original title), year (±1) and type through the catalogue's search. The local catalogue has
 * ids of its own and no external ids, so there the title decides. Requests read the last good
 * index from memory: a slow or absent server never holds one up.
 */
export function createMediaServerIndex(
  client: Pick<MediaServerClient, 'name' | 'listTitles' | 'listEpisodes'>,
  catalogue: Catalogue,
  log: Logger = console,
): MediaServerIndex {
  let entries: MediaServerEntry[] = [];
  let byId = new Map<string, MediaServerEntry>();
  let missed: UnmatchedItem[] = [];
  let state: MediaServerState = 'indexing';
  let message: string | null = `${client.name} is being indexed`;
  let indexedAt: string | null = null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  // A title's match is kept across refreshes: the catalogue is searched once per server title.
  const matches = new Map<string, Promise<number | null>>();

  function match(item: BaseItemDto, type: MediaType): Promise<number | null> {
    const name = item.Name?.trim() ?? '';
    const year = yearOf(item);
    const tmdb = providerId(item, 'tmdb');
    const imdb = providerId(item, 'imdb');
    const key = `${type}|${tmdb ?? ''}|${imdb ?? ''}|${name}|${item.OriginalTitle ?? ''}|${year ?? ''}`;
    let found = matches.get(key);
    if (!found) {
      found = (async () => {
        if (catalogue.mode === 'tmdb' && tmdb && /^\d{1,9}$/.test(tmdb)) return Number(tmdb);
        // Only TMDB knows IMDb ids (the local catalogue numbers its own titles): no call otherwise.
        if (catalogue.mode === 'tmdb' && imdb && /^tt\d{1,10}$/.test(imdb)) {
          const { titles } = await catalogue.findByImdbId(imdb);
          const found = titles.find((summary) => summary.media_type === type);
          if (found) return found.id;
        }
        const kind = type === 'movie' ? ('movie' as const) : ('episode' as const);
        for (const title of new Set([name, item.OriginalTitle?.trim() ?? ''])) {
          if (!title) continue;
          const summary = await matchTitle(catalogue, { kind, title, year, season: 1, episode: 1 });
          if (summary) return summary.id;
        }
        return null;
      })();
      // A failed search is not remembered: the next refresh tries again.
      found.catch(() => matches.delete(key));
      matches.set(key, found);
    }
    return found;
  }

  function entryOf(item: BaseItemDto, type: MediaType, titleId: number): MediaServerEntry {
    const source = item.MediaSources?.[0];
    return {
      id: item.Id,
      media_type: type,
      title_id: titleId,
      season_number: type === 'tv' ? (item.ParentIndexNumber ?? null) : null,
      episode_number: type === 'tv' ? (item.IndexNumber ?? null) : null,
      mediaSourceId: source?.Id ?? item.Id,
      directType: directStreamType(source),
      runtime: item.RunTimeTicks ? Math.round(item.RunTimeTicks / 10_000_000) : null,
    };
  }

  async function build(): Promise<void> {
    const found: MediaServerEntry[] = [];
    const unmatched: UnmatchedItem[] = [];
    const series: Array<{ item: BaseItemDto; titleId: number }> = [];
    for await (const page of client.listTitles()) {
      for (const item of page) {
        const type: MediaType | null = item.Type === 'Movie' ? 'movie' : item.Type === 'Series' ? 'tv' : null;
        if (!type || !item.Id) continue;
        let titleId: number | null;
        try {
          titleId = await match(item, type);
        } catch (error) {
          log.warn({ err: error, item: item.Name }, 'media server: catalogue search failed');
          unmatched.push({
            name: item.Name ?? '',
            year: yearOf(item),
            media_type: type,
            reason: 'the catalogue could not be searched',
          });
          continue;
        }
        if (titleId === null) {
          const what = type === 'movie' ? 'movie' : 'series';
          unmatched.push({
            name: item.Name ?? '',
            year: yearOf(item),
            media_type: type,
            reason: `no catalogue ${what} matches its TMDB id, title and year`,
          });
        } else if (type === 'movie') {
          found.push(entryOf(item, type, titleId));
        } else {
          series.push({ item, titleId });
        }
      }
    }
    const queue = [...series];
    await Promise.all(
      Array.from({ length: EPISODE_CONCURRENCY }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          for (const episode of await client.listEpisodes(next.item.Id)) {
            if (episode.ParentIndexNumber == null || episode.IndexNumber == null || !episode.Id) continue;
            found.push(entryOf(episode, 'tv', next.titleId));
          }
        }
      }),
    );
    entries = found;
    byId = new Map(found.map((entry) => [entry.id, entry]));
    missed = unmatched;
    indexedAt = new Date().toISOString();
  }

  function describe(error: unknown): { state: MediaServerState; message: string } {
    if (error instanceof MediaServerError && error.failure === 'unauthorized') {
      return { state: 'unauthorized', message: `${client.name} refused Marquee's API key` };
    }
    if (error instanceof MediaServerError && error.failure === 'bad_answer') {
      return { state: 'unreachable', message: `${client.name} gave an answer Marquee cannot read` };
    }
    return { state: 'unreachable', message: `${client.name} is not reachable` };
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void refresh(), ms);
    timer.unref();
  }

  function refresh(): Promise<void> {
    running ??= build()
      .then(() => {
        state = 'ready';
        message = null;
        schedule(REFRESH_INTERVAL_MS);
      })
      .catch((error: unknown) => {
        ({ state, message } = describe(error));
        log.warn({ err: error }, `media server: indexing ${client.name} failed`);
        schedule(RETRY_INTERVAL_MS);
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    status: () => ({ state, message, indexed_at: indexedAt, items: entries.length, unmatched: missed.length }),
    forTitle: (type, id) =>
      entries
        .filter((entry) => entry.media_type === type && entry.title_id === id)
        .sort(
          (a, b) =>
            (a.season_number ?? 0) - (b.season_number ?? 0) ||
            (a.episode_number ?? 0) - (b.episode_number ?? 0) ||
            a.id.localeCompare(b.id),
        ),
    entries: () => entries,
    find: (itemId) => byId.get(itemId),
    unmatched: () => missed,
    refresh,
    reportUnreachable() {
      if (running || state === 'unreachable') return;
      state = 'unreachable';
      message = `${client.name} is not reachable`;
      schedule(QUICK_RETRY_MS);
    },
    start() {
      stopped = false;
      void refresh();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

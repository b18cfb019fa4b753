import type { MediaType } from '@marquee/core';
import type {
  AvailabilityAnswer,
  AvailabilitySource,
  SeriesAvailability,
  TitleAvailability,
} from '@marquee/core/catalogue/availability';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import type { MediaLibrary } from '../media/media-library.ts';
import type { MediaServerIndex } from '../media-servers/media-server-index.ts';

type ServerSource = Exclude<AvailabilitySource, 'trailer'>;

/** What availability reads of the Library: its index, a new array after each scan. */
export type LibraryIndex = Pick<MediaLibrary, 'snapshot' | 'root'>;
/** What availability reads of the Jellyfin/Emby source. */
export interface MediaServerSource {
  kind: 'jellyfin' | 'emby';
  index: Pick<MediaServerIndex, 'entries' | 'status'>;
}

interface TitleEntry {
  sources: Set<ServerSource>;
  /** season → episode → sources. */
  episodes: Map<number, Map<number, Set<ServerSource>>>;
}

interface Snapshot {
  titles: Map<string, TitleEntry>;
  /** Ids of the titles the server plays, by type, ascending. */
  ids: Record<MediaType, number[]>;
}

/** Titles whose details one request reads at once for their trailer (TMDB mode). */
const TRAILER_CONCURRENCY = 4;

/** Sources in the order they are listed (the player's order: Library, the media server, Trailer). */
const ORDER: readonly AvailabilitySource[] = ['library', 'jellyfin', 'emby', 'trailer'];
const ordered = (sources: Iterable<AvailabilitySource>) => {
  const set = new Set(sources);
  return ORDER.filter((source) => set.has(source));
};

export interface Availability {
  forTitles(refs: ReadonlyArray<{ type: MediaType; id: number }>): Promise<AvailabilityAnswer>;
  /** Throws AppError('not_found') for a series the catalogue does not have. */
  forSeries(id: number): Promise<SeriesAvailability>;
  /** Titles of this type the Library or the media server can play, ascending ids (the Available to watch filter). */
  playableIds(type: MediaType): readonly number[];
  /** A first index (MEDIA_DIR's scan, the media server's indexing) is not built yet. */
  isIndexing(): boolean;
}

/**
 * Where titles can play, from the indexes in memory: the Library's files and the media server's
 * films and episodes, matched to catalogue titles by their modules, plus the catalogue's trailer
 * (TMDB mode; the local catalogue has none). The joined index is rebuilt when either index is a
 * new one (each scan or refresh makes a new array), so a file the folder watch found is in the
 * next answer; nothing else is kept between requests.
 */
export function createAvailability(deps: {
  library: LibraryIndex | null;
  mediaServer: MediaServerSource | null;
  catalogue: Pick<CatalogueProvider, 'capabilities' | 'withRequestDeadline'>;
}): Availability {
  const { library, mediaServer, catalogue } = deps;
  let built: { files: unknown; entries: unknown; usable: boolean; snapshot: Snapshot } | null = null;

  /** The media server's index counts while it is usable: one that cannot be reached plays nothing now. */
  const isServerUsable = () => {
    const state = mediaServer?.index.status().state;
    return state === 'ready' || state === 'indexing';
  };

  function snapshot(): Snapshot {
    const files = library?.snapshot().results ?? null;
    const entries = mediaServer?.index.entries() ?? null;
    const usable = isServerUsable();
    if (built && built.files === files && built.entries === entries && built.usable === usable) return built.snapshot;
    const titles = new Map<string, TitleEntry>();
    const add = (
      source: ServerSource,
      item: { media_type: MediaType; title_id: number; season_number: number | null; episode_number: number | null },
    ) => {
      const key = `${item.media_type}:${item.title_id}`;
      let entry = titles.get(key);
      if (!entry) titles.set(key, (entry = { sources: new Set(), episodes: new Map() }));
      entry.sources.add(source);
      if (item.media_type !== 'tv' || item.season_number === null || item.episode_number === null) return;
      let season = entry.episodes.get(item.season_number);
      if (!season) entry.episodes.set(item.season_number, (season = new Map()));
      let sources = season.get(item.episode_number);
      if (!sources) season.set(item.episode_number, (sources = new Set()));
      sources.add(source);
    };
    for (const file of files ?? []) add('library', file);
    if (mediaServer && usable) for (const entry of entries ?? []) add(mediaServer.kind, entry);
    const ids: Record<MediaType, number[]> = { movie: [], tv: [] };
    for (const key of titles.keys()) {
      const [type, id] = key.split(':') as [MediaType, string];
      ids[type].push(Number(id));
    }
    ids.movie.sort((a, b) => a - b);
    ids.tv.sort((a, b) => a - b);
    built = { files, entries, usable, snapshot: { titles, ids } };
    return built.snapshot;
  }

  /** Whether each title has an official trailer: only a catalogue with trailers is asked, a few titles at a time. */
  async function trailers(refs: ReadonlyArray<{ type: MediaType; id: number }>): Promise<boolean[]> {
    const found = refs.map(() => false);
    if (!catalogue.capabilities.trailers) return found;
    // One deadline for the request: a slow upstream costs the trailer badges, not the answer.
    const provider = catalogue.withRequestDeadline();
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(TRAILER_CONCURRENCY, refs.length) }, async () => {
        for (let index = next++; index < refs.length; index = next++) {
          const { type, id } = refs[index]!;
          try {
            const details = await (type === 'movie' ? provider.movie(id) : provider.tv(id));
            found[index] = Boolean(details.trailer_key);
          } catch {
            // Unknown title or upstream down: no trailer to offer.
          }
        }
      }),
    );
    return found;
  }

  function isIndexing(): boolean {
    const libraryIndexing = Boolean(library?.root) && library?.snapshot().scanned_at === null;
    return libraryIndexing || mediaServer?.index.status().state === 'indexing';
  }

  function countEpisodes(entry: TitleEntry | undefined): number {
    let count = 0;
    for (const season of entry?.episodes.values() ?? []) count += season.size;
    return count;
  }

  return {
    async forTitles(refs) {
      const { titles } = snapshot();
      const hasTrailer = await trailers(refs);
      const results = refs.map(({ type, id }, index): TitleAvailability => {
        const entry = titles.get(`${type}:${id}`);
        const sources = ordered([...(entry?.sources ?? []), ...(hasTrailer[index] ? (['trailer'] as const) : [])]);
        return type === 'tv'
          ? { media_type: type, id, sources, episodes: countEpisodes(entry) }
          : { media_type: type, id, sources };
      });
      return { results, indexing: isIndexing() };
    },

    async forSeries(id) {
      // The catalogue's answer: a 404 for an unknown series, and its trailer.
      const details = await catalogue.withRequestDeadline().tv(id);
      const entry = snapshot().titles.get(`tv:${id}`);
      const sources = ordered([
        ...(entry?.sources ?? []),
        ...(catalogue.capabilities.trailers && details.trailer_key ? (['trailer'] as const) : []),
      ]);
      const seasons = [...(entry?.episodes ?? [])]
        .sort(([a], [b]) => a - b)
        .map(([season_number, episodes]) => ({
          season_number,
          episodes: [...episodes]
            .sort(([a], [b]) => a - b)
            .map(([episode_number, from]) => ({ episode_number, sources: ordered(from) })),
        }));
      return { media_type: 'tv', id, sources, indexing: isIndexing(), seasons };
    },

    playableIds: (type) => snapshot().ids[type],
    isIndexing,
  };
}

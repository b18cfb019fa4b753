import * as z from 'zod/mini';
import { parseTitleTokens } from '../library/hiding.ts';
import type { MediaType } from './genres.ts';

/**
 * Where the server can play a title (issue 29 "Availability before Watch Now"): a file of its
 * Library (MEDIA_DIR), its Jellyfin or Emby server, or the catalogue's official trailer. Custom
 * sources are the viewer's own (settings in the browser) and are added there.
 */
export const AVAILABILITY_SOURCES = ['library', 'jellyfin', 'emby', 'trailer'] as const;
export type AvailabilitySource = (typeof AVAILABILITY_SOURCES)[number];

/** At most this many titles in one GET /api/availability (a grid's page or a row is 20). */
export const MAX_AVAILABILITY_IDS = 100;

/** GET /api/availability: `ids` = titles like movie:603,tv:1399. */
export const availabilityParamsSchema = z.object({
  ids: z.string().check(
    z.refine((text) => parseTitleTokens(text) !== null, 'must be titles like movie:603,tv:1399 joined by ,'),
    z.refine(
      (text) => text.split(',').length <= MAX_AVAILABILITY_IDS,
      `must name at most ${MAX_AVAILABILITY_IDS} titles`,
    ),
  ),
});

/**
 * The catalogue's discover, top-rated... `available=1`: only titles the server itself can play
 * (Library or the media server; a trailer is not the title, and custom sources play anything).
 */
export const availableParamsSchema = z.object({
  available: z.optional(z.enum(['1', '0'], { message: 'must be 1 or 0' })),
});

/** One title of GET /api/availability. */
export interface TitleAvailability {
  media_type: MediaType;
  id: number;
  /** Where the title can play; empty when nothing on the server can. A series counts when any episode can. */
  sources: AvailabilitySource[];
  /** Series only: how many of its episodes the Library or the media server can play. */
  episodes?: number;
}

export interface AvailabilityAnswer {
  results: TitleAvailability[];
  /** An index is still being built (first scan of MEDIA_DIR, first indexing of the media server): a title missing now may turn up. */
  indexing: boolean;
}

/** GET /api/availability/tv/:id: the series' sources and each playable episode's. */
export interface SeriesAvailability {
  media_type: 'tv';
  id: number;
  sources: AvailabilitySource[];
  indexing: boolean;
  /** Only seasons with a playable episode, only those episodes, in order. */
  seasons: Array<{
    season_number: number;
    episodes: Array<{ episode_number: number; sources: AvailabilitySource[] }>;
  }>;
}

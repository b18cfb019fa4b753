import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import type { LibraryFile } from './sources.ts';

export interface TitleMedia {
  enabled: boolean;
  scanning: boolean;
  results: LibraryFile[];
}

/** How often a title's files are asked for again while the server indexes MEDIA_DIR. */
export const LIBRARY_SCAN_POLL_MS = 3000;
/**
 * How often a title without a file is asked for again: the server watches MEDIA_DIR, so a file
 * copied there meanwhile plays without a reload. For about ten minutes, then the player stops asking.
 */
export const LIBRARY_NEW_FILE_POLL_MS = 5000;
const LIBRARY_NEW_FILE_POLLS = 120;

/** GET /api/media/title/:type/:id: the Library's files of a title (its episodes for a series). */
export function titleMediaQueryOptions(type: 'movie' | 'tv', id: number) {
  return queryOptions({
    queryKey: ['media', 'title', type, id],
    queryFn: ({ signal }) => apiFetch<TitleMedia>(`/api/media/title/${type}/${id}`, { signal }),
    staleTime: 60_000,
    // During the first scan a file may not be indexed yet: ask again until the scan is over.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.scanning) return LIBRARY_SCAN_POLL_MS;
      if (data?.enabled && data.results.length === 0 && query.state.dataUpdateCount < LIBRARY_NEW_FILE_POLLS) {
        return LIBRARY_NEW_FILE_POLL_MS;
      }
      return false;
    },
  });
}

export const useTitleMedia = (type: 'movie' | 'tv', id: number) => useQuery(titleMediaQueryOptions(type, id));

export interface AudioTrack {
  index: number;
  label: string;
  language: string | null;
  default: boolean;
}

export interface SubtitleTrack {
  id: string;
  label: string;
  language: string | null;
  forced: boolean;
  url: string;
}

/** GET /api/media/file/:id: how a Library file plays in a browser (DESIGN.md "Library"). */
export interface MediaFilePlayback {
  id: string;
  playback: 'direct' | 'remux' | 'transcode' | 'unplayable';
  reason: string | null;
  duration: number | null;
  direct_url: string | null;
  stream_url: string | null;
  stream_type: string | null;
  /** The converted stream as an HLS playlist, for browsers without MSE (`?audio=&viewer=`). */
  hls_url: string | null;
  audio: AudioTrack[];
  subtitles: SubtitleTrack[];
}

export function mediaFileQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['media', 'file', id],
    queryFn: ({ signal }) => apiFetch<MediaFilePlayback>(`/api/media/file/${id}`, { signal }),
    staleTime: 60_000,
  });
}

export const useMediaFile = (id: string) => useQuery(mediaFileQueryOptions(id));

/** The file id in a Library stream URL (`/api/media/stream/<id>`). */
export const mediaFileIdOf = (streamUrl: string) =>
  /\/api\/media\/stream\/([0-9a-f]{24})$/.exec(streamUrl)?.[1] ?? null;

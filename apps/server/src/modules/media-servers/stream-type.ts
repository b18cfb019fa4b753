import type { MediaSourceDto } from './media-server-client.ts';

// RFC 6381 codec strings a browser's canPlayType understands, per container. A codec left out
// here (DTS, TrueHD, PCM, MPEG-2...) makes the file an HLS stream, which the server transcodes.
const MP4_VIDEO: Record<string, string> = {
  h264: 'avc1.640028',
  hevc: 'hvc1.1.6.L93.B0',
  h265: 'hvc1.1.6.L93.B0',
  av1: 'av01.0.08M.08',
  vp9: 'vp09.00.40.08',
};
const MP4_AUDIO: Record<string, string> = {
  aac: 'mp4a.40.2',
  mp3: 'mp3',
  ac3: 'ac-3',
  eac3: 'ec-3',
  opus: 'opus',
  flac: 'flac',
};
const WEBM_VIDEO: Record<string, string> = { vp8: 'vp8', vp9: 'vp9', av1: 'av01.0.08M.08' };
const WEBM_AUDIO: Record<string, string> = { vorbis: 'vorbis', opus: 'opus' };

/**
 * The container of a media source as a browser names it. Jellyfin reports ffprobe's format names,
 * which can be lists ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm"): the file's extension decides then.
 */
function containerOf(source: MediaSourceDto): 'mp4' | 'webm' | null {
  const names = (source.Container ?? '').toLowerCase().split(',');
  const extension = /\.([a-z0-9]+)$/i.exec(source.Path ?? '')?.[1]?.toLowerCase();
  if (names.length === 1) {
    if (['mp4', 'm4v', 'mov'].includes(names[0]!)) return 'mp4';
    if (names[0] === 'webm') return 'webm';
    return null;
  }
  if (names.includes('mp4')) return extension === undefined || ['mp4', 'm4v', 'mov'].includes(extension) ? 'mp4' : null;
  if (names.includes('webm')) return extension === 'webm' ? 'webm' : null;
  return null;
}

/**
 * The MIME type with codecs of a media source played as it is (`video/mp4; codecs="avc1..., mp4a..."`),
 * for the browser's canPlayType; null when the container or a codec is one no browser plays directly
 * or is unknown: such a source is streamed as HLS.
 */
export function directStreamType(source: MediaSourceDto | undefined): string | null {
  if (!source) return null;
  const container = containerOf(source);
  if (!container) return null;
  const streams = source.MediaStreams ?? [];
  const video = streams.find((stream) => stream.Type === 'Video')?.Codec?.toLowerCase();
  const audio = streams.find((stream) => stream.Type === 'Audio')?.Codec?.toLowerCase();
  if (!video) return null;
  const [videoCodecs, audioCodecs] = container === 'mp4' ? [MP4_VIDEO, MP4_AUDIO] : [WEBM_VIDEO, WEBM_AUDIO];
  const videoCodec = videoCodecs[video];
  const audioCodec = audio ? audioCodecs[audio] : null;
  if (!videoCodec || audioCodec === undefined) return null;
  const codecs = audioCodec ? `${videoCodec}, ${audioCodec}` : videoCodec;
  return `video/${container}; codecs="${codecs}"`;
}

import type { AudioTrack, SubtitleTrack } from './media-api.ts';

/** This device's choices in the Library player: a subtitle language (or "off") and an audio language. */
const SUBTITLES_KEY = 'marquee:player:subtitles';
const AUDIO_KEY = 'marquee:player:audio';
const VIEWER_KEY = 'marquee:player:viewer';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or refused (private mode): the choice lasts for this page only.
  }
}

/**
 * The subtitle track to show: the remembered language's (a full track before a forced one), none
 * when the viewer turned them off or never chose, else a forced track in the audio's language.
 */
export function initialSubtitle(tracks: readonly SubtitleTrack[]): string | null {
  const wanted = read(SUBTITLES_KEY);
  if (wanted && wanted !== 'off') {
    const same = tracks.filter((track) => track.language === wanted);
    return (same.find((track) => !track.forced) ?? same[0])?.id ?? null;
  }
  return null;
}

export function rememberSubtitle(track: SubtitleTrack | null): void {
  // A track without a language cannot be found again in another file: only "off" or a language is kept.
  if (!track) write(SUBTITLES_KEY, 'off');
  else if (track.language) write(SUBTITLES_KEY, track.language);
}

/** The audio track to play: the remembered language's, else the file's default, else the first. */
export function initialAudio(tracks: readonly AudioTrack[]): number {
  const wanted = read(AUDIO_KEY);
  const remembered = wanted ? tracks.find((track) => track.language === wanted) : undefined;
  return (remembered ?? tracks.find((track) => track.default) ?? tracks[0])?.index ?? 0;
}

export function rememberAudio(track: AudioTrack | undefined): void {
  if (track?.language) write(AUDIO_KEY, track.language);
}

/**
 * This browser's id for the server's "one converted stream per file and viewer" rule: a new
 * stream of the same file (a seek, another tab) replaces the last one instead of adding to it.
 */
export function viewerId(): string {
  const known = read(VIEWER_KEY);
  if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
  // getRandomValues, not randomUUID: the app may be served over plain http on a home network.
  const fresh = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  write(VIEWER_KEY, fresh);
  return fresh;
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { videoContentType } from './media-names.ts';

export interface Language {
  /** BCP 47 ("en", "pt-BR"). */
  code: string;
  /** In English ("English", "Brazilian Portuguese"). */
  label: string;
}

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
let byName: Map<string, string> | null = null;

/** English language names to their two-letter codes ("english" → "en"), built once when needed. */
function languageNames(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters)
    for (const b of letters) {
      const name = names.of(a + b);
      if (name) byName.set(name.toLowerCase(), a + b);
    }
  return byName;
}

/** Words of subtitle file names that say what kind of track it is, not its language. */
const TRACK_FLAGS = new Set(['forced', 'sdh', 'cc', 'hi', 'default', 'full', 'sub', 'subs', 'subtitles']);

/**
 * A language from an ISO 639-1 or 639-2 code ("en", "eng", "fre", "pt-BR") or an English name
 * ("English", "2_English"), or null. Three-letter codes count only for languages that have a
 * two-letter one, so that words such as "sdh" or "dts" are not read as languages.
 */
export function languageOf(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const word = tag
    .trim()
    .replace(/^\d+[_\s-]*/, '')
    .replace(/_/g, '-');
  if (!word || TRACK_FLAGS.has(word.toLowerCase())) return null;
  const named = languageNames().get(word.toLowerCase());
  if (named) return { code: named, label: names.of(named)! };
  if (!/^[a-z]{2,3}(?:-[a-z]{2})?$/i.test(word)) return null;
  let code: string;
  try {
    code = Intl.getCanonicalLocales(word)[0]!;
  } catch {
    return null;
  }
  if (!/^[a-z]{2}(?:-[A-Z]{2})?$/.test(code)) return null;
  const label = names.of(code);
  return label ? { code, label } : null;
}

export interface SidecarSubtitle {
  /** Relative to MEDIA_DIR. */
  path: string;
  language: Language | null;
  forced: boolean;
  /** Hearing impaired (SDH/CC). */
  sdh: boolean;
}

const SUBTITLE_EXT = new Set(['.srt', '.vtt', '.ass', '.ssa']);
const SUBS_FOLDER = /^(?:subs|subtitles)$/i;

function describe(relative: string, tags: string[]): SidecarSubtitle {
  const lower = tags.map((tag) => tag.toLowerCase());
  const language = tags.map(languageOf).find(Boolean) ?? null;
  return {
    path: relative,
    language,
    forced: lower.includes('forced'),
    sdh: lower.some((t) => t === 'sdh' || t === 'cc'),
  };
}

async function list(dir: string): Promise<{ name: string; isDir: boolean }[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => ({ name: entry.name, isDir: entry.isDirectory() }));
  } catch {
    return [];
  }
}

/**
 * The subtitle files that go with a video (relative to MEDIA_DIR), as Plex, Jellyfin and release
 * groups lay them out: `Heat (1995).en.srt` or `Heat (1995).srt` beside it, `Subs/Heat (1995).en.srt`,
 * `Subs/Heat (1995)/2_English.srt`, and every file of `Subs/` when the video is alone in its folder.
 */
export async function findSidecarSubtitles(root: string, videoRelative: string): Promise<SidecarSubtitle[]> {
  const folder = path.posix.dirname(videoRelative);
  const base = path.posix.basename(videoRelative, path.posix.extname(videoRelative));
  const rel = (...parts: string[]) => path.posix.join(folder === '.' ? '' : folder, ...parts);
  const found: SidecarSubtitle[] = [];
  const tagsAfterBase = (name: string) => {
    const stem = name.slice(0, name.length - path.extname(name).length);
    if (stem === base) return [];
    if (!stem.startsWith(`${base}.`) && !stem.startsWith(`${base}_`)) return null;
    return stem
      .slice(base.length + 1)
      .split(/[._]/)
      .filter(Boolean);
  };
  const isSubtitle = (name: string) => SUBTITLE_EXT.has(path.extname(name).toLowerCase());

  const here = await list(path.join(root, folder));
  for (const entry of here) {
    if (entry.isDir || !isSubtitle(entry.name)) continue;
    const tags = tagsAfterBase(entry.name);
    if (tags) found.push(describe(rel(entry.name), tags));
  }
  const alone = here.filter((entry) => !entry.isDir && videoContentType(entry.name)).length === 1;
  for (const subs of here.filter((entry) => entry.isDir && SUBS_FOLDER.test(entry.name))) {
    const inside = await list(path.join(root, folder, subs.name));
    for (const entry of inside) {
      if (entry.isDir && entry.name === base) {
        for (const file of await list(path.join(root, folder, subs.name, entry.name))) {
          if (!file.isDir && isSubtitle(file.name)) {
            const stem = file.name.slice(0, file.name.length - path.extname(file.name).length);
            found.push(describe(rel(subs.name, entry.name, file.name), stem.split(/[._]/)));
          }
        }
        continue;
      }
      if (entry.isDir || !isSubtitle(entry.name)) continue;
      const tags = tagsAfterBase(entry.name);
      if (tags) found.push(describe(rel(subs.name, entry.name), tags));
      else if (alone) {
        const stem = entry.name.slice(0, entry.name.length - path.extname(entry.name).length);
        found.push(describe(rel(subs.name, entry.name), stem.split(/[._]/)));
      }
    }
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** Subtitle text as UTF-8: files without a valid UTF-8 reading are taken as Windows-1252 (most old SRTs). */
export function decodeSubtitleText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** SubRip to WebVTT: the header, `.` before milliseconds, numbering kept as cue ids. */
export function srtToVtt(srt: string): string {
  const body = srt
    .replace(/\r\n?/g, '\n')
    .replace(/(\d{1,2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2')
    // A cue's text must not contain "-->"-less blank-line breaks; SRT's own blocks map one to one.
    .trim();
  return `WEBVTT\n\n${body}\n`;
}

/** A sidecar file as WebVTT, or null when it needs ffmpeg (ASS/SSA). */
export async function sidecarAsVtt(file: string): Promise<string | null> {
  const ext = path.extname(file).toLowerCase();
  if (ext !== '.srt' && ext !== '.vtt') return null;
  const text = decodeSubtitleText(await readFile(file));
  if (ext === '.vtt') return text.startsWith('WEBVTT') ? text : `WEBVTT\n\n${text}`;
  return srtToVtt(text);
}

/** Embedded subtitle codecs that are text, which ffmpeg turns into WebVTT (pictures such as PGS are not). */
export const TEXT_SUBTITLE_CODECS = new Set(['subrip', 'srt', 'ass', 'ssa', 'webvtt', 'mov_text', 'text']);

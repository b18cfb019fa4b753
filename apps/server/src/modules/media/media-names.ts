import path from 'node:path';

/** Video containers the Library source serves, with the Content-Type each is sent with. */
export const VIDEO_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.mov': 'video/quicktime',
  '.ogv': 'video/ogg',
  '.avi': 'video/x-msvideo',
};

export function videoContentType(file: string): string | null {
  return VIDEO_TYPES[path.extname(file).toLowerCase()] ?? null;
}

/** What a file name says about its content, before the catalogue is asked. */
export type ParsedMediaName =
  | { kind: 'movie'; title: string; year: number | null }
  | { kind: 'episode'; title: string; year: number | null; season: number; episode: number }
  | { kind: 'unrecognised'; reason: string };

// Words that start the technical tail of a release name ("Heat.1995.1080p.BluRay.x264-GRP").
const RELEASE_TAG =
  /\b(?:2160p|1080p|1080i|720p|576p|480p|4k|uhd|hdr10?|dv|blu-?ray|bdrip|brrip|web-?dl|web-?rip|webrip|hdtv|dvd-?rip|dvdscr|hdrip|remux|x26[45]|h\.?26[45]|hevc|avc|xvid|divx|aac\d?(?:\.\d)?|ac3|dts|ddp?\d\.\d|atmos|10bit|8bit|proper|repack|extended|unrated|remastered|directors?\.?cut|imax|multi|subbed|dubbed)\b/i;
const EPISODE = /\bs(\d{1,2})[ ._-]?e(\d{1,3})\b|\b(\d{1,2})x(\d{2,3})\b/i;
const YEAR = /(?:^|[\s([])((?:19|20)\d{2})(?=$|[\s)\]])/g;
const SEASON_FOLDER = /^(?:season|series|staffel|saison)[\s._-]*\d+$|^s\d{1,2}$|^specials$/i;
const EXTRA =
  /(?:^|[\s._-])(?:sample|trailer|featurette|behind[\s._-]the[\s._-]scenes|deleted[\s._-]scenes?)(?:$|[\s._-])/i;

/** "The.Dark_Knight [YTS.MX] {tmdb-155}" → "The Dark Knight": separators to spaces, tags out. */
function clean(raw: string): string {
  return raw
    .replace(/\[[^\]]*\]|\{[^}]*\}/g, ' ')
    .replace(/[._]+/g, ' ')
    .replace(/\s+-\s*$|^\s*-\s+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function stripTrailing(title: string): string {
  return title.replace(/[\s\-–([]+$/, '').trim();
}

/**
 * The release year in a name, not at its very start ("2001 A Space Odyssey (1968)" → 1968 at 21).
 * A year in parentheses or brackets wins, as Plex and Jellyfin write it; otherwise the last one.
 * A number past next year is part of the title ("Blade Runner 2049"), not a release year.
 */
function findYear(text: string): { year: number; index: number } | null {
  const latest = new Date().getFullYear() + 1;
  let last: { year: number; index: number } | null = null;
  let enclosed: { year: number; index: number } | null = null;
  for (const match of text.matchAll(YEAR)) {
    const index = match.index + match[0].indexOf(match[1]!);
    const year = Number(match[1]);
    if (index === 0 || year > latest) continue;
    last = { year, index };
    if ('(['.includes(text[index - 1]!) && ')]'.includes(text[index + 4] ?? '')) enclosed = last;
  }
  return enclosed ?? last;
}

function titleAndYear(text: string): { title: string; year: number | null } {
  const year = findYear(text);
  const beforeYear = year ? text.slice(0, year.index) : text;
  const tag = RELEASE_TAG.exec(beforeYear);
  const title = stripTrailing(clean(tag ? beforeYear.slice(0, tag.index) : beforeYear))
    // Library-style inverted article: "Shining, The" is searched as "The Shining".
    .replace(/^(.+), (the|a|an)$/i, '$2 $1');
  return { title, year: year?.year ?? null };
}

/**
 * Reads a path relative to MEDIA_DIR the way Plex and Jellyfin do: `Title (Year).mp4`,
 * `Title.Year.1080p.mkv`, `Show/Season 01/Show - S01E02.mp4`, `Show.Name.S01E02.webm`, `1x02`
 * episodes, release tags, brackets, dots and underscores. A name without a title in the file
 * name falls back to its folder (`Heat (1995)/movie.mkv`, `Show/Season 1/S01E02.mkv`).
 */
export function parseMediaPath(relativePath: string): ParsedMediaName {
  const segments = relativePath.split(/[\\/]/).filter(Boolean);
  const fileName = segments.at(-1) ?? '';
  const base = fileName.slice(0, fileName.length - path.extname(fileName).length);
  if (EXTRA.test(base)) return { kind: 'unrecognised', reason: 'a sample or extra, not a feature or episode' };
  const folders = segments.slice(0, -1).filter((folder) => !SEASON_FOLDER.test(clean(folder)));
  const spaced = base.replace(/[._]+/g, ' ');

  const episode = EPISODE.exec(spaced);
  if (episode) {
    const season = Number(episode[1] ?? episode[3]);
    const number = Number(episode[2] ?? episode[4]);
    let { title, year } = titleAndYear(spaced.slice(0, episode.index));
    if (!title && folders.length) ({ title, year } = titleAndYear(folders.at(-1)!));
    if (!title) return { kind: 'unrecognised', reason: 'no series name in the file name or its folders' };
    if (season < 1 || number < 1) return { kind: 'unrecognised', reason: 'season and episode must be 1 or more' };
    return { kind: 'episode', title, year, season, episode: number };
  }

  const own = titleAndYear(spaced);
  if (own.title && own.year !== null) return { kind: 'movie', ...own };
  const folder = folders.length ? titleAndYear(folders.at(-1)!) : null;
  if (folder?.title && folder.year !== null) return { kind: 'movie', ...folder };
  if (own.title) return { kind: 'movie', ...own };
  return { kind: 'unrecognised', reason: 'no title in the file name' };
}

/** Titles compared the way people write them: case, accents, punctuation and "&" do not matter. */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/^(?:the|a|an) /, '')
    .trim();
}

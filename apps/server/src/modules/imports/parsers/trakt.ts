import { AppError } from '../../../plugins/errors.ts';
import {
  baseName,
  cleanText,
  importTime,
  type EpisodePart,
  type ImportCollector,
  type SourceParser,
  type TitleRef,
} from '../import-records.ts';
import { JsonStreamReader, MAX_JSON_ITEM_CHARS } from '../json-stream.ts';
import { textSink } from '../upload-reader.ts';
import { IMDB_ID } from './imdb.ts';

/**
 * The files of a Trakt export (trakt.tv → Settings → Data → Export) that are read, each possibly
 * split into parts (`watched-history-2.json`): plays, ratings of films, shows, seasons and
 * episodes, and the watchlist.
 */
type TraktFile = 'history' | 'ratings' | 'watchlist';

export function traktFileOf(path: string): TraktFile | null {
  const base = baseName(path);
  if (/^watched-history(-\d+)?\.json$/.test(base)) return 'history';
  if (/^ratings-(movies|shows|seasons|episodes)(-\d+)?\.json$/.test(base)) return 'ratings';
  if (/^lists-watchlist(-\d+)?\.json$/.test(base)) return 'watchlist';
  return null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

/** A Trakt movie or show as a title reference; any of its ids may be null. */
function refOf(file: string, line: number, type: 'movie' | 'tv', media: unknown): TitleRef | null {
  if (!isObject(media)) return null;
  const ids = isObject(media.ids) ? media.ids : {};
  const imdb = typeof ids.imdb === 'string' && IMDB_ID.test(ids.imdb) ? ids.imdb : null;
  const year = positiveInteger(media.year);
  return {
    file,
    line,
    type,
    title: cleanText(media.title),
    year: year !== null && year >= 1870 && year <= 2200 ? year : null,
    tmdbId: positiveInteger(ids.tmdb),
    imdbId: imdb,
    marqueeId: null,
  };
}

function episodeOf(value: unknown): EpisodePart | null {
  if (!isObject(value)) return null;
  const season = typeof value.season === 'number' && Number.isSafeInteger(value.season) ? value.season : null;
  const episode = positiveInteger(value.number);
  // Season 0 holds the specials; Marquee numbers seasons from 1.
  if (season === null || season < 1 || episode === null) return null;
  return { season, episode, episodeTitle: cleanText(value.title) || null };
}

function readItem(kind: TraktFile, file: string, line: number, item: unknown, collector: ImportCollector, now: Date) {
  collector.row();
  const fail = (ref: TitleRef | null, reason: string) =>
    collector.problem(file, line, ref?.title ?? '', ref?.year ?? null, reason);
  if (!isObject(item)) return fail(null, 'the item is not an object');
  const type = typeof item.type === 'string' ? item.type : '';
  const isMovie = type === 'movie';
  const ref = isMovie ? refOf(file, line, 'movie', item.movie) : refOf(file, line, 'tv', item.show);
  if (!['movie', 'show', 'season', 'episode'].includes(type))
    return fail(ref, `type "${type}" is not movie, show, season or episode`);
  if (!ref) return fail(null, `the item has no ${isMovie ? 'movie' : 'show'}`);
  if (!ref.title && ref.tmdbId === null && ref.imdbId === null) return fail(ref, 'the item has no title and no ids');
  const timeField = kind === 'history' ? 'watched_at' : kind === 'ratings' ? 'rated_at' : 'listed_at';
  const at = importTime(typeof item[timeField] === 'string' ? item[timeField] : '', now);
  if (!at) return fail(ref, `${timeField} is missing or not a past time`);

  let part: EpisodePart = { season: null, episode: null };
  if (type === 'episode') {
    const episode = episodeOf(item.episode);
    if (!episode) return fail(ref, 'the episode has no season or number (specials, season 0, are not tracked)');
    part = episode;
  } else if (type === 'season') {
    const season = isObject(item.season) ? positiveInteger(item.season.number) : null;
    if (season === null) return fail(ref, 'the season has no number (specials, season 0, are not tracked)');
    part = { season, episode: null };
  }

  switch (kind) {
    case 'history':
      if (type !== 'movie' && type !== 'episode') return fail(ref, `a play of a ${type} names no episode`);
      collector.add({ kind: 'play', ref, at, ...part });
      return;
    case 'ratings': {
      const rating = item.rating;
      if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 10) {
        return fail(ref, `rating ${JSON.stringify(rating)} is not a whole number from 1 to 10`);
      }
      collector.add({ kind: 'rating', ref, rating, at, season: part.season, episode: part.episode });
      return;
    }
    case 'watchlist':
      // Watch Later holds titles: a season or an episode on the watchlist saves its show.
      collector.add({ kind: 'watchlist', ref, at });
      return;
  }
}

/** A Trakt export: its ZIP, or one of its JSON files. */
export function traktParser(now: Date): SourceParser {
  return {
    route: (collector) => (path, isZipEntry) => {
      const kind = traktFileOf(path);
      if (!isZipEntry && !kind) {
        throw new AppError(
          'invalid_input',
          `${path} is not a Trakt export file: choose the export's ZIP file, or its watched-history, ratings or lists-watchlist JSON`,
        );
      }
      if (!kind) return null;
      collector.read(path);
      const reader = new JsonStreamReader(
        path,
        'list',
        { onItem: (_list, index, item) => readItem(kind, path, index + 1, item, collector, now) },
        MAX_JSON_ITEM_CHARS,
        'a Trakt export file',
      );
      return textSink(
        (text) => reader.push(text),
        () => reader.end(),
      );
    },
    finish(collector) {
      if (collector.files.length === 0) {
        throw new AppError(
          'invalid_input',
          'The ZIP file holds no Trakt export files (watched-history, ratings-movies, lists-watchlist …)',
        );
      }
    },
  };
}

import {
  hiddenItemSchema,
  historyItemSchema,
  mergeSettings,
  ratingItemSchema,
  watchLaterItemSchema,
  type SyncOperation,
} from '@marquee/core';
import { MARQUEE_EXPORT_FORMAT, MARQUEE_EXPORT_VERSION } from '@marquee/core/account-data/marquee-export';
import { AppError, describeZodError } from '../../../plugins/errors.ts';
import { badInputIn } from '../../../plugins/json-body.ts';
import {
  baseName,
  cleanText,
  importTime,
  type ImportCollector,
  type SourceParser,
  type TitleRef,
} from '../import-records.ts';
import { bufferSink } from '../upload-reader.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

type ListName = 'history' | 'watch_later' | 'ratings' | 'hidden';

const SCHEMAS = {
  history: historyItemSchema,
  watch_later: watchLaterItemSchema,
  ratings: ratingItemSchema,
  hidden: hiddenItemSchema,
} as const;

function timeOf(list: ListName, item: Json): string {
  const field = { history: 'watched_at', watch_later: 'added_at', ratings: 'rated_at', hidden: 'hidden_at' }[list];
  return String(item[field]);
}

/**
 * Reads Marquee's own export (`@marquee/core/account-data/marquee-export`: Data Management's
 * `{settings, history, watch_later, exported_at}` and the account export that adds ratings and
 * hidden titles). Each item is an upsert of its store as it is, at its own time, once its id is
 * confirmed in this catalogue (another Marquee may have had another catalogue).
 */
export function readMarqueeExport(file: string, data: unknown, collector: ImportCollector, now: Date): void {
  if (!isObject(data) || !['history', 'watch_later', 'ratings', 'hidden', 'settings'].some((key) => key in data)) {
    throw new AppError('invalid_input', `${file} is not a Marquee export: it has no history, Watch Later or settings`);
  }
  if (data.format !== undefined && data.format !== MARQUEE_EXPORT_FORMAT) {
    throw new AppError('invalid_input', `${file} is not a Marquee export: its format is "${String(data.format)}"`);
  }
  if (typeof data.version === 'number' && data.version > MARQUEE_EXPORT_VERSION) {
    throw new AppError('invalid_input', `${file} was made by a newer Marquee (export version ${data.version})`);
  }
  // Ratings and hidden titles carry no title: the history's and Watch Later's name their ids.
  const titles = new Map<string, { title: string; year: number | null }>();
  for (const list of ['history', 'watch_later'] as const) {
    for (const item of Array.isArray(data[list]) ? data[list] : []) {
      if (!isObject(item)) continue;
      const title = cleanText(item.movie_title);
      const date = String(item.release_date ?? item.movie_release_date ?? '');
      const year = /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null;
      if (title) titles.set(`${String(item.content_type)}:${String(item.movie_id)}`, { title, year });
    }
  }
  for (const list of ['history', 'watch_later', 'ratings', 'hidden'] as const) {
    const items = data[list];
    if (items === undefined) continue;
    if (!Array.isArray(items)) throw new AppError('invalid_input', `${file}: "${list}" is not a list`);
    items.forEach((raw, index) => {
      collector.row();
      const line = index + 1;
      const named = isObject(raw) ? titles.get(`${String(raw.content_type)}:${String(raw.movie_id)}`) : undefined;
      const title = named?.title ?? (isObject(raw) ? cleanText(raw.movie_title) : '');
      const fail = (reason: string) => collector.problem(`${file} (${list})`, line, title, named?.year ?? null, reason);
      if (!isObject(raw)) return fail('the item is not an object');
      const unstorable = badInputIn(raw, 'item');
      if (unstorable) return fail(unstorable);
      const parsed = SCHEMAS[list].safeParse({ ...raw, synced: false });
      if (!parsed.success) return fail(describeZodError(parsed.error, 'item'));
      const item = parsed.data as Json & { movie_id: number; content_type: 'movie' | 'tv' };
      const at = importTime(timeOf(list, item), now);
      if (!at) return fail(`${timeOf(list, item)} is not a past time`);
      const operation = { op: 'upsert', store: list, item, at } as SyncOperation;
      const ref: TitleRef = {
        file: `${file} (${list})`,
        line,
        type: item.content_type,
        title,
        year: named?.year ?? null,
        tmdbId: null,
        imdbId: null,
        marqueeId: item.movie_id,
      };
      collector.add({ kind: 'restore', ref, operation });
    });
  }
  if (isObject(data.settings)) {
    const at = importTime(String(data.exported_at ?? ''), now);
    // Without the export's time the settings could not lose to a later change: they are left out.
    if (at) collector.direct.push({ op: 'upsert', store: 'settings', item: mergeSettings(data.settings), at });
  }
}

/** Marquee's export: its JSON file (or a ZIP holding one). */
export function marqueeParser(now: Date): SourceParser {
  return {
    route: (collector) => (path, isZipEntry) => {
      const isJson = baseName(path).endsWith('.json');
      if (!isZipEntry && !isJson) {
        throw new AppError('invalid_input', `${path} is not a Marquee export: choose the .json file Marquee made`);
      }
      if (!isJson) return null;
      collector.read(path);
      return bufferSink((text) => {
        let data: unknown;
        try {
          data = JSON.parse(text.replace(/^\uFEFF/, ''));
        } catch {
          throw new AppError('invalid_input', `${path} is not valid JSON: it may be damaged or cut off`);
        }
        readMarqueeExport(path, data, collector, now);
      });
    },
    finish(collector) {
      if (collector.files.length === 0) throw new AppError('invalid_input', 'The ZIP file holds no Marquee export');
    },
  };
}

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
import { JsonStreamReader } from '../json-stream.ts';
import { textSink } from '../upload-reader.ts';

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

const LISTS: readonly ListName[] = ['history', 'watch_later', 'ratings', 'hidden'];
const isList = (key: string | null): key is ListName => LISTS.includes(key as ListName);

/**
 * Reads Marquee's own export (`@marquee/core/account-data/marquee-export`: Data Management's
 * `{settings, history, watch_later, exported_at}` and the account export that adds ratings and
 * hidden titles) item by item as it streams in (JsonStreamReader). Each item is an upsert of its
 * store as it is, at its own time, once its id is confirmed in this catalogue (another Marquee
 * may have had another catalogue).
 */
export class MarqueeExportReader {
  /** Ratings and hidden titles carry no title: the history's and Watch Later's name their ids. */
  private readonly titles = new Map<string, { title: string; year: number | null }>();
  /** Items read before the entry naming their title: named once the file is read. */
  private readonly unnamed: TitleRef[] = [];
  private readonly members = new Map<string, unknown>();
  private readonly lists = new Set<string>();
  private readonly reader: JsonStreamReader;

  constructor(
    private readonly file: string,
    private readonly collector: ImportCollector,
    private readonly now: Date,
  ) {
    this.reader = new JsonStreamReader(file, 'object', {
      onList: (key) => this.lists.add(key),
      onItem: (list, index, item) => {
        if (isList(list)) this.item(list, index + 1, item);
      },
      onMember: (key, value) => {
        if (isList(key)) throw new AppError('invalid_input', `${file}: "${key}" is not a list`);
        this.members.set(key, value);
        if (key === 'format' || key === 'version') this.checkFormat();
      },
    });
  }

  push(text: string): void {
    this.reader.push(text);
  }

  end(): void {
    this.reader.end();
    const hasData = [...LISTS, 'settings'].some((key) => this.lists.has(key) || this.members.has(key));
    if (!hasData) {
      throw new AppError(
        'invalid_input',
        `${this.file} is not a Marquee export: it has no history, Watch Later or settings`,
      );
    }
    this.checkFormat();
    for (const ref of this.unnamed) {
      const named = this.titles.get(`${ref.type}:${ref.marqueeId}`);
      if (named) Object.assign(ref, named);
    }
    const settings = this.members.get('settings');
    if (isObject(settings)) {
      const at = importTime(String(this.members.get('exported_at') ?? ''), this.now);
      // Without the export's time the settings could not lose to a later change: they are left out.
      if (at) this.collector.direct.push({ op: 'upsert', store: 'settings', item: mergeSettings(settings), at });
    }
  }

  private checkFormat(): void {
    const format = this.members.get('format');
    if (format !== undefined && format !== MARQUEE_EXPORT_FORMAT) {
      throw new AppError('invalid_input', `${this.file} is not a Marquee export: its format is "${String(format)}"`);
    }
    const version = this.members.get('version');
    if (typeof version === 'number' && version > MARQUEE_EXPORT_VERSION) {
      throw new AppError('invalid_input', `${this.file} was made by a newer Marquee (export version ${version})`);
    }
  }

  private item(list: ListName, line: number, raw: unknown): void {
    const { collector, file } = this;
    collector.row();
    if (isObject(raw) && (list === 'history' || list === 'watch_later')) {
      const title = cleanText(raw.movie_title);
      const date = String(raw.release_date ?? raw.movie_release_date ?? '');
      const year = /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null;
      const key = `${String(raw.content_type)}:${String(raw.movie_id)}`;
      if (title && !this.titles.has(key)) this.titles.set(key, { title, year });
    }
    const named = isObject(raw) ? this.titles.get(`${String(raw.content_type)}:${String(raw.movie_id)}`) : undefined;
    const title = named?.title ?? (isObject(raw) ? cleanText(raw.movie_title) : '');
    const fail = (reason: string) => collector.problem(`${file} (${list})`, line, title, named?.year ?? null, reason);
    if (!isObject(raw)) return fail('the item is not an object');
    const unstorable = badInputIn(raw, 'item');
    if (unstorable) return fail(unstorable);
    const parsed = SCHEMAS[list].safeParse({ ...raw, synced: false });
    if (!parsed.success) return fail(describeZodError(parsed.error, 'item'));
    const item = parsed.data as Json & { movie_id: number; content_type: 'movie' | 'tv' };
    const at = importTime(timeOf(list, item), this.now);
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
    if (!named) this.unnamed.push(ref);
    collector.add({ kind: 'restore', ref, operation });
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
      const reader = new MarqueeExportReader(path, collector, now);
      return textSink(
        (text) => reader.push(text),
        () => reader.end(),
      );
    },
    finish(collector) {
      if (collector.files.length === 0) throw new AppError('invalid_input', 'The ZIP file holds no Marquee export');
    },
  };
}

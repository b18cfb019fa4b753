import type { SyncOperation } from '@marquee/core';
import type { AmbiguousImport, ImportAnswer, ImportSource, UnmatchedImport } from '@marquee/core/imports/import-answer';
import type { CatalogueProvider } from '../../catalogue/provider.ts';
import { AppError } from '../../plugins/errors.ts';
import { ImportCollector, type ImportRecord, type SourceParser } from './import-records.ts';
import { buildOperations, sortOperations, type MatchedRecord } from './import-operations.ts';
import { matchTitles, refKey, type MatcherDeps, type MatchOutcome } from './matcher.ts';
import { imdbParser } from './parsers/imdb.ts';
import { letterboxdParser } from './parsers/letterboxd.ts';
import { marqueeParser } from './parsers/marquee.ts';
import { traktParser } from './parsers/trakt.ts';
import { IMPORT_LIMITS, readUpload, type ImportLimits } from './upload-reader.ts';

export interface ImportDeps extends MatcherDeps {
  catalogue: MatcherDeps['catalogue'] & Pick<CatalogueProvider, 'season'>;
  limits?: ImportLimits;
  now?: () => Date;
}

const PARSERS: Record<ImportSource, (now: Date) => SourceParser> = {
  letterboxd: letterboxdParser,
  imdb: imdbParser,
  trakt: traktParser,
  marquee: marqueeParser,
};

/**
 * Reads an upload of `source` as it streams in (never whole, within the limits) into rows: what
 * each says and which could not be read. Refuses, naming the problem, a file that is not of the
 * source, is cut off, or is too large.
 */
export async function readImport(
  source: ImportSource,
  upload: AsyncIterable<Uint8Array>,
  fileName: string,
  deps: Pick<ImportDeps, 'limits' | 'now'> = {},
): Promise<ImportCollector> {
  const limits = deps.limits ?? IMPORT_LIMITS;
  const parser = PARSERS[source]((deps.now ?? (() => new Date()))());
  const collector = new ImportCollector(limits.maxRows);
  const summary = await readUpload(upload, fileName, parser.route(collector), limits);
  parser.finish(collector, summary.entries);
  return collector;
}

function firstOf(records: ImportRecord[]): ImportRecord {
  return records.reduce((first, record) =>
    record.ref.file === first.ref.file ? (record.ref.line < first.ref.line ? record : first) : first,
  );
}

const rowId = (record: ImportRecord) => `${record.ref.file}\n${record.ref.line}`;

/**
 * Matches what was read to the catalogue and answers the operations and the report (DESIGN.md
 * "HTTP API contract": `POST /api/imports`). Writes nothing: the client applies the operations.
 */
export async function matchImport(
  source: ImportSource,
  collector: ImportCollector,
  deps: ImportDeps,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportAnswer> {
  const { records } = collector;
  const outcomes = await matchTitles(
    records.map((record) => record.ref),
    deps,
    onProgress,
  );
  const byRef = new Map<string, ImportRecord[]>();
  for (const record of records) {
    const key = refKey(record.ref);
    const group = byRef.get(key);
    if (group) group.push(record);
    else byRef.set(key, [record]);
  }

  const matched: MatchedRecord[] = [];
  const ambiguousGroups: Array<{ records: ImportRecord[]; outcome: Extract<MatchOutcome, { status: 'ambiguous' }> }> =
    [];
  const unmatched: UnmatchedImport[] = collector.problems.map((problem) => ({
    row: problem.line,
    file: problem.file,
    title: problem.title,
    year: problem.year,
    reason: problem.reason,
    rows: 1,
  }));
  for (const [key, group] of byRef) {
    const outcome = outcomes.get(key)!;
    const first = firstOf(group);
    const rows = new Set(group.map(rowId)).size;
    if (outcome.status === 'matched') {
      for (const record of group) matched.push({ record, title: outcome.title, episode: outcome.episode });
    } else if (outcome.status === 'ambiguous') {
      ambiguousGroups.push({ records: group, outcome });
    } else {
      const { file, line, title, year } = first.ref;
      unmatched.push({ row: line, file, title, year, reason: outcome.reason, rows });
    }
  }

  const { kept, missing } = await checkEpisodes(matched, deps.catalogue);
  unmatched.push(...missing);
  const ambiguous: AmbiguousImport[] = ambiguousGroups.map(({ records: group, outcome }) => {
    const { file, line, title, year } = firstOf(group).ref;
    const candidate = outcome.candidates[0]!;
    return {
      row: line,
      file,
      title,
      year,
      rows: new Set(group.map(rowId)).size,
      candidates: outcome.candidates,
      operations: buildOperations(group.map((record) => ({ record, title: candidate }))),
    };
  });
  const fileOrder = (file: string) => {
    const index = collector.files.findIndex((name) => file === name || file.startsWith(`${name} (`));
    return index === -1 ? collector.files.length : index;
  };
  const byPlace = (a: { file: string; row: number }, b: { file: string; row: number }) =>
    fileOrder(a.file) - fileOrder(b.file) || a.row - b.row;
  const operations: SyncOperation[] = sortOperations([...collector.direct, ...buildOperations(kept)]);
  return {
    source,
    operations,
    report: {
      rows: collector.rows,
      matched: new Set(kept.map(({ record }) => rowId(record))).size,
      ambiguous: ambiguous.sort(byPlace),
      unmatched: unmatched.sort(byPlace),
      files: collector.files,
    },
  };
}

/**
 * Episodes (and seasons) a file names must be in the catalogue's series: a play of season 9 of a
 * series with 5 is reported, not stored. Each season is read once.
 */
async function checkEpisodes(
  matched: MatchedRecord[],
  catalogue: Pick<CatalogueProvider, 'season'>,
): Promise<{ kept: MatchedRecord[]; missing: UnmatchedImport[] }> {
  const seasonOf = (entry: MatchedRecord) =>
    entry.title.media_type === 'tv' && !entry.episode && 'season' in entry.record && entry.record.season !== null
      ? { season: entry.record.season, episode: entry.record.episode }
      : null;
  const wanted = new Map<string, { show: number; season: number }>();
  for (const entry of matched) {
    const part = seasonOf(entry);
    if (part) wanted.set(`${entry.title.id}:${part.season}`, { show: entry.title.id, season: part.season });
  }
  const episodes = new Map<string, Set<number> | null>();
  const queue = [...wanted];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [key, { show, season }] = next;
        try {
          const details = await catalogue.season(show, season);
          episodes.set(key, new Set(details.episodes.map((episode) => episode.episode_number)));
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'not_found')) throw error;
          episodes.set(key, null);
        }
      }
    }),
  );
  const kept: MatchedRecord[] = [];
  const missing = new Map<string, UnmatchedImport>();
  for (const entry of matched) {
    const part = seasonOf(entry);
    const known = part ? episodes.get(`${entry.title.id}:${part.season}`) : undefined;
    const isKnown = !part || (known != null && (part.episode === null || known.has(part.episode)));
    if (isKnown) {
      kept.push(entry);
      continue;
    }
    const what = part!.episode === null ? `season ${part!.season}` : `season ${part!.season} episode ${part!.episode}`;
    const key = `${entry.title.id}:${what}`;
    const seen = missing.get(key);
    if (seen) {
      seen.rows++;
      continue;
    }
    const { file, line } = entry.record.ref;
    missing.set(key, {
      row: line,
      file,
      title: `${entry.title.title}, ${what}`,
      year: entry.record.ref.year,
      reason: `the catalogue's ${entry.title.title} has no ${what}`,
      rows: 1,
    });
  }
  return { kept, missing: [...missing.values()] };
}

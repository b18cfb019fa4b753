import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertTriangle, CheckCircle2, FileUp, Upload } from 'lucide-react';
import { LOCAL_HISTORY_LIMIT, type SyncOperation } from '@marquee/core';
import {
  retargetOperations,
  type AmbiguousImport,
  type ImportAnswer,
  type ImportSource,
} from '@marquee/core/imports/import-answer';
import { Button } from '@/components/ui/button.tsx';
import { useSession } from '@/lib/auth/session.ts';
import { groupDigits } from '@/lib/format.ts';
import { ImportNotStoredError } from '@/lib/local-store/import-upserts.ts';
import { getSyncEngine } from '@/lib/sync/account-sync.ts';
import { toast } from '@/lib/toast.ts';
import { ImportError, uploadImport, type ImportProgress } from '../api/upload-import.ts';
import { appliedCount, applyImport, applyImportInParts, type AppliedImport } from '../apply-import.ts';
import { SettingsSection } from './settings-controls.tsx';

const SOURCES: Array<{ value: ImportSource; label: string; hint: string; accept: string }> = [
  {
    value: 'letterboxd',
    label: 'Letterboxd',
    hint: 'The ZIP file from Letterboxd → Settings → Data → Export your data (or one of its CSV files). Your diary, ratings, watched films, likes and watchlist are imported; the text of your reviews is not.',
    accept: '.zip,.csv,application/zip,text/csv',
  },
  {
    value: 'imdb',
    label: 'IMDb',
    hint: 'Your ratings, watchlist or a list, exported from IMDb as a CSV file.',
    accept: '.csv,.zip,text/csv,application/zip',
  },
  {
    value: 'trakt',
    label: 'Trakt',
    hint: 'The ZIP file from Trakt → Settings → Data → Export (or one of its JSON files).',
    accept: '.zip,.json,application/zip,application/json',
  },
  {
    value: 'marquee',
    label: 'Marquee',
    hint: 'A Marquee export: the .json file from Export data or Export everything.',
    accept: '.json,application/json',
  },
];

/** How many items and rows to list before "and N more". */
const LISTED = 100;

type Stage =
  | { name: 'idle' }
  | { name: 'working'; progress: ImportProgress | null }
  | { name: 'failed'; message: string }
  | { name: 'report'; answer: ImportAnswer; applying?: { done: number; total: number } }
  | { name: 'done'; count: number };

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.min(100, Math.round((100 * part) / whole)) : 0;
}

function ProgressBar({ progress }: { progress: ImportProgress | null }) {
  const labelId = useId();
  const [value, max, text] =
    progress === null
      ? [0, 1, 'Starting the upload…']
      : progress.phase === 'uploading'
        ? [
            progress.sent,
            progress.total,
            `Uploading… ${percent(progress.sent, progress.total)} % (${groupDigits(Math.round(progress.sent / 1024))} of ${groupDigits(Math.round(progress.total / 1024))} KB)`,
          ]
        : [
            progress.done,
            Math.max(progress.total, 1),
            progress.total === 0
              ? `${groupDigits(progress.rows)} rows read. Matching titles…`
              : `${groupDigits(progress.rows)} rows read. Matching titles: ${groupDigits(progress.done)} of ${groupDigits(progress.total)}`,
          ];
  return (
    <div className="mt-5 space-y-2" role="status">
      <p id={labelId} className="text-sm text-fg-muted">
        {text}
      </p>
      <progress
        aria-labelledby={labelId}
        value={value}
        max={max}
        className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-gold-400 [&::-webkit-progress-bar]:bg-white/10 [&::-webkit-progress-value]:bg-gold-400"
      />
    </div>
  );
}

function describeYear(year: number | null): string {
  return year === null ? 'year unknown' : String(year);
}

function AmbiguousRow({
  entry,
  choice,
  onChoose,
}: {
  entry: AmbiguousImport;
  choice: number | null;
  onChoose: (choice: number | null) => void;
}) {
  const name = useId();
  return (
    <fieldset className="rounded-xl border border-white/10 p-3">
      <legend className="px-1 text-sm font-medium text-fg">
        {entry.title} ({describeYear(entry.year)})
        <span className="font-normal text-fg-subtle">
          {' '}
          · {entry.file}, row {entry.row}
          {entry.rows > 1 ? ` and ${entry.rows - 1} more` : ''}
        </span>
      </legend>
      <div className="mt-1 flex flex-col gap-1.5">
        {entry.candidates.map((candidate, index) => (
          <label key={`${candidate.media_type}:${candidate.id}`} className="flex items-center gap-2 text-sm text-fg">
            <input
              type="radio"
              name={name}
              checked={choice === index}
              onChange={() => onChoose(index)}
              className="size-4 accent-gold-400"
            />
            {candidate.title} ({describeYear(candidate.year)}, {candidate.media_type === 'movie' ? 'film' : 'series'})
          </label>
        ))}
        <label className="flex items-center gap-2 text-sm text-fg-muted">
          <input
            type="radio"
            name={name}
            checked={choice === null}
            onChange={() => onChoose(null)}
            className="size-4 accent-gold-400"
          />
          Skip this title
        </label>
      </div>
    </fieldset>
  );
}

function Report({
  answer,
  isGuest,
  applying,
  onApply,
  onCancel,
}: {
  answer: ImportAnswer;
  isGuest: boolean;
  /** Operations applied so far while an import is being applied. */
  applying: { done: number; total: number } | null;
  onApply: (operations: SyncOperation[]) => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const { report } = answer;
  const [choices, setChoices] = useState<Array<number | null>>(() => report.ambiguous.map(() => null));
  const chosen = report.ambiguous.flatMap((entry, index) => {
    const choice = choices[index];
    return choice === null || choice === undefined
      ? []
      : retargetOperations(entry.operations, entry.candidates[choice]!);
  });
  const operations = [...answer.operations, ...chosen];
  const historyCount = operations.filter((operation) => operation.store === 'history').length;
  const unmatchedRows = report.unmatched.reduce((sum, entry) => sum + entry.rows, 0);
  const ambiguousRows = report.ambiguous.reduce((sum, entry) => sum + entry.rows, 0);

  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-4 border-t border-white/10 pt-5">
      <h4 id={headingId} className="font-display text-base tracking-wide text-fg">
        Import report
      </h4>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Rows read', report.rows],
          ['Matched', report.matched],
          ['To choose', ambiguousRows],
          ['Not matched', unmatchedRows],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-white/[0.06] bg-ink-950/40 px-4 py-3">
            <dt className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">{label}</dt>
            <dd className="mt-1 font-display text-xl tracking-wide text-fg tabular-nums">
              {groupDigits(Number(value))}
            </dd>
          </div>
        ))}
      </dl>

      {report.ambiguous.length > 0 ? (
        <div className="space-y-2">
          <h5 className="text-sm font-medium text-fg">Which title did you mean?</h5>
          {report.ambiguous.slice(0, LISTED).map((entry, index) => (
            <AmbiguousRow
              key={`${entry.file}:${entry.row}`}
              entry={entry}
              choice={choices[index] ?? null}
              onChoose={(choice) => setChoices((current) => current.map((old, at) => (at === index ? choice : old)))}
            />
          ))}
          {report.ambiguous.length > LISTED ? (
            <p className="text-sm text-fg-subtle">
              {groupDigits(report.ambiguous.length - LISTED)} more titles with several matches are skipped.
            </p>
          ) : null}
        </div>
      ) : null}

      {report.unmatched.length > 0 ? (
        <div className="space-y-2">
          <h5 className="text-sm font-medium text-fg">Not imported</h5>
          <ul className="max-h-80 space-y-1.5 overflow-auto rounded-xl bg-ink-950/40 p-3 text-sm" tabIndex={0}>
            {report.unmatched.slice(0, LISTED).map((entry) => (
              <li key={`${entry.file}:${entry.row}:${entry.title}`} className="break-words">
                <span className="font-medium text-fg">
                  {entry.title || 'Untitled'}
                  {entry.year ? ` (${entry.year})` : ''}
                </span>
                <span className="text-fg-subtle">
                  {' '}
                  · {entry.file}, row {entry.row}:{' '}
                </span>
                <span className="text-fg-muted">{entry.reason}</span>
              </li>
            ))}
            {report.unmatched.length > LISTED ? (
              <li className="text-fg-subtle">and {groupDigits(report.unmatched.length - LISTED)} more</li>
            ) : null}
          </ul>
        </div>
      ) : null}

      {isGuest ? (
        <p className="text-sm text-fg-muted">
          You are not signed in: the import is kept in this browser.
          {historyCount > LOCAL_HISTORY_LIMIT
            ? ` This browser keeps the newest ${groupDigits(LOCAL_HISTORY_LIMIT)} history entries; sign in to keep them all.`
            : ''}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button onClick={() => onApply(operations)} disabled={operations.length === 0 || applying !== null}>
          <CheckCircle2 className="size-4" aria-hidden />
          {applying
            ? `Importing… ${groupDigits(applying.done)} of ${groupDigits(applying.total)}`
            : operations.length === 1
              ? 'Import 1 item'
              : `Import ${groupDigits(operations.length)} items`}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={applying !== null}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

/**
 * Settings → Data Management → Import (issue 31): a Letterboxd, IMDb, Trakt or Marquee export is
 * uploaded and matched on the server, with a progress bar; the report shows what matched, asks
 * which title was meant where several could be, and says why rows were left out. Nothing is stored
 * until "Import N items": then the operations go through the app's own stores and the sync.
 */
export function ImportSection() {
  const { user } = useSession();
  const sourceId = useId();
  const fileId = useId();
  const hintId = useId();
  const [source, setSource] = useState<ImportSource>('letterboxd');
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const described = SOURCES.find((entry) => entry.value === source)!;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStage({ name: 'working', progress: null });
    try {
      const answer = await uploadImport(
        source,
        file,
        (progress) => setStage({ name: 'working', progress }),
        controller.signal,
      );
      setStage({ name: 'report', answer });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStage({
        name: 'failed',
        message: error instanceof ImportError ? error.message : 'The import failed. Please try again.',
      });
    }
  }

  async function onApply(operations: SyncOperation[]) {
    if (stage.name !== 'report' || stage.applying) return;
    const { answer } = stage;
    setStage({ name: 'report', answer, applying: { done: 0, total: operations.length } });
    let applied: AppliedImport;
    try {
      applied = user
        ? await applyImportInParts(
            operations,
            () => getSyncEngine().syncNow({ manual: true }),
            (done, total) => setStage({ name: 'report', answer, applying: { done, total } }),
          )
        : applyImport(operations);
    } catch (error) {
      // The browser's storage refused it (full): what was stored before stays as it was.
      console.warn('The import could not be stored', error);
      const items = error instanceof ImportNotStoredError ? error.items : operations.length;
      setStage({
        name: 'failed',
        message: user
          ? 'The import could not be stored in this browser: its storage is full.'
          : `Nothing was imported: this browser’s storage is full and cannot hold the ${items === 1 ? 'item' : `${groupDigits(items)} items`} of this file. Sign in to import into your account, or import a smaller file.`,
      });
      return;
    }
    const count = appliedCount(applied);
    setStage({ name: 'done', count });
    setFile(null);
    toast.success('Import Complete', {
      description: count === 1 ? '1 item imported.' : `${groupDigits(count)} items imported.`,
    });
  }

  const isWorking = stage.name === 'working';
  // Uploading, or applying what was matched: the form waits until that is done.
  const isBusy = isWorking || (stage.name === 'report' && stage.applying !== undefined);
  return (
    <SettingsSection
      title="Import from another service"
      description="Bring your history, ratings and Watch Later from Letterboxd, IMDb, Trakt or a Marquee export. You see a report before anything is imported."
    >
      <form onSubmit={(event) => void onSubmit(event)} className="space-y-4 pt-3">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={sourceId} className="block text-sm font-medium text-fg">
              Source
            </label>
            <select
              id={sourceId}
              value={source}
              disabled={isBusy}
              aria-describedby={hintId}
              onChange={(event) => {
                setSource(event.currentTarget.value as ImportSource);
                setStage({ name: 'idle' });
              }}
              className="h-10 w-full rounded-lg border border-white/15 bg-ink-900 px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
            >
              {SOURCES.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0 space-y-1.5">
            <span className="block text-sm font-medium text-fg" aria-hidden>
              File
            </span>
            <input
              id={fileId}
              type="file"
              accept={described.accept}
              disabled={isBusy}
              aria-describedby={hintId}
              className="peer sr-only"
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setStage({ name: 'idle' });
              }}
            />
            <label
              htmlFor={fileId}
              className="flex h-10 min-w-0 cursor-pointer items-center gap-2 rounded-lg border border-white/15 px-3 text-sm text-fg peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-400 hover:border-white/30"
            >
              <FileUp className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{file ? file.name : 'Choose a file'}</span>
              <span className="sr-only"> (file to import)</span>
            </label>
          </div>
        </div>
        <p id={hintId} className="text-[13px] text-fg-subtle">
          {described.hint}
        </p>
        <Button type="submit" variant="secondary" disabled={!file || isBusy}>
          <Upload className="size-4" aria-hidden />
          {isWorking ? 'Importing…' : 'Upload and match'}
        </Button>
      </form>

      {stage.name === 'working' ? <ProgressBar progress={stage.progress} /> : null}
      {stage.name === 'failed' ? (
        <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-ember-400">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {stage.message}
        </p>
      ) : null}
      {stage.name === 'report' ? (
        <Report
          answer={stage.answer}
          isGuest={!user}
          applying={stage.applying ?? null}
          onApply={(operations) => void onApply(operations)}
          onCancel={() => setStage({ name: 'idle' })}
        />
      ) : null}
      {stage.name === 'done' ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-fg">
          <CheckCircle2 className="size-4 text-gold-300" aria-hidden />
          {stage.count === 0
            ? 'Nothing new to import: everything in the file is already here.'
            : stage.count === 1
              ? 'Imported 1 item.'
              : `Imported ${groupDigits(stage.count)} items.`}
        </p>
      ) : null}
    </SettingsSection>
  );
}

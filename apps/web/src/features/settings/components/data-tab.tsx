import { lazy, Suspense, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast.ts';
import { Bug, Download, Eraser, History, RotateCcw, Trash2, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { cn } from '@/lib/cn.ts';
import { openFeedbackDialog } from '@/lib/feedback/feedback-dialog-store.ts';
import { useHistory, useSettings, useWatchLater } from '@/lib/local-store/hooks.ts';
import { createStorage } from '@/lib/local-store/storage.ts';
import { clearAllData, downloadText } from '../clear-all-data.ts';
import { formatKilobytes, shortUserId } from '../settings-rules.ts';
import { SettingsSection } from './settings-controls.tsx';
import { ExportSection } from './export-section.tsx';
import { groupDigits } from '@/lib/format.ts';

// Imports (issue 31) load when this tab opens, not with the settings screen.
const ImportSection = lazy(() => import('./import-section.tsx').then((module) => ({ default: module.ImportSection })));

// Only Settings → Data shows it, and only an account's addresses need it: its own chunk.
const MediaServerWebhooks = lazy(() =>
  import('./media-server-webhooks.tsx').then((module) => ({ default: module.MediaServerWebhooks })),
);

/** Wait before reloading after Clear All Data (product.md §9: 1000 ms), so the toast is seen. */
export const RELOAD_DELAY_MS = 1000;

const RESET_QUESTION = 'Are you sure you want to reset all settings to default?';
const CLEAR_ALL_QUESTION = 'Are you sure you want to clear ALL data? This cannot be undone!';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/[0.06] bg-ink-950/40 px-4 py-3">
      <dt className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-1 font-display text-xl tracking-wide text-fg tabular-nums">{value}</dd>
    </div>
  );
}

function ActionRow({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-1 last:pb-1 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-fg">{title}</p>
        <p className="mt-0.5 text-[13px] text-fg-subtle">{description}</p>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

type PendingClear = 'history' | 'watch-later' | null;

/** Data Management (product.md §2 Settings): export, import, reset and clear, with what is stored. */
export function DataTab() {
  const { settings, reset, importFile, exportData } = useSettings();
  const history = useHistory();
  const watchLater = useWatchLater();
  const importId = useId();
  const [pendingClear, setPendingClear] = useState<PendingClear>(null);
  const [isClearing, setIsClearing] = useState(false);
  // Measured on every render, and this tab renders again whenever any of the three stores changes.
  const usedBytes = createStorage().usedBytes();

  function onExport() {
    const { filename, json } = exportData();
    downloadText(filename, json);
    toast.success('Data Exported', { description: filename });
  }

  async function onImport(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again
    if (!file) return;
    const result = await importFile(file);
    if (result.ok) {
      toast.success('Settings Imported', { description: 'Your settings have been successfully imported.' });
    } else {
      console.warn('Settings import refused', result.error);
      toast.error('Import Failed', { description: 'Failed to import settings. Please check the file format.' });
    }
  }

  function onReset() {
    if (!window.confirm(RESET_QUESTION)) return;
    try {
      reset();
      toast.success('Settings Reset');
    } catch (error) {
      console.warn('Could not reset the settings', error);
      toast.error('Error', { description: 'Failed to reset settings.' });
    }
  }

  function onClearConfirmed() {
    if (pendingClear === 'history') {
      history.clear();
      toast.success('History Cleared');
    } else if (pendingClear === 'watch-later') {
      watchLater.clear();
      toast.success('Watch Later Cleared');
    }
  }

  function onClearAll() {
    if (!window.confirm(CLEAR_ALL_QUESTION)) return;
    clearAllData();
    setIsClearing(true);
    toast.success('All Data Cleared', { description: 'Reloading…' });
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  }

  return (
    <div className="space-y-6">
      <SettingsSection title="Your data" description="Everything below is stored in this browser.">
        <dl className="grid grid-cols-2 gap-3 pt-1 pb-1 lg:grid-cols-4">
          <Stat label="Storage used" value={formatKilobytes(usedBytes)} />
          <Stat label="History" value={`${history.items.length} ${history.items.length === 1 ? 'entry' : 'entries'}`} />
          <Stat
            label="Watch Later"
            value={`${watchLater.items.length} ${watchLater.items.length === 1 ? 'title' : 'titles'}`}
          />
          <Stat label="User ID" value={shortUserId(null)} />
        </dl>
      </SettingsSection>

      <SettingsSection title="Feedback" description="Found a bug, or have an idea? Tell us.">
        <div className="py-2">
          <Button variant="secondary" onClick={openFeedbackDialog}>
            Send Feedback
          </Button>
        </div>
      </SettingsSection>

      <SettingsSection title="Backup">
        <ActionRow title="Export data" description="Your settings, history and Watch Later as a JSON file.">
          <Button variant="secondary" onClick={onExport}>
            <Download className="size-4" aria-hidden />
            Export
          </Button>
        </ActionRow>
        <ActionRow title="Import settings" description="Restore settings from an exported .json file.">
          <input
            id={importId}
            type="file"
            accept=".json,application/json"
            className="peer sr-only"
            onChange={(event) => void onImport(event)}
          />
          <label
            htmlFor={importId}
            className="inline-flex h-10 cursor-pointer items-center justify-center gap-2 rounded-lg bg-white/10 px-4 text-sm font-medium text-fg backdrop-blur transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-400 hover:bg-white/15"
          >
            <Upload className="size-4" aria-hidden />
            Import
          </label>
        </ActionRow>
      </SettingsSection>

      <ExportSection />

      <Suspense fallback={null}>
        <ImportSection />
      </Suspense>

      <Suspense fallback={null}>
        <MediaServerWebhooks />
      </Suspense>

      <SettingsSection title="Reset and clear">
        <ActionRow title="Reset settings" description="Put every setting back to its default.">
          <Button variant="outline" onClick={onReset}>
            <RotateCcw className="size-4" aria-hidden />
            Reset settings
          </Button>
        </ActionRow>
        <ActionRow title="Clear history" description="Forget everything you watched.">
          <Button variant="outline" onClick={() => setPendingClear('history')} disabled={history.items.length === 0}>
            <History className="size-4" aria-hidden />
            Clear history
          </Button>
        </ActionRow>
        <ActionRow title="Clear Watch Later" description="Empty your Watch Later list.">
          <Button
            variant="outline"
            onClick={() => setPendingClear('watch-later')}
            disabled={watchLater.items.length === 0}
          >
            <Eraser className="size-4" aria-hidden />
            Clear Watch Later
          </Button>
        </ActionRow>
      </SettingsSection>

      <section
        aria-labelledby={`${importId}-danger`}
        className="rounded-2xl border border-ember-500/30 bg-ember-500/[0.06] p-5 sm:p-6"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 id={`${importId}-danger`} className="font-display text-lg tracking-wide text-ember-400">
              Clear all data
            </h3>
            <p className="mt-1 text-sm text-fg-muted">
              Removes your history, Watch Later list and settings from this browser, then reloads Marquee.
            </p>
          </div>
          <button
            type="button"
            onClick={onClearAll}
            disabled={isClearing}
            className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-[#c8353a] px-4 text-sm font-medium text-white transition-colors hover:bg-[#b42d32] disabled:opacity-50"
          >
            <Trash2 className="size-4" aria-hidden />
            Clear all data
          </button>
        </div>
      </section>

      {settings.showDebugInfo ? (
        <SettingsSection title="Debug info" description="Shown because Show debug info is on (Display & UI).">
          <div className="pt-1">
            <p className="mb-2 flex items-center gap-2 text-sm text-fg-muted">
              <Bug className="size-4 text-gold-300" aria-hidden />
              {groupDigits(usedBytes)} bytes in local storage
            </p>
            <pre
              className={cn(
                'max-h-80 overflow-auto rounded-xl bg-ink-950 p-4 font-mono text-xs leading-relaxed text-fg-muted',
              )}
              aria-label="Current settings as JSON"
              tabIndex={0}
            >
              {JSON.stringify(settings, null, 2)}
            </pre>
          </div>
        </SettingsSection>
      ) : null}

      <ConfirmDialog
        open={pendingClear !== null}
        onOpenChange={(open) => !open && setPendingClear(null)}
        title={pendingClear === 'history' ? 'Clear your history?' : 'Clear Watch Later?'}
        description={
          pendingClear === 'history'
            ? `This removes all ${history.items.length} entries from your watch history.`
            : `This removes all ${watchLater.items.length} titles from your Watch Later list.`
        }
        confirmLabel={pendingClear === 'history' ? 'Clear History' : 'Clear Watch Later'}
        onConfirm={onClearConfirmed}
      />
    </div>
  );
}

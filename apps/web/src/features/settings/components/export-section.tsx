import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileArchive, FileJson } from 'lucide-react';
import { exportFilename } from '@marquee/core/account-data/marquee-export';
import { Button } from '@/components/ui/button.tsx';
import { appConfigQueryOptions } from '@/lib/app-config.ts';
import { useSession } from '@/lib/auth/session.ts';
import { getSyncEngine } from '@/lib/sync/account-sync.ts';
import { toast } from '@/lib/toast.ts';
import { SettingsSection } from './settings-controls.tsx';

type Format = 'json' | 'letterboxd';

function ExportRow({ title, description, children }: { title: string; description: string; children: ReactNode }) {
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

/**
 * Data Management's full exports (issue 31 "Exports"): everything as one JSON file Marquee imports
 * again, and the films as a ZIP that Letterboxd's importer reads. A guest's are built in this
 * browser from its stores; an account's come from the server, which holds all of it (the browser
 * keeps only the newest history).
 */
export function ExportSection() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Format | null>(null);

  async function onExport(format: Format) {
    setBusy(format);
    try {
      const build = await import('@/lib/account-data/build-export.ts');
      let filename: string;
      if (user) {
        // What this device changed and has not sent yet belongs in the export too.
        await getSyncEngine()
          .syncNow()
          .catch((error: unknown) => console.warn('Could not sync before the export', error));
        filename = exportFilename(new Date(), format === 'json' ? 'json' : 'zip', 'utc');
        build.saveFrom(`/api/me/export?format=${format}`);
      } else {
        const file =
          format === 'json'
            ? build.guestJsonFile()
            : await build.guestLetterboxdFile(
                await queryClient.fetchQuery(appConfigQueryOptions).catch(() => undefined),
              );
        filename = file.filename;
        build.downloadBlob(file.filename, file.blob);
      }
      toast.success('Data Exported', { description: filename });
    } catch (error) {
      console.warn('Export failed', error);
      toast.error('Export failed', { description: 'Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  const whose = user ? 'your account' : 'this browser';
  return (
    <SettingsSection
      title="Take your data with you"
      description={`Everything ${whose} holds, to keep or to bring to another service.`}
    >
      <ExportRow
        title="Everything"
        description={`${user ? 'Profile, settings, all your history' : 'Settings, history'}, Watch Later, ratings and hidden titles${user ? ', comments and feedback' : ''}, as a JSON file Marquee can import again.`}
      >
        <Button variant="secondary" onClick={() => void onExport('json')} disabled={busy !== null}>
          <FileJson className="size-4" aria-hidden />
          {busy === 'json' ? 'Preparing...' : 'Export everything (JSON)'}
        </Button>
      </ExportRow>
      <ExportRow
        title="For Letterboxd"
        description="Your films (watched, diary, ratings, watchlist) as the CSV files Letterboxd imports. Series are left out: Letterboxd has films only."
      >
        <Button variant="secondary" onClick={() => void onExport('letterboxd')} disabled={busy !== null}>
          <FileArchive className="size-4" aria-hidden />
          {busy === 'letterboxd' ? 'Preparing...' : 'Export for Letterboxd (ZIP)'}
        </Button>
      </ExportRow>
    </SettingsSection>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { Check, Copy, LogIn, RefreshCw, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { LazyConfirmDialog } from '@/components/ui/lazy-dialog.tsx';
import { openAuthDialog } from '@/lib/auth/auth-dialog-store.ts';
import { useSession } from '@/lib/auth/session.ts';
import { moveFocusBeforeRemoval } from '@/lib/focus-on-removal.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { timeAgo } from '@/lib/time-ago.ts';
import { toast } from '@/lib/toast.ts';
import { useDismissUnmatched } from '../api/dismiss-unmatched.ts';
import { useWebhooks, type MediaServer, type UnmatchedReport } from '../api/get-webhooks.ts';
import { useRenewWebhooks } from '../api/renew-webhooks.ts';
import { SettingsSection } from './settings-controls.tsx';

const SERVERS: Array<{ id: MediaServer; name: string; steps: ReactNode[] }> = [
  {
    id: 'jellyfin',
    name: 'Jellyfin',
    steps: [
      <>
        In Jellyfin, open <b>Dashboard → Plugins → Catalog</b>, install <b>Webhook</b> and restart Jellyfin.
      </>,
      <>
        In the Webhook plugin&rsquo;s settings, choose <b>Add Generic Destination</b> and paste this address as its
        Webhook URL.
      </>,
      <>
        Tick the notification types <b>Playback Start</b> and <b>Playback Stop</b> (and <b>User Data Saved</b> for
        titles you mark played), the item types <b>Movies</b> and <b>Episodes</b>, and <b>Send All Properties</b>. Save.
      </>,
    ],
  },
  {
    id: 'emby',
    name: 'Emby',
    steps: [
      <>
        In Emby, open <b>Settings → Webhooks</b> (it needs Emby Premiere) and choose <b>Add Webhook</b>.
      </>,
      <>
        Paste this address as its URL, with the request content type <b>application/json</b>.
      </>,
      <>
        Pick the <b>Playback</b> events and <b>Mark played</b>, limit them to your own user, and save.
      </>,
    ],
  },
  {
    id: 'plex',
    name: 'Plex',
    steps: [
      <>
        In Plex, open <b>Settings → Webhooks</b> for your account (it needs Plex Pass).
      </>,
      <>
        Choose <b>Add Webhook</b>, paste this address and save. Plex reports what your account plays on any server.
      </>,
    ],
  },
];

const SERVER_NAMES: Record<MediaServer, string> = { jellyfin: 'Jellyfin', emby: 'Emby', plex: 'Plex' };

/** Puts text on the clipboard; where the browser allows no clipboard (plain http), selects it to copy by hand. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.focus();
    field?.select();
    return false;
  }
}

function AddressRow({ server, address }: { server: (typeof SERVERS)[number]; address: string }) {
  const fieldId = useId();
  const [isCopied, setIsCopied] = useState(false);

  async function onCopy() {
    const field = document.getElementById(fieldId) as HTMLInputElement | null;
    if (await copyText(address, field)) {
      setIsCopied(true);
      toast.success('Address copied', { description: `Paste it into ${server.name}.` });
    } else {
      toast.error('Could not copy', { description: 'The address is selected: copy it with your keyboard.' });
    }
  }

  return (
    <div className="py-4 first:pt-1 last:pb-1">
      <label htmlFor={fieldId} className="block text-sm font-medium text-fg">
        {server.name} address
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={fieldId}
          type="text"
          readOnly
          value={address}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-lg border border-white/10 bg-ink-950/60 px-3 font-mono text-xs text-fg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
        />
        <Button
          variant="secondary"
          onClick={() => void onCopy()}
          onBlur={() => setIsCopied(false)}
          aria-label={`Copy the ${server.name} address`}
        >
          {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <details className="group mt-2 text-[13px] text-fg-subtle">
        <summary className="cursor-pointer rounded text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400">
          How to set up {server.name}
        </summary>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 leading-relaxed [&_b]:font-semibold [&_b]:text-fg-muted">
          {server.steps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
      </details>
    </div>
  );
}

function describeReport(report: UnmatchedReport): string {
  const year = report.year ? ` (${report.year})` : '';
  const episode =
    report.season_number !== null && report.episode_number !== null
      ? ` S${String(report.season_number).padStart(2, '0')}E${String(report.episode_number).padStart(2, '0')}`
      : '';
  return `${report.title}${year}${episode}`;
}

function UnmatchedList({ userId, reports }: { userId: string; reports: UnmatchedReport[] }) {
  const headingId = useId();
  const dismiss = useDismissUnmatched(userId);

  function onDismiss(id: string | null, control: HTMLElement) {
    if (id !== null) moveFocusBeforeRemoval(control);
    else document.getElementById('main')?.focus();
    dismiss.mutate(id, {
      onError: () => toast.error('Could not dismiss', { description: 'Please try again.' }),
    });
  }

  return (
    <div className="py-4 first:pt-1 last:pb-1">
      <div className="flex items-center justify-between gap-3">
        <h4 id={headingId} className="text-sm font-medium text-fg">
          Could not match{reports.length > 0 ? ` (${reports.length})` : ''}
        </h4>
        {reports.length > 1 ? (
          <Button variant="ghost" size="sm" onClick={(event) => onDismiss(null, event.currentTarget)}>
            Dismiss all
          </Button>
        ) : null}
      </div>
      {reports.length === 0 ? (
        <p className="mt-1 text-[13px] text-fg-subtle">
          Nothing so far. What a server reports that Marquee cannot find in its catalogue is listed here.
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-2 divide-y divide-white/[0.06]">
          {reports.map((report) => (
            <li key={report.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm break-words text-fg">{describeReport(report)}</p>
                <p className="mt-0.5 text-[13px] break-words text-fg-subtle">
                  {report.reason}. From {SERVER_NAMES[report.provider]}, {timeAgo(report.received_at)}.
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Dismiss ${describeReport(report)}`}
                onClick={(event) => onDismiss(report.id, event.currentTarget)}
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AccountWebhooks({ userId }: { userId: string }) {
  const webhooks = useWebhooks(userId);
  const renew = useRenewWebhooks(userId);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isTracking] = useSetting('enableHistoryTracking');

  if (webhooks.isPending) {
    return (
      <p role="status" className="py-2 text-sm text-fg-muted">
        Loading your addresses…
      </p>
    );
  }
  if (webhooks.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 py-2 text-sm text-fg-muted">
        Your addresses could not be loaded.
        <Button variant="outline" size="sm" onClick={() => void webhooks.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <>
      {isTracking ? null : (
        <p className="py-3 text-sm text-fg-muted first:pt-1">
          History tracking is off (Privacy): what your servers report is not recorded until you turn it on.
        </p>
      )}
      {SERVERS.map((server) => (
        <AddressRow key={server.id} server={server} address={webhooks.data[server.id]} />
      ))}
      <div className="flex flex-col gap-3 py-4 first:pt-1 last:pb-1 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-fg">Renew addresses</p>
          <p className="mt-0.5 text-[13px] text-fg-subtle">
            Anyone who has an address can add to your history. If one got out, renew them: the old ones stop working.
          </p>
        </div>
        <div className="shrink-0">
          <Button variant="outline" onClick={() => setIsConfirming(true)} disabled={renew.isPending}>
            <RefreshCw className="size-4" aria-hidden />
            Renew
          </Button>
        </div>
      </div>
      <UnmatchedList userId={userId} reports={webhooks.data.unmatched} />
      <LazyConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Renew your webhook addresses?"
        description="The current addresses stop working at once. Paste the new ones into each of your media servers."
        confirmLabel="Renew addresses"
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () =>
              toast.success('Addresses renewed', { description: 'Paste the new ones into your servers.' }),
            onError: () => toast.error('Could not renew', { description: 'Please try again.' }),
          })
        }
      />
    </>
  );
}

/**
 * Settings → Data's "Media servers" (issue 29 part 4): the addresses Jellyfin, Emby and Plex post
 * to, so that what is watched there lands in the account's history on every device; setup steps,
 * renewal, and the reports no catalogue title matched. Guests are told it needs an account.
 */
export function MediaServerWebhooks() {
  const { user } = useSession();
  return (
    <SettingsSection
      title="Media servers"
      description="Jellyfin, Emby and Plex can tell Marquee what you watch there: it lands in your history, on every device."
    >
      {user ? (
        <AccountWebhooks userId={user.id} />
      ) : (
        <div className="flex flex-col gap-3 py-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-fg-muted">
            Webhooks need an account: sign in and Marquee gives you an address for each server.
          </p>
          <Button variant="outline" onClick={() => openAuthDialog('sign-in')}>
            <LogIn className="size-4" aria-hidden />
            Sign in
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}

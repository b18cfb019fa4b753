import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { Clock3, Cloud, CloudOff, History, LogOut, RefreshCw, Settings, UserCog, UserRound } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { UserAvatar } from '@/components/account/user-avatar.tsx';
import { SignOutDialog } from '@/components/account/sign-out-button.tsx';
import { paths } from '@/config/paths.ts';
import { useProfile } from '@/lib/auth/profile.ts';
import type { SessionUser } from '@/lib/auth/session.ts';
import { cn } from '@/lib/cn.ts';
import { useHistory, useWatchLater } from '@/lib/local-store/hooks.ts';
import { getSyncEngine, useSyncLabel, type SyncLabel } from '@/lib/sync/account-sync.ts';
import { ProfileDialog } from './profile-dialog.tsx';

const SYNC_TONE: Record<SyncLabel, string> = {
  'Syncing...': 'text-gold-300',
  Synced: 'text-rating-high',
  'Sync failed': 'text-ember-400',
  Offline: 'text-fg-subtle',
};

// As in the share menu: the highlighted item gets a background, and keyboard focus also the app's
// gold outline (outline-none would hide that one too).
const ITEM =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-fg-muted outline-hidden data-[highlighted]:bg-white/[0.07] data-[highlighted]:text-fg focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-solid focus-visible:outline-gold-400';

function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <span
      className="ml-auto min-w-6 rounded-full bg-white/10 px-1.5 py-0.5 text-center text-xs font-semibold text-fg"
      aria-label={`${count} ${label}`}
    >
      {count}
    </span>
  );
}

/**
 * The user menu (product.md §2): avatar with initials, name and the sync status, then Profile,
 * Watch Later and History with count badges, Settings, Sign Out. Radix closes it on an outside
 * click and on Escape, and moves focus through it with the arrow keys. Not modal: a modal menu
 * hides the rest of the page from screen readers while its links stay focusable.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { data: profile } = useProfile();
  const { items: watchLater } = useWatchLater();
  const { items: history } = useHistory();
  const syncLabel = useSyncLabel();
  const [profileOpen, setProfileOpen] = useState(false);
  const [signOutOpen, setSignOutOpen] = useState(false);
  // A menu holds only items: the status is read out with Sync now instead of as a live region.
  const syncStatusId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const isHandingToDialog = useRef(false);
  const username = profile?.username ?? (user.name || null);
  const displayName = username || user.email.split('@')[0] || 'Account';
  const avatarUrl = profile?.avatar_url ?? user.image;

  // The Profile and Sign Out dialogs give the focus back to the element that had it when they
  // opened: that must be the menu's button, not the item, which is gone by the time they close.
  function openDialog(open: (isOpen: boolean) => void) {
    isHandingToDialog.current = true;
    trigger.current?.focus();
    open(true);
  }

  async function syncNow() {
    const ok = await getSyncEngine().syncNow({ manual: true });
    if (ok) toast.success('Sync Complete');
    else toast.error('Sync Failed', { description: 'Failed to sync with server. Please try again.' });
  }

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={trigger}
          className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 text-left transition-colors hover:bg-white/5 sm:pr-3"
          // The name holds the visible text too (name and sync status), as WCAG 2.5.3 asks.
          aria-label={`Account menu for ${displayName}, ${syncLabel}`}
        >
          <UserAvatar username={username} email={user.email} avatarUrl={avatarUrl} size="sm" />
          <span className="hidden min-w-0 flex-col leading-tight sm:flex">
            <span className="max-w-32 truncate text-sm font-medium text-fg">{displayName}</span>{' '}
            <span className={cn('text-[11px]', SYNC_TONE[syncLabel])}>{syncLabel}</span>
          </span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            onCloseAutoFocus={(event) => {
              // The dialog now holds the focus; the menu must not take it back to its button.
              if (isHandingToDialog.current) event.preventDefault();
              isHandingToDialog.current = false;
            }}
            className="z-50 w-72 rounded-2xl border border-white/10 bg-ink-850/95 p-2 shadow-2xl backdrop-blur-xl data-[state=open]:animate-fade-in"
          >
            <div className="flex items-center gap-3 px-3 py-3">
              <UserAvatar username={username} email={user.email} avatarUrl={avatarUrl} />
              <div className="min-w-0">
                <p className="truncate font-medium text-fg">{displayName}</p>
                <p className="truncate text-xs text-fg-subtle">{user.email}</p>
                <p id={syncStatusId} className={cn('mt-0.5 flex items-center gap-1 text-xs', SYNC_TONE[syncLabel])}>
                  {syncLabel === 'Offline' ? (
                    <CloudOff className="size-3.5" aria-hidden />
                  ) : (
                    <Cloud className="size-3.5" aria-hidden />
                  )}
                  {syncLabel}
                </p>
              </div>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
            <DropdownMenu.Item className={ITEM} onSelect={() => openDialog(setProfileOpen)}>
              <UserRound className="size-4" aria-hidden />
              View profile
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to={`${paths.settings}#profile`}>
                <UserCog className="size-4" aria-hidden />
                Profile
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to={paths.watchLater}>
                <Clock3 className="size-4" aria-hidden />
                Watch Later
                <CountBadge count={watchLater.length} label="titles" />
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to={paths.history}>
                <History className="size-4" aria-hidden />
                History
                <CountBadge count={history.length} label="entries" />
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to={paths.settings}>
                <Settings className="size-4" aria-hidden />
                Settings
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={() => void syncNow()} aria-describedby={syncStatusId}>
              <RefreshCw className="size-4" aria-hidden />
              Sync now
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
            <DropdownMenu.Item className={ITEM} onSelect={() => openDialog(setSignOutOpen)}>
              <LogOut className="size-4" aria-hidden />
              Sign Out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
      <SignOutDialog open={signOutOpen} onOpenChange={setSignOutOpen} />
    </>
  );
}

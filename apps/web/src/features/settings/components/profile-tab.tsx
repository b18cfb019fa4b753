import { Cloud, HardDrive, UserRound } from 'lucide-react';
import { ProfilePanel } from '@/components/account/profile-panel.tsx';
import { Button } from '@/components/ui/button.tsx';
import { openAuthDialog } from '@/lib/auth/auth-dialog-store.ts';
import { useSession } from '@/lib/auth/session.ts';
import { AccountSecurity } from './account-security.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { SettingsSection } from './settings-controls.tsx';

/**
 * Profile (product.md §2 Settings): the signed-in user's profile with view and edit modes, e-mail
 * and password changes and Sign Out; a guest sees the spec's sign-in prompt.
 */
export function ProfileTab() {
  const { user, isPending } = useSession();
  if (isPending) {
    return (
      <p role="status" className="py-10 text-center text-fg-muted">
        Loading profile...
      </p>
    );
  }
  if (user) {
    return (
      <div className="space-y-6">
        <SettingsSection title="Your profile">
          <div className="py-2">
            <ProfilePanel />
          </div>
        </SettingsSection>
        <AccountSecurity email={user.email} />
        <DeleteAccountSection />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <SettingsSection title="Your account">
        <div className="flex flex-col items-center gap-5 py-6 text-center sm:flex-row sm:text-left">
          <span className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-ink-600 to-ink-800 ring-2 ring-gold-400/30">
            <UserRound className="size-9 text-fg-muted" aria-hidden />
          </span>
          <div>
            <p className="font-display text-2xl tracking-wide text-fg">Guest</p>
            <p className="mt-1 text-fg-muted">Please sign in to manage your profile.</p>
            <Button className="mt-4" onClick={() => openAuthDialog('sign-in')}>
              Sign In
            </Button>
          </div>
        </div>
      </SettingsSection>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex gap-3 rounded-2xl border border-white/[0.07] bg-ink-900/50 p-5">
          <HardDrive className="mt-0.5 size-5 shrink-0 text-gold-300" aria-hidden />
          <div>
            <p className="font-medium text-fg">Kept in this browser</p>
            <p className="mt-1 text-sm text-fg-muted">
              Your Watch Later list, history and settings are saved on this device as you go.
            </p>
          </div>
        </div>
        <div className="flex gap-3 rounded-2xl border border-white/[0.07] bg-ink-900/50 p-5">
          <Cloud className="mt-0.5 size-5 shrink-0 text-gold-300" aria-hidden />
          <div>
            <p className="font-medium text-fg">Everywhere with an account</p>
            <p className="mt-1 text-sm text-fg-muted">
              Signed in, they sync across your devices, and you get a profile and comments.
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

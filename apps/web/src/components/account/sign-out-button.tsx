import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { signOut } from '@/lib/auth/sign-out.ts';

/**
 * Asks whether this device keeps the user's data for the next guest session (kept unless they
 * say otherwise), then signs out.
 */
export function SignOutDialog({
  open,
  onOpenChange,
  onSignedOut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignedOut?: () => void;
}) {
  const [keep, setKeep] = useState(true);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  async function confirm() {
    setBusy(true);
    try {
      await signOut(queryClient, { keepLocalData: keep });
      onOpenChange(false);
      onSignedOut?.();
    } catch (error) {
      toast.error('Sign Out Failed', { description: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Sign Out"
      description="Your account keeps everything you saved. Choose what this device keeps."
      size="sm"
    >
      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-white/10 bg-ink-900/60 p-4">
        <input
          type="checkbox"
          checked={keep}
          onChange={(event) => setKeep(event.target.checked)}
          className="mt-0.5 size-4 accent-gold-400"
        />
        <span>
          <span className="block text-sm font-medium text-fg">Keep my data on this device</span>
          <span className="mt-0.5 block text-[13px] text-fg-subtle">
            Your Watch Later, history and settings stay here for browsing as a guest.
          </span>
        </span>
      </label>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={busy}>
          {busy ? 'Signing out...' : 'Sign Out'}
        </Button>
      </div>
    </Dialog>
  );
}

/** Sign Out through the SignOutDialog. */
export function SignOutButton({
  onSignedOut,
  children = 'Sign Out',
  ...buttonProps
}: ButtonProps & { onSignedOut?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" {...buttonProps} onClick={() => setOpen(true)}>
        <LogOut className="size-4" aria-hidden />
        {children}
      </Button>
      <SignOutDialog open={open} onOpenChange={setOpen} onSignedOut={onSignedOut} />
    </>
  );
}

import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AlertDialog } from 'radix-ui';
import { buttonClasses } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { deleteAccount, fetchHasPassword } from '@/lib/auth/delete-account.ts';
import { toast } from '@/lib/toast.ts';

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Asks for the password before the account is deleted (issue 31), as ConfirmDialog asks before
 * other destructive actions: an alert dialog whose focus starts on Cancel, which Escape closes,
 * giving the focus back to its opener. It stays open on a wrong password, saying so.
 */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const hasPassword = useQuery({ queryKey: ['auth', 'has-password'], queryFn: fetchHasPassword, enabled: open });
  // An account signed in only through GitHub, Google or OpenID has no password to give.
  const needsPassword = hasPassword.data !== false;
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);

  function close(next: boolean) {
    if (busy) return;
    if (!next) {
      setPassword('');
      setError(undefined);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (needsPassword && !password) {
      setError('Password is required');
      return;
    }
    setBusy(true);
    try {
      await deleteAccount(queryClient, needsPassword ? password : null);
      onOpenChange(false);
      toast.success('Account deleted', { description: 'Your account and everything in it are gone.' });
      void navigate('/');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={close}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            // After a deletion the opener has gone with the account's settings: the main content takes the focus.
            const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-ink-850 p-6 shadow-2xl data-[state=open]:animate-fade-in"
        >
          <AlertDialog.Title className="font-display text-xl tracking-wide text-fg">
            Delete your account?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-fg-muted">
            This deletes your profile, history, Watch Later, ratings, settings, comments and feedback from Marquee and
            signs you out on every device. It cannot be undone.
          </AlertDialog.Description>
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
            {needsPassword ? (
              <TextField
                label="Password"
                type="password"
                revealable
                autoComplete="current-password"
                value={password}
                error={error}
                disabled={busy}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setError(undefined);
                }}
              />
            ) : (
              <>
                <p className="text-sm text-fg-muted">
                  Your account has no password. If you signed in more than 10 minutes ago, sign in again first.
                </p>
                {error ? (
                  <p role="alert" className="text-[13px] text-ember-400">
                    {error}
                  </p>
                ) : null}
              </>
            )}
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClasses('ghost', 'md')} disabled={busy}>
                Cancel
              </AlertDialog.Cancel>
              <button
                type="submit"
                disabled={busy}
                className="inline-flex h-10 shrink-0 items-center justify-center rounded-lg bg-ember-600 px-4 text-sm font-medium text-white transition-colors hover:bg-ember-700 disabled:opacity-60"
              >
                {busy ? 'Deleting account...' : 'Delete account'}
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

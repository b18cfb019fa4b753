import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast.ts';
import { openAuthDialog, useAuthDialogState } from '@/lib/auth/auth-dialog-store.ts';
import { useSession } from '@/lib/auth/session.ts';
import { announceSignedIn, takeSocialSignInPending } from '../auth-events.ts';

// Loaded when first opened: most visits never sign in, and the first page stays light.
const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((module) => ({ default: module.AuthDialog })));
// A guest's data stays local (product.md §4): the sync engine loads when someone signs in.
const AccountSync = lazy(() =>
  import('@/lib/sync/account-sync.ts').then((module) => ({ default: module.AccountSync })),
);

/** The app-wide account pieces: the Auth dialog, sync for the signed-in user, auth-event toasts. */
export function AuthHost() {
  const { user } = useSession();
  const { open } = useAuthDialogState();
  // Mounted from the first opening on, so that closing runs Radix's own close (focus goes back
  // to what opened it) instead of tearing the dialog down.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  // Kept mounted after sign-out, so that the engine hears the user is gone.
  const [needsSync, setNeedsSync] = useState(user !== null);
  if (user && !needsSync) setNeedsSync(true);
  useConfirmationReturn();
  useEffect(() => {
    // Back from a social provider (product.md §4 Auth events: signed in → Welcome back!).
    if (user && takeSocialSignInPending()) announceSignedIn();
  }, [user]);
  return (
    <>
      {needsSync ? (
        <Suspense fallback={null}>
          <AccountSync />
        </Suspense>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The confirmation link ends on /?auth=confirmed (with `error` when the link was stale): say
 * so and open Sign In, then drop the parameters so a reload does not repeat it.
 */
function useConfirmationReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const outcome = params.get('auth');
    if (outcome !== 'confirmed' && outcome !== 'email-changed') return;
    // Once per landing, however often the effect runs before the address is cleaned.
    if (handled.current === location.key) return;
    handled.current = location.key;
    const failed = params.get('error');
    if (failed) {
      toast.error('Link expired', {
        description: 'That confirmation link is invalid or has expired. Ask for a new one in Sign In.',
      });
    } else if (outcome === 'confirmed') {
      toast.success('Email confirmed', { description: 'You can sign in now.' });
    } else {
      toast.success('Email changed', { description: 'Your new email address is confirmed.' });
    }
    if (outcome === 'confirmed') openAuthDialog('sign-in', failed ? 'link-expired' : undefined);
    params.delete('auth');
    params.delete('error');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      {
        replace: true,
      },
    );
  }, [location, navigate]);
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthDialogState } from '@/lib/auth/auth-dialog-store.ts';
import { useSession } from '@/lib/auth/session.ts';

// Loaded when first opened: most visits never sign in, and the first page stays light.
const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((module) => ({ default: module.AuthDialog })));
// A guest's data stays local (product.md §4): the sync engine loads when someone signs in.
const AccountSync = lazy(() =>
  import('@/lib/sync/account-sync.ts').then((module) => ({ default: module.AccountSync })),
);
// Only a landing from a confirmation link or a signed-in visitor has anything to announce.
const AuthReturns = lazy(() => import('./auth-returns.tsx').then((module) => ({ default: module.AuthReturns })));

/** The app-wide account pieces: the Auth dialog, sync for the signed-in user, auth-event toasts. */
export function AuthHost() {
  const { user } = useSession();
  const { open } = useAuthDialogState();
  const isAuthLanding = new URLSearchParams(useLocation().search).has('auth');
  // Mounted from the first opening on, so that closing runs Radix's own close (focus goes back
  // to what opened it) instead of tearing the dialog down.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  // Kept mounted after sign-out, so that the engine hears the user is gone.
  const [needsSync, setNeedsSync] = useState(user !== null);
  if (user && !needsSync) setNeedsSync(true);
  // After hydration, and kept mounted: it watches later landings and sign-ins too.
  const [hasReturns, setHasReturns] = useState(false);
  useEffect(() => {
    if (user || isAuthLanding) setHasReturns(true);
  }, [user, isAuthLanding]);
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
      {hasReturns ? (
        <Suspense fallback={null}>
          <AuthReturns user={user} />
        </Suspense>
      ) : null}
    </>
  );
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SessionUser } from '@/lib/auth/session.ts';
import { toast } from '@/lib/toast.ts';
import { openAuthDialog } from '@/lib/auth/auth-dialog-store.ts';
import { announceSignedIn, takeSocialSignInPending } from '../auth-events.ts';

/** The landings of the auth flows: back from a confirmation link, or from a social provider. */
export function AuthReturns({ user }: { user: SessionUser | null }) {
  useConfirmationReturn();
  useEffect(() => {
    // Back from a social provider (product.md §4 Auth events: signed in → Welcome back!).
    if (user && takeSocialSignInPending()) announceSignedIn();
  }, [user]);
  return null;
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

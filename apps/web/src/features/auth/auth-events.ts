import { toast } from '@/lib/toast.ts';

const SOCIAL_PENDING_KEY = 'marquee:social-sign-in';

/** product.md §4 Auth events: signed in → "Welcome back!". */
export function announceSignedIn(): void {
  toast.success('Welcome back!', { description: 'You have been signed in successfully.' });
}

/** product.md §4 Auth events: signed out → "Signed out". */
export function announceSignedOut(): void {
  toast.success('Signed out');
}

/** Remembers, across the provider's redirect, that a social sign-in was started here. */
export function markSocialSignInPending(): void {
  try {
    sessionStorage.setItem(SOCIAL_PENDING_KEY, '1');
  } catch {
    // Without session storage the welcome toast after the redirect is simply not shown.
  }
}

/** True once, after coming back from a social provider. */
export function takeSocialSignInPending(): boolean {
  try {
    const pending = sessionStorage.getItem(SOCIAL_PENDING_KEY) === '1';
    sessionStorage.removeItem(SOCIAL_PENDING_KEY);
    return pending;
  } catch {
    return false;
  }
}

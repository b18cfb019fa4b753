import { apiFetch } from '../api-client.ts';

function post<T>(path: string, body: unknown): Promise<T> {
  return apiFetch<T>(`/api/auth${path}`, { method: 'POST', body: JSON.stringify(body) });
}

/** Where the confirmation link lands: home, with the Auth dialog open on Sign In. */
export const CONFIRMED_CALLBACK = '/?auth=confirmed';

export function signUp(input: { email: string; password: string; username: string }) {
  return post<unknown>('/sign-up/email', {
    email: input.email.trim(),
    password: input.password,
    name: input.username.trim(),
    callbackURL: CONFIRMED_CALLBACK,
  });
}

/** A new confirmation link for an address not yet confirmed (the server answers alike for any address). */
export function resendConfirmation(email: string) {
  return post<unknown>('/send-verification-email', { email: email.trim(), callbackURL: CONFIRMED_CALLBACK });
}

export function signIn(input: { email: string; password: string }) {
  return post<unknown>('/sign-in/email', { email: input.email.trim(), password: input.password });
}

export function signOutRequest() {
  return post<unknown>('/sign-out', {});
}

/** The reset e-mail's link ends on /reset-password (product.md §7 Backend). */
export function requestPasswordReset(email: string) {
  return post<unknown>('/request-password-reset', { email: email.trim(), redirectTo: '/reset-password' });
}

export function resetPassword(token: string, newPassword: string) {
  return post<unknown>('/reset-password', { token, newPassword });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return post<unknown>('/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
}

/** Sends a confirmation link to the new address; the e-mail changes once it is followed. */
export function changeEmail(newEmail: string) {
  return post<unknown>('/change-email', { newEmail: newEmail.trim(), callbackURL: '/settings?auth=email-changed' });
}

export type SocialProvider = 'github' | 'google' | 'oidc';

/** Starts a social sign-in; the browser leaves for the provider and comes back to / (product.md §2). */
export async function startSocialSignIn(provider: SocialProvider): Promise<void> {
  // better-auth registers the generic OpenID Connect provider as a social one, under its id.
  const answer = await post<{ url?: string }>('/sign-in/social', { provider, callbackURL: '/' });
  if (!answer.url) throw new Error('The provider gave no address to continue');
  window.location.assign(answer.url);
}

/** product.md §3 User profile, as GET/PATCH /api/me/profile answer it. */
export interface Profile {
  id: string;
  username: string | null;
  email: string;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
  email_verified: boolean;
}

export function fetchProfile() {
  return apiFetch<Profile>('/api/me/profile');
}

/** Profile save sends only username and avatar_url (product.md §5). */
export function saveProfile(patch: { username: string | null; avatar_url: string | null }) {
  return apiFetch<Profile>('/api/me/profile', { method: 'PATCH', body: JSON.stringify(patch) });
}

export async function isUsernameAvailable(username: string): Promise<boolean> {
  const answer = await apiFetch<{ available: boolean }>(
    `/api/profiles/username-available?username=${encodeURIComponent(username)}`,
  );
  return answer.available;
}

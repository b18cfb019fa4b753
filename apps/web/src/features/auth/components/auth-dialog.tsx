import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import { validateForgotPassword, validateSignIn, validateSignUp, type AuthFieldErrors } from '@marquee/core';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { TabList, tabId } from '@/components/ui/tab-list.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import {
  requestPasswordReset,
  resendConfirmation,
  signIn,
  signUp,
  startSocialSignIn,
  type SocialProvider,
} from '@/lib/auth/auth-api.ts';
import { closeAuthDialog, setAuthDialogTab, useAuthDialogState, type AuthTab } from '@/lib/auth/auth-dialog-store.ts';
import { sessionQueryKey } from '@/lib/auth/session.ts';
import { cn } from '@/lib/cn.ts';
import { announceSignedIn, markSocialSignInPending } from '../auth-events.ts';

const TABS: Array<{ id: AuthTab; label: string; subtitle: string }> = [
  { id: 'sign-in', label: 'Sign In', subtitle: 'Welcome back!' },
  { id: 'sign-up', label: 'Sign Up', subtitle: 'Join the adventure' },
];

type Fields = { email: string; username: string; password: string; confirmPassword: string };
const EMPTY: Fields = { email: '', username: '', password: '', confirmPassword: '' };

/** The server's answer to the right password of an address not yet confirmed. */
const NOT_CONFIRMED = 'Email not verified';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}

/**
 * The Auth dialog (product.md §2): Sign In and Sign Up tabs, §5 validation with each error
 * cleared as its field is edited, busy labels, show/hide password, forgot password, social
 * providers the server has configured. Sign-up success moves to Sign In; sign-in success closes.
 */
export function AuthDialog() {
  const { open, tab, reason } = useAuthDialogState();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<AuthFieldErrors>({});
  const [busy, setBusy] = useState<'sign-in' | 'sign-up' | 'reset' | 'resend' | SocialProvider | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { data: config } = useAppConfig();

  const active = TABS.find((candidate) => candidate.id === tab)!;
  const isSignUp = tab === 'sign-up';
  // A lost or stale confirmation link must not lock the address out: offer a new one where the
  // refusal shows, and after a link that failed.
  const [wasNotConfirmed, setWasNotConfirmed] = useState(false);
  const canResend = !isSignUp && (wasNotConfirmed || reason === 'link-expired');
  const shownNotice =
    notice ??
    (reason === 'link-expired' && !isSignUp
      ? 'That confirmation link is invalid or has expired. Enter your email to get a new one.'
      : null);

  function edit(field: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    // product.md §5: a field's error clears when the user edits it.
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setFormError(null);
  }

  function switchTab(next: AuthTab) {
    setAuthDialogTab(next);
    setErrors({});
    setFormError(null);
    setNotice(null);
  }

  function onOpenChange(next: boolean) {
    if (next) return;
    closeAuthDialog();
    setFields(EMPTY);
    setErrors({});
    setFormError(null);
    setNotice(null);
    setWasNotConfirmed(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = isSignUp ? validateSignUp(fields) : validateSignIn(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFormError(null);
    if (isSignUp) {
      setBusy('sign-up');
      try {
        await signUp(fields);
        toast.success('Check your email', { description: "We've sent you a confirmation link." });
        setFields({ ...EMPTY, email: fields.email });
        setNotice(`We've sent a confirmation link to ${fields.email.trim()}. Follow it, then sign in here.`);
        setAuthDialogTab('sign-in');
      } catch (error) {
        const code = error instanceof ApiError ? `Code: ${error.status}` : 'Catch Error';
        setFormError(errorMessage(error));
        toast.error('Sign Up Failed', { description: `${errorMessage(error)} (${code})` });
      } finally {
        setBusy(null);
      }
      return;
    }
    setBusy('sign-in');
    try {
      await signIn(fields);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      announceSignedIn();
      onOpenChange(false);
    } catch (error) {
      setFormError(errorMessage(error));
      if (errorMessage(error) === NOT_CONFIRMED) setWasNotConfirmed(true);
      toast.error('Sign In Failed', { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function resend() {
    const problem = validateForgotPassword(fields.email);
    if (problem) {
      setErrors({ email: problem });
      return;
    }
    setBusy('resend');
    try {
      await resendConfirmation(fields.email);
      toast.success('Check your email', { description: "We've sent you a new confirmation link." });
      setFormError(null);
      setNotice(`We've sent a new confirmation link to ${fields.email.trim()}. Follow it, then sign in here.`);
    } catch (error) {
      toast.error('Could Not Resend', { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function forgotPassword() {
    const problem = validateForgotPassword(fields.email);
    if (problem) {
      setErrors({ email: problem });
      return;
    }
    setBusy('reset');
    try {
      await requestPasswordReset(fields.email);
      toast.success('Check your email', { description: "We've sent you a password reset link." });
      setNotice(`If an account uses ${fields.email.trim()}, a reset link is on its way.`);
    } catch (error) {
      toast.error('Password Reset Failed', { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function social(provider: SocialProvider) {
    setBusy(provider);
    try {
      markSocialSignInPending();
      await startSocialSignIn(provider);
    } catch (error) {
      setBusy(null);
      toast.error('OAuth Sign In Failed', { description: errorMessage(error) });
    }
  }

  const providers = config?.auth_providers ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={active.label} description={active.subtitle} size="sm">
      <TabList
        label="Account"
        tabs={TABS}
        value={tab}
        onChange={switchTab}
        idPrefix="auth"
        panelId="auth-panel"
        className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-ink-950/60 p-1"
        tabClassName={(selected) =>
          cn(
            'h-9 rounded-lg text-sm font-medium transition-colors',
            selected ? 'bg-ink-700 text-fg shadow' : 'text-fg-muted hover:text-fg',
          )
        }
      />

      <form
        id="auth-panel"
        role="tabpanel"
        aria-labelledby={tabId('auth', tab)}
        noValidate
        onSubmit={submit}
        className="space-y-4"
      >
        {shownNotice ? (
          <p
            role="status"
            className="rounded-lg border border-gold-400/30 bg-gold-400/10 px-3 py-2.5 text-sm text-gold-200"
          >
            {shownNotice}
          </p>
        ) : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={fields.email}
          error={errors.email}
          onChange={(event) => edit('email', event.target.value)}
          autoFocus
        />
        {isSignUp ? (
          <TextField
            label={
              <>
                Username <span className="font-normal text-fg-subtle">(optional)</span>
              </>
            }
            autoComplete="username"
            value={fields.username}
            error={errors.username}
            onChange={(event) => edit('username', event.target.value)}
          />
        ) : null}
        <div>
          <TextField
            label="Password"
            type="password"
            revealable
            autoComplete={isSignUp ? 'new-password' : 'current-password'}
            value={fields.password}
            error={errors.password}
            onChange={(event) => edit('password', event.target.value)}
          />
          {!isSignUp ? (
            <button
              type="button"
              onClick={forgotPassword}
              disabled={busy !== null}
              className="mt-2 text-sm text-gold-300 underline-offset-4 hover:underline disabled:opacity-60"
            >
              {busy === 'reset' ? 'Sending reset link...' : 'Forgot password?'}
            </button>
          ) : null}
        </div>
        {isSignUp ? (
          <TextField
            label="Confirm password"
            type="password"
            revealable
            autoComplete="new-password"
            value={fields.confirmPassword}
            error={errors.confirmPassword}
            onChange={(event) => edit('confirmPassword', event.target.value)}
          />
        ) : null}

        {formError ? (
          <p
            role="alert"
            className="rounded-lg border border-ember-400/40 bg-ember-500/10 px-3 py-2.5 text-sm text-ember-400"
          >
            {formError}
          </p>
        ) : null}

        {canResend ? (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={busy !== null}
            onClick={() => void resend()}
          >
            {busy === 'resend' ? 'Sending confirmation e-mail...' : 'Resend confirmation e-mail'}
          </Button>
        ) : null}

        <Button type="submit" size="lg" className="w-full" disabled={busy !== null}>
          {isSignUp
            ? busy === 'sign-up'
              ? 'Creating account...'
              : 'Create Account'
            : busy === 'sign-in'
              ? 'Signing in...'
              : 'Sign In'}
        </Button>

        {providers.length > 0 ? (
          <div className="space-y-2">
            <p className="flex items-center gap-3 text-xs tracking-wider text-fg-subtle uppercase before:h-px before:flex-1 before:bg-white/10 after:h-px after:flex-1 after:bg-white/10">
              or
            </p>
            {providers.map((provider) => (
              <Button
                key={provider.id}
                variant="outline"
                className="w-full"
                disabled={busy !== null}
                onClick={() => void social(provider.id)}
              >
                {busy === provider.id ? 'Redirecting...' : `Continue with ${provider.name}`}
              </Button>
            ))}
          </div>
        ) : null}

        <p className="text-center text-sm text-fg-muted">
          {isSignUp ? 'Already have an account? ' : "Don't have an account? "}
          <button
            type="button"
            className="font-medium text-gold-300 underline-offset-4 hover:underline"
            onClick={() => switchTab(isSignUp ? 'sign-in' : 'sign-up')}
          >
            {isSignUp ? 'Sign In' : 'Sign Up'}
          </button>
        </p>
      </form>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { KeyRound } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { validateNewPassword, type AuthFieldErrors } from '@marquee/core';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { NewPasswordFields } from '@/components/account/new-password-fields.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { resetPassword } from '@/lib/auth/auth-api.ts';
import { openAuthDialog } from '@/lib/auth/auth-dialog-store.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-white/10 bg-ink-850/80 p-6 shadow-2xl sm:p-8">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
          <KeyRound className="size-6" aria-hidden />
        </span>
        <h1 className="mt-4 font-display text-3xl tracking-wide text-fg">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/**
 * /reset-password (product.md §2): the password-reset e-mail's link lands here with a token
 * (or with `error` when the link was invalid or expired); a new password is set with it.
 */
export function ResetPasswordScreen() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<AuthFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!token || linkError) {
    return (
      <Panel title="Reset Password">
        <p className="mt-3 text-fg-muted" role="alert">
          This password reset link is invalid or has expired. Ask for a new one from Sign In with Forgot password.
        </p>
        <Button className="mt-6" onClick={() => openAuthDialog('sign-in')}>
          Sign In
        </Button>
      </Panel>
    );
  }

  if (done) {
    return (
      <Panel title="Password updated">
        <p className="mt-3 text-fg-muted" role="status">
          Your password has been changed and your other sessions were signed out. Sign in with the new password.
        </p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button onClick={() => openAuthDialog('sign-in')}>Sign In</Button>
          <Link to={paths.home} className={buttonClasses('ghost')}>
            Return to Home
          </Link>
        </div>
      </Panel>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewPassword(password, confirmPassword);
    setErrors(found);
    if (Object.keys(found).length > 0 || !token) return;
    setBusy(true);
    setFailure(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 400
          ? 'This password reset link is invalid or has expired. Ask for a new one.'
          : error instanceof Error
            ? error.message
            : 'Something went wrong';
      setFailure(message);
      toast.error('Password Reset Failed', { description: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Reset Password">
      <p className="mt-2 text-fg-muted">Choose a new password for your Marquee account.</p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        <NewPasswordFields
          className="space-y-4"
          password={password}
          confirmPassword={confirmPassword}
          errors={errors}
          autoFocus
          onChange={(field, value) => {
            (field === 'password' ? setPassword : setConfirmPassword)(value);
            setErrors(({ [field]: _cleared, ...rest }) => rest);
          }}
        />
        {failure ? (
          <p
            role="alert"
            className="rounded-lg border border-ember-400/40 bg-ember-500/10 px-3 py-2.5 text-sm text-ember-400"
          >
            {failure}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Updating password...' : 'Set New Password'}
        </Button>
      </form>
    </Panel>
  );
}

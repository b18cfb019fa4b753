import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import { validateForgotPassword, validateNewPassword, type AuthFieldErrors } from '@marquee/core';
import { NewPasswordFields } from '@/components/account/new-password-fields.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { changeEmail, changePassword } from '@/lib/auth/auth-api.ts';
import { SettingsSection } from './settings-controls.tsx';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}

function ChangeEmailForm({ email }: { email: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem =
      validateForgotPassword(newEmail) ??
      (newEmail.trim().toLowerCase() === email.toLowerCase() ? 'This is already your email' : undefined);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await changeEmail(newEmail);
      setSentTo(newEmail.trim());
      setNewEmail('');
      toast.success('Check your email', { description: "We've sent you a confirmation link." });
    } catch (caught) {
      setError(messageOf(caught));
      toast.error('Profile Update Failed', { description: messageOf(caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 py-4 first:pt-1">
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        value={newEmail}
        error={error}
        hint={`Currently ${email}. The change takes effect once you follow the link sent to the new address.`}
        onChange={(event) => {
          setNewEmail(event.target.value);
          setError(undefined);
        }}
      />
      {sentTo ? (
        <p role="status" className="text-sm text-gold-200">
          A confirmation link is on its way to {sentTo}.
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Sending...' : 'Change Email'}
      </Button>
    </form>
  );
}

function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<AuthFieldErrors & { current?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: AuthFieldErrors & { current?: string } = {
      ...validateNewPassword(password, confirmPassword),
      ...(current ? {} : { current: 'Password is required' }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(current, password);
      setCurrent('');
      setPassword('');
      setConfirmPassword('');
      toast.success('Password changed', { description: 'Your other sessions have been signed out.' });
    } catch (caught) {
      setErrors({ current: messageOf(caught) });
      toast.error('Update Failed', { description: messageOf(caught) });
    } finally {
      setBusy(false);
    }
  }

  const clear = (field: keyof typeof errors) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  return (
    <form onSubmit={submit} noValidate className="space-y-3 py-4 last:pb-1">
      <TextField
        label="Current password"
        type="password"
        revealable
        autoComplete="current-password"
        value={current}
        error={errors.current}
        onChange={(event) => {
          setCurrent(event.target.value);
          clear('current');
        }}
      />
      <NewPasswordFields
        className="grid gap-3 sm:grid-cols-2"
        password={password}
        confirmPassword={confirmPassword}
        errors={errors}
        onChange={(field, value) => {
          (field === 'password' ? setPassword : setConfirmPassword)(value);
          clear(field);
        }}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Changing password...' : 'Change Password'}
      </Button>
    </form>
  );
}

/** Change of e-mail (confirmed at the new address) and of password, for the signed-in user. */
export function AccountSecurity({ email }: { email: string }) {
  return (
    <SettingsSection title="Sign-in details" description="Your email address and password.">
      <ChangeEmailForm email={email} />
      <ChangePasswordForm />
    </SettingsSection>
  );
}

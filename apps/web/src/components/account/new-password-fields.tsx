import type { AuthFieldErrors } from '@marquee/core';
import { TextField } from '@/components/ui/text-field.tsx';

/** A new password and its confirmation, each with its error (reset page, change password). */
export function NewPasswordFields({
  password,
  confirmPassword,
  errors,
  onChange,
  autoFocus = false,
  className,
}: {
  password: string;
  confirmPassword: string;
  errors: AuthFieldErrors;
  onChange: (field: 'password' | 'confirmPassword', value: string) => void;
  autoFocus?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <TextField
        label="New password"
        type="password"
        revealable
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(event) => onChange('password', event.target.value)}
        autoFocus={autoFocus}
      />
      <TextField
        label="Confirm new password"
        type="password"
        revealable
        autoComplete="new-password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onChange('confirmPassword', event.target.value)}
      />
    </div>
  );
}

/** Field errors of the Auth dialog, keyed by field name; empty when the form may be sent. */
export type AuthFieldErrors = Partial<Record<'email' | 'password' | 'confirmPassword' | 'username', string>>;

/** The password minimum of product.md §9. */
export const PASSWORD_MIN_LENGTH = 6;

/** Usernames: 3 to 30 letters, digits, dots, dashes and underscores (the server's rule too). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]{3,30}$/u;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Email is required';
  if (!EMAIL_SHAPE.test(email.trim())) return 'Please enter a valid email';
  return undefined;
}

function passwordError(password: string): string | undefined {
  if (!password) return 'Password is required';
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return undefined;
}

function withoutEmpty(errors: AuthFieldErrors): AuthFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** Sign-in validation (product.md §5 Auth). */
export function validateSignIn(input: { email: string; password: string }): AuthFieldErrors {
  return withoutEmpty({ email: emailError(input.email), password: passwordError(input.password) });
}

/** Sign-up validation (product.md §5 Auth), plus the username rule when one is given. */
export function validateSignUp(input: {
  email: string;
  password: string;
  confirmPassword: string;
  username?: string;
}): AuthFieldErrors {
  const username = input.username?.trim() ?? '';
  let confirmPassword: string | undefined;
  if (!input.confirmPassword) confirmPassword = 'Please confirm your password';
  else if (input.confirmPassword !== input.password) confirmPassword = 'Passwords do not match';
  return withoutEmpty({
    email: emailError(input.email),
    username:
      username && !USERNAME_PATTERN.test(username)
        ? 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'
        : undefined,
    password: passwordError(input.password),
    confirmPassword,
  });
}

/** Forgot password: "Please enter your email address" when empty (product.md §5). */
export function validateForgotPassword(email: string): string | undefined {
  if (!email.trim()) return 'Please enter your email address';
  return EMAIL_SHAPE.test(email.trim()) ? undefined : 'Please enter a valid email';
}

/** A new password and its confirmation (reset page, change password). */
export function validateNewPassword(password: string, confirmPassword: string): AuthFieldErrors {
  return withoutEmpty({
    password: passwordError(password),
    confirmPassword: !confirmPassword
      ? 'Please confirm your password'
      : confirmPassword !== password
        ? 'Passwords do not match'
        : undefined,
  });
}

import { describe, expect, it } from 'vitest';
import { validateForgotPassword, validateNewPassword, validateSignIn, validateSignUp } from './auth-validation.ts';

describe('auth validation (product.md §5)', () => {
  it('names each missing sign-in field with the spec message', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateSignIn({ email: '   ', password: 'secret1' })).toEqual({ email: 'Email is required' });
  });

  it('checks the e-mail shape and the 6-character password minimum', () => {
    expect(validateSignIn({ email: 'ada@', password: '12345' })).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
    expect(validateSignIn({ email: 'ada@example.org', password: '123456' })).toEqual({});
  });

  it('requires a matching confirmation on sign up', () => {
    const base = { email: 'ada@example.org', password: 'secret1' };
    expect(validateSignUp({ ...base, confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your password',
    });
    expect(validateSignUp({ ...base, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateSignUp({ ...base, confirmPassword: 'secret1' })).toEqual({});
  });

  it('accepts no username, refuses a malformed one', () => {
    const base = { email: 'ada@example.org', password: 'secret1', confirmPassword: 'secret1' };
    expect(validateSignUp({ ...base, username: '  ' })).toEqual({});
    expect(validateSignUp({ ...base, username: 'ada lovelace' }).username).toMatch(/^Username must be 3 to 30/);
    expect(validateSignUp({ ...base, username: 'ada_l' })).toEqual({});
  });

  it('asks for an address before sending a reset link', () => {
    expect(validateForgotPassword(' ')).toBe('Please enter your email address');
    expect(validateForgotPassword('nope')).toBe('Please enter a valid email');
    expect(validateForgotPassword('ada@example.org')).toBeUndefined();
  });

  it('checks a new password and its confirmation', () => {
    expect(validateNewPassword('abc', 'abc')).toEqual({ password: 'Password must be at least 6 characters' });
    expect(validateNewPassword('abcdef', 'abcdeg')).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validateNewPassword('abcdef', 'abcdef')).toEqual({});
  });
});

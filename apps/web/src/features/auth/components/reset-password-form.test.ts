import { describe, expect, it } from 'vitest';
import { readResetLink, resetPasswordForm } from './reset-password-form';

describe('reset password form', () => {
  it('needs 8 characters and a matching confirmation', () => {
    const short = resetPasswordForm.safeParse({ password: 'short', password_confirmation: 'short' });
    expect(short.error?.issues[0]?.message).toBe('Password should be at least 8 characters long');
    const mismatch = resetPasswordForm.safeParse({
      password: 'long enough',
      password_confirmation: 'different',
    });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: 'Passwords do not match',
      path: ['password_confirmation'],
    });
    expect(
      resetPasswordForm.safeParse({ password: 'long enough', password_confirmation: 'long enough' }).success,
    ).toBe(true);
  });

  it('treats a link without token or email as invalid', () => {
    expect(readResetLink(undefined, 'a@b.c')).toBeNull();
    expect(readResetLink('abc', null)).toBeNull();
    expect(readResetLink('abc', '  ')).toBeNull();
    expect(readResetLink('abc', 'a@b.c')).toEqual({ token: 'abc', email: 'a@b.c' });
  });
});

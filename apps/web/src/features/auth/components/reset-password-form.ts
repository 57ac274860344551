import { z } from 'zod';
import { resetPasswordBody } from '@ff/contract';
import { withPasswordConfirmation } from '@/lib/password-form';

/** The two fields the user types; the token and email come from the link. */
export const resetPasswordForm = withPasswordConfirmation(
  z.object({ password: resetPasswordBody.shape.password, password_confirmation: z.string() }),
);
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const INVALID_LINK =
  'Invalid Link: The link is invalid. Kindly make sure you have used the correct link or contact support.';

/** The link is usable only with both a token and an email. */
export function readResetLink(
  token: string | undefined,
  email: string | null,
): { token: string; email: string } | null {
  const cleanToken = token?.trim();
  const cleanEmail = email?.trim();
  return cleanToken && cleanEmail ? { token: cleanToken, email: cleanEmail } : null;
}

/**
 * The page's wording: a new user's invitation link carries `new=1` (the server adds it) and sets a first
 * password; any other link resets a password.
 */
export function passwordPageText(isInvitation: boolean, email?: string) {
  return isInvitation
    ? { title: 'Set your password', description: email && `Choose a password for ${email}.` }
    : { title: 'Reset your password', description: email && `Choose a new password for ${email}.` };
}

export const isInvitationLink = (searchParams: URLSearchParams) => searchParams.get('new') === '1';

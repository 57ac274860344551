/**
 * The zod-free sign-in and My Account part of the contract (`@ff/contract/plain`, like plain.ts): the CSRF
 * names, password lengths, the texts the server answers and the screens show, and the field rules the
 * sign-in forms check before sending. `plain.test.ts` checks those rules answer what the zod bodies answer.
 */
import { EMAIL_MAX_LENGTH, SIMPLE_EMAIL } from './plain.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

export const AUTH_MESSAGES = {
  failed: 'These credentials do not match our records.',
  throttled: (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`,
  disabled: 'This account has been disabled. Please contact your administrator.',
  roleDisabled: 'The role of this account has been disabled. Please contact your administrator.',
  resetLinkSent: 'We have emailed your password reset link.',
  passwordReset: 'Your password has been reset.',
  /** The same answer to a user setting their first password from an invitation (issue 26). */
  passwordSet: 'Your password has been set.',
  resetTokenInvalid: 'This password reset token is invalid.',
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  tooManyAttempts: 'Too Many Attempts.',
} as const;

/** Field messages of the sign-in bodies (login, forgot password, reset password). */
export const AUTH_FIELD_MESSAGES = {
  emailInvalid: 'Invalid email',
  emailTooLong: `The email may be at most ${EMAIL_MAX_LENGTH} characters long.`,
  passwordRequired: 'The password field is required.',
  passwordTooShort: `Password should be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `The password may be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordsDiffer: 'Passwords do not match',
} as const;

/** The email rule of every body (trimmed, at most 254 characters, SIMPLE_EMAIL): its message, or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email.length > EMAIL_MAX_LENGTH) return AUTH_FIELD_MESSAGES.emailTooLong;
  return SIMPLE_EMAIL.test(email) ? null : AUTH_FIELD_MESSAGES.emailInvalid;
}

/** `POST /login`'s field rules, as the form shows them: one message per failing field. */
export function loginBodyProblems(body: { email: string; password: string }): {
  email?: string;
  password?: string;
} {
  const problems: { email?: string; password?: string } = {};
  const email = emailProblem(body.email);
  if (email) problems.email = email;
  if (body.password.length < 1) problems.password = AUTH_FIELD_MESSAGES.passwordRequired;
  else if (body.password.length > PASSWORD_MAX_LENGTH)
    problems.password = AUTH_FIELD_MESSAGES.passwordTooLong;
  return problems;
}

/** `POST /forgot-password`'s field rule, as the form shows it. */
export function forgotPasswordBodyProblems(body: { email: string }): { email?: string } {
  const email = emailProblem(body.email);
  return email ? { email } : {};
}

/** My Account and two-factor sign-in (issue 12): the texts the server answers and the screens show. */
export const MY_ACCOUNT_MESSAGES = {
  codeInvalid: 'The two-factor code is not valid.',
  recoveryCodeInvalid: 'The two-factor code is not valid.',
  recoveryCodeUsed: 'This recovery code was already used.',
  challengeExpired: 'Your sign-in has expired. Enter your e-mail and password again.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordWrong: 'The password is not correct.',
  passwordChanged: 'Your password has been changed.',
  currentSession: 'Use Log Out to end this session.',
  sessionNotFound: 'This session does not exist or has already ended.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  twoFactorNotStarted: 'Start the two-factor set-up again: no set-up is waiting for a code.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorRequiredByRole:
    'Your role requires two-factor sign-in, so it cannot be turned off. Ask an administrator if this is wrong.',
  twoFactorSetupRequired: 'Your role requires two-factor sign-in. Set it up under My Account.',
  requireTwoFactorSelfFirst:
    'Turn on two-factor sign-in for your own account first (under My Account), so this setting does not lock you out.',
} as const;
/** The `code` of the 403 a user gets whose role requires two-factor sign-in they have not set up. */
export const TWO_FACTOR_SETUP_REQUIRED_CODE = 'two_factor_setup_required';

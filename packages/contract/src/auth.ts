import { z } from 'zod';
import { emailField } from './common.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const PASSWORD_MIN_LENGTH = 8;

export const loginBody = z.object({
  email: emailField,
  password: z.string().min(1, 'The password field is required.').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    token: z.string().min(1, 'This password reset token is invalid.').max(512),
    email: emailField,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password should be at least ${PASSWORD_MIN_LENGTH} characters long`)
      .max(1024),
    password_confirmation: z.string().max(1024),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'Passwords do not match',
    path: ['password'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const statusBody = z.object({ status: z.string() });
export type StatusBody = z.infer<typeof statusBody>;

/** `GET /user`: the signed-in user. */
export const currentUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const AUTH_MESSAGES = {
  failed: 'These credentials do not match our records.',
  throttled: (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`,
  disabled: 'This account has been disabled. Please contact your administrator.',
  roleDisabled: 'The role of this account has been disabled. Please contact your administrator.',
  resetLinkSent: 'We have emailed your password reset link.',
  passwordReset: 'Your password has been reset.',
  resetTokenInvalid: 'This password reset token is invalid.',
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  tooManyAttempts: 'Too Many Attempts.',
} as const;

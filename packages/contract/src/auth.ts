import { z } from 'zod';
import { emailField } from './common.js';
import {
  AUTH_FIELD_MESSAGES,
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-plain.js';

/** Mirrored by auth-plain.ts's `loginBodyProblems` (the sign-in form checks without zod). */
export const loginBody = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, AUTH_FIELD_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_FIELD_MESSAGES.passwordTooLong),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** A new password and its confirmation, as the reset and the change-password bodies both take them. */
export const newPasswordFields = {
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, AUTH_FIELD_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, AUTH_FIELD_MESSAGES.passwordTooLong),
  password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
};
/** The confirmation must repeat the new password (the message goes under `password`). */
export const confirmationMatches: [
  (body: { password: string; password_confirmation: string }) => boolean,
  { message: string; path: string[] },
] = [
  (body) => body.password === body.password_confirmation,
  { message: AUTH_FIELD_MESSAGES.passwordsDiffer, path: ['password'] },
];

export const resetPasswordBody = z
  .object({
    token: z.string().min(1, AUTH_MESSAGES.resetTokenInvalid).max(512),
    email: emailField,
    ...newPasswordFields,
  })
  .refine(...confirmationMatches);
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
  /** Issue 12: the user signs in with a two-factor code. */
  twoFactorEnabled: z.boolean(),
  /** Issue 12: the user's role requires two-factor sign-in they have not set up; only My Account answers. */
  twoFactorSetupRequired: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

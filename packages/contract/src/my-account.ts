import { z } from 'zod';
import { dateTimeString } from './common.js';
import { AUTH_FIELD_MESSAGES, MY_ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH } from './auth-plain.js';
import { confirmationMatches, newPasswordFields } from './auth.js';
import { createUserBody, user } from './users.js';

/**
 * `GET /api/v1/account` and the answer to `PATCH /api/v1/account`: the signed-in user's own account, their
 * user's fields as the Users list shows them and their two-factor state.
 */
export const accountProfile = user
  .pick({ id: true, name: true, email: true, mobileNo: true, role: true })
  .extend({
    twoFactorEnabled: z.boolean(),
    /** The user's role must use two-factor sign-in (the security setting is on and the role manages users, roles or settings). */
    twoFactorRequired: z.boolean(),
    /** Unused recovery codes (0 without two-factor). */
    recoveryCodesLeft: z.number().int().min(0),
  });
export type AccountProfile = z.infer<typeof accountProfile>;

/** `PATCH /api/v1/account`: the same rules as a new user's name and mobile number. */
export const updateAccountBody = createUserBody.pick({ name: true, mobileNo: true });
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

/** `PUT /api/v1/account/password`. */
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string()
      .min(1, MY_ACCOUNT_MESSAGES.currentPasswordWrong)
      .max(PASSWORD_MAX_LENGTH, AUTH_FIELD_MESSAGES.passwordTooLong),
    ...newPasswordFields,
  })
  .refine(...confirmationMatches);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** One of the user's own sessions; `id` is a public id (never the cookie token nor its hash). */
export const accountSession = z.object({
  id: z.string(),
  /** The browser and system, e.g. "Chrome 131 on Linux". */
  device: z.string(),
  ipAddress: z.string(),
  createdAt: dateTimeString,
  lastSeenAt: dateTimeString,
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

/** `GET /api/v1/account/sessions`: newest first. */
export const accountSessionList = z.object({ data: z.array(accountSession) });

export const sessionIdParam = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Unknown session.') });

/** `POST /api/v1/account/sessions/sign-out-others`. */
export const signedOutOthers = z.object({ ended: z.number().int().min(0) });

/** `POST /api/v1/account/two-factor`: the secret to add to an authenticator app, as text, URI and QR code. */
export const twoFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** An SVG image of the QR code of `otpauthUri`. */
  qrSvg: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, MY_ACCOUNT_MESSAGES.codeInvalid);

/**
 * `POST /api/v1/account/two-factor/confirm`. `password`: needed where two-factor is required of the user (their
 * session then began with the password alone), so a stolen session cookie cannot turn on an authenticator of
 * the thief's; not checked otherwise.
 */
export const confirmTwoFactorBody = z.object({
  code: totpCode,
  password: z.string().max(PASSWORD_MAX_LENGTH, AUTH_FIELD_MESSAGES.passwordTooLong).optional(),
});
export type ConfirmTwoFactorBody = z.infer<typeof confirmTwoFactorBody>;

/** The answer holding new recovery codes: shown once, stored only hashed. */
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

/** `DELETE /api/v1/account/two-factor` and `POST /api/v1/account/two-factor/recovery-codes`. */
export const passwordOnlyBody = z.object({
  password: z
    .string()
    .min(1, AUTH_FIELD_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_FIELD_MESSAGES.passwordTooLong),
});
export type PasswordOnlyBody = z.infer<typeof passwordOnlyBody>;

/** `GET`/`PUT /api/v1/settings/security`. */
export const securitySettings = z.object({ requireTwoFactorForAdmins: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettings>;

/** `POST /two-factor-challenge`: the authenticator's 6-digit code, or one recovery code. */
export const twoFactorChallengeBody = z
  .object({
    code: z.string().trim().max(20).optional(),
    recoveryCode: z.string().trim().max(64).optional(),
  })
  .refine((b) => Boolean(b.code) || Boolean(b.recoveryCode), {
    message: MY_ACCOUNT_MESSAGES.codeRequired,
    path: ['code'],
  });
export type TwoFactorChallengeBody = z.infer<typeof twoFactorChallengeBody>;

/** `POST /login`'s answer when the password was right and the account uses two-factor sign-in. */
export const loginTwoFactorAnswer = z.object({ twoFactor: z.literal(true) });

/** The 403 of a user whose role requires two-factor sign-in they have not set up. */
export const twoFactorSetupRequiredBody = z.object({ message: z.string(), code: z.string() });

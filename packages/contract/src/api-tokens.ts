import { z } from 'zod';

/**
 * Settings > API tokens (issue 23, permission "Manage API Tokens"): the bearer tokens the company's trip system
 * imports records with. A token is shown once, when it is created; only its hash is kept.
 */

export const API_TOKEN_NAME_MAX = 100;

/** What a token's name may hold: it is shown in the list, the audit log and the import's audit lines. */
export const API_TOKEN_NAME = /^[\w .@-]{1,100}$/;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'The token name is required.',
  nameTooLong: `The token name is at most ${API_TOKEN_NAME_MAX} characters.`,
  nameCharacters: 'The token name may hold letters, digits, spaces, dots, @, _ and - only, e.g. "tms".',
  kindsRequired: 'Choose at least one kind of record the token may import.',
  expiryFormat: 'The expiry date must be a date such as 2027-01-31.',
  expiryPast: 'The expiry date must be today or later.',
} as const;

/** A token's state: usable, past its expiry, or revoked by an administrator. */
export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

/**
 * One token as the list shows it (never the token itself). Times are the server's date-times, 'yyyy-MM-dd
 * HH:mm:ss' in APP_TIMEZONE, as every other answer's (docs/spec/product-spec.md section 3).
 */
export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The imports it may call ('cash-advances', ...); null: every import (a token from the command line). */
  kinds: z.array(z.string()).nullable(),
  /** Who created it; null: the command line (`npm run cli -- tokens:create`). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** Its last working day ('yyyy-MM-dd'), as it was chosen; null: it does not expire. */
  expiresOn: z.string().nullable(),
  /** The moment it stops working (the start of the day after its last day); null: never. */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The address of its last use. */
  lastUsedFrom: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof apiToken>;

/** An import a token may be allowed: its name in the import API's path and how the screens call it. */
export const importKindOption = z.object({ name: z.string(), label: z.string() });
export type ImportKindOption = z.infer<typeof importKindOption>;

/** `GET /api/v1/api-tokens`: every token, newest first, and the imports a new one may be allowed. */
export const apiTokenList = z.object({ data: z.array(apiToken), importKinds: z.array(importKindOption) });
export type ApiTokenList = z.infer<typeof apiTokenList>;

/** `POST /api/v1/api-tokens`: a name, the imports it may call and, optionally, its last day (in APP_TIMEZONE). */
export const createApiTokenBody = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong)
    .regex(API_TOKEN_NAME, API_TOKEN_MESSAGES.nameCharacters),
  kinds: z
    .array(z.string(), { error: API_TOKEN_MESSAGES.kindsRequired })
    .min(1, API_TOKEN_MESSAGES.kindsRequired),
  /** The last day the token works ('2027-01-31'); null or absent: it does not expire. */
  expiresOn: z
    .string({ error: API_TOKEN_MESSAGES.expiryFormat })
    .regex(/^\d{4}-\d{2}-\d{2}$/, API_TOKEN_MESSAGES.expiryFormat)
    .nullable()
    .optional(),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

/** The answer to `POST /api/v1/api-tokens` (201): the token, shown this once, and its row. */
export const createdApiToken = z.object({ message: z.string(), token: z.string(), data: apiToken });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

/** The answer to `DELETE /api/v1/api-tokens/{id}`: the revoked token's row. */
export const revokedApiToken = z.object({ message: z.string(), data: apiToken });
export type RevokedApiToken = z.infer<typeof revokedApiToken>;

import { z } from 'zod';
import { decimalField } from './common.js';
import { MONEY_RULE } from './plain.js';

/**
 * Settings > Posting defaults (issue 25): what a record takes when neither it nor SAP's master data says. For
 * now the VAT group of a sales invoice line: the record's own, else its customer's in SAP, else this default,
 * else none (the spec's invoice, without VAT). Manage Settings; every change is audited.
 */

/** SAP's VAT group code (OVTG's Code: up to 8 characters). */
export const VAT_GROUP_CODE_MAX = 8;

/** Posts of more rows than this are confirmed first unless the setting says otherwise (Settings > Posting defaults). */
export const DEFAULT_CONFIRM_ABOVE_ROWS = 50;
export const MAX_CONFIRM_ABOVE_ROWS = 100_000;
const CONFIRM_ROWS_MESSAGE = `The number of rows must be a whole number from 1 to ${MAX_CONFIRM_ABOVE_ROWS.toLocaleString('en-US')}.`;

/** `PUT /api/v1/settings/posting-defaults`'s body (`postingDefaultsData` is the `data` of both answers). */
export const postingDefaultSettings = z.object({
  /** A VAT group SAP has, active, for sales (output); null: no default. */
  vatGroup: z
    .string()
    .trim()
    .min(1, 'A VAT group code is required (or choose None).')
    .max(VAT_GROUP_CODE_MAX, `A VAT group code is at most ${VAT_GROUP_CODE_MAX} characters (SAP's Code).`)
    .nullable(),
  /** Issue 26: absent in a `PUT`, the saved value stays (a client of issue 25 sends only `vatGroup`). */
  confirmAboveRows: z
    .number({ error: CONFIRM_ROWS_MESSAGE })
    .int(CONFIRM_ROWS_MESSAGE)
    .min(1, CONFIRM_ROWS_MESSAGE)
    .max(MAX_CONFIRM_ABOVE_ROWS, CONFIRM_ROWS_MESSAGE)
    .optional(),
  confirmAboveAmount: decimalField('amount', MONEY_RULE).nullable().optional(),
});
/** What `PUT` takes. */
export type PostingDefaultsUpdate = z.input<typeof postingDefaultSettings>;

/**
 * Issue 26, confirm before posting: a post of more than `confirmAboveRows` rows, or whose local-currency total is
 * more than `confirmAboveAmount` (a decimal string; null: no amount rule), asks the clerk first. Every signed-in
 * user reads it (`GET /api/v1/settings/post-confirmation`); Manage Settings changes it with the posting defaults.
 */
export const postConfirmationSettings = z.object({
  confirmAboveRows: z.number().int(),
  confirmAboveAmount: z.string().nullable(),
});
export type PostConfirmationSettings = z.infer<typeof postConfirmationSettings>;

/** The `data` of both posting-defaults answers: every default, as saved. */
export const postingDefaultsData = postConfirmationSettings.extend({ vatGroup: z.string().nullable() });
export type PostingDefaultSettings = z.infer<typeof postingDefaultsData>;

/** One of SAP's active sales (output) VAT groups, for the picker: its code, name and current rate (percent). */
export const sapVatGroupOption = z.object({
  code: z.string(),
  name: z.string(),
  /** The rate in force today, in percent (16 for 16%); null when SAP gives none. */
  rate: z.number().nullable(),
});
export type SapVatGroupOption = z.infer<typeof sapVatGroupOption>;

/** `GET /api/v1/settings/vat-groups`: SAP's active output VAT groups by code; 503 `{message}` when SAP cannot be asked. */
export const sapVatGroupsAnswer = z.object({ data: z.array(sapVatGroupOption) });
export type SapVatGroupsAnswer = z.infer<typeof sapVatGroupsAnswer>;

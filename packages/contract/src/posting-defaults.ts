import { z } from 'zod';

/**
 * Settings > Posting defaults (issue 25): what a record takes when neither it nor SAP's master data says. For
 * now the VAT group of a sales invoice line: the record's own, else its customer's in SAP, else this default,
 * else none (the spec's invoice, without VAT). Manage Settings; every change is audited.
 */

/** SAP's VAT group code (OVTG's Code: up to 8 characters). */
export const VAT_GROUP_CODE_MAX = 8;

/** `GET` and `PUT /api/v1/settings/posting-defaults`: the body of `PUT` and the `data` of both answers. */
export const postingDefaultSettings = z.object({
  /** A VAT group SAP has, active, for sales (output); null: no default. */
  vatGroup: z
    .string()
    .trim()
    .min(1, 'A VAT group code is required (or choose None).')
    .max(VAT_GROUP_CODE_MAX, `A VAT group code is at most ${VAT_GROUP_CODE_MAX} characters (SAP's Code).`)
    .nullable(),
});
export type PostingDefaultSettings = z.infer<typeof postingDefaultSettings>;

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

import { z } from 'zod';
import { MAX_DATABASE_ID } from './plain.js';

/**
 * A posting date as the date picker sends it: 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss' or an ISO instant.
 * The server checks it is not in the future and not before the row's document date (spec section 5).
 */
export const postingDateField = z
  .string({ error: 'The posting date is required.' })
  .trim()
  .min(1, 'The posting date is required.')
  .regex(
    /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    'The posting date must look like yyyy-MM-dd or yyyy-MM-dd HH:mm:ss.',
  );

const id = z.number({ error: 'A record id is required.' }).int().positive().max(MAX_DATABASE_ID, 'There is no record with this id.');
const ledger = (error: string) =>
  z.number({ error }).int().positive().max(MAX_DATABASE_ID, 'There is no ledger account with this id.');
const text = (label: string) =>
  z.string({ error: `The ${label} is required.` }).trim().min(1, `The ${label} is required.`).max(100);
const quantity = z
  .union([z.number(), z.string().regex(/^\d+(\.\d{1,3})?$/, 'The collected quantity must be a number.')])
  .transform((v) => String(v))
  .refine((v) => Number(v) >= 0, 'The collected quantity cannot be negative.');
const postSap = <T extends z.ZodType>(entry: T) =>
  z.object({ postSap: z.array(entry).min(1, 'Select at least one row to post.').max(500, 'Post at most 500 rows at a time.') });

export const postSalesInvoicesBody = postSap(z.object({ saleInvoice: id, postingDate: postingDateField }));
export const postFirstJournalBody = postSap(
  z.object({ transporterInvoice: id, postingDate: postingDateField, supplierInvoiceNumber: text('supplier invoice number') }),
);
export const postSecondJournalBody = postSap(z.object({ transporterInvoice: id, postingDate: postingDateField }));
export const postCashAdvancesBody = postSap(
  z.object({ cashAdvanceId: id, sapAccount: ledger('The posting ledger is required.'), postingDate: postingDateField }),
);
export const postFuelAdvancesBody = postSap(
  z.object({
    fuelAdvanceId: id,
    sapAccount: ledger('The posting ledger is required.'),
    collectedQuantity: quantity,
    postingDate: postingDateField,
    orderNumber: text('pickup order number'),
  }),
);
export const postVasTransactionsBody = postSap(
  z.object({
    vasTransactionId: id,
    sapAccountRevenue: ledger('The revenue account is required.'),
    sapAccountCost: ledger('The cost account is required.'),
    collectedQuantity: quantity,
    productType: z.string().max(100).optional(),
    postingDate: postingDateField,
    orderNumber: text('pickup order number'),
  }),
);

export type PostSalesInvoicesBody = z.infer<typeof postSalesInvoicesBody>;
export type PostFirstJournalBody = z.infer<typeof postFirstJournalBody>;
export type PostSecondJournalBody = z.infer<typeof postSecondJournalBody>;
export type PostCashAdvancesBody = z.infer<typeof postCashAdvancesBody>;
export type PostFuelAdvancesBody = z.infer<typeof postFuelAdvancesBody>;
export type PostVasTransactionsBody = z.infer<typeof postVasTransactionsBody>;

/** The answer to every post: what reached SAP and what did not, with SAP's reason. */
export const postResult = z.object({
  message: z.string(),
  posted: z.array(z.object({ id: z.number().int(), sapDocEntry: z.number().int().nullable(), sapDocNum: z.number().int().nullable() })),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
  queued: z.array(z.object({ id: z.number().int() })).optional(),
});
export type PostResult = z.infer<typeof postResult>;

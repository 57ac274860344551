import { z } from 'zod';
import { decimalField } from './common.js';
import { MAX_DATABASE_ID, POSTING_DATE_PATTERN, postingDateProblem, QUANTITY_RULE } from './plain.js';

/**
 * A posting date as the date picker sends it: 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss' or an ISO instant, a real
 * calendar date and time in every form (plain.ts `postingDateProblem`). The server checks it is not in the
 * future and not before the row's document date (docs/spec/product-spec.md section 5).
 */
export const postingDateField = z
  .string({ error: 'The posting date is required.' })
  .trim()
  .min(1, 'The posting date is required.')
  .regex(POSTING_DATE_PATTERN, 'The posting date must look like yyyy-MM-dd or yyyy-MM-dd HH:mm:ss.')
  .superRefine((value, ctx) => {
    const problem = postingDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const id = z
  .number({ error: 'A record id is required.' })
  .int()
  .positive()
  .max(MAX_DATABASE_ID, 'There is no record with this id.');
const ledger = (error: string) =>
  z.number({ error }).int().positive().max(MAX_DATABASE_ID, 'There is no ledger account with this id.');
const text = (label: string) =>
  z
    .string({ error: `The ${label} is required.` })
    .trim()
    .min(1, `The ${label} is required.`)
    .max(100);
/** numeric(14,3), as records-schema.ts stores it. */
export const quantityField = decimalField('collected quantity', QUANTITY_RULE);
const postSap = <T extends z.ZodType>(entry: T) =>
  z.object({
    postSap: z
      .array(entry)
      .min(1, 'Select at least one row to post.')
      .max(500, 'Post at most 500 rows at a time.'),
  });

export const postSalesInvoicesBody = postSap(z.object({ saleInvoice: id, postingDate: postingDateField }));
export const postFirstJournalBody = postSap(
  z.object({
    transporterInvoice: id,
    postingDate: postingDateField,
    supplierInvoiceNumber: text('supplier invoice number'),
    /**
     * Issue 11: the user confirmed posting a supplier invoice number already used for the same transporter
     * (the row's "Post anyway"); without it such a row is refused.
     */
    allowDuplicateSupplierInvoice: z.boolean({ error: 'Post anyway must be true or false.' }).optional(),
  }),
);
export const postSecondJournalBody = postSap(
  z.object({ transporterInvoice: id, postingDate: postingDateField }),
);
export const postCashAdvancesBody = postSap(
  z.object({
    cashAdvanceId: id,
    sapAccount: ledger('The posting ledger is required.'),
    postingDate: postingDateField,
  }),
);
export const postFuelAdvancesBody = postSap(
  z.object({
    fuelAdvanceId: id,
    sapAccount: ledger('The posting ledger is required.'),
    collectedQuantity: quantityField,
    postingDate: postingDateField,
    orderNumber: text('pickup order number'),
  }),
);
export const postVasTransactionsBody = postSap(
  z.object({
    vasTransactionId: id,
    sapAccountRevenue: ledger('The revenue account is required.'),
    sapAccountCost: ledger('The cost account is required.'),
    collectedQuantity: quantityField,
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
  posted: z.array(
    z.object({
      id: z.number().int(),
      sapDocEntry: z.number().int().nullable(),
      sapDocNum: z.number().int().nullable(),
    }),
  ),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
  queued: z.array(z.object({ id: z.number().int() })).optional(),
});
export type PostResult = z.infer<typeof postResult>;

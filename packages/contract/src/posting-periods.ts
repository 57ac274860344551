import { z } from 'zod';
import { idText, isoDay, listOf } from './common.js';
import { POSTING_PERIOD_STATUSES } from './posting-periods-plain.js';

/**
 * `GET /api/v1/posting-periods?refresh=1` (any signed-in user): SAP's finance periods
 * (`CompanyService_GetFinancePeriods`), kept for 5 minutes; `refresh=1` reads SAP again. 503 `{message}` when
 * SAP cannot be reached and nothing is kept.
 */
export const postingPeriodsQuery = z.object({ refresh: z.enum(['0', '1']).optional() });
export const postingPeriod = z.object({
  code: z.string(),
  name: z.string(),
  from: isoDay,
  to: isoDay,
  status: z.enum(POSTING_PERIOD_STATUSES),
});
export const postingPeriodsAnswer = listOf(postingPeriod);
export type PostingPeriodsAnswer = z.infer<typeof postingPeriodsAnswer>;

/**
 * `GET /api/v1/firstJournalTransporterInvoice/supplier-invoice-check?transporterInvoice=12&number=SINV-9`
 * (View Transporter Invoices): the other invoices of the same transporter whose first journal carries this
 * supplier invoice number (trimmed, any case) and is posted or on its way; the first-journal tab flags the row.
 */
export const supplierInvoiceCheckQuery = z.object({
  transporterInvoice: idText(),
  number: z.string().trim().min(1, 'The supplier invoice number is required.').max(100),
});
export const supplierInvoiceCheckAnswer = z.object({
  data: z.object({
    usedOn: z.array(z.object({ tripNumber: z.string(), postedAt: z.string().nullable() })),
  }),
});
export type SupplierInvoiceCheckAnswer = z.infer<typeof supplierInvoiceCheckAnswer>;

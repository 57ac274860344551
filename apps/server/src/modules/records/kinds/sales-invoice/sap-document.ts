import type { SapPostingAccounts } from '../../../../config/sap-accounts.js';
import { centsToNumber, formatCents } from '../../../../erp/money.js';
import {
  amount,
  code,
  cut,
  day,
  fitted,
  SIZE,
  type DocumentCommon,
  type InvoicePayload,
  type SapDocumentRequest,
} from '../../../../erp/posting-rules.js';

export type SalesInvoiceInput = DocumentCommon & {
  customerCode: string;
  amount: string;
  /** The customer's reference (cargo or client reference), shown on the invoice as NumAtCard. */
  customerReference?: string | undefined;
  lineDescription?: string | undefined;
  /** SAP's VAT group of the line (issue 25); none: no VAT, the spec's invoice. */
  vatGroup?: string | undefined;
};

/** A/R service invoice: customer, one freight revenue line; key in Reference2. */
export function salesInvoiceDocument(
  input: SalesInvoiceInput,
  accounts: SapPostingAccounts,
): SapDocumentRequest {
  const cents = amount(input.amount, 'The amount');
  const key = fitted(input.key, SIZE.invoiceReference2, 'The posting key');
  const postingDate = day(input.postingDate, 'The posting date');
  const reference = cut(input.customerReference, SIZE.numAtCard);
  const comments = cut(input.memo, SIZE.comments);
  const journalMemo = cut(input.memo, SIZE.memo);
  const payload: InvoicePayload = {
    DocType: 'dDocument_Service',
    CardCode: code(input.customerCode, 'The customer code'),
    DocDate: postingDate,
    DocDueDate: postingDate,
    TaxDate: day(input.documentDate, 'The document date'),
    ...(reference ? { NumAtCard: reference } : {}),
    Reference2: key,
    ...(comments ? { Comments: comments } : {}),
    ...(journalMemo ? { JournalMemo: journalMemo } : {}),
    DocumentLines: [
      {
        ItemDescription: cut(input.lineDescription, SIZE.itemDescription) ?? 'Freight',
        AccountCode: code(accounts.freightRevenue, 'The freight revenue account'),
        LineTotal: centsToNumber(cents),
        ...(input.vatGroup ? { VatGroup: input.vatGroup } : {}),
      },
    ],
  };
  return { entity: 'Invoices', referenceField: 'Reference2', key, payload, debitTotal: formatCents(cents) };
}

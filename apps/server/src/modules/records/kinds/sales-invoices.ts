import type { PostSalesInvoicesBody } from '@ff/contract';
import type { PostingRules } from '../../../erp/posting-rules.js';
import type { KindRules, RowRequest } from '../../posting/posting.service.js';
import { amountProblem, documentDay, tripMemo } from './shared.js';

export const salesInvoiceRequests = (body: PostSalesInvoicesBody): RowRequest<object>[] =>
  body.postSap.map((e) => ({ id: e.saleInvoice, postingDate: e.postingDate, input: {} }));

/** Sales invoice -> A/R service invoice to the customer, freight revenue line. */
export const salesInvoiceRules = (rules: PostingRules, timeZone: string): KindRules<object> => ({
  check: (row) => amountProblem(row.amount, 'amount'),
  document: (row, request, key) =>
    rules.salesInvoice({
      key,
      postingDate: request.postingDay,
      documentDate: documentDay(row, timeZone),
      customerCode: String(row.customerCode),
      amount: String(row.amount),
      customerReference: (row.clientRef ?? row.cargoRef ?? undefined) as string | undefined,
      lineDescription: [`Freight ${String(row.route ?? '')}`.trim(), row.containerNumber ? `container ${String(row.containerNumber)}` : '']
        .filter(Boolean)
        .join(', '),
      memo: tripMemo(row),
    }),
});

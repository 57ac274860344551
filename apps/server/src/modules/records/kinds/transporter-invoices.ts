import type { PostFirstJournalBody, PostSecondJournalBody } from '@ff/contract';
import type { PostingRules } from '../../../erp/posting-rules.js';
import type { KindRules, RowRequest } from '../../posting/posting.service.js';
import { amountProblem, documentDay, tripMemo } from './shared.js';

type FirstInput = { supplierInvoiceNumber: string };

export const firstJournalRequests = (body: PostFirstJournalBody): RowRequest<FirstInput>[] =>
  body.postSap.map((e) => ({ id: e.transporterInvoice, postingDate: e.postingDate, input: { supplierInvoiceNumber: e.supplierInvoiceNumber } }));

export const secondJournalRequests = (body: PostSecondJournalBody): RowRequest<object>[] =>
  body.postSap.map((e) => ({ id: e.transporterInvoice, postingDate: e.postingDate, input: {} }));

/** First journal: accrue the transporter's cost; the supplier invoice number typed by the user is kept. */
export const firstJournalRules = (rules: PostingRules, timeZone: string): KindRules<FirstInput> => ({
  check: (row) => amountProblem(row.invoiceAmount, 'invoice amount'),
  storedInputs: (_row, request) => ({ supplierInvoiceNumber: request.input.supplierInvoiceNumber }),
  document: (row, request, key) =>
    rules.firstJournal({
      key,
      postingDate: request.postingDay,
      documentDate: documentDay(row, timeZone),
      amount: String(row.invoiceAmount),
      supplierInvoiceNumber: request.input.supplierInvoiceNumber,
      memo: tripMemo(row),
    }),
});

/** Second journal: move the accrual onto the transporter's account. */
export const secondJournalRules = (rules: PostingRules, timeZone: string): KindRules<object> => ({
  check: (row) => amountProblem(row.invoiceAmount, 'invoice amount'),
  document: (row, request, key) =>
    rules.secondJournal({
      key,
      postingDate: request.postingDay,
      documentDate: documentDay(row, timeZone),
      amount: String(row.invoiceAmount),
      transporterCode: String(row.transporterCode),
      supplierInvoiceNumber: (row.supplierInvoiceNumber ?? undefined) as string | undefined,
      memo: tripMemo(row),
    }),
});

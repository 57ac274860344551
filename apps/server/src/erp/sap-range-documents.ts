import { invoiceTotalsOf } from './document-totals.js';
import { assertIdentifier, odataString } from './odata.js';
import type { SapDocumentRef, SapRangeDocument } from './sap-gateway.js';

/**
 * SAP's documents as a reconciliation reads them (issue 11, modules/reconciliation): which fields, by date range
 * or by our keys, and each document in the gateway's words (`SapRangeDocument`).
 */

/** SAP's keys of a created or read document (JdtNum and Number of a journal entry, DocEntry and DocNum of an invoice). */
export const refOf = (entity: string, body: Record<string, unknown> | null): SapDocumentRef => {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  if (!body) return { docEntry: null, docNum: null };
  return entity === 'JournalEntries'
    ? { docEntry: num(body.JdtNum), docNum: num(body.Number) }
    : { docEntry: num(body.DocEntry), docNum: num(body.DocNum) };
};

export const RANGE_FIELDS = {
  JournalEntries: { date: 'ReferenceDate', select: 'JdtNum,Number,ReferenceDate,JournalEntryLines' },
  Invoices: {
    date: 'DocDate',
    select: 'DocEntry,DocNum,DocDate,DocTotal,DocCurrency,DocTotalFc,VatSum,VatSumFc,CancelStatus,CardCode',
  },
} as const;

/** `startswith(Reference3,'FF-') and ReferenceDate ge '2026-01-01' and ReferenceDate le '2026-01-31'`. */
export function rangeQuery(
  entity: keyof typeof RANGE_FIELDS,
  referenceField: string,
  range: { fromDate: string; toDate: string; prefixes: readonly string[] },
) {
  const { date, select } = RANGE_FIELDS[entity];
  const field = assertIdentifier(referenceField, 'Property');
  const prefixes = range.prefixes.map((p) => `startswith(${field},${odataString(p)})`).join(' or ');
  return {
    $filter: `(${prefixes}) and ${date} ge ${odataString(range.fromDate)} and ${date} le ${odataString(range.toDate)}`,
    $select: `${select},${field}`,
    $orderby: `${entity === 'JournalEntries' ? 'JdtNum' : 'DocEntry'} asc`,
  };
}

/** `Reference3 eq 'FF-CA-6' or Reference3 eq 'FF-CA-7'`: the documents carrying exactly these keys, any date. */
export function keysQuery(
  entity: keyof typeof RANGE_FIELDS,
  referenceField: string,
  keys: readonly string[],
) {
  const field = assertIdentifier(referenceField, 'Property');
  return {
    $filter: keys.map((key) => `${field} eq ${odataString(key)}`).join(' or '),
    $select: `${RANGE_FIELDS[entity].select},${field}`,
    $orderby: `${entity === 'JournalEntries' ? 'JdtNum' : 'DocEntry'} asc`,
  };
}

const money = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0)) || 0;

export function rangeDocument(
  entity: keyof typeof RANGE_FIELDS,
  referenceField: string,
  row: Record<string, unknown>,
): SapRangeDocument {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const day = text(row[RANGE_FIELDS[entity].date]);
  const ref = refOf(entity, row);
  return {
    ...ref,
    reference: text(row[referenceField]) ?? '',
    date: day ? day.slice(0, 10) : null,
    lines: (Array.isArray(row.JournalEntryLines)
      ? (row.JournalEntryLines as Record<string, unknown>[])
      : []
    ).map((line) => ({
      account: String(line.ShortName ?? line.AccountCode ?? ''),
      debit: money(line.Debit),
      credit: money(line.Credit),
      fcDebit: money(line.FCDebit),
    })),
    total: entity === 'Invoices' ? money(row.DocTotal) : null,
    totalFc: entity === 'Invoices' ? money(row.DocTotalFc) : null,
    vat: entity === 'Invoices' ? money(row.VatSum) : null,
    vatFc: entity === 'Invoices' ? money(row.VatSumFc) : null,
    ...(entity === 'Invoices' ? { invoiceTotals: invoiceTotalsOf(row) } : {}),
    cancelStatus: entity === 'Invoices' ? text(row.CancelStatus) : null,
    party: entity === 'Invoices' ? text(row.CardCode) : null,
  };
}

import type { SapRangeDocument } from '../../erp/sap-gateway.js';

/**
 * Money in a reconciliation is compared in whole cents (integers): our amounts arrive as decimal strings, SAP's
 * as JSON numbers, which are rounded to the cent once, here.
 */
export const centsOfNumber = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : 0;

/** `'15000.5'` -> 1500050; null when it is not a decimal. */
export function centsOfDecimal(value: string | null | undefined): number | null {
  const match = value == null ? null : /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(value.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 1500050 -> `'15000.50'`. */
export function decimalOfCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 3090000 -> `'30,900.00'`: an amount as a sentence shows it. */
export function groupedDecimalOfCents(cents: number): string {
  const [whole, fraction] = decimalOfCents(cents).split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

type Payload = Record<string, unknown>;
/**
 * How a posting's amount is compared: what we sent (`sent`), in its foreign currency (`foreign`), or, for a
 * posting whose sent document was not stored, the record's amount field (`record`).
 */
export type Measure = 'sent' | 'record' | 'foreign';
const listOf = (value: unknown): Payload[] => (Array.isArray(value) ? (value as Payload[]) : []);

/**
 * What a document we sent stands for: a journal entry's total debit, an invoice's DocTotal (or the sum of its
 * lines: LineTotal, else Quantity x Price), with its posting date (ReferenceDate / DocDate).
 */
export function sentAmountAndDate(
  entity: string,
  payload: Payload,
): { cents: number | null; date: string | null; foreign?: true; currency?: string } {
  const day = (v: unknown) => (typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null);
  const foreign = sentInForeignCurrency(entity, payload);
  if (foreign) return { ...foreign, date: day(payload.ReferenceDate ?? payload.DocDate) };
  if (entity === 'JournalEntries') {
    const lines = listOf(payload.JournalEntryLines);
    return {
      cents: lines.length ? lines.reduce((sum, line) => sum + centsOfNumber(line.Debit), 0) : null,
      date: day(payload.ReferenceDate),
    };
  }
  const lines = listOf(payload.DocumentLines);
  const lineCents = (line: Payload) =>
    typeof line.LineTotal === 'number'
      ? centsOfNumber(line.LineTotal)
      : centsOfNumber(Number(line.Quantity ?? 1) * Number(line.Price ?? line.UnitPrice ?? 0));
  const cents =
    typeof payload.DocTotal === 'number'
      ? centsOfNumber(payload.DocTotal)
      : lines.length
        ? lines.reduce((sum, line) => sum + lineCents(line), 0)
        : null;
  return { cents, date: day(payload.DocDate) };
}

/**
 * A document we sent in a foreign currency (issue 25, erp/foreign-currency.ts) stands for its foreign-currency
 * amount: a journal's FCDebit total, an invoice's RowTotalFC total. SAP's local amounts follow from its rate.
 */
function sentInForeignCurrency(
  entity: string,
  payload: Payload,
): { cents: number; foreign: true; currency: string } | null {
  if (entity === 'JournalEntries') {
    const lines = listOf(payload.JournalEntryLines);
    const currency = lines.find((line) => typeof line.FCCurrency === 'string')?.FCCurrency as
      string | undefined;
    if (!currency) return null;
    return {
      cents: lines.reduce((sum, line) => sum + centsOfNumber(line.FCDebit), 0),
      foreign: true,
      currency,
    };
  }
  if (typeof payload.DocCurrency !== 'string') return null;
  const lines = listOf(payload.DocumentLines);
  return {
    cents: lines.reduce((sum, line) => sum + centsOfNumber(line.RowTotalFC), 0),
    foreign: true,
    currency: payload.DocCurrency,
  };
}

/**
 * What a SAP document stands for: in the foreign currency it was sent in (`measure: 'foreign'`), an invoice's
 * net DocTotalFc (less VatSumFc) or a journal's FCDebit total; else an invoice's net DocTotal (less VatSum), a
 * journal entry's total debit, or, to compare with a record's amount field (`measure: 'record'`, for postings whose sent document was not stored), its first line's
 * debit: our journals debit the record's amount first (a VAS journal's selling total, then its buying total).
 */
export function sapCents(document: SapRangeDocument, measure: Measure = 'sent'): number {
  // An invoice stands for its net: what we send is its lines, and SAP adds the VAT of their VAT group.
  if (document.total !== null)
    return measure === 'foreign'
      ? centsOfNumber(document.totalFc ?? 0) - centsOfNumber(document.vatFc ?? 0)
      : centsOfNumber(document.total) - centsOfNumber(document.vat ?? 0);
  if (measure === 'foreign')
    return document.lines.reduce((sum, line) => sum + centsOfNumber(line.fcDebit ?? 0), 0);
  return measure === 'record'
    ? centsOfNumber(document.lines[0]?.debit ?? 0)
    : document.lines.reduce((sum, line) => sum + centsOfNumber(line.debit), 0);
}

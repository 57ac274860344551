import type { ReconciliationDifference } from '@ff/contract';
import { centsOfDecimal, groupedDecimalOfCents } from './amounts.js';
import type { Measure } from './amounts.js';

/**
 * When SAP's document may be adopted for a record (issue 21, item 5), pure: adopting tells everyone the record
 * is posted with that document, so the document must stand for the record. A document someone typed into SAP
 * under our key for another amount would otherwise show as the record's posting, and every later run would
 * call it matched.
 */

/** What a posting of the record stands for, as it stands now (reconciliation-postings.repository.ts). */
export type AdoptionBasis = {
  /** In cents: what this posting generation's attempt sent, else the record's amount; null when it has none. */
  cents: number | null;
  /** `sent`: compare with the whole document SAP holds; `record`: with its first debit (see amounts.ts sapCents). */
  measure: Measure;
  /** The foreign currency `cents` is in (measure `foreign`, issue 25); absent: the local currency. */
  currency?: string;
  /** The posting date this generation's attempt chose; null when none was chosen yet. */
  postingDate: string | null;
  /** The record's document date in APP_TIMEZONE: no posting of it may be dated earlier (lib/posting-date.ts). */
  documentDay: string;
};

/** SAP's document as compared: its amount in the basis's measure, and its posting date. */
export type SapSide = { cents: number; date: string | null };

/**
 * True when the document stands for the record: the same amount, and the posting date the record's attempt
 * chose (or, when none was chosen, a day on or after its document date, as a posting of it would have).
 */
export function standsFor(basis: AdoptionBasis, sap: SapSide): boolean {
  if (basis.cents === null || basis.cents !== sap.cents || sap.date === null) return false;
  return basis.postingDate !== null ? sap.date === basis.postingDate : sap.date >= basis.documentDay;
}

const amountText = (cents: number | null, currency = '') =>
  cents === null ? 'without an amount' : `${currency}${groupedDecimalOfCents(cents)}`;

/**
 * "<SAP's document> is for 100.00 and dated 2026-11-20; <the record> is 30,900.00 with document date 2026-11-25:
 * check it in SAP before adopting": both amounts, and both dates when they are not the same day.
 */
export function mismatchSentence(
  basis: AdoptionBasis,
  sap: SapSide,
  subjects: { sap: string; record: string },
): string {
  const recordDay = basis.postingDate ?? basis.documentDay;
  const dated = sap.date !== recordDay;
  const sapDate = dated ? ` and dated ${sap.date ?? 'with no date'}` : '';
  const recordDate = !dated
    ? ''
    : basis.postingDate !== null
      ? ` dated ${basis.postingDate}`
      : ` with document date ${basis.documentDay}`;
  const code = basis.measure === 'foreign' && basis.currency ? `${basis.currency} ` : '';
  return `${subjects.sap} is for ${amountText(sap.cents, code)}${sapDate}; ${subjects.record} is ${amountText(basis.cents, code)}${recordDate}: check it in SAP before adopting`;
}

/** The basis the run compared is still the record's (else its stored SAP amount may be in another measure). */
export const sameAsRun = (basis: AdoptionBasis, ours: ReconciliationDifference['ours']) =>
  ours !== null && centsOfDecimal(ours.amount) === basis.cents && ours.postingDate === basis.postingDate;

import { formatDay } from '../../../lib/time.js';
import { MoneyError, parseScaled, toCents } from '../../../erp/money.js';

/** The document day of a record in the application's time zone ('yyyy-MM-dd'), SAP's TaxDate. */
export const documentDay = (row: Record<string, unknown>, timeZone: string) =>
  formatDay(row.documentDate as Date, timeZone);

/** A sentence when a stored amount cannot be posted (missing or zero: SAP refuses zero lines). */
export function amountProblem(value: unknown, what: string): string | null {
  if (value === null || value === undefined || value === '') return `it has no ${what}; it cannot be posted until the source system sends one.`;
  try {
    if (toCents(String(value), what) <= 0n) return `its ${what} is zero; SAP does not accept a zero amount.`;
  } catch (error) {
    if (error instanceof MoneyError) return error.message;
    throw error;
  }
  return null;
}

/** Quantities compare exactly at SAP's 6 decimals. */
export const quantityOf = (value: string) => parseScaled(value, 6, 'Quantity');

export const tripMemo = (row: Record<string, unknown>) => `Trip ${String(row.tripNumber ?? '')}`.trim();

import { MoneyError, parseScaled, toCents } from '../../../../erp/money.js';
import type { DocumentCommon } from '../../../../erp/posting-rules.js';
import type { PostingRequest } from './kind-rules.js';
import { formatDay } from '../../../../lib/time.js';

/** The document day of a record in the application's time zone ('yyyy-MM-dd'), SAP's TaxDate. */
const documentDay = (row: { documentDate: Date }, timeZone: string) => formatDay(row.documentDate, timeZone);

/** A sentence when a stored amount cannot be posted (missing or zero: SAP refuses zero lines). */
export function amountProblem(value: string | null, what: string): string | null {
  if (value === null || value === '')
    return `it has no ${what}; it cannot be posted until the source system sends one.`;
  try {
    if (toCents(value, what) <= 0n) return `its ${what} is zero; SAP does not accept a zero amount.`;
  } catch (error) {
    if (error instanceof MoneyError) return error.message;
    throw error;
  }
  return null;
}

/** Quantities compare exactly at SAP's 6 decimals. */
export const quantityOf = (value: string) => parseScaled(value, 6, 'Quantity');

/**
 * A sentence when the collected quantity is negative, zero (SAP refuses a zero amount: issue 12, defect 4;
 * the sentence names the trip) or more than the row's original quantity.
 */
export function collectedQuantityProblem(
  collectedQuantity: string,
  row: { originQuantity: string; tripNumber: string | null },
): string | null {
  const { originQuantity } = row;
  const collected = quantityOf(collectedQuantity);
  if (collected < 0n) return 'the collected quantity cannot be negative.';
  if (collected === 0n) {
    const trip = row.tripNumber ? ` of trip ${row.tripNumber}` : '';
    return `the collected quantity${trip} is 0; SAP does not accept a zero amount. Enter the quantity collected.`;
  }
  if (collected > quantityOf(originQuantity)) {
    return `the collected quantity ${collectedQuantity} is more than the original quantity ${originQuantity}.`;
  }
  return null;
}

const tripMemo = (row: { tripNumber: string | null }) => `Trip ${row.tripNumber ?? ''}`.trim();

/** What every kind's SAP document starts from: the key, the posting and document days, the trip memo. */
export const documentCommon = (
  row: { documentDate: Date; tripNumber: string | null },
  request: Pick<PostingRequest, 'postingDay'>,
  key: string,
  timeZone: string,
): DocumentCommon => ({
  key,
  postingDate: request.postingDay,
  documentDate: documentDay(row, timeZone),
  memo: tripMemo(row),
});

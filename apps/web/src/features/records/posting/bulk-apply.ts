import { clampPostingDate, isPostingDateValid } from './posting-date';
import type { BulkValues } from './posting-kind';

/**
 * The draft change the 'Apply to rows' values make on a row of the shared inputs: the posting date (only
 * when it lies between the row's document date and now), the ledger, the original quantity and the
 * pickup order number. A screen with more (VAS's revenue and cost accounts) adds its own on top.
 */
export function sharedBulkPatch(
  row: { documentDate: string; originQuantity?: string },
  values: BulkValues,
  now: Date = new Date(),
): Record<string, unknown> | null {
  const patch: Record<string, unknown> = {};
  if (values.postingDate) {
    const date = clampPostingDate(values.postingDate, null, now);
    if (!isPostingDateValid(date, row.documentDate, now)) return null;
    patch.postingDate = date;
  }
  if (values.ledgerId !== undefined) patch.ledgerId = values.ledgerId;
  if (values.originalQuantity && row.originQuantity !== undefined)
    patch.collectedQuantity = row.originQuantity;
  if (values.pickupOrderNo !== undefined) patch.pickupOrderNo = values.pickupOrderNo;
  return patch;
}

import type { PostBodyOf, RecordRowOf } from '@ff/contract';
import { isPostableQuantity, isValidQuantity, multiplyDecimal } from '@/features/records/posting/decimal';
import { draftColumn } from '@/features/records/posting/draft-column';
import { ledgerColumn } from '@/features/records/posting/account-select';
import { ofTrip, pickupOrderColumn, postingDateColumn } from '@/features/records/posting/draft-columns';
import { collectedQuantityColumn } from '@/features/records/posting/quantity-input';
import type { LedgerChoice } from '@/features/records/posting/ledger-accounts';
import {
  amountColumn,
  longTextColumn,
  textColumn,
  valueColumn,
} from '@/features/records/posting/posting-columns';
import { toPostingDateValue } from '@/features/records/posting/posting-date';
import { sharedBulkPatch } from '@/features/records/posting/bulk-apply';
import { postingKind, type SelectedRow } from '@/features/records/posting/posting-kind';
import { formatMoney } from '@/lib/format';
import { advanceTripColumns } from '../advance-columns';
import type { NotReady } from '@/features/records/posting/not-ready';
import {
  advanceNotReady,
  advanceScreen,
  initialAdvanceDraft,
  isAdvanceDraftReady,
  type AdvanceDraft,
  type AdvanceReadiness,
} from '../advance-screen';

type Row = RecordRowOf<'fuelAdvance'>;

/** What the user enters per fuel advance before posting it: the advance's choices, quantity and order. */
export type FuelAdvanceDraft = AdvanceDraft & {
  /** Decimal text as typed ('' when empty): at most the original quantity, up to 3 decimals. */
  collectedQuantity: string;
  /** The pickup order number the user types (sent as `orderNumber`). */
  pickupOrderNo: string;
};

/** Posting date now; what a failed row was last posted with, else empty inputs. */
export function initialFuelAdvanceDraft(row: Row, now: Date = new Date()): FuelAdvanceDraft {
  return {
    ...initialAdvanceDraft(row, now),
    collectedQuantity: row.collectedQuantity ?? '',
    pickupOrderNo: row.pickupOrderNo ?? '',
  };
}

/** Whether the typed quantity may be posted: not negative, up to 3 decimals, at most the original quantity. */
export const isCollectedQuantityValid = (row: Row, quantity: string) =>
  isValidQuantity(quantity, row.originQuantity);

/** Collected quantity x unit price, exact to the cent (half-up); null while the quantity is empty or invalid. */
export function fuelAdvanceTotal(
  row: Row,
  draft: Pick<FuelAdvanceDraft, 'collectedQuantity'>,
): string | null {
  if (!isCollectedQuantityValid(row, draft.collectedQuantity)) return null;
  return multiplyDecimal(draft.collectedQuantity.trim(), row.unitPrice);
}

/** docs/spec/product-spec.md section 5: ledger (one of the loaded petty-cash accounts), collected quantity, pickup order number, posting date. */
export const isFuelAdvanceReady: AdvanceReadiness<Row, FuelAdvanceDraft> = (row, draft, ledgerIds, now) =>
  isAdvanceDraftReady(row, draft, ledgerIds, now) &&
  isPostableQuantity(draft.collectedQuantity, row.originQuantity) &&
  draft.pickupOrderNo.trim() !== '';

/** Why a fuel advance row cannot be selected yet: its ledger, posting date, collected quantity, pickup order number. */
export function fuelAdvanceNotReady(
  row: Row,
  draft: FuelAdvanceDraft,
  ledgerIds: ReadonlySet<number>,
): NotReady | null {
  const advance = advanceNotReady(row, draft, ledgerIds);
  if (advance) return advance;
  if (!isPostableQuantity(draft.collectedQuantity, row.originQuantity))
    return {
      hint: 'Enter a collected quantity (at most the original quantity) first',
      reason: 'no collected quantity',
    };
  if (draft.pickupOrderNo.trim() === '')
    return { hint: 'Enter a pickup order number first', reason: 'no pickup order number' };
  return null;
}

/** The post body for the selected rows; the server recomputes the totals itself. */
export function toFuelAdvancesBody(
  selected: SelectedRow<Row, FuelAdvanceDraft>[],
): PostBodyOf<'fuelAdvance'> {
  return {
    postSap: selected.map(({ row, draft }) => ({
      fuelAdvanceId: row.id,
      sapAccount: draft.ledgerId!,
      collectedQuantity: draft.collectedQuantity.trim(),
      postingDate: toPostingDateValue(draft.postingDate!),
      orderNumber: draft.pickupOrderNo.trim(),
    })),
  };
}

/**
 * Fuel Advance: every column of the screen in the spec's order (the first Pickup Order No is the record's
 * order number, the second the one the user types). The total follows the collected quantity as it is typed.
 */
export default postingKind<'fuelAdvance', FuelAdvanceDraft, LedgerChoice>({
  name: 'fuelAdvance',
  ...advanceScreen,
  tableLabel: 'Fuel advances',
  // The trip stays in view on the left, the posting date and total on the right (issue 12).
  pinning: { left: ['tripNumber'], right: ['postingDate', 'unitPrice', 'totalAmount'] },
  amountOf: (row, draft) => fuelAdvanceTotal(row, draft),
  bulk: {
    fields: ['postingDate', 'ledger', 'collectedQuantity', 'pickupOrderNo'],
    options: ({ ledgerOptions }) => ({ ledger: ledgerOptions }),
    apply: (row, values) => sharedBulkPatch(row, values) as Partial<FuelAdvanceDraft> | null,
  },
  columns: [
    ...advanceTripColumns<Row>(),
    textColumn<Row>('orderNumber', 'Pickup Order No'),
    textColumn<Row>('warehouse', 'Warehouse'),
    longTextColumn<Row>('description', 'VAS Product Details'),
    valueColumn<Row>('originQuantity', 'Quantity'),
    pickupOrderColumn<Row, FuelAdvanceDraft>(ofTrip),
    ledgerColumn<Row, FuelAdvanceDraft>(ofTrip),
    collectedQuantityColumn<Row, FuelAdvanceDraft>(ofTrip),
    postingDateColumn<Row, FuelAdvanceDraft>(ofTrip),
    amountColumn<Row>('unitPrice', 'Unit Price'),
    draftColumn<Row, FuelAdvanceDraft>({
      id: 'totalAmount',
      header: 'Total Amount',
      exportType: 'amount',
      exportValue: (row, draft) => fuelAdvanceTotal(row, draft),
      render: (row, draft) => formatMoney(fuelAdvanceTotal(row, draft), row.currency),
    }),
  ],
  initialDraft: (row) => initialFuelAdvanceDraft(row),
  isReady: (row, draft, { ledgerIds }) => isFuelAdvanceReady(row, draft, ledgerIds),
  notReady: (row, draft, { ledgerIds }) => fuelAdvanceNotReady(row, draft, ledgerIds),
  toBody: toFuelAdvancesBody,
});

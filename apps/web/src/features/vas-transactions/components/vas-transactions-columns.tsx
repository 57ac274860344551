import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { VasTransactionRow } from '@ff/contract';
import { editableColumn, postingStatusColumn } from '@/components/posting/posting-columns';
import { formatAmount, textOrNotAvailable } from '@/lib/format';
import { ProfitMarginHeader, ProfitMarginValue } from './profit-margin';
import { RowAccountSelect, RowPostingDate, RowQuantityInput, RowTextInput } from './row-inputs';
import { useVasDraftAccess } from './vas-draft-context';
import { vasFigures } from './vas-transaction-rows';

const column = createColumnHelper<VasTransactionRow>();
const text = { cell: (info: { getValue: () => string | null }) => textOrNotAvailable(info.getValue()) };
const amount = { cell: (info: { getValue: () => string | null }) => formatAmount(info.getValue()) };

/** Input labels name the order (trip IDs may be empty on VAS rows). */
const of = (row: VasTransactionRow) =>
  row.orderNumber ? `of order ${row.orderNumber}` : `of VAS transaction ${row.id}`;

type CellProps = { row: VasTransactionRow };

function PickupOrderNoCell({ row }: CellProps) {
  const { draftOf, onPickupOrderNoChange } = useVasDraftAccess();
  return (
    <RowTextInput
      rowId={row.id}
      aria-label={`Pickup order number ${of(row)}`}
      value={draftOf(row).pickupOrderNo}
      onChange={onPickupOrderNoChange}
    />
  );
}

function RevenueAccountCell({ row }: CellProps) {
  const { draftOf, revenueOptions, onRevenueChange } = useVasDraftAccess();
  return (
    <RowAccountSelect
      rowId={row.id}
      aria-label={`Revenue account ${of(row)}`}
      options={revenueOptions}
      value={draftOf(row).revenueId}
      onChange={onRevenueChange}
    />
  );
}

function CostAccountCell({ row }: CellProps) {
  const { draftOf, costOptionsFor, onCostChange } = useVasDraftAccess();
  const draft = draftOf(row);
  return (
    <RowAccountSelect
      rowId={row.id}
      aria-label={`Cost account ${of(row)}`}
      options={costOptionsFor(draft.revenueId)}
      value={draft.costId}
      onChange={onCostChange}
    />
  );
}

function CollectedQuantityCell({ row }: CellProps) {
  const { draftOf, onCollectedQuantityChange } = useVasDraftAccess();
  return (
    <RowQuantityInput
      rowId={row.id}
      aria-label={`Collected quantity ${of(row)}`}
      max={row.originQuantity}
      value={draftOf(row).collectedQuantity}
      onChange={onCollectedQuantityChange}
    />
  );
}

function PostingDateCell({ row }: CellProps) {
  const { draftOf, onPostingDateChange } = useVasDraftAccess();
  return (
    <RowPostingDate
      rowId={row.id}
      aria-label={`Posting date ${of(row)}`}
      documentDate={row.documentDate}
      value={draftOf(row).postingDate}
      onChange={onPostingDateChange}
    />
  );
}

function ProfitMarginCell({ row }: CellProps) {
  const { draftOf } = useVasDraftAccess();
  return <ProfitMarginValue figures={vasFigures(row, draftOf(row).collectedQuantity)} />;
}

/**
 * Every column of the screen, in the spec's order. The input cells read the drafts from VasDraftContext;
 * the columns themselves never change.
 */
export const vasTransactionsColumns: ColumnDef<VasTransactionRow, any>[] = [
  postingStatusColumn<VasTransactionRow>(),
  column.accessor('tripNumber', { header: 'Trip ID', ...text }),
  column.accessor('transporterName', { header: 'Transporter Name' }),
  column.accessor('truckNumber', { header: 'Truck Number', ...text }),
  column.accessor('orderNumber', { header: 'Order No', ...text }),
  column.accessor('supplierName', { header: 'Supplier' }),
  column.accessor('warehouse', { header: 'Warehouse', ...text }),
  column.accessor('description', { header: 'VAS Product Details', ...text }),
  column.accessor('originQuantity', { header: 'Quantity' }),
  editableColumn<VasTransactionRow>({
    id: 'pickupOrderNo',
    header: 'Pickup Order No',
    renderInput: (row) => <PickupOrderNoCell row={row} />,
  }),
  editableColumn<VasTransactionRow>({
    id: 'revenueAccount',
    header: 'Revenue Account',
    renderInput: (row) => <RevenueAccountCell row={row} />,
  }),
  editableColumn<VasTransactionRow>({
    id: 'costAccount',
    header: 'Cost Account',
    renderInput: (row) => <CostAccountCell row={row} />,
  }),
  editableColumn<VasTransactionRow>({
    id: 'collectedQuantity',
    header: 'Collected Quantity',
    renderInput: (row) => <CollectedQuantityCell row={row} />,
  }),
  editableColumn<VasTransactionRow>({
    id: 'postingDate',
    header: 'Posting Date',
    renderInput: (row) => <PostingDateCell row={row} />,
  }),
  column.accessor('buyingUnitPrice', { header: 'Unit Buying Price', ...amount }),
  column.accessor('sellingUnitPrice', { header: 'Unit Selling Price', ...amount }),
  // The header carries the formula in a tooltip (spec section 2).
  Object.assign(
    editableColumn<VasTransactionRow>({
      id: 'profitMargin',
      header: 'Profit Margin',
      renderInput: (row) => <ProfitMarginCell row={row} />,
    }),
    { header: ProfitMarginHeader },
  ),
];

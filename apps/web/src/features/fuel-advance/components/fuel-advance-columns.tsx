import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { FuelAdvanceRow } from '@ff/contract';
import { editableColumn, postingStatusColumn } from '@/components/posting/posting-columns';
import { formatAmount, textOrNotAvailable } from '@/lib/format';
import { fuelAdvanceTotal } from './fuel-advance-rows';
import { useFuelDraftAccess } from './fuel-draft-context';
import { RowAccountSelect, RowPostingDate, RowQuantityInput, RowTextInput } from './row-inputs';

const column = createColumnHelper<FuelAdvanceRow>();
const text = { cell: (info: { getValue: () => string | null }) => textOrNotAvailable(info.getValue()) };
const of = (row: FuelAdvanceRow) => `of trip ${row.tripNumber}`;

type CellProps = { row: FuelAdvanceRow };

function PickupOrderNoCell({ row }: CellProps) {
  const { draftOf, onPickupOrderNoChange } = useFuelDraftAccess();
  return (
    <RowTextInput
      rowId={row.id}
      aria-label={`Pickup order number ${of(row)}`}
      value={draftOf(row).pickupOrderNo}
      onChange={onPickupOrderNoChange}
    />
  );
}

function LedgerCell({ row }: CellProps) {
  const { draftOf, ledgerOptions, onLedgerChange } = useFuelDraftAccess();
  return (
    <RowAccountSelect
      rowId={row.id}
      aria-label={`Posting ledger ${of(row)}`}
      options={ledgerOptions}
      value={draftOf(row).ledgerId}
      onChange={onLedgerChange}
    />
  );
}

function CollectedQuantityCell({ row }: CellProps) {
  const { draftOf, onCollectedQuantityChange } = useFuelDraftAccess();
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
  const { draftOf, onPostingDateChange } = useFuelDraftAccess();
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

/** Follows the collected quantity as it is typed: quantity x unit price, exact to the cent. */
function TotalAmountCell({ row }: CellProps) {
  const { draftOf } = useFuelDraftAccess();
  return formatAmount(fuelAdvanceTotal(row, draftOf(row)));
}

/**
 * Every column of the screen, in the spec's order (the first Pickup Order No is the record's order number,
 * the second the one the user types). The input cells read the drafts from FuelDraftContext.
 */
export const fuelAdvanceColumns: ColumnDef<FuelAdvanceRow, any>[] = [
  postingStatusColumn<FuelAdvanceRow>(),
  column.accessor('tripNumber', { header: 'Trip ID' }),
  column.accessor('route', { header: 'Route', ...text }),
  column.accessor('transporterName', { header: 'Transporter Name' }),
  column.accessor('truckNumber', { header: 'Truck Number', ...text }),
  column.accessor('orderNumber', { header: 'Pickup Order No', ...text }),
  column.accessor('warehouse', { header: 'Warehouse', ...text }),
  column.accessor('description', { header: 'VAS Product Details', ...text }),
  column.accessor('originQuantity', { header: 'Quantity' }),
  editableColumn<FuelAdvanceRow>({
    id: 'pickupOrderNo',
    header: 'Pickup Order No',
    renderInput: (row) => <PickupOrderNoCell row={row} />,
  }),
  editableColumn<FuelAdvanceRow>({
    id: 'ledger',
    header: 'Posting Ledger',
    renderInput: (row) => <LedgerCell row={row} />,
  }),
  editableColumn<FuelAdvanceRow>({
    id: 'collectedQuantity',
    header: 'Collected Quantity',
    renderInput: (row) => <CollectedQuantityCell row={row} />,
  }),
  editableColumn<FuelAdvanceRow>({
    id: 'postingDate',
    header: 'Posting Date',
    renderInput: (row) => <PostingDateCell row={row} />,
  }),
  column.accessor('unitPrice', { header: 'Unit Price', cell: (info) => formatAmount(info.getValue()) }),
  editableColumn<FuelAdvanceRow>({
    id: 'totalAmount',
    header: 'Total Amount',
    renderInput: (row) => <TotalAmountCell row={row} />,
  }),
];

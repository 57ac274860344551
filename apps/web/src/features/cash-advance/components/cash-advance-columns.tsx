import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { CashAdvanceRow } from '@ff/contract';
import { editableColumn, postingStatusColumn } from '@/components/posting/posting-columns';
import { formatAmount, formatDateTime, textOrNotAvailable } from '@/lib/format';
import { useCashDraftAccess } from './cash-draft-context';
import { RowAccountSelect, RowPostingDate } from './row-inputs';

const column = createColumnHelper<CashAdvanceRow>();
const text = { cell: (info: { getValue: () => string | null }) => textOrNotAvailable(info.getValue()) };
const of = (row: CashAdvanceRow) => `of trip ${row.tripNumber}`;

type CellProps = { row: CashAdvanceRow };

function PostingDateCell({ row }: CellProps) {
  const { draftOf, onPostingDateChange } = useCashDraftAccess();
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

function LedgerCell({ row }: CellProps) {
  const { draftOf, ledgerOptions, onLedgerChange } = useCashDraftAccess();
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

/** Every column of the screen, in the spec's order; the input cells read the drafts from CashDraftContext. */
export const cashAdvanceColumns: ColumnDef<CashAdvanceRow, any>[] = [
  postingStatusColumn<CashAdvanceRow>(),
  column.accessor('tripNumber', { header: 'Trip ID' }),
  column.accessor('route', { header: 'Route', ...text }),
  column.accessor('transporterName', { header: 'Transporter Name' }),
  column.accessor('truckNumber', { header: 'Truck Number', ...text }),
  column.accessor('amount', { header: 'Total Amount', cell: (info) => formatAmount(info.getValue()) }),
  column.accessor('documentDate', {
    header: 'Document Date',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  editableColumn<CashAdvanceRow>({
    id: 'postingDate',
    header: 'Posting Date',
    renderInput: (row) => <PostingDateCell row={row} />,
  }),
  editableColumn<CashAdvanceRow>({
    id: 'ledger',
    header: 'Posting Ledger',
    renderInput: (row) => <LedgerCell row={row} />,
  }),
];

import { Anchor } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { PostingRow } from '@ff/contract';
import type { ExportColumn } from '@/lib/export/export-columns';
import { formatDate, formatDateTime, formatMoney, NOT_AVAILABLE } from '@/lib/format';
import { kindLabel, STATUS_LABELS } from '../lib/posting-labels';
import { PostingStatusBadge } from './posting-status-badge';

const column = createColumnHelper<PostingRow>();

/** The history's columns; the trip number opens the posting's drawer. Sorted by the server (newest first). */
export function postingHistoryColumns(open: (id: number) => void): ColumnDef<PostingRow, any>[] {
  return [
    column.accessor('tripNumber', {
      header: 'Trip Number',
      enableSorting: false,
      cell: (info) => (
        <Anchor component="button" type="button" onClick={() => open(info.row.original.id)}>
          {info.getValue() ?? `#${info.row.original.recordId}`}
        </Anchor>
      ),
    }),
    column.accessor('kind', {
      header: 'Kind',
      enableSorting: false,
      cell: (info) => kindLabel(info.getValue()),
    }),
    column.accessor('amount', {
      header: 'Amount',
      enableSorting: false,
      // In the posting's currency when it has one ('USD 2,500.01', issue 25).
      cell: (info) => formatMoney(info.getValue(), info.row.original.currency),
    }),
    column.accessor('postingDate', {
      header: 'Posting Date',
      enableSorting: false,
      cell: (info) => formatDate(info.getValue()),
    }),
    column.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: (info) => <PostingStatusBadge status={info.getValue()} />,
    }),
    column.accessor('sapDocNum', {
      header: 'SAP DocNum',
      enableSorting: false,
      cell: (info) => info.getValue() ?? NOT_AVAILABLE,
    }),
    column.accessor('postedBy', {
      header: 'Posted By',
      enableSorting: false,
      cell: (info) => info.getValue() ?? NOT_AVAILABLE,
    }),
    column.accessor('postedAt', {
      header: 'Posted At',
      enableSorting: false,
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('message', {
      header: 'Message',
      enableSorting: false,
      cell: (info) => info.getValue() ?? '',
    }),
  ];
}

/** The history's export (CSV or .xlsx): the columns shown, with the currency, keys and reversal beside them. */
export const postingHistoryExportColumns: ExportColumn<PostingRow>[] = [
  { header: 'Trip Number', value: (row) => row.tripNumber ?? `#${row.recordId}` },
  { header: 'Kind', value: (row) => kindLabel(row.kind) },
  { header: 'Amount', type: 'amount', value: (row) => row.amount },
  { header: 'Currency', value: (row) => row.currency },
  { header: 'Posting Date', type: 'date', value: (row) => row.postingDate },
  { header: 'Status', value: (row) => STATUS_LABELS[row.status] },
  { header: 'SAP DocEntry', type: 'number', value: (row) => row.sapDocEntry },
  { header: 'SAP DocNum', type: 'number', value: (row) => row.sapDocNum },
  { header: 'Idempotency Key', value: (row) => row.idempotencyKey },
  { header: 'Posted By', value: (row) => row.postedBy },
  { header: 'Posted At', type: 'datetime', value: (row) => row.postedAt },
  { header: 'Message', value: (row) => row.message },
  { header: 'Reversed By', value: (row) => row.reversedBy },
  { header: 'Reversed At', type: 'datetime', value: (row) => row.reversedAt },
];

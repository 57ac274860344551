import { Anchor } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { PostingRow } from '@ff/contract';
import { formatDate, formatDateTime, formatMoney, NOT_AVAILABLE } from '@/lib/format';
import { kindLabel } from '../lib/posting-labels';
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

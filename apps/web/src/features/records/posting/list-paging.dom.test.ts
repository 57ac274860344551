import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { isInDateRange, matchesSearch, serverSortableColumns, sortOf } from './list-paging';

type Row = { id: number; tripNumber: string; amount: string | null; clientRef: string | null };
const rowFields = ['id', 'tripNumber', 'amount', 'clientRef', 'status'];

describe('list paging', () => {
  it('sorts by the clicked column’s row field; the status column by the row’s status', () => {
    expect(sortOf([], rowFields)).toBeUndefined();
    expect(sortOf([{ id: 'amount', desc: true }], rowFields)).toEqual({ field: 'amount', desc: true });
    expect(sortOf([{ id: 'postingStatus', desc: false }], rowFields)).toEqual({
      field: 'status',
      desc: false,
    });
    expect(sortOf([{ id: 'profitMargin', desc: false }], rowFields)).toBeUndefined();
  });

  it('offers no sort button on a column the server cannot sort by', () => {
    const columns: ColumnDef<Row, any>[] = [
      { accessorKey: 'tripNumber', header: 'Trip' },
      { id: 'margin', header: 'Margin', accessorFn: (row) => row.amount },
      { id: 'postingDate', header: 'Posting Date', enableSorting: false },
    ];
    const sortable = serverSortableColumns(columns, rowFields);
    expect(sortable[0]).toBe(columns[0]);
    expect(sortable[1]?.enableSorting).toBe(false);
    expect(sortable[2]).toBe(columns[2]);
  });

  it('matches a search as the server does: a case-insensitive substring of a searched field', () => {
    const row: Row = { id: 9, tripNumber: 'TRP-2026-0042', amount: '176500.00', clientRef: null };
    const fields = ['tripNumber', 'amount', 'clientRef'];
    expect(matchesSearch(row, fields, 'trp-2026-004')).toBe(true);
    expect(matchesSearch(row, fields, ' 6500.0 ')).toBe(true);
    expect(matchesSearch(row, fields, '176,500')).toBe(false);
    // The id is not a searched field, and an empty search matches everything.
    expect(matchesSearch(row, fields, '9')).toBe(false);
    expect(matchesSearch(row, fields, '  ')).toBe(true);
  });

  it('keeps rows whose document day is within the date filter, both ends included', () => {
    const row = { documentDate: '2026-03-08 23:59:59' };
    expect(isInDateRange(row, {})).toBe(true);
    expect(isInDateRange(row, { fromDate: '2026-03-08', toDate: '2026-03-08' })).toBe(true);
    expect(isInDateRange(row, { fromDate: '2026-03-09' })).toBe(false);
    expect(isInDateRange(row, { toDate: '2026-03-07' })).toBe(false);
  });
});

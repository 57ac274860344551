import { useState } from 'react';
import { createColumnHelper, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { DataTable } from './data-table';

type Invoice = { id: number; client: string; amount: number };
const column = createColumnHelper<Invoice>();
const columns: ColumnDef<Invoice, any>[] = [
  column.accessor('client', { header: 'Client' }),
  column.accessor('amount', { header: 'Amount' }),
];
const rowId = (invoice: Invoice) => String(invoice.id);
/** The server's rows: 250 invoices, in id order. */
const ALL: Invoice[] = Array.from({ length: 250 }, (_, i) => ({
  id: i + 1,
  client: `Client ${i + 1}`,
  amount: ((i * 37) % 250) + 1,
}));

type Calls = { pages: number[]; sortings: SortingState[]; searches: string[] };

/**
 * A parent that owns the page, sorting and search as a posting list does, and plays the server: it sorts
 * and cuts `rows` itself (no search: that is the parent's business, recorded only).
 */
function ServerTable({ calls, rows = ALL, total }: { calls: Calls; rows?: Invoice[]; total?: number }) {
  const [pageIndex, setPageIndex] = useState(0);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  const sorted = sorting[0]
    ? [...rows].sort((a, b) => (a.amount - b.amount) * (sorting[0]!.desc ? -1 : 1) || a.id - b.id)
    : rows;
  const page = sorted.slice(pageIndex * 100, pageIndex * 100 + 100);
  return (
    <DataTable
      aria-label="Invoices"
      data={page}
      columns={columns}
      getRowId={rowId}
      pageSize={100}
      enableRowSelection={(invoice) => invoice.id % 10 !== 0}
      rowSelection={selection}
      onRowSelectionChange={setSelection}
      server={{
        total: total ?? rows.length,
        pageIndex,
        onPageIndexChange: (index) => {
          calls.pages.push(index);
          setPageIndex(index);
        },
        sorting,
        onSortingChange: (next) => {
          calls.sortings.push(next);
          setSorting(next);
        },
        search,
        onSearchChange: (value) => {
          calls.searches.push(value);
          setSearch(value);
        },
        // Every selected id counts, whichever page it is on.
        selectedCount: Object.values(selection).filter(Boolean).length,
      }}
    />
  );
}

const newCalls = (): Calls => ({ pages: [], sortings: [], searches: [] });
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const pageButton = (name: string) => screen.getByRole('button', { name });
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));

describe('DataTable in server mode', () => {
  it('shows the rows it is given and counts the total: counter and pager of ceil(total / 100) pages', async () => {
    const calls = newCalls();
    renderWithMantine(<ServerTable calls={calls} />);
    expect(screen.getByText('Showing 100 of 250 records')).toBeTruthy();
    expect(bodyRows()).toHaveLength(100);
    expect(firstCells()[0]).toBe('Client 1');
    expect(pageButton('3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
    expect(pageButton('1').getAttribute('data-active')).toBe('true');

    await click(pageButton('3'));
    expect(calls.pages).toEqual([2]);
    expect(screen.getByText('Showing 50 of 250 records')).toBeTruthy();
    expect(firstCells()[0]).toBe('Client 201');
    expect(pageButton('3').getAttribute('data-active')).toBe('true');

    await click(pageButton('previous page'));
    expect(calls.pages).toEqual([2, 1]);
    expect(firstCells()[0]).toBe('Client 101');
  });

  it('asks the parent to sort by a header: ascending, descending, then none, and shows the order it gets', async () => {
    const calls = newCalls();
    renderWithMantine(<ServerTable calls={calls} />);
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amount.getAttribute('aria-sort')).toBe('none');

    await click(within(amount).getByRole('button'));
    expect(calls.sortings).toEqual([[{ id: 'amount', desc: false }]]);
    expect(amount.getAttribute('aria-sort')).toBe('ascending');
    await click(within(amount).getByRole('button'));
    expect(calls.sortings[1]).toEqual([{ id: 'amount', desc: true }]);
    expect(amount.getAttribute('aria-sort')).toBe('descending');
    // The rows are the parent's: the largest amount first.
    expect(within(bodyRows()[0]!).getByText('250')).toBeTruthy();
    await click(within(amount).getByRole('button'));
    expect(calls.sortings[2]).toEqual([]);
    expect(amount.getAttribute('aria-sort')).toBe('none');
    expect(firstCells()[0]).toBe('Client 1');
  });

  it('hands every keystroke of the search box to the parent and leaves the rows to it', async () => {
    const calls = newCalls();
    renderWithMantine(<ServerTable calls={calls} />);
    const box = screen.getByRole('textbox', { name: 'Search records' });
    await act(async () => void fireEvent.change(box, { target: { value: 'Client 7' } }));
    expect(calls.searches).toEqual(['Client 7']);
    expect((box as HTMLInputElement).value).toBe('Client 7');
    // No search of its own: the page still holds the rows the parent gave.
    expect(screen.getByText('Showing 100 of 250 records')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Clear search' }));
    expect(calls.searches).toEqual(['Client 7', '']);
  });

  it('counts the parent’s selected rows against the total; the header box selects the page', async () => {
    const calls = newCalls();
    renderWithMantine(<ServerTable calls={calls} />);
    await click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    // 100 rows, every tenth refused.
    expect(screen.getByText('90 of 250 records selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select row 10' }) as HTMLInputElement).disabled).toBe(true);

    await click(pageButton('2'));
    expect((screen.getByRole('checkbox', { name: 'Select row 101' }) as HTMLInputElement).checked).toBe(
      false,
    );
    await click(screen.getByRole('checkbox', { name: 'Select row 101' }));
    // Page 1's rows stay selected while page 2 is shown.
    expect(screen.getByText('91 of 250 records selected')).toBeTruthy();
    await click(pageButton('1'));
    expect((screen.getByRole('checkbox', { name: 'Select row 1' }) as HTMLInputElement).checked).toBe(true);
  });

  it('moves back to the last page when the total shrinks below the page shown', async () => {
    const calls = newCalls();
    const { rerender } = renderWithMantine(<ServerTable calls={calls} />);
    await click(pageButton('3'));
    expect(calls.pages).toEqual([2]);
    await act(async () => rerender(<ServerTable calls={calls} rows={ALL.slice(0, 150)} />));
    expect(calls.pages).toEqual([2, 1]);
    expect(screen.getByText('Showing 50 of 150 records')).toBeTruthy();
    expect(pageButton('2').getAttribute('data-active')).toBe('true');
  });

  it('keeps the page index before the first answer (total null) and shows the empty state', async () => {
    const calls = newCalls();
    function Loading() {
      return (
        <DataTable
          data={[] as Invoice[]}
          columns={columns}
          getRowId={rowId}
          pageSize={100}
          server={{
            total: null,
            pageIndex: 2,
            onPageIndexChange: (index) => calls.pages.push(index),
            sorting: [],
            onSortingChange: () => undefined,
            search: '',
            onSearchChange: () => undefined,
            selectedCount: 0,
          }}
        />
      );
    }
    renderWithMantine(<Loading />);
    expect(screen.getByText('No records found!')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 records')).toBeTruthy();
    expect(calls.pages).toEqual([]);
  });
});

import { useState } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
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
const invoices: Invoice[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  client: i % 5 === 0 ? `Acme ${i + 1}` : `Client ${i + 1}`,
  amount: (i + 1) * 10,
}));
const rowId = (invoice: Invoice) => String(invoice.id);

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

function Selectable() {
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  return (
    <DataTable
      aria-label="Invoices"
      data={invoices}
      columns={columns}
      getRowId={rowId}
      enableRowSelection={(invoice) => invoice.id !== 2}
      rowSelection={selection}
      onRowSelectionChange={setSelection}
    />
  );
}

describe('DataTable', () => {
  it('pages, searches, sorts and counts', async () => {
    renderWithMantine(<DataTable aria-label="Invoices" data={invoices} columns={columns} getRowId={rowId} />);
    expect(screen.getByText('Showing 10 of 25 records')).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '3' }));
    });
    expect(screen.getByText('Showing 5 of 25 records')).toBeTruthy();

    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('Search...'), { target: { value: 'ACME' } });
    });
    expect(screen.getByText('Showing 5 of 5 records')).toBeTruthy();

    const amountHeader = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amountHeader.getAttribute('aria-sort')).toBe('none');
    await act(async () => {
      fireEvent.click(within(amountHeader).getByRole('button'));
    });
    expect(amountHeader.getAttribute('aria-sort')).toBe('ascending');
    await act(async () => {
      fireEvent.click(within(amountHeader).getByRole('button'));
    });
    expect(amountHeader.getAttribute('aria-sort')).toBe('descending');
    expect(within(bodyRows()[0]!).getByText('Acme 21')).toBeTruthy();

    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('Search...'), { target: { value: 'no such client' } });
    });
    expect(screen.getByText('No records found!')).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters or search criteria.')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 records')).toBeTruthy();
  });

  it('selects per row id, refuses rows the predicate rejects and keeps selection across search', async () => {
    renderWithMantine(<Selectable />);
    expect((screen.getByRole('checkbox', { name: 'Select row 2' }) as HTMLInputElement).disabled).toBe(true);

    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    });
    expect(screen.getByText('9 of 25 records selected')).toBeTruthy();

    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('Search...'), { target: { value: 'acme' } });
    });
    // Acme 1 and Acme 6 are on the first page and stay selected; 11, 16, 21 are not.
    expect(screen.getByText('2 of 5 records selected')).toBeTruthy();

    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('Search...'), { target: { value: '' } });
    });
    expect(screen.getByText('9 of 25 records selected')).toBeTruthy();
  });

  it('shows the Export button and toolbar only when asked', () => {
    renderWithMantine(
      <DataTable
        data={invoices}
        columns={columns}
        getRowId={rowId}
        enableExport
        toolbar={<button type="button">Post to SAP</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Post to SAP' })).toBeTruthy();
  });

  it('follows a controlled search, sort and page, and reports changes instead of making them', async () => {
    const changes: string[] = [];
    function Controlled() {
      const [pageIndex, setPageIndex] = useState(2);
      return (
        <DataTable
          aria-label="Invoices"
          data={invoices}
          columns={columns}
          getRowId={rowId}
          control={{
            search: '',
            onSearchChange: (search) => changes.push(`search ${search}`),
            sorting: [{ id: 'amount', desc: true }],
            onSortingChange: (sorting) => changes.push(`sort ${JSON.stringify(sorting)}`),
            pageIndex,
            onPageIndexChange: (index) => {
              changes.push(`page ${index}`);
              setPageIndex(index);
            },
          }}
        />
      );
    }
    renderWithMantine(<Controlled />);
    // Page 3 of the amounts in descending order: 50, 40, 30, 20, 10.
    expect(screen.getByText('Showing 5 of 25 records')).toBeTruthy();
    expect(within(bodyRows()[0]!).getByText('50')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('Search...'), { target: { value: 'acme' } });
    });
    await act(async () => {
      fireEvent.click(within(screen.getByRole('columnheader', { name: /Amount/ })).getByRole('button'));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '1' }));
    });
    expect(changes).toEqual(['search acme', 'sort []', 'page 0']);
    expect(screen.getByText('Showing 10 of 25 records')).toBeTruthy();
  });
});

import { useState } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { DataTable } from './data-table';

type Invoice = { id: number; client: string };
const column = createColumnHelper<Invoice>();
const columns: ColumnDef<Invoice, any>[] = [column.accessor('client', { header: 'Client' })];
const invoices: Invoice[] = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, client: `Client ${i + 1}` }));
const rowId = (invoice: Invoice) => String(invoice.id);

function Table({ selectable }: { selectable: (invoice: Invoice) => boolean }) {
  const [selection, setSelection] = useState<Record<string, boolean>>({});
  return (
    <DataTable
      aria-label="Invoices"
      data={invoices}
      columns={columns}
      getRowId={rowId}
      pageSize={100}
      enableRowSelection={selectable}
      rowSelection={selection}
      onRowSelectionChange={setSelection}
    />
  );
}

const header = () =>
  screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
const rowBox = (id: number) => screen.getByRole('checkbox', { name: `Select row ${id}` }) as HTMLInputElement;

async function click(element: HTMLElement, init?: MouseEventInit) {
  await act(async () => {
    fireEvent.click(element, init);
  });
}

describe('DataTable header checkbox', () => {
  it('is mixed, not checked, when 3 of the 100 rows on the page are selected', async () => {
    // Only three rows are ready to post; the header selects them.
    renderWithMantine(<Table selectable={(invoice) => invoice.id <= 3} />);
    await click(header());
    expect(screen.getByText('3 of 100 records selected')).toBeTruthy();
    expect(header().checked).toBe(false);
    expect(header().indeterminate).toBe(true);
    expect(header().getAttribute('aria-checked')).toBe('mixed');
    // A second click clears them.
    await click(header());
    expect(screen.queryByText(/records selected/)).toBeNull();
    expect(header().indeterminate).toBe(false);
  });

  it('is checked when every row on the page is selected, and mixed for some', async () => {
    renderWithMantine(<Table selectable={() => true} />);
    await click(rowBox(5));
    expect(header().checked).toBe(false);
    expect(header().getAttribute('aria-checked')).toBe('mixed');
    await click(header());
    expect(screen.getByText('100 of 100 records selected')).toBeTruthy();
    expect(header().checked).toBe(true);
    expect(header().getAttribute('aria-checked')).toBeNull();
  });
});

describe('DataTable shift-click', () => {
  it('selects, then clears, every selectable row between the last clicked and this one', async () => {
    renderWithMantine(<Table selectable={(invoice) => invoice.id !== 6} />);
    await click(rowBox(3));
    await click(rowBox(8), { shiftKey: true });
    // 3..8 without the refused row 6.
    expect(screen.getByText('5 of 100 records selected')).toBeTruthy();
    for (const id of [3, 4, 5, 7, 8]) expect(rowBox(id).checked).toBe(true);
    expect(rowBox(6).checked).toBe(false);
    expect(rowBox(9).checked).toBe(false);
    // Upwards from the last clicked row (8): unchecking 4 with Shift clears 4..8.
    await click(rowBox(4), { shiftKey: true });
    expect(screen.getByText('1 of 100 records selected')).toBeTruthy();
    expect(rowBox(3).checked).toBe(true);
  });
});

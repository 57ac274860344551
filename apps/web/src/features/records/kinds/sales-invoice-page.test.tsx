import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SalesInvoiceRow } from '@ff/contract';
import { PostingListPage } from '@/features/records/posting/posting-list-page';
import { pagedAnswer } from '@/features/records/posting/testing/paged-answer';
import { NOT_THE_LIST } from '@/features/records/posting/testing/list-calls';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import salesInvoice from './sales-invoice';

const SalesInvoicesPage = () => <PostingListPage kinds={[salesInvoice]} />;

const invoice = (id: number, overrides: Partial<SalesInvoiceRow> = {}): SalesInvoiceRow => ({
  id,
  clientName: `Client ${id}`,
  cargoRef: `CRG-${id}`,
  clientRef: null,
  tripNumber: `TRP-${id}`,
  containerNumber: 'MSCU1234565',
  containerSize: '40ft',
  containerWeight: '24,000 kg',
  truckNumber: 'KDA 123B',
  route: 'Mombasa - Nairobi',
  documentDate: '2025-03-05 14:07:00',
  postingDate: null,
  currency: null,
  vatGroup: null,
  amount: '1234567.5',
  status: 'unposted',
  lastError: null,
  ...overrides,
});

let restore = () => {};
afterEach(() => restore());

const postButton = () => screen.getByRole('button', { name: 'Post to SAP' }) as HTMLButtonElement;
const rowBox = (id: number) =>
  screen.getByRole('checkbox', { name: `Select trip TRP-${id}` }) as HTMLInputElement;

/** The list's own requests (testing/list-calls.ts names the others). */
const listCalls = <C extends { url: string }>(calls: C[]) =>
  calls.filter((call) => !NOT_THE_LIST.has(call.url));

describe('SalesInvoicesPage', { timeout: 30_000 }, () => {
  it('says on a row back after a reversal when, by whom and why it was reversed (issue 26, defect 8)', async () => {
    const rows = [invoice(1), invoice(2, { status: 'failed', lastError: 'SAP: period locked' })];
    const api = fakeApi(({ url, params }) =>
      url === '/postings/reversed'
        ? [
            200,
            {
              data: [1, 2].map((recordId) => ({
                recordId,
                postingId: 40 + recordId,
                reversedAt: '2026-11-28 14:03:09',
                reversedBy: 'Jane Clerk',
                reason: 'Wrong customer',
              })),
            },
          ]
        : pagedAnswer(rows, params),
    );
    restore = api.restore;
    renderPostingPage(<SalesInvoicesPage />);

    const table = await screen.findByRole('table', { name: 'Sales invoices' });
    const sentence = 'Reversed on 28 Nov 2026, 14:03 by Jane Clerk: Wrong customer';
    expect(await within(table).findAllByLabelText(sentence)).toHaveLength(2);
    // A row that failed after the reversal shows both.
    expect(within(table).getByLabelText('Failed: SAP: period locked')).toBeTruthy();
    expect(api.calls.find((c) => c.url === '/postings/reversed')?.params).toEqual({
      kind: 'journalSaleInvoice',
      recordIds: '1,2',
    });
  });

  it('lists the invoices with the spec columns, amounts and the failed badge', async () => {
    const rows = [
      invoice(1),
      invoice(2, { amount: null, status: 'failed', lastError: 'SAP: customer C-9 is inactive' }),
    ];
    restore = fakeApi(({ params }) => pagedAnswer(rows, params)).restore;
    renderPostingPage(<SalesInvoicesPage />);

    const table = await screen.findByRole('table', { name: 'Sales invoices' });
    for (const header of [
      'Client Name',
      'Cargo Ref',
      'Client Ref',
      'Trip Number',
      'Container Number',
      'Container Size',
      'Container Weight',
      'Truck Number',
      'Route',
      'Start Trip Date',
      'Posting Date',
      'Amount',
    ]) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeTruthy();
    }
    expect(await within(table).findByText('1,234,567.50')).toBeTruthy();
    expect(within(table).getAllByText('N/A').length).toBeGreaterThan(0);
    expect(within(table).getByLabelText('Failed: SAP: customer C-9 is inactive')).toBeTruthy();
    expect(screen.getByText('Invoices')).toBeTruthy();
    // Issue 12: the spec's hidden Excel Export button is a real one now.
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('shows a foreign-currency amount with its code and totals the selection per currency (issue 25)', async () => {
    const rows = [invoice(1), invoice(2, { currency: 'USD', amount: '2500' }), invoice(3)];
    restore = fakeApi(({ params }) => pagedAnswer(rows, params)).restore;
    renderPostingPage(<SalesInvoicesPage />);

    const table = await screen.findByRole('table', { name: 'Sales invoices' });
    expect(await within(table).findByText('USD 2,500.00')).toBeTruthy();
    // The local-currency rows show what they always have, and no column was added.
    expect(within(table).getAllByText('1,234,567.50')).toHaveLength(2);
    expect(within(table).queryByRole('columnheader', { name: /^Currency/ })).toBeNull();

    const summary = () => screen.getByTestId('selection-summary').textContent;
    await act(async () => fireEvent.click(rowBox(1)));
    await act(async () => fireEvent.click(rowBox(3)));
    expect(summary()).toBe('2 selected · Total 2,469,135.00');
    await act(async () => fireEvent.click(rowBox(2)));
    expect(summary()).toBe('3 selected · Total 2,469,135.00 · USD 2,500.00');
    await act(async () => fireEvent.click(rowBox(1)));
    await act(async () => fireEvent.click(rowBox(3)));
    expect(summary()).toBe('1 selected · Total USD 2,500.00');
  });

  it('posts the selected rows with their posting dates, toasts and reloads', async () => {
    let listed = [invoice(1), invoice(2)];
    const api = fakeApi(({ method, params }) => {
      if (method === 'get') return pagedAnswer(listed, params);
      listed = [invoice(2)];
      return [200, { message: 'ok', posted: [{ id: 1, sapDocEntry: 10, sapDocNum: 10 }], failed: [] }];
    });
    restore = api.restore;
    renderPostingPage(<SalesInvoicesPage />);

    await screen.findByText('Client 1');
    expect(postButton().disabled).toBe(true);
    await act(async () => fireEvent.click(rowBox(1)));
    expect(rowBox(1).checked).toBe(true);
    expect(postButton().disabled).toBe(false);
    await act(async () => fireEvent.click(postButton()));

    expect(await screen.findByText('Sales invoices posted successfully')).toBeTruthy();
    const body = api.calls.find((c) => c.method === 'post')?.body as {
      postSap: { saleInvoice: number; postingDate: string }[];
    };
    expect(body.postSap).toHaveLength(1);
    expect(body.postSap[0]?.saleInvoice).toBe(1);
    expect(body.postSap[0]?.postingDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    await waitFor(() => expect(screen.queryByText('Client 1')).toBeNull());
    expect(listCalls(api.calls).filter((c) => c.method === 'get')).toHaveLength(2);
    expect(postButton().disabled).toBe(true);
  });

  it("shows the server's message, else the fallback, when a post fails", async () => {
    let answer: [number, unknown] = [
      422,
      { message: '#1: SAP refused the customer.', posted: [], failed: [] },
    ];
    restore = fakeApi(({ method, params }) =>
      method === 'get' ? pagedAnswer([invoice(1)], params) : answer,
    ).restore;
    renderPostingPage(<SalesInvoicesPage />);

    await screen.findByText('Client 1');
    await act(async () => fireEvent.click(rowBox(1)));
    await act(async () => fireEvent.click(postButton()));
    expect(await screen.findByText('#1: SAP refused the customer.')).toBeTruthy();
    await waitFor(() => expect(rowBox(1).checked).toBe(false));

    answer = [500, {}];
    await act(async () => fireEvent.click(rowBox(1)));
    await act(async () => fireEvent.click(postButton()));
    expect(await screen.findByText('Failed to post selected sales invoices')).toBeTruthy();
  });

  it('deselects a row whose posting date is cleared and refuses it until a date is set', async () => {
    restore = fakeApi(({ params }) => pagedAnswer([invoice(1)], params)).restore;
    renderPostingPage(<SalesInvoicesPage />);

    await screen.findByText('Client 1');
    await act(async () => fireEvent.click(rowBox(1)));
    expect(rowBox(1).checked).toBe(true);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Clear posting date of trip TRP-1' })),
    );
    expect(rowBox(1).checked).toBe(false);
    expect(rowBox(1).disabled).toBe(true);
    expect(postButton().disabled).toBe(true);
  });

  it('loads the first page of 100 without dates and reloads when Filter is pressed again', async () => {
    const api = fakeApi(({ params }) => pagedAnswer([], params));
    restore = api.restore;
    renderPostingPage(<SalesInvoicesPage />);
    expect(await screen.findByText('No records found!')).toBeTruthy();
    expect(listCalls(api.calls)[0]?.params).toEqual({ page: '1', perPage: '100' });
    // Filter with unchanged dates reloads the list.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Filters' })));
    // The panel's date inputs are a lazy chunk: the Filter button shows once it has loaded.
    const filter = await screen.findByRole('button', { name: 'Filter' }, { timeout: 10_000 });
    await act(async () => fireEvent.click(filter));
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(2));
  });

  it('shows Access Denied on a 403 and Error otherwise', async () => {
    restore = fakeApi(() => [403, { message: 'This action is unauthorized.' }]).restore;
    const { unmount } = renderPostingPage(<SalesInvoicesPage />);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('This action is unauthorized.')).toBeTruthy();
    unmount();
    restore();
    restore = fakeApi(() => [500, {}]).restore;
    renderPostingPage(<SalesInvoicesPage />);
    const message = await screen.findByText('An unexpected error occurred.');
    expect(within(message.closest('[role="alert"]') as HTMLElement).getByText('Error')).toBeTruthy();
  });
});

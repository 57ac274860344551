import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FirstJournalRow, SecondJournalRow } from '@ff/contract';
import { PostingListPage, tabFromState as tabOf } from '@/features/records/posting/posting-list-page';
import { pagedAnswer } from '@/features/records/posting/testing/paged-answer';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import firstJournal from './kinds/first-journal';
import secondJournal from './kinds/second-journal';

const TransporterInvoicesPage = () => <PostingListPage kinds={[firstJournal, secondJournal]} />;
/** The transporter screen's tabs: first-je unless the navigation state names another. */
const tabFromState = (state: unknown) => tabOf(state, ['first-je', 'second-je']);

const firstJournalRow = (id: number, overrides: Partial<FirstJournalRow> = {}): FirstJournalRow => ({
  id,
  transporterName: `Transporter ${id}`,
  cargoReference: `CRG-${id}`,
  clientRef: `PO-${id}`,
  tripNumber: `TRP-${id}`,
  containerNumber: 'MSCU1234565',
  containerSize: '20ft',
  containerWeight: '18,000 kg',
  truckNumber: 'KDA 123B / ZE 1234',
  currency: null,
  routeDetails: 'Mombasa - Kampala',
  documentDate: '2025-03-05 14:07:00',
  postingDate: null,
  supplierInvoiceNumber: null,
  invoiceAmount: '180832',
  status: 'unposted',
  lastError: null,
  ...overrides,
});
const secondJournalRow = (id: number): SecondJournalRow => ({
  ...firstJournalRow(id, { supplierInvoiceNumber: `SUP-${id}` }),
  firstJournalPostedAt: '2025-03-06 09:15:00',
  firstJournalPostingDate: '2025-03-06',
});

let restore = () => {};
afterEach(() => restore());

const postButton = () => screen.getByRole('button', { name: 'Post to SAP' }) as HTMLButtonElement;
const rowBox = (id: number) =>
  screen.getByRole('checkbox', { name: `Select trip TRP-${id}` }) as HTMLInputElement;
const supplierInput = (trip: string) =>
  screen.getByRole('textbox', { name: `Supplier invoice number of trip ${trip}` }) as HTMLInputElement;

describe('tabFromState', () => {
  it('reads activeTab from the navigation state and defaults to first-je', () => {
    expect(tabFromState({ activeTab: 'second-je' })).toBe('second-je');
    expect(tabFromState({ activeTab: 'first-je' })).toBe('first-je');
    expect(tabFromState({ activeTab: 'other' })).toBe('first-je');
    expect(tabFromState(null)).toBe('first-je');
  });
});

describe('TransporterInvoicesPage', { timeout: 30_000 }, () => {
  it('needs a supplier invoice number to select a first-journal row and posts it', async () => {
    const api = fakeApi(({ method, url, params }) => {
      if (method === 'get' && url === '/firstJournalTransporterInvoice')
        return pagedAnswer([firstJournalRow(1)], params);
      if (method === 'post') return [200, { message: 'ok', posted: [], failed: [] }];
      return [404, {}];
    });
    restore = api.restore;
    renderPostingPage(<TransporterInvoicesPage />, ['/invoices/transporter']);

    expect(await screen.findByText('Transporter 1')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Post First JE' }).getAttribute('aria-selected')).toBe('true');
    expect(rowBox(1).disabled).toBe(true);
    expect(postButton().disabled).toBe(true);
    expect(screen.getByText('180,832.00')).toBeTruthy();

    await act(async () => fireEvent.change(supplierInput('TRP-1'), { target: { value: 'SUP-77' } }));
    expect(rowBox(1).disabled).toBe(false);
    // Typing keeps the focus in the same input (the cell does not remount).
    const input = supplierInput('TRP-1');
    await act(async () => fireEvent.change(input, { target: { value: 'SUP-778' } }));
    expect(supplierInput('TRP-1')).toBe(input);
    await act(async () => fireEvent.click(rowBox(1)));
    expect(rowBox(1).checked).toBe(true);

    // Clearing the number deselects the row at once.
    await act(async () => fireEvent.change(supplierInput('TRP-1'), { target: { value: '' } }));
    expect(rowBox(1).checked).toBe(false);
    expect(rowBox(1).disabled).toBe(true);

    await act(async () => fireEvent.change(supplierInput('TRP-1'), { target: { value: ' SUP-9 ' } }));
    await act(async () => fireEvent.click(rowBox(1)));
    await act(async () => fireEvent.click(postButton()));
    expect(await screen.findByText('First journal transporter invoices posted successfully')).toBeTruthy();
    const body = api.calls.find((c) => c.method === 'post')?.body as {
      postSap: { transporterInvoice: number; postingDate: string; supplierInvoiceNumber: string }[];
    };
    expect(body.postSap).toEqual([
      { transporterInvoice: 1, postingDate: expect.any(String), supplierInvoiceNumber: 'SUP-9' },
    ]);
  });

  it('flags a supplier invoice number the transporter used already; it posts only with "Post anyway"', async () => {
    const api = fakeApi(({ method, url, params }) => {
      if (method === 'get' && url === '/firstJournalTransporterInvoice')
        return pagedAnswer([firstJournalRow(1)], params);
      if (method === 'get' && url === '/firstJournalTransporterInvoice/supplier-invoice-check') {
        const used = params.number?.toLowerCase() === 'sinv-9';
        return [200, { data: { usedOn: used ? [{ tripNumber: 'TRP-0042', postedAt: null }] : [] } }];
      }
      if (method === 'post') return [200, { message: 'ok', posted: [], failed: [] }];
      return [404, {}];
    });
    restore = api.restore;
    renderPostingPage(<TransporterInvoicesPage />, ['/invoices/transporter']);
    await screen.findByText('Transporter 1');

    await act(async () => fireEvent.change(supplierInput('TRP-1'), { target: { value: 'SINV-9' } }));
    expect(await screen.findByText('Already used on TRP-0042', {}, { timeout: 3_000 })).toBeTruthy();
    const check = api.calls.find((c) => c.url.endsWith('/supplier-invoice-check'));
    expect(check?.params).toEqual({ transporterInvoice: '1', number: 'sinv-9' });
    expect(rowBox(1).disabled).toBe(true);

    const postAnyway = screen.getByRole('checkbox', { name: 'Post anyway of trip TRP-1' });
    await act(async () => fireEvent.click(postAnyway));
    expect(rowBox(1).disabled).toBe(false);
    await act(async () => fireEvent.click(rowBox(1)));
    await act(async () => fireEvent.click(postButton()));
    expect(await screen.findByText('First journal transporter invoices posted successfully')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'post')?.body).toEqual({
      postSap: [
        {
          transporterInvoice: 1,
          postingDate: expect.any(String),
          supplierInvoiceNumber: 'SINV-9',
          allowDuplicateSupplierInvoice: true,
        },
      ],
    });
  });

  it('opens the second-journal tab from the navigation state, read-only supplier number, and posts', async () => {
    const api = fakeApi(({ method, url, params }) => {
      if (method === 'get' && url === '/secondJournalTransporterInvoice')
        return pagedAnswer([secondJournalRow(5)], params);
      if (method === 'get') return pagedAnswer([], params);
      return [
        422,
        {
          message: 'TRP-5 (second journal transporter invoice): SAP is unavailable.',
          posted: [],
          failed: [{ id: 5, message: 'x' }],
        },
      ];
    });
    restore = api.restore;
    renderPostingPage(<TransporterInvoicesPage />, [
      { pathname: '/invoices/transporter', state: { activeTab: 'second-je' } },
    ]);

    const table = await screen.findByRole('table', { name: 'Second journal transporter invoices' });
    expect(await within(table).findByText('SUP-5')).toBeTruthy();
    expect(within(table).queryByRole('textbox')).toBeNull();
    expect(within(table).getByRole('columnheader', { name: /First Journal Posted At/ })).toBeTruthy();
    expect(within(table).getByText('06 Mar 2025, 09:15')).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/firstJournalTransporterInvoice')).toBe(false);

    await act(async () => fireEvent.click(rowBox(5)));
    await act(async () => fireEvent.click(postButton()));
    expect(
      await screen.findByText('TRP-5 (second journal transporter invoice): SAP is unavailable.'),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'post')?.body).toEqual({
      postSap: [{ transporterInvoice: 5, postingDate: expect.any(String) }],
    });
  });

  it('reloads a tab when it is shown again', async () => {
    const api = fakeApi(({ url, params }) =>
      url === '/firstJournalTransporterInvoice'
        ? pagedAnswer([firstJournalRow(1)], params)
        : pagedAnswer([secondJournalRow(2)], params),
    );
    restore = api.restore;
    renderPostingPage(<TransporterInvoicesPage />, ['/invoices/transporter']);
    await screen.findByText('Transporter 1');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Post Second JE' })));
    await screen.findByText('Transporter 2');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Post First JE' })));
    await screen.findByText('Transporter 1');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/firstJournalTransporterInvoice')).toHaveLength(2),
    );
  });

  it('keeps each tab’s page while the other tab is shown', async () => {
    const firstRows = Array.from({ length: 150 }, (_, i) => firstJournalRow(i + 1));
    const api = fakeApi(({ url, params }) =>
      url === '/firstJournalTransporterInvoice'
        ? pagedAnswer(firstRows, params)
        : url === '/postings/reversed'
          ? [200, { data: [] }]
          : pagedAnswer([secondJournalRow(500)], params),
    );
    restore = api.restore;
    renderPostingPage(<TransporterInvoicesPage />, ['/invoices/transporter']);
    await screen.findByText('Showing 100 of 150 records');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '2' })));
    await screen.findByText('Showing 50 of 150 records');

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Post Second JE' })));
    await screen.findByText('Transporter 500');
    expect(screen.getByText('Showing 1 of 1 records')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Post First JE' })));
    await screen.findByText('Showing 50 of 150 records');
    expect(screen.getByRole('button', { name: '2' }).getAttribute('data-active')).toBe('true');
    const firstPages = api.calls.filter((c) => c.url === '/firstJournalTransporterInvoice');
    expect(firstPages.at(-1)?.params).toEqual({ page: '2', perPage: '100' });
  });

  it("shows 'Access Denied' for any list failure on this screen", async () => {
    restore = fakeApi(() => [500, { message: 'Database unavailable.' }]).restore;
    renderPostingPage(<TransporterInvoicesPage />, ['/invoices/transporter']);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('Database unavailable.')).toBeTruthy();
  });
});

import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostingDetail, PostingRow } from '@ff/contract';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { renderWithMantine } from '@/test/render';
import { PostingHistoryPage } from './posting-history-page';

function renderPage(ui: ReactNode, url: string, permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQueryKey, {
    id: 1,
    name: 'Amina',
    email: 'a@example.com',
    role: 'Finance',
    permissions,
  });
  return renderWithMantine(
    <MemoryRouter initialEntries={[url]}>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

const row: PostingRow = {
  id: 7,
  kind: 'journalCashAdvance',
  recordId: 12,
  tripNumber: 'TRP-2026-003976',
  amount: '15000.5',
  postingDate: '2026-11-20',
  currency: null,
  status: 'posted',
  sapDocEntry: 301,
  sapDocNum: 4001,
  idempotencyKey: 'FF-CA-12',
  postedBy: 'Amina',
  postedAt: '2026-11-20 12:15:02',
  message: null,
  reversedBy: null,
  reversedAt: null,
};
const detail: PostingDetail = {
  ...row,
  timeline: [
    {
      event: 'claimed',
      at: '2026-11-20 12:14:58',
      actor: 'Amina',
      detail: 'posting date 2026-11-20, key FF-CA-12',
    },
    { event: 'sent', at: '2026-11-20 12:14:59', actor: 'Amina', detail: null },
    {
      event: 'outcome_unknown',
      at: '2026-11-20 12:15:01',
      actor: 'Amina',
      detail: 'SAP did not answer; the key was looked up.',
    },
    {
      event: 'looked_up',
      at: '2026-11-20 12:15:02',
      actor: 'Amina',
      detail: 'SAP has the document with key FF-CA-12.',
    },
    { event: 'posted', at: '2026-11-20 12:15:02', actor: 'Amina', detail: 'DocEntry 301, DocNum 4001' },
  ],
  document: { entity: 'JournalEntries', referenceField: 'Reference3', payload: { Reference3: 'FF-CA-12' } },
  reversible: true,
  notReversibleReason: null,
};

function historyApi(call: FakeCall): [number, unknown] {
  if (call.url === '/postings') return [200, { data: [row], meta: { total: 1, page: 1, perPage: 50 } }];
  if (call.url === '/postings/7') return [200, { data: detail }];
  if (call.url === '/postings/7/reverse')
    return [422, { message: 'TRP-2026-003976 (cash advance record): Period is locked for posting' }];
  return [404, { message: 'Not found' }];
}

let restore = () => {};
afterEach(() => restore());

describe('PostingHistoryPage', { timeout: 30_000 }, () => {
  it('lists postings with the filters in the URL sent to the server', async () => {
    const api = fakeApi(historyApi);
    restore = api.restore;
    renderPage(<PostingHistoryPage />, '/postings?kind=journalCashAdvance&status=posted', [
      'View Cash Advances',
    ]);
    const table = await screen.findByRole('table', { name: 'Postings' });
    expect(await within(table).findByText('TRP-2026-003976')).toBeTruthy();
    expect(within(table).getByText('15,000.50')).toBeTruthy();
    expect(within(table).getByText('Posted')).toBeTruthy();
    // The server's time (APP_TIMEZONE) as every screen shows it, whatever the browser's time zone.
    expect(within(table).getByText('20 Nov 2026, 12:15')).toBeTruthy();
    expect(api.calls.find((c) => c.url === '/postings')!.params).toEqual({
      kind: 'journalCashAdvance',
      status: 'posted',
      page: '1',
      perPage: '100',
    });
    // Only the kinds the user may view are offered.
    const kinds = screen.getByRole('combobox', { name: 'Kind' });
    expect(
      within(kinds)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All kinds', 'Cash Advance']);
  });

  it('opens the drawer from ?posting=: the timeline in order, what was sent, and Reverse in SAP asking for a reason', async () => {
    const api = fakeApi(historyApi);
    restore = api.restore;
    renderPage(<PostingHistoryPage />, '/postings?posting=7', ['View Cash Advances', 'Reverse Postings']);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('Outcome unknown');
    const titles = ['Claimed for posting', 'Sent to SAP', 'Outcome unknown', 'Looked up in SAP', 'Posted'];
    for (const title of titles) expect(within(drawer).getAllByText(title).length).toBeGreaterThan(0);
    expect(within(drawer).getByText('DocEntry 301, DocNum 4001')).toBeTruthy();
    // Each step's time as the server sent it (APP_TIMEZONE), with who took it.
    expect(within(drawer).getAllByText('20 Nov 2026, 12:14 · Amina')).toHaveLength(2);
    expect(within(drawer).getAllByText('20 Nov 2026, 12:15 · Amina')).toHaveLength(3);
    expect(within(drawer).getByText('What was sent to SAP')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Reverse in SAP' }));
    const modal = await screen.findByRole('dialog', { name: 'Reverse in SAP' });
    fireEvent.change(within(modal).getByRole('textbox', { name: /Reason/ }), { target: { value: 'oops' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Reverse in SAP' }));
    expect(await within(modal).findByText('Give a reason of at least 5 characters.')).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/postings/7/reverse')).toBe(false);

    fireEvent.change(within(modal).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Wrong petty cash ledger' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Reverse in SAP' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/postings/7/reverse')?.body).toEqual({
        reason: 'Wrong petty cash ledger',
      }),
    );
    expect(
      await screen.findByText('TRP-2026-003976 (cash advance record): Period is locked for posting'),
    ).toBeTruthy();
  });

  it('shows a foreign-currency posting with its currency, in the list and the drawer (issue 25)', async () => {
    const usd = { ...row, amount: '2500.005', currency: 'USD' };
    restore = fakeApi((call) => {
      if (call.url === '/postings') return [200, { data: [usd], meta: { total: 1, page: 1, perPage: 50 } }];
      if (call.url === '/postings/7') return [200, { data: { ...detail, ...usd } }];
      return historyApi(call);
    }).restore;
    renderPage(<PostingHistoryPage />, '/postings?posting=7', ['View Cash Advances']);
    const table = await screen.findByRole('table', { name: 'Postings' });
    expect(await within(table).findByText('USD 2,500.01')).toBeTruthy();
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('USD 2,500.01')).toBeTruthy();
  });

  it("shows SAP's net, VAT and gross of an invoice with VAT in the drawer, the plain amount otherwise (issue 25)", async () => {
    const invoice = {
      ...row,
      kind: 'journalSaleInvoice',
      amount: '1234.56',
      currency: 'USD',
      vat: '197.53',
      gross: '1432.09',
    };
    restore = fakeApi((call) => {
      if (call.url === '/postings')
        return [200, { data: [invoice], meta: { total: 1, page: 1, perPage: 50 } }];
      if (call.url === '/postings/7') return [200, { data: { ...detail, ...invoice } }];
      return historyApi(call);
    }).restore;
    const view = renderPage(<PostingHistoryPage />, '/postings?posting=7', ['View Sales Invoices']);
    const drawer = await screen.findByRole('dialog');
    const field = (label: string) => within(drawer).getByText(label).nextElementSibling?.textContent;
    expect(await within(drawer).findByText('Net')).toBeTruthy();
    expect([field('Net'), field('VAT'), field('Gross')]).toEqual([
      'USD 1,234.56',
      'USD 197.53',
      'USD 1,432.09',
    ]);
    expect(within(drawer).queryByText('Amount')).toBeNull();
    view.unmount();

    // A posting without SAP's VAT figures (a journal, an invoice without VAT): its amount, as before.
    restore();
    restore = fakeApi(historyApi).restore;
    renderPage(<PostingHistoryPage />, '/postings?posting=7', ['View Cash Advances']);
    const plain = await screen.findByRole('dialog');
    expect(await within(plain).findByText('Amount')).toBeTruthy();
    expect(within(plain).getByText('Amount').nextElementSibling?.textContent).toBe('15,000.50');
    expect(within(plain).queryByText('Net')).toBeNull();
    expect(within(plain).queryByText('VAT')).toBeNull();
  });

  it('says Access Denied to a user who may view no kind, and asks nothing', async () => {
    const api = fakeApi(historyApi);
    restore = api.restore;
    renderPage(<PostingHistoryPage />, '/postings', ['View Audit Logs']);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/postings')).toBe(false);
  });
});

import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerAccount, VasTransactionRow } from '@ff/contract';
import { pagedAnswer } from '@/features/records/posting/testing/paged-answer';
import { fakeApi, type FakeHandler } from '@/test/fake-api';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { renderWithMantine } from '@/test/render';
import { PostingListPage } from '@/features/records/posting/posting-list-page';
import vasTransaction from './vas-transaction';

const VasTransactionsPage = () => <PostingListPage kinds={[vasTransaction]} />;

function renderPage(ui: ReactNode, permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQueryKey, {
    id: 1,
    name: 'Amina',
    email: 'a@example.com',
    role: 'Finance',
    permissions,
  });
  return renderWithMantine(
    <MemoryRouter>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

const row: VasTransactionRow = {
  id: 31,
  tripNumber: null,
  transporterName: 'Rift Haulage Ltd',
  truckNumber: null,
  orderNumber: 'LPO-1',
  supplierName: 'Coast Tracking Co',
  warehouse: 'MSA-KIP',
  description: 'GPS tracking',
  originQuantity: '20.000',
  collectedQuantity: null,
  buyingUnitPrice: '200.00',
  sellingUnitPrice: '180.25',
  totalAmount: null,
  profitMargin: null,
  productType: 'Tracking',
  revenueAccountId: null,
  costAccountId: null,
  documentDate: '2025-03-01 08:00:00',
  postingDate: null,
  currency: null,
  pickupOrderNo: null,
  status: 'failed',
  lastError: 'SAP: Period is locked',
};
const revenue: LedgerAccount[] = [
  { id: 1, description: 'VAS Revenue - Tracking', accountNumber: '410400', category: 'Tracking' },
  { id: 2, description: 'VAS Revenue - Escort', accountNumber: '410500', category: 'Escort' },
];
const cost: LedgerAccount[] = [
  { id: 11, description: 'VAS Cost - Tracking', accountNumber: '510400', category: 'Tracking' },
];

const answers =
  (post: () => [number, unknown]): FakeHandler =>
  ({ method, url, params }) => {
    if (method === 'get' && url === '/journalVasTransaction') return pagedAnswer([row], params);
    if (method === 'get' && url === '/accounts') {
      const type = (params as { accountType: string }).accountType;
      return [200, { data: type === 'Vas Transaction Revenue' ? revenue : cost }];
    }
    if (method === 'post' && url === '/journalVasTransaction') return post();
    return [404, { message: 'Not found' }];
  };

// Queried afresh each time: the table re-renders its checkbox cells when the columns are rebuilt.
const selectBox = () => screen.getByLabelText('Select order LPO-1') as HTMLInputElement;
const byLabel = <T extends HTMLElement>(label: string) => screen.getByLabelText(label) as T;

/** Fills the row so it can be selected: pickup order number, Tracking revenue (cost follows), quantity 2. */
async function fillRow() {
  await screen.findByText('LPO-1');
  await waitFor(() =>
    expect(byLabel<HTMLSelectElement>('Revenue account of order LPO-1').options.length).toBe(3),
  );
  await act(async () => {
    fireEvent.change(byLabel('Pickup order number of order LPO-1'), { target: { value: 'PU-9' } });
    fireEvent.change(byLabel('Revenue account of order LPO-1'), { target: { value: '1' } });
    fireEvent.change(byLabel('Collected quantity of order LPO-1'), { target: { value: '2' } });
  });
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let restore = () => {};
afterEach(() => {
  restore();
  // The screen keeps drafts per user in sessionStorage: each test starts without them.
  sessionStorage.clear();
});

describe('VasTransactionsPage', { timeout: 30_000 }, () => {
  it('pairs the cost account, computes the margin and marks the failed row', async () => {
    restore = fakeApi(answers(() => [200, {}])).restore;
    renderPage(<VasTransactionsPage />, ['Post VAS Transactions', 'Post Loss']);
    await fillRow();
    expect(byLabel<HTMLSelectElement>('Cost account of order LPO-1').value).toBe('11');
    // 2 x 180.25 - 2 x 200.00
    expect(screen.getByText('-39.50')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getAllByText('N/A').length).toBeGreaterThanOrEqual(2); // trip and truck
    expect(selectBox().disabled).toBe(false);

    // No cost account in the Escort category.
    await act(async () =>
      fireEvent.change(byLabel('Revenue account of order LPO-1'), { target: { value: '2' } }),
    );
    expect(
      await screen.findByText('Failed to find related cost account for selected revenue account.'),
    ).toBeTruthy();
    expect(byLabel<HTMLSelectElement>('Cost account of order LPO-1').value).toBe('');
    expect(selectBox().disabled).toBe(true);
  });

  it("shows a USD transaction's prices, margin and selection total with their currency (issue 25)", async () => {
    const usd = { ...row, currency: 'USD', status: 'unposted' as const, lastError: null };
    restore = fakeApi((call) =>
      call.method === 'get' && call.url === '/journalVasTransaction'
        ? pagedAnswer([usd], call.params)
        : answers(() => [200, {}])(call),
    ).restore;
    renderPage(<VasTransactionsPage />, ['Post VAS Transactions', 'Post Loss']);
    await fillRow();
    expect(screen.getByText('USD 200.00')).toBeTruthy();
    expect(screen.getByText('USD 180.25')).toBeTruthy();
    expect(screen.getByText('USD -39.50')).toBeTruthy();
    await act(async () => fireEvent.click(selectBox()));
    expect(screen.getByTestId('selection-summary').textContent).toBe('1 selected · Total USD 360.50');
  });

  it('warns and sends nothing when a loss is posted without Post Loss', async () => {
    const fake = fakeApi(answers(() => [200, {}]));
    restore = fake.restore;
    renderPage(<VasTransactionsPage />, ['Post VAS Transactions']);
    await fillRow();
    await act(async () => fireEvent.click(selectBox()));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post to SAP' })));
    expect(await screen.findByText('You do not have the necessary access to post a loss.')).toBeTruthy();
    expect(screen.getAllByText('Warning').length).toBeGreaterThan(0);
    // Defect 7: the warning names the loss row and offers to deselect it.
    expect(screen.getByText(/would post a loss.*order LPO-1\./)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Deselect the loss rows' })));
    expect(selectBox().checked).toBe(false);
    expect(fake.calls.some((c) => c.method === 'post')).toBe(false);
  });

  it("queues with Post Loss, and shows the server's 403 message if it refuses", async () => {
    let answer: [number, unknown] = [
      200,
      { message: 'queued', posted: [], failed: [], queued: [{ id: 31 }] },
    ];
    const fake = fakeApi(answers(() => answer));
    restore = fake.restore;
    renderPage(<VasTransactionsPage />, ['Post VAS Transactions', 'Post Loss']);
    await fillRow();
    await act(async () => fireEvent.click(selectBox()));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post to SAP' })));
    expect(await screen.findByText('Vas Transactions have been queued for posting')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'post')?.body).toMatchObject({
      postSap: [
        {
          vasTransactionId: 31,
          sapAccountRevenue: 1,
          sapAccountCost: 11,
          collectedQuantity: '2',
          productType: 'Tracking',
          orderNumber: 'PU-9',
        },
      ],
    });
    await waitFor(() => expect(selectBox().checked).toBe(false));

    answer = [403, { message: 'You do not have the necessary access to post a loss.' }];
    await act(async () => fireEvent.click(selectBox()));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post to SAP' })));
    expect(await screen.findByText('You do not have the necessary access to post a loss.')).toBeTruthy();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });
});

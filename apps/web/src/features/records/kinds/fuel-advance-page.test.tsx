import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FuelAdvanceRow, LedgerAccount } from '@ff/contract';
import { pagedAnswer } from '@/features/records/posting/testing/paged-answer';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { PostingListPage } from '@/features/records/posting/posting-list-page';
import fuelAdvance from './fuel-advance';

const FuelAdvancePage = () => <PostingListPage kinds={[fuelAdvance]} />;

const row: FuelAdvanceRow = {
  id: 21,
  tripNumber: 'TRP-0021',
  route: 'Nairobi - Kampala',
  transporterName: 'Rift Haulage Ltd',
  truckNumber: 'KDA 123B',
  orderNumber: 'FO-7781',
  warehouse: 'MSA-KIP',
  description: 'Diesel',
  originQuantity: '40.000',
  collectedQuantity: null,
  unitPrice: '180.25',
  totalAmount: null,
  documentDate: '2025-03-01 08:00:00',
  postingDate: null,
  currency: null,
  onAccountId: null,
  pickupOrderNo: null,
  status: 'unposted',
  lastError: null,
};
const ledgers: LedgerAccount[] = [
  { id: 3, description: 'Petty Cash - Nairobi HQ', accountNumber: '110101', category: 'Petty Cash' },
];

let restore = () => {};
afterEach(() => restore());

const field = <T extends HTMLElement>(label: string) => screen.getByLabelText(label) as T;
const selectBox = () => field<HTMLInputElement>('Select trip TRP-0021');

describe('FuelAdvancePage', { timeout: 30_000 }, () => {
  it('follows the collected quantity with an exact total, needs every input, and posts them', async () => {
    const fake = fakeApi(({ method, url, params }) => {
      if (method === 'get' && url === '/journalFuelAdvance') return pagedAnswer([row], params);
      if (method === 'get' && url === '/accounts') return [200, { data: ledgers }];
      if (method === 'post') return [200, { message: 'ok', posted: [], failed: [] }];
      return [404, {}];
    });
    restore = fake.restore;
    renderPostingPage(<FuelAdvancePage />);
    await screen.findByText('FO-7781');
    await waitFor(() =>
      expect(field<HTMLSelectElement>('Posting ledger of trip TRP-0021').options.length).toBe(2),
    );
    expect(selectBox().disabled).toBe(true);

    await act(async () =>
      fireEvent.change(field('Collected quantity of trip TRP-0021'), { target: { value: '12.5' } }),
    );
    expect(screen.getByText('2,253.13')).toBeTruthy(); // 12.5 x 180.25 = 2253.125, half-up
    await act(async () => {
      fireEvent.change(field('Posting ledger of trip TRP-0021'), { target: { value: '3' } });
      fireEvent.change(field('Pickup order number of trip TRP-0021'), { target: { value: 'PU-1' } });
    });
    expect(selectBox().disabled).toBe(false);
    await act(async () => fireEvent.click(selectBox()));
    expect(screen.getByText('1 of 1 records selected')).toBeTruthy();

    // Clearing the pickup order number deselects the row.
    await act(async () =>
      fireEvent.change(field('Pickup order number of trip TRP-0021'), { target: { value: '' } }),
    );
    expect(selectBox().checked).toBe(false);
    expect(selectBox().disabled).toBe(true);
    await act(async () =>
      fireEvent.change(field('Pickup order number of trip TRP-0021'), { target: { value: 'PU-1' } }),
    );
    await act(async () => fireEvent.click(selectBox()));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post to SAP' })));
    expect(await screen.findByText('Fuel advance records posted successfully')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'post')?.body).toMatchObject({
      postSap: [{ fuelAdvanceId: 21, sapAccount: 3, collectedQuantity: '12.5', orderNumber: 'PU-1' }],
    });
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.url === '/journalFuelAdvance' && c.method === 'get')).toHaveLength(2),
    );
  });

  it("shows a USD advance's unit price and total with their currency (issue 25)", async () => {
    restore = fakeApi(({ method, url, params }) => {
      if (method === 'get' && url === '/journalFuelAdvance')
        return pagedAnswer([{ ...row, currency: 'USD', unitPrice: '1.25' }], params);
      if (method === 'get' && url === '/accounts') return [200, { data: ledgers }];
      return [404, {}];
    }).restore;
    renderPostingPage(<FuelAdvancePage />);
    expect(await screen.findByText('USD 1.25')).toBeTruthy();
    await act(async () =>
      fireEvent.change(field('Collected quantity of trip TRP-0021'), { target: { value: '12.5' } }),
    );
    expect(screen.getByText('USD 15.63')).toBeTruthy(); // 12.5 x 1.25 = 15.625, half-up
  });
});

import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { VasTransactionRow } from '@ff/contract';
import type { VasAccounts } from './vas-account-pairing';
import {
  hasLoss,
  initialVasTransactionDraft,
  isVasLoss,
  isVasTransactionReady,
  toVasTransactionsBody,
  vasFigures,
  type VasTransactionDraft,
} from './vas-transaction-rows';

const NOW = new Date(2026, 2, 10, 9, 30);
const row: VasTransactionRow = {
  id: 31,
  tripNumber: null,
  transporterName: 'Rift Haulage Ltd',
  truckNumber: null,
  orderNumber: 'SO-2231',
  supplierName: 'Coast Tracking Co',
  warehouse: 'Mombasa Depot',
  description: 'GPS tracking',
  originQuantity: '20.000',
  collectedQuantity: null,
  buyingUnitPrice: '150.00',
  sellingUnitPrice: '180.25',
  totalAmount: null,
  profitMargin: null,
  productType: 'Tracking',
  revenueAccountId: null,
  costAccountId: null,
  documentDate: '2026-03-01 08:00:00',
  postingDate: null,
  currency: null,
  pickupOrderNo: null,
  status: 'unposted',
  lastError: null,
};
const loss: VasTransactionRow = { ...row, id: 32, buyingUnitPrice: '200.00' };
const accounts: VasAccounts = {
  revenue: [{ id: 1, description: 'Tracking Revenue', accountNumber: '40010', category: 'Tracking' }],
  cost: [{ id: 11, description: 'Tracking Cost', accountNumber: '50010', category: 'Tracking' }],
};
const ready: VasTransactionDraft = {
  postingDate: NOW,
  revenueId: 1,
  costId: 11,
  collectedQuantity: '12.5',
  pickupOrderNo: 'PU-1',
};

describe('VAS transaction rows', () => {
  it('starts with the posting date now and empty inputs', () => {
    expect(initialVasTransactionDraft(row, NOW)).toEqual({
      postingDate: NOW,
      revenueId: null,
      costId: null,
      collectedQuantity: '',
      pickupOrderNo: '',
    });
  });

  it('computes total and profit margin exactly, to the cent', () => {
    // 12.5 x 180.25 = 2253.125 -> 2253.13; 12.5 x 150 = 1875.00
    expect(vasFigures(row, '12.5')).toEqual({ total: '2253.13', margin: '378.13' });
    expect(vasFigures({ ...row, sellingUnitPrice: '0.10', buyingUnitPrice: '0.20' }, '3')).toEqual({
      total: '0.30',
      margin: '-0.30',
    });
    expect(vasFigures(row, '0')).toEqual({ total: '0.00', margin: '0.00' });
    expect(vasFigures(row, '')).toBeNull();
    expect(vasFigures(row, '20.001')).toBeNull();
    expect(vasFigures(row, '-1')).toBeNull();
  });

  it('detects a loss at the collected quantity', () => {
    expect(isVasLoss(loss, { collectedQuantity: '2' })).toBe(true); // 360.50 - 400.00
    expect(isVasLoss(loss, { collectedQuantity: '0' })).toBe(false);
    expect(isVasLoss(loss, { collectedQuantity: '' })).toBe(false);
    expect(isVasLoss(row, { collectedQuantity: '2' })).toBe(false);
    expect(hasLoss([{ row, draft: ready }])).toBe(false);
    expect(
      hasLoss([
        { row, draft: ready },
        { row: loss, draft: ready },
      ]),
    ).toBe(true);
  });

  it('is ready only with paired accounts, quantity, pickup order number and posting date', () => {
    expect(isVasTransactionReady(row, ready, accounts, NOW)).toBe(true);
    expect(isVasTransactionReady(row, { ...ready, revenueId: null }, accounts, NOW)).toBe(false);
    expect(isVasTransactionReady(row, { ...ready, costId: null }, accounts, NOW)).toBe(false);
    expect(isVasTransactionReady(row, { ...ready, collectedQuantity: '' }, accounts, NOW)).toBe(false);
    expect(isVasTransactionReady(row, { ...ready, collectedQuantity: '21' }, accounts, NOW)).toBe(false);
    // A zero quantity posts a zero amount, which SAP refuses (issue 12, defect 4).
    expect(isVasTransactionReady(row, { ...ready, collectedQuantity: '0' }, accounts, NOW)).toBe(false);
    expect(isVasTransactionReady(row, { ...ready, pickupOrderNo: '' }, accounts, NOW)).toBe(false);
    expect(isVasTransactionReady(row, { ...ready, postingDate: null }, accounts, NOW)).toBe(false);
    expect(isVasTransactionReady(row, ready, { revenue: [], cost: [] }, NOW)).toBe(false);
  });

  it('builds the post body with the product type and trimmed inputs', () => {
    expect(toVasTransactionsBody([{ row, draft: { ...ready, pickupOrderNo: ' PU-1 ' } }]).postSap).toEqual([
      {
        vasTransactionId: 31,
        sapAccountRevenue: 1,
        sapAccountCost: 11,
        collectedQuantity: '12.5',
        productType: 'Tracking',
        postingDate: dayjs(NOW).format(),
        orderNumber: 'PU-1',
      },
    ]);
  });
});

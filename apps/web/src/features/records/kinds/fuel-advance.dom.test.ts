import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { FuelAdvanceRow } from '@ff/contract';
import {
  fuelAdvanceTotal,
  initialFuelAdvanceDraft,
  isCollectedQuantityValid,
  isFuelAdvanceReady,
  toFuelAdvancesBody,
  type FuelAdvanceDraft,
} from './fuel-advance';

const NOW = new Date(2026, 2, 10, 9, 30);
const row: FuelAdvanceRow = {
  id: 21,
  tripNumber: 'TRP-0021',
  route: 'Nairobi - Kampala',
  transporterName: 'Rift Haulage Ltd',
  truckNumber: 'KDA 123B',
  orderNumber: 'PO-7781',
  warehouse: 'Mombasa Depot',
  description: 'Diesel',
  originQuantity: '40.000',
  collectedQuantity: null,
  unitPrice: '180.25',
  totalAmount: null,
  documentDate: '2026-03-01 08:00:00',
  postingDate: null,
  currency: null,
  onAccountId: null,
  pickupOrderNo: null,
  status: 'unposted',
  lastError: null,
};
const ledgers = new Set([3]);
const ready: FuelAdvanceDraft = {
  postingDate: NOW,
  ledgerId: 3,
  collectedQuantity: '12.5',
  pickupOrderNo: 'PU-1',
};

describe('fuel advance rows', () => {
  it('starts with the posting date now and empty inputs', () => {
    expect(initialFuelAdvanceDraft(row, NOW)).toEqual({
      postingDate: NOW,
      ledgerId: null,
      collectedQuantity: '',
      pickupOrderNo: '',
    });
  });

  it('keeps what a failed row was last posted with', () => {
    const failed = {
      ...row,
      status: 'failed' as const,
      onAccountId: 3,
      collectedQuantity: '30.000',
      pickupOrderNo: 'PU-9',
    };
    expect(initialFuelAdvanceDraft(failed, NOW)).toMatchObject({
      ledgerId: 3,
      collectedQuantity: '30.000',
      pickupOrderNo: 'PU-9',
    });
  });

  it('computes the total exactly as quantity x unit price, to the cent', () => {
    expect(fuelAdvanceTotal(row, { collectedQuantity: '12.5' })).toBe('2253.13'); // 2253.125 rounds half-up
    expect(fuelAdvanceTotal(row, { collectedQuantity: '40' })).toBe('7210.00');
    expect(fuelAdvanceTotal({ ...row, unitPrice: '0.10' }, { collectedQuantity: '3' })).toBe('0.30');
    expect(fuelAdvanceTotal(row, { collectedQuantity: '0' })).toBe('0.00');
    expect(fuelAdvanceTotal(row, { collectedQuantity: '' })).toBeNull();
    expect(fuelAdvanceTotal(row, { collectedQuantity: '40.001' })).toBeNull();
  });

  it('accepts collected quantities from 0 to the original quantity with up to 3 decimals', () => {
    expect(isCollectedQuantityValid(row, '0')).toBe(true);
    expect(isCollectedQuantityValid(row, '40')).toBe(true);
    expect(isCollectedQuantityValid(row, '39.999')).toBe(true);
    expect(isCollectedQuantityValid(row, '40.001')).toBe(false);
    expect(isCollectedQuantityValid(row, '-1')).toBe(false);
    expect(isCollectedQuantityValid(row, '1.2345')).toBe(false);
    expect(isCollectedQuantityValid(row, '')).toBe(false);
    expect(isCollectedQuantityValid(row, 'abc')).toBe(false);
  });

  it('is ready only with ledger, valid quantity, pickup order number and posting date', () => {
    expect(isFuelAdvanceReady(row, ready, ledgers, NOW)).toBe(true);
    expect(isFuelAdvanceReady(row, { ...ready, ledgerId: null }, ledgers, NOW)).toBe(false);
    expect(isFuelAdvanceReady(row, { ...ready, ledgerId: 8 }, ledgers, NOW)).toBe(false);
    expect(isFuelAdvanceReady(row, { ...ready, collectedQuantity: '' }, ledgers, NOW)).toBe(false);
    expect(isFuelAdvanceReady(row, { ...ready, collectedQuantity: '41' }, ledgers, NOW)).toBe(false);
    // A zero quantity posts a zero amount, which SAP refuses (issue 12, defect 4).
    expect(isFuelAdvanceReady(row, { ...ready, collectedQuantity: '0' }, ledgers, NOW)).toBe(false);
    expect(isFuelAdvanceReady(row, { ...ready, collectedQuantity: '0.000' }, ledgers, NOW)).toBe(false);
    expect(isFuelAdvanceReady(row, { ...ready, pickupOrderNo: '   ' }, ledgers, NOW)).toBe(false);
    expect(isFuelAdvanceReady(row, { ...ready, postingDate: null }, ledgers, NOW)).toBe(false);
  });

  it('builds the post body with trimmed inputs', () => {
    const body = toFuelAdvancesBody([{ row, draft: { ...ready, pickupOrderNo: ' PU-1 ' } }]);
    expect(body.postSap).toEqual([
      {
        fuelAdvanceId: 21,
        sapAccount: 3,
        collectedQuantity: '12.5',
        postingDate: dayjs(NOW).format(),
        orderNumber: 'PU-1',
      },
    ]);
  });
});

import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { CashAdvanceRow } from '@ff/contract';
import {
  initialAdvanceDraft as initialCashAdvanceDraft,
  isAdvanceDraftReady as isCashAdvanceReady,
} from '../advance-screen';
import cashAdvance from './cash-advance';

const NOW = new Date(2026, 2, 10, 9, 30);
const row: CashAdvanceRow = {
  id: 11,
  tripNumber: 'TRP-0011',
  route: 'Mombasa - Nairobi',
  transporterName: 'Rift Haulage Ltd',
  truckNumber: 'KDA 123B',
  amount: '25000.00',
  documentDate: '2026-03-01 08:00:00',
  postingDate: null,
  currency: null,
  onAccountId: null,
  status: 'unposted',
  lastError: null,
};
const ledgers = new Set([3, 4]);

describe('cash advance rows', () => {
  it('starts with the posting date now and no ledger', () => {
    expect(initialCashAdvanceDraft(row, NOW)).toEqual({ postingDate: NOW, ledgerId: null });
  });

  it('keeps the ledger a failed row was last posted with', () => {
    expect(initialCashAdvanceDraft({ ...row, onAccountId: 4, status: 'failed' }, NOW).ledgerId).toBe(4);
  });

  it('is ready only with a valid posting date and a loaded ledger', () => {
    const ready = { postingDate: NOW, ledgerId: 3 };
    expect(isCashAdvanceReady(row, ready, ledgers, NOW)).toBe(true);
    expect(isCashAdvanceReady(row, { ...ready, ledgerId: null }, ledgers, NOW)).toBe(false);
    expect(isCashAdvanceReady(row, { ...ready, postingDate: null }, ledgers, NOW)).toBe(false);
    // Not an account of the loaded list (disabled, or the list has not loaded yet).
    expect(isCashAdvanceReady(row, { ...ready, ledgerId: 9 }, ledgers, NOW)).toBe(false);
    expect(isCashAdvanceReady(row, ready, new Set(), NOW)).toBe(false);
    // Before the document date, or in the future.
    expect(isCashAdvanceReady(row, { ...ready, postingDate: new Date(2026, 1, 28) }, ledgers, NOW)).toBe(
      false,
    );
    expect(isCashAdvanceReady(row, { ...ready, postingDate: new Date(2026, 2, 11) }, ledgers, NOW)).toBe(
      false,
    );
  });

  it('builds the post body with the ledger id and the posting date as an ISO instant', () => {
    const body = cashAdvance.toBody([{ row, draft: { postingDate: NOW, ledgerId: 3 } }], {
      ledgerIds: ledgers,
      ledgerOptions: [],
    });
    expect(body).toEqual({
      postSap: [{ cashAdvanceId: 11, sapAccount: 3, postingDate: dayjs(NOW).format() }],
    });
  });
});

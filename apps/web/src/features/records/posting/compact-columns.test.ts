import { describe, expect, it } from 'vitest';
import salesInvoice from '../kinds/sales-invoice';
import cashAdvance from '../kinds/cash-advance';
import { compactPostingColumns } from './compact-columns';

describe('compactPostingColumns', () => {
  it("keeps a sales invoice's trip, amount and posting date in the row at phone width", () => {
    expect(compactPostingColumns(salesInvoice.columns, salesInvoice.pinning, 'amount')).toEqual([
      'tripNumber',
      'amount',
      'postingDate',
    ]);
  });
  it("keeps a cash advance's trip, amount, posting date and ledger", () => {
    expect(compactPostingColumns(cashAdvance.columns, cashAdvance.pinning, 'amount')).toEqual([
      'tripNumber',
      'amount',
      'postingDate',
      'ledger',
    ]);
  });
});

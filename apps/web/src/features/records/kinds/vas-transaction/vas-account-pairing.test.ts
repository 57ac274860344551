import { describe, expect, it } from 'vitest';
import type { LedgerAccount } from '@ff/contract';
import {
  ACCOUNT_PAIRING_MESSAGES,
  costAccountsFor,
  isAccountPair,
  pairCostAccount,
  type VasAccounts,
} from './vas-account-pairing';

const account = (id: number, category: string, description: string): LedgerAccount => ({
  id,
  description,
  accountNumber: String(40000 + id),
  category,
});
const accounts: VasAccounts = {
  revenue: [
    account(1, 'Tracking', 'Tracking Revenue'),
    account(2, 'Escort', 'Escort Revenue'),
    account(3, 'Insurance', 'Insurance Revenue'),
  ],
  cost: [account(11, 'Tracking', 'Tracking Cost'), account(12, 'Escort', 'Escort Cost')],
};

describe('VAS account pairing', () => {
  it('sets the cost account with the revenue account category', () => {
    expect(pairCostAccount(1, accounts)).toEqual({ ok: true, costId: 11 });
    expect(pairCostAccount(2, accounts)).toEqual({ ok: true, costId: 12 });
  });

  it('reports a revenue account missing from the loaded list', () => {
    expect(pairCostAccount(99, accounts)).toEqual({
      ok: false,
      message: 'Failed to find the selected revenue account. Please contact support.',
    });
  });

  it('reports a revenue account without a cost account of its category', () => {
    expect(pairCostAccount(3, accounts)).toEqual({
      ok: false,
      message: ACCOUNT_PAIRING_MESSAGES.costNotFound,
    });
    expect(ACCOUNT_PAIRING_MESSAGES.costNotFound).toBe(
      'Failed to find related cost account for selected revenue account.',
    );
  });

  it('offers only cost accounts of the chosen revenue category', () => {
    expect(costAccountsFor(2, accounts).map((a) => a.id)).toEqual([12]);
    expect(costAccountsFor(null, accounts).map((a) => a.id)).toEqual([11, 12]);
    expect(costAccountsFor(3, accounts)).toEqual([]);
  });

  it('accepts only a loaded pair of the same category', () => {
    expect(isAccountPair(1, 11, accounts)).toBe(true);
    expect(isAccountPair(1, 12, accounts)).toBe(false);
    expect(isAccountPair(1, null, accounts)).toBe(false);
    expect(isAccountPair(null, 11, accounts)).toBe(false);
    expect(isAccountPair(9, 11, accounts)).toBe(false);
    expect(isAccountPair(1, 11, { revenue: [], cost: [] })).toBe(false);
  });
});

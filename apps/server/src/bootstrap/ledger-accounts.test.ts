import { SEED_ACCOUNTS } from '@ff/sap-sim';
import { ACCOUNT_TYPES } from '@ff/contract';
import { describe, expect, it } from 'vitest';
import { SEED_LEDGER_ACCOUNTS } from './ledger-accounts.js';

describe('seeded ledger accounts', () => {
  it('match the simulator chart: same number, same name, active and not frozen', () => {
    for (const account of SEED_LEDGER_ACCOUNTS) {
      expect(
        SEED_ACCOUNTS.find((a) => a.Code === account.accountNumber),
        account.accountNumber,
      ).toMatchObject({
        Name: account.description,
        ActiveAccount: 'tYES',
        FrozenFor: 'tNO',
      });
      expect(ACCOUNT_TYPES).toContain(account.accountType);
    }
  });

  it('offer the four active petty cash ledgers and a revenue/cost pair per VAS category', () => {
    const byType = (type: string) => SEED_LEDGER_ACCOUNTS.filter((a) => a.accountType === type);
    expect(byType('petty cash').map((a) => a.accountNumber)).toEqual([
      '110101',
      '110102',
      '110103',
      '110104',
    ]);
    const categories = (type: string) => byType(type).map((a) => a.category);
    expect(categories('Vas Transaction Revenue')).toEqual([
      'Fuel',
      'Tyres',
      'Lubricants',
      'Tracking',
      'Escort & Security',
    ]);
    expect(categories('Vas Transaction Cost')).toEqual(categories('Vas Transaction Revenue'));
    // Every simulator petty cash or VAS account that can be posted to is offered.
    const postable = SEED_ACCOUNTS.filter(
      (a) =>
        /^(1101|4[01]0|5[01]0)/.test(a.Code) &&
        /^(Petty Cash|VAS)/.test(a.Name) &&
        a.ActiveAccount === 'tYES',
    );
    expect(postable.map((a) => a.Code).sort()).toEqual(
      SEED_LEDGER_ACCOUNTS.map((a) => a.accountNumber).sort(),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { FILLER_ACCOUNTS } from './seed-filler.js';
import {
  SEED_ACCOUNTS,
  SEED_BUSINESS_PARTNERS,
  SEED_CUSTOMERS,
  SEED_SUPPLIERS,
  SEED_TRANSPORTERS,
  seedAccounts,
  seedPostingPeriods,
} from './seed.js';

describe('seed', () => {
  it('has the named accounts the posting rules use, with their flags', () => {
    const byCode = new Map(SEED_ACCOUNTS.map((a) => [a.Code, a]));
    expect(byCode.get('110199')).toMatchObject({ Name: 'Petty Cash - Eldoret', ActiveAccount: 'tNO' });
    expect(byCode.get('520900')).toMatchObject({ Name: 'Old Haulage Cost', FrozenFor: 'tYES' });
    expect(byCode.get('210200')).toMatchObject({
      Name: 'Accrued Transporter Costs',
      AccountType: 'at_Other',
    });
    expect(SEED_ACCOUNTS.filter((a) => a.AccountType === 'at_Revenues').map((a) => a.Code)).toEqual([
      '400100',
      '410100',
      '410200',
      '410300',
      '410400',
      '410500',
    ]);
    expect(SEED_ACCOUNTS).toHaveLength(19);
  });

  it('pads the chart to 260+ unique accounts without touching the named ones', () => {
    const codes = seedAccounts().map((a) => a.Code);
    expect(codes.length).toBeGreaterThanOrEqual(260);
    expect(new Set(codes).size).toBe(codes.length);
    const named = new Set(SEED_ACCOUNTS.map((a) => a.Code));
    expect(FILLER_ACCOUNTS.filter((a) => named.has(a.Code))).toEqual([]);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
  });

  it('has the customers, transporters and suppliers, each with an existing control account', () => {
    expect(SEED_CUSTOMERS.map((p) => p.CardCode)).toHaveLength(11);
    expect(SEED_TRANSPORTERS.map((p) => p.CardCode)).toHaveLength(9);
    expect(SEED_SUPPLIERS.map((p) => p.CardCode)).toHaveLength(8);
    expect(SEED_CUSTOMERS.every((p) => p.CardType === 'cCustomer')).toBe(true);
    expect([...SEED_TRANSPORTERS, ...SEED_SUPPLIERS].every((p) => p.CardType === 'cSupplier')).toBe(true);
    const frozen = SEED_BUSINESS_PARTNERS.filter((p) => p.Frozen === 'tYES').map((p) => p.CardCode);
    expect(frozen).toEqual(['C10099', 'T20099']);
    const accounts = new Set(seedAccounts().map((a) => a.Code));
    expect(SEED_BUSINESS_PARTNERS.every((p) => accounts.has(p.DebitorAccount))).toBe(true);
  });

  it('opens monthly periods 2020-01 to 2030-12', () => {
    const periods = seedPostingPeriods();
    expect(periods).toHaveLength(132);
    expect(periods[0]).toBe('2020-01');
    expect(periods.at(-1)).toBe('2030-12');
  });
});

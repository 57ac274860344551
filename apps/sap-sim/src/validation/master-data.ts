import { periodOf } from '../dates.js';
import { sapError } from '../errors.js';
import type { Account, BusinessPartner } from '../records.js';
import type { SimData } from '../state.js';

/** The checks SAP makes against master data before it posts anything. */
export function requirePostableAccount(data: SimData, code: string): Account {
  const account = data.accounts.get(code);
  if (!account) throw sapError('noMatchingRecords');
  if (account.ActiveAccount !== 'tYES') throw sapError('inactiveAccount', { account: code });
  if (account.FrozenFor === 'tYES') throw sapError('frozenAccount', { account: code });
  return account;
}

export function requireActivePartner(
  data: SimData,
  cardCode: string,
  expectedType?: BusinessPartner['CardType'],
): BusinessPartner {
  const partner = data.partners.get(cardCode);
  if (!partner) throw sapError('noMatchingRecords');
  if (expectedType && partner.CardType !== expectedType) {
    throw sapError('wrongPartnerType', {
      cardCode,
      expected: expectedType === 'cCustomer' ? 'customer' : 'supplier',
    });
  }
  if (partner.Frozen === 'tYES') throw sapError('frozenPartner', { cardCode });
  return partner;
}

/** Posting date -> its monthly period, which must exist and be neither locked nor in period closing. */
export function requireOpenPeriod(data: SimData, date: string): void {
  const period = periodOf(date);
  if (!data.periods.has(period)) throw sapError('noPostingPeriod', { date });
  if (data.lockedPeriods.has(period) || data.closedPeriods.has(period)) throw sapError('periodLocked');
}

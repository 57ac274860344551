import { ControlError } from '../config.js';
import type { SimContext } from '../context.js';
import { BUSINESS_PARTNER, CHART_OF_ACCOUNT, type EntityTypeDef } from '../entities.js';
import { SapError } from '../errors.js';
import { CUSTOMER_CONTROL_ACCOUNT, SUPPLIER_CONTROL_ACCOUNT } from '../seed.js';
import type { Account, BusinessPartner } from '../records.js';
import { checkBody, text, type CheckedBody, type Fields } from '../validation/payload.js';

/** POST /__sim/accounts and /__sim/business-partners: add or update master data so tests can set up cases. */
export function recordsOf(body: unknown, type: EntityTypeDef): Fields[] {
  return checkedBodies(body, type).map((checked) => checked.fields);
}

/** Each object of a control body (one or an array) after SAP's shape check, lines included. */
export function checkedBodies(body: unknown, type: EntityTypeDef): CheckedBody[] {
  const list = Array.isArray(body) ? body : [body];
  return list.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new ControlError('The body must be an object or an array of objects');
    }
    try {
      return checkBody(item as Record<string, unknown>, type);
    } catch (error) {
      if (error instanceof SapError) throw new ControlError(error.message);
      throw error;
    }
  });
}

function required(fields: Fields, name: string, type: string): string {
  const value = text(fields, name);
  if (value === null) throw new ControlError(`${name} is required to add a ${type}`);
  return value;
}

export function upsertAccounts(context: SimContext, body: unknown): Account[] {
  const accounts = context.store.data.accounts;
  const saved = recordsOf(body, CHART_OF_ACCOUNT).map((fields) => {
    const code = required(fields, 'Code', 'ChartOfAccount');
    const base: Account = accounts.get(code) ?? {
      Code: code,
      Name: required(fields, 'Name', 'ChartOfAccount'),
      AccountType: 'at_Other',
      ActiveAccount: 'tYES',
      FrozenFor: 'tNO',
    };
    return { ...base, ...fields } as Account;
  });
  for (const account of saved) accounts.set(account.Code, account);
  context.store.commit();
  return saved;
}

export function upsertBusinessPartners(context: SimContext, body: unknown): BusinessPartner[] {
  const partners = context.store.data.partners;
  const saved = recordsOf(body, BUSINESS_PARTNER).map((fields) => {
    const cardCode = required(fields, 'CardCode', 'BusinessPartner');
    const existing = partners.get(cardCode);
    const cardType = (text(fields, 'CardType') ?? existing?.CardType) as
      BusinessPartner['CardType'] | undefined;
    if (!cardType) throw new ControlError('CardType is required to add a BusinessPartner');
    const base: BusinessPartner = existing ?? {
      CardCode: cardCode,
      CardName: required(fields, 'CardName', 'BusinessPartner'),
      CardType: cardType,
      Frozen: 'tNO',
      DebitorAccount: cardType === 'cCustomer' ? CUSTOMER_CONTROL_ACCOUNT : SUPPLIER_CONTROL_ACCOUNT,
    };
    return { ...base, ...fields } as BusinessPartner;
  });
  for (const partner of saved) partners.set(partner.CardCode, partner);
  context.store.commit();
  return saved;
}

import { ControlError } from '../config.js';
import type { SimContext } from '../context.js';
import { BUSINESS_PLACE, CURRENCY, DISTRIBUTION_RULE, VAT_GROUP } from '../entities-finance.js';
import type { EntityTypeDef } from '../entities.js';
import { fromMicros, toMicros } from '../money.js';
import { rateKey } from '../rates.js';
import { parseSapDate } from '../dates.js';
import type { BusinessPlace, Currency, DistributionRule, VatGroup, YesNo } from '../records.js';
import { num, text, type Fields } from '../validation/payload.js';
import { checkedBodies, recordsOf } from './controls-master-data.js';
import { adminInfo } from './functions.js';

/**
 * POST /__sim/company, /currencies, /rates, /vat-groups, /distribution-rules and /business-places: the finance
 * set-up tests change. Bodies use SAP's property names (one object or an array); a new code needs its name.
 */
function required(fields: Fields, name: string, type: string): string {
  const value = text(fields, name);
  if (value === null) throw new ControlError(`${name} is required to add a ${type}`);
  return value;
}

export function setCompany(context: SimContext, body: unknown): unknown {
  const { LocalCurrency, SystemCurrency, EnableBranches, ...rest } = (body ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new ControlError(`Unknown company setting '${unknown}'`);
  const { data } = context.store;
  for (const [name, code] of Object.entries({ LocalCurrency, SystemCurrency })) {
    if (code === undefined) continue;
    if (typeof code !== 'string' || !data.currencies.has(code)) {
      throw new ControlError(`${name} must be the code of a currency in Currencies`);
    }
    data.company[name as 'LocalCurrency' | 'SystemCurrency'] = code;
  }
  if (EnableBranches !== undefined) {
    const flags: Record<string, YesNo> = { true: 'tYES', false: 'tNO', tYES: 'tYES', tNO: 'tNO' };
    const flag = flags[String(EnableBranches)];
    if (!flag) throw new ControlError("EnableBranches must be true, false, 'tYES' or 'tNO'");
    data.company.EnableBranches = flag;
  }
  context.store.commit();
  return adminInfo(context);
}

export function upsertCurrencies(context: SimContext, body: unknown): Currency[] {
  const { currencies } = context.store.data;
  const saved = recordsOf(body, CURRENCY).map((fields) => {
    const code = required(fields, 'Code', 'Currency');
    const name = text(fields, 'Name');
    const base: Currency = currencies.get(code) ?? {
      Code: code,
      Name: required(fields, 'Name', 'Currency'),
      DocumentsCode: code,
      InternationalDescription: code,
      HundredthName: 'Cent',
      EnglishName: name ?? code,
      EnglishHundredthName: 'Cent',
    };
    return { ...base, ...fields } as Currency;
  });
  for (const currency of saved) currencies.set(currency.Code, currency);
  context.store.commit();
  return saved;
}

/** `{Currency, Date, Rate}`: Rate a number sets the day's rate, null deletes it ("a day without a rate"). */
export function setRates(context: SimContext, body: unknown): unknown[] {
  const { data } = context.store;
  const list: unknown[] = Array.isArray(body) ? body : [body];
  const saved = list.map((item) => {
    const { Currency: code, Date: day, Rate: rate } = (item ?? {}) as Record<string, unknown>;
    const date = typeof day === 'string' ? parseSapDate(day) : undefined;
    if (typeof code !== 'string' || !data.currencies.has(code) || code === data.company.LocalCurrency) {
      throw new ControlError('Currency must be a foreign currency in Currencies');
    }
    if (!date) throw new ControlError('Date must be yyyy-MM-dd');
    if (rate !== null && (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0)) {
      throw new ControlError('Rate must be a number above 0, or null to delete the rate of that day');
    }
    return { Currency: code, Date: date, micros: rate === null ? null : toMicros(rate) };
  });
  for (const rate of saved) data.rates[rateKey(rate.Currency, rate.Date)] = rate.micros;
  context.store.commit();
  return saved.map(({ micros, ...rate }) => ({ ...rate, Rate: micros === null ? null : fromMicros(micros) }));
}

export function upsertVatGroups(context: SimContext, body: unknown): VatGroup[] {
  const { vatGroups } = context.store.data;
  const saved = checkedBodies(body, VAT_GROUP).map(({ fields, lines }) => {
    const code = required(fields, 'Code', 'VatGroup');
    const existing = vatGroups.get(code);
    if (!existing && !lines?.length) throw new ControlError('VatGroups_Lines is required to add a VatGroup');
    const base: VatGroup = existing ?? {
      Code: code,
      Name: required(fields, 'Name', 'VatGroup'),
      Category: required(fields, 'Category', 'VatGroup') as VatGroup['Category'],
      TaxAccount: '',
      Inactive: 'tNO',
      VatGroups_Lines: [],
    };
    const rateLines = lines?.map((line) => {
      const rate = num(line, 'Rate');
      if (rate === undefined || rate < 0)
        throw new ControlError('Every VatGroups_Lines entry needs a Rate >= 0');
      return { Effectivefrom: text(line, 'Effectivefrom') ?? '2020-01-01', Rate: rate };
    });
    return { ...base, ...fields, VatGroups_Lines: rateLines ?? base.VatGroups_Lines } as VatGroup;
  });
  for (const group of saved) vatGroups.set(group.Code, group);
  context.store.commit();
  return saved;
}

export function upsertDistributionRules(context: SimContext, body: unknown): DistributionRule[] {
  const { distributionRules } = context.store.data;
  const saved = recordsOf(body, DISTRIBUTION_RULE).map((fields) => {
    const code = required(fields, 'FactorCode', 'DistributionRule');
    const base: DistributionRule = distributionRules.get(code) ?? {
      FactorCode: code,
      FactorDescription: required(fields, 'FactorDescription', 'DistributionRule'),
      TotalFactor: 100,
      Direct: 'Y',
      InWhichDimension: num(fields, 'InWhichDimension') ?? 0,
      Active: 'tYES',
    };
    const rule = { ...base, ...fields } as DistributionRule;
    if (![1, 2, 3, 4, 5].includes(rule.InWhichDimension)) {
      throw new ControlError('InWhichDimension must be 1 to 5');
    }
    return rule;
  });
  for (const rule of saved) distributionRules.set(rule.FactorCode, rule);
  context.store.commit();
  return saved;
}

// The control names BPLID, which the Service Layer itself never accepts.
const BUSINESS_PLACE_CONTROL: EntityTypeDef = {
  ...BUSINESS_PLACE,
  writable: Object.keys(BUSINESS_PLACE.properties),
};

export function upsertBusinessPlaces(context: SimContext, body: unknown): BusinessPlace[] {
  const { businessPlaces } = context.store.data;
  const saved = recordsOf(body, BUSINESS_PLACE_CONTROL).map((fields) => {
    const id = num(fields, 'BPLID');
    if (id === undefined || id <= 0) throw new ControlError('BPLID (a number above 0) is required');
    const base: BusinessPlace = businessPlaces.get(id) ?? {
      BPLID: id,
      BPLName: required(fields, 'BPLName', 'BusinessPlace'),
      VATRegNum: '',
      MainBPL: 'tNO',
      Disabled: 'tNO',
      City: '',
      Country: 'KE',
    };
    return { ...base, ...fields } as BusinessPlace;
  });
  for (const place of saved) businessPlaces.set(place.BPLID, place);
  context.store.commit();
  return saved;
}

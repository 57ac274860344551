import { sapError } from '../errors.js';
import { toMicros } from '../money.js';
import { rateMicros } from '../rates.js';
import type { BusinessPlace, VatGroup } from '../records.js';
import type { SimData } from '../state.js';
import { num, text, type Fields } from './payload.js';

/**
 * The finance checks documents and journal entries share: currency and rate, VAT group, distribution rules
 * (CostingCode = dimension 1 ... CostingCode5 = dimension 5) and branch.
 */

/** The rate (micros) of a foreign currency on a day: `given` (DocRate) wins, else the rate table, else -4006. */
export function requireRate(
  data: SimData,
  currency: string,
  date: string,
  today: string,
  given?: number,
): number {
  if (!data.currencies.has(currency)) throw sapError('noMatchingRecords');
  if (currency === data.company.LocalCurrency) return 1_000_000;
  if (given !== undefined) {
    const micros = toMicros(given);
    if (micros <= 0) throw sapError('badDocRate');
    return micros;
  }
  const micros = rateMicros(data.rates, currency, date, today);
  if (micros === undefined) throw sapError('missingRate');
  return micros;
}

export type VatSide = VatGroup['Category'];

/** The VAT group of a line, active, of the document's side; its percent (micros) on `date`. */
export function requireVatPercent(
  data: SimData,
  code: string,
  side: VatSide,
  date: string,
  line: number,
): number {
  const group = data.vatGroups.get(code);
  if (!group) throw sapError('unknownVatGroup', { line, vatGroup: code });
  if (group.Inactive === 'tYES') throw sapError('inactiveVatGroup', { line, vatGroup: code });
  if (group.Category !== side) {
    const expected = side === 'bovcOutputTax' ? 'output' : 'input';
    throw sapError('wrongVatCategory', { line, vatGroup: code, expected });
  }
  const effective = group.VatGroups_Lines.filter((l) => l.Effectivefrom <= date).sort((a, b) =>
    a.Effectivefrom.localeCompare(b.Effectivefrom),
  );
  const current = effective.at(-1);
  if (!current) throw sapError('vatGroupWithoutRate', { line, vatGroup: code, date });
  return toMicros(current.Rate);
}

export const COSTING_CODES = [
  'CostingCode',
  'CostingCode2',
  'CostingCode3',
  'CostingCode4',
  'CostingCode5',
] as const;

/** Every CostingCode* a line names must be an active rule of that property's dimension. */
export function requireDistributionRules(data: SimData, fields: Fields, line: number): void {
  COSTING_CODES.forEach((property, index) => {
    const code = text(fields, property);
    if (code === null) return;
    const rule = data.distributionRules.get(code);
    if (!rule) throw sapError('unknownDistributionRule', { line, code, property });
    if (rule.InWhichDimension !== index + 1) {
      throw sapError('wrongDimension', {
        line,
        code,
        property,
        actual: rule.InWhichDimension,
        dimension: index + 1,
      });
    }
    if (rule.Active !== 'tYES') throw sapError('inactiveDistributionRule', { line, code, property });
  });
}

/**
 * With branches on, `property` must name an enabled branch; with them off it must be absent (the simulator's
 * reading: a branch cannot be posted to in a company without branches).
 */
export function requireBranch(
  data: SimData,
  fields: Fields,
  property: string,
  label: string = property,
): BusinessPlace | undefined {
  const id = num(fields, property);
  if (data.company.EnableBranches !== 'tYES') {
    if (id !== undefined) throw sapError('branchesDisabled', { property: label });
    return undefined;
  }
  if (id === undefined) throw sapError('branchRequired', { property: label });
  const branch = data.businessPlaces.get(id);
  if (!branch) throw sapError('unknownBranch', { branch: id });
  if (branch.Disabled === 'tYES') throw sapError('disabledBranch', { branch: id });
  return branch;
}

import { z } from 'zod';
import { optionalText, readOptionalText, UNSURE, withFastRead } from './import-fields.js';

/** ISO 4217's active codes, as the runtime knows them (Intl: no list of our own to keep). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const currencyOf = (value: string) => {
  const code = value.toUpperCase();
  return CURRENCIES.has(code) ? code : undefined;
};
/** An ISO 4217 currency code, any case, stored in capitals; missing: the company's local currency (null). */
export const currencyCode = () =>
  withFastRead(
    optionalText(3).transform((value, ctx) => {
      if (value === null) return null;
      const code = currencyOf(value);
      if (!code) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an ISO 4217 currency code (e.g. USD or KES), not "${value}"`,
        });
        return z.NEVER;
      }
      return code;
    }),
    (input) => {
      const value = readOptionalText(input, 3);
      if (value === UNSURE || value === null) return value;
      return currencyOf(value) ?? UNSURE;
    },
  );

const BRANCH = /^\d{1,9}$/;
const branchOf = (value: string) => (BRANCH.test(value) && Number(value) > 0 ? Number(value) : undefined);
/** SAP's branch (BPLID: a whole number from 1); missing: the company's main branch when SAP uses branches (null). */
export const branchId = () =>
  withFastRead(
    optionalText(9).transform((value, ctx) => {
      if (value === null) return null;
      const branch = branchOf(value);
      if (branch === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `must be SAP's branch number (BPLID, e.g. 2), not "${value}"`,
        });
        return z.NEVER;
      }
      return branch;
    }),
    (input) => {
      const value = readOptionalText(input, 9);
      if (value === UNSURE || value === null) return value;
      return branchOf(value) ?? UNSURE;
    },
  );

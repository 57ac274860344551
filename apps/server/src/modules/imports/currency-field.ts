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
